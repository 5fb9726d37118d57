import type { AuthRequest } from './params.js';

/**
 * Where a redirect-mode outcome goes: the redirect_uri with the fields in its fragment
 * (default) or appended to its query (response_mode=query), existing parameters kept as
 * they are. The redirect_uri was checked, so it has no fragment of its own.
 */
export function deliveryLocation(request: Pick<AuthRequest, 'redirectUri' | 'responseMode'>, fields: Record<string, string>): string {
  const encoded = Object.entries(fields)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  const uri = request.redirectUri;
  if (request.responseMode === 'fragment') return `${uri}#${encoded}`;
  if (!uri.includes('?')) return `${uri}?${encoded}`;
  return uri.endsWith('?') || uri.endsWith('&') ? `${uri}${encoded}` : `${uri}&${encoded}`;
}
