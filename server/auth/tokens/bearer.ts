import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import type { BearerGrant, OauthStore, Scope } from './oauth-store.js';

// RFC 6750 §2.1: `Bearer` and a b64token; the scheme's case does not matter.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The grant of the request's bearer access token (RFC 6750). A missing, malformed, unknown,
 * expired or revoked token is a 401 with `WWW-Authenticate: Bearer error="invalid_token"`;
 * a token without `scope` is a 403 `insufficient_scope`. Thrown as HttpError, so a route's
 * error handler gives the one error shape.
 */
export function requireBearer(store: OauthStore, req: FastifyRequest, reply: FastifyReply, scope?: Scope): BearerGrant {
  const header = req.headers.authorization;
  const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  const grant = token === undefined || token.length > 512 ? undefined : store.authenticate(token);
  if (!grant) {
    const description = token === undefined ? 'Send an access token: Authorization: Bearer <token>.' : 'The access token is not valid, has expired or was revoked.';
    reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${description}"`);
    throw new HttpError(401, description);
  }
  if (scope === 'write' && grant.scope !== 'write') {
    reply.header('www-authenticate', 'Bearer error="insufficient_scope", scope="write"');
    throw new HttpError(403, 'insufficient_scope: the user granted this app read access only; sign in again with the write scope.');
  }
  return grant;
}
