import type { RouteModule } from '../context.js';
import { readApi, sendData } from '../api/index.js';
import { appQueries } from '../auth/store/apps.js';
import { requireBearer } from '../auth/tokens/bearer.js';
import { oauthOf } from '../auth/tokens/oauth-store.js';
import { ANY_LOOPBACK } from '../../src/core/redirect-uri.js';
import { HttpError, notFound } from '../http/errors.js';

/**
 * GET /v1/me: the bearer token's user as production's full User (issue 26); and
 * GET /v1/developer_apps/{api_key}: an app as production's DeveloperApp. Production's client
 * library 16 asks for it at /v1/developer-apps/{address} (the key, with or without 0x) to learn
 * the app's name when none is given, so that spelling answers too.
 */
export const meRoutes: RouteModule = (app, ctx) => {
  const store = oauthOf(ctx);
  const apps = appQueries(ctx.db);
  const { queries, serialize } = readApi(ctx);

  app.get('/v1/me', async (req, reply) => {
    const grant = requireBearer(store, req, reply);
    const user = queries.userById(grant.userId);
    if (!user) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new HttpError(401, 'The access token\'s user no longer exists.');
    }
    reply.header('cache-control', 'no-store');
    return sendData(reply, serialize.user(user));
  });

  const developerApp = {
    schema: { params: { type: 'object', properties: { api_key: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['api_key'] } },
  } as const;
  for (const path of ['/v1/developer_apps/:api_key', '/v1/developer-apps/:api_key']) {
    app.get<{ Params: { api_key: string } }>(path, developerApp, async (req, reply) => {
      const key = req.params.api_key;
      const found = apps.byKey(key) ?? (/^0x[0-9a-f]{40}$/i.test(key) ? apps.byKey(key.slice(2).toLowerCase()) : undefined);
      if (!found) throw notFound(`No developer app with api_key ${JSON.stringify(req.params.api_key.slice(0, 60))}`);
      // Production's app address is its key as a wallet address; apps here belong to no user.
      const address = /^[0-9a-f]{40}$/i.test(found.api_key) ? `0x${found.api_key.toLowerCase()}` : found.api_key;
      const data = {
        address,
        user_id: '',
        name: found.name,
        redirect_uris: apps.redirectUris(found.api_key).filter((uri) => uri !== ANY_LOOPBACK),
      };
      return sendData(reply, JSON.stringify(data));
    });
  }
};
