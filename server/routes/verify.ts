import type { RouteModule } from '../context.js';
import { accountQueries } from '../auth/store/accounts.js';
import { verifyLoginToken } from '../auth/tokens/jwt.js';
import { appName } from '../http/schemas.js';

/**
 * GET /v1/users/verify_token (contract 4.3): 200 with `{ data: <decoded payload> }`, `iat` as
 * a string; 400 for a token that cannot be decoded, 404 for a signature that is not the
 * user's. A static route, so it wins over /v1/users/:user_id.
 */
export const verifyRoutes: RouteModule = (app, ctx) => {
  const accounts = accountQueries(ctx.db);
  app.get<{ Querystring: { token: string; app_name?: string } }>(
    '/v1/users/verify_token',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', minLength: 1 }, app_name: appName },
          required: ['token'],
          additionalProperties: true,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: verifyLoginToken(req.query.token, accounts.userIdOfWallet) };
    },
  );
};
