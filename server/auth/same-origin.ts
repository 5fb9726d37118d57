import type { FastifyRequest } from 'fastify';

/** The origin the request was sent to (scheme and Host), or undefined for a Host that is no origin. */
export function ownOrigin(req: FastifyRequest): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing request came from a page of this origin: its `Origin` header names
 * it; or, when a browser sent no usable Origin (none, or `null`), `Sec-Fetch-Site: same-origin`
 * or a `Referer` on this origin says so. Anything else (another port of the same host, a
 * sibling subdomain, a client that sends none of the three) is refused.
 */
export function fromOwnOrigin(req: FastifyRequest): boolean {
  const own = ownOrigin(req);
  if (own === undefined) return false;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') return origin === own;
  if (req.headers['sec-fetch-site'] === 'same-origin') return true;
  const referer = req.headers.referer;
  return typeof referer === 'string' && originOf(referer) === own;
}
