import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../context.js';
import { appQueries } from '../auth/store/apps.js';
import { oauthOf, type Exchange, type TokenErrorCode } from '../auth/tokens/oauth-store.js';

/**
 * The code flow's token endpoints (issue 26), for public clients calling from any page:
 * - POST /v1/oauth/token: `authorization_code` (with the PKCE verifier) and `refresh_token`
 *   grants, JSON or form-encoded; errors as RFC 6749 §5.2 JSON;
 * - POST /v1/oauth/revoke: RFC 7009, 200 for any token.
 * CORS comes from the app (any origin), as for every answer.
 */

const MAX_FIELD = 2048;
const BODY_LIMIT = 16_384;

class TokenError extends Error {
  constructor(
    readonly error: TokenErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

type Fields = Record<string, string | string[]>;

/** A form body with every field kept, so a repeated one can be refused (RFC 6749 §3.2). */
function parseForm(text: string): Fields {
  const fields: Fields = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const known = fields[name];
    fields[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return fields;
}

/** Reads the request's parameters: each a string given once, or absent. */
function reader(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TokenError('invalid_request', 'Send the parameters as a JSON object or form-encoded (application/x-www-form-urlencoded).');
  }
  const source = body as Record<string, unknown>;
  return {
    optional(name: string): string | undefined {
      const value = Object.hasOwn(source, name) ? source[name] : undefined;
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'string') throw new TokenError('invalid_request', `${name} must be a string, given once.`);
      if (value.length > MAX_FIELD) throw new TokenError('invalid_request', `${name} is longer than ${MAX_FIELD} characters.`);
      return value;
    },
    required(name: string): string {
      const value = this.optional(name);
      if (value === undefined || value === '') throw new TokenError('invalid_request', `${name} is required.`);
      return value;
    },
  };
}

function sendTokenError(reply: FastifyReply, error: TokenErrorCode, description: string) {
  return reply
    .code(error === 'invalid_client' ? 401 : 400)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send({ error, error_description: description });
}

export const oauthTokenRoutes: RouteModule = (app, ctx) => {
  const store = oauthOf(ctx);
  const apps = appQueries(ctx.db);

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      done(null, parseForm(body as string));
    });
    // Anything the body parsers or the schema-less routes throw is an RFC 6749 error too.
    scope.setErrorHandler((error: FastifyError | TokenError, req, reply) => {
      if (error instanceof TokenError) return sendTokenError(reply, error.error, error.description);
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        req.log.error(error);
        return reply.code(500).type('application/json; charset=utf-8').send({ error: 'server_error', error_description: 'Internal server error' });
      }
      return sendTokenError(reply, 'invalid_request', status === 415 ? 'Send the parameters as JSON or form-encoded.' : error.message);
    });

    scope.post('/v1/oauth/token', { bodyLimit: BODY_LIMIT }, async (req: FastifyRequest, reply) => {
      const params = reader(req.body);
      const grantType = params.required('grant_type');
      if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
        throw new TokenError('unsupported_grant_type', `grant_type must be authorization_code or refresh_token, not ${JSON.stringify(grantType.slice(0, 40))}.`);
      }
      const clientId = params.required('client_id');
      if (!apps.byKey(clientId)) throw new TokenError('invalid_client', 'client_id is not the API key of a registered app.');
      let result: Exchange;
      if (grantType === 'authorization_code') {
        const code = params.required('code');
        const redirectUri = params.required('redirect_uri');
        const verifier = params.required('code_verifier');
        if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) {
          throw new TokenError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~".');
        }
        result = store.redeemCode({ code, clientId, redirectUri, verifier });
      } else {
        result = store.refresh({ refreshToken: params.required('refresh_token'), clientId });
      }
      if (!result.ok) return sendTokenError(reply, result.error, result.description);
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(result.tokens);
    });

    scope.post('/v1/oauth/revoke', { bodyLimit: BODY_LIMIT }, async (req, reply) => {
      const params = reader(req.body);
      store.revoke(params.required('token'), params.optional('client_id'));
      return reply.header('cache-control', 'no-store').send({});
    });
  });
};
