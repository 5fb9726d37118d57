/**
 * The code flow's network half, loaded on first use: the token endpoint (code and refresh
 * grants), `/v1/me` and revocation. Failures reject with `{ reason, message }`: `exchange`
 * when the service refused (a 4xx), `network` when it could not be reached (or a 5xx).
 */
import type { LoginProfile } from '../types.js';
import type { LoginErrorReason } from './shared.js';

/** A token answer, its lifetimes turned into times (ms since the epoch). */
export interface Tokens {
  access: string;
  refresh?: string;
  /** When the access token expires, and when it is due for a refresh (60 s before, or at 80 % of a short lifetime). */
  expires: number;
  due: number;
  refreshExpires?: number;
  scope: string;
}

/** A failed call: why, in the login's reasons, and the service's words. */
export interface TokenProblem {
  reason: LoginErrorReason;
  message: string;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(1e4) });
  } catch (error) {
    throw { reason: 'network', message: 'Could not reach the service: ' + ((error as Error)?.message || error) } satisfies TokenProblem;
  }
}

/** `POST {host}/v1/oauth/token` with `body` (JSON), as production's client sends it. */
export async function requestTokens(host: string, body: Record<string, string | undefined>): Promise<Tokens> {
  const response = await call(host + '/v1/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok || typeof answer.access_token != 'string') {
    throw { reason: response.status < 500 ? 'exchange' : 'network', message: answer.error_description || answer.error || 'HTTP ' + response.status } satisfies TokenProblem;
  }
  const now = Date.now();
  const life = +answer.expires_in * 1e3 || 36e5;
  return {
    access: answer.access_token,
    refresh: answer.refresh_token,
    expires: now + life,
    due: now + Math.max(life * 0.8, life - 6e4),
    refreshExpires: answer.refresh_expires_in && now + answer.refresh_expires_in * 1e3,
    scope: answer.scope ?? body.scope ?? '',
  };
}

/**
 * The user behind `access`, from `GET /v1/me`, in the JWT flow's profile shape where the fields
 * exist: no `email` and no `iat` (production's User has neither).
 */
export async function fetchProfile(host: string, access: string, apiKey: string): Promise<LoginProfile> {
  const response = await call(host + '/v1/me', { headers: { authorization: 'Bearer ' + access } });
  const user = (await response.json().catch(() => 0))?.data;
  if (!response.ok || !user?.id) throw { reason: response.status < 500 ? 'exchange' : 'network', message: `/v1/me answered ${response.status}` } satisfies TokenProblem;
  return { userId: user.id, sub: user.id, name: user.name, handle: user.handle, verified: !!user.is_verified, profilePicture: user.profile_picture ?? null, apiKey } as LoginProfile;
}

/** `POST {host}/v1/oauth/revoke` (RFC 7009): its answer does not matter, so no failure is reported. */
export const revokeToken = (host: string, token: string, clientId: string): Promise<unknown> =>
  call(host + '/v1/oauth/revoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, client_id: clientId }) }).catch(() => 0);
