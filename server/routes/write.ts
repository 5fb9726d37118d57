import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../context.js';
import { appQueries, type AppRow } from '../auth/store/apps.js';
import { HttpError } from '../http/errors.js';
import { keyOf } from '../api/index.js';
import { catalogWrites } from '../api/writes.js';
import { encodeId } from '../ids.js';
import { params, publicId } from '../http/schemas.js';

/**
 * Server-only write operations (contract 5.4): favorite and unfavorite a track for a user.
 * The app proves itself with its API key and secret, as `x-api-key` and `x-api-secret`
 * headers or HTTP Basic auth (key as user name, secret as password), and may act only for
 * users who granted it write. Both operations are idempotent and show in the read API at once.
 */
export interface FavoriteResult {
  user_id: string;
  track_id: string;
  favorited: boolean;
  favorite_count: number;
}

const favoriteParams = params({ user_id: publicId, track_id: publicId });
type FavoriteReq = { Params: { user_id: string; track_id: string } };

/** The key and secret a request carries, from the headers or Basic auth. */
function credentials(req: FastifyRequest): { apiKey: string; apiSecret: string } | undefined {
  const key = req.headers['x-api-key'];
  const secret = req.headers['x-api-secret'];
  if (typeof key === 'string' && typeof secret === 'string') return { apiKey: key, apiSecret: secret };
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
  if (!basic) return undefined;
  const text = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon > 0 ? { apiKey: text.slice(0, colon), apiSecret: text.slice(colon + 1) } : undefined;
}

export const writeRoutes: RouteModule = (app, ctx) => {
  const apps = appQueries(ctx.db);
  const writes = catalogWrites(ctx.db);

  /** 401 without valid app credentials, 404 for an unknown user or track, 403 without a write grant. */
  const authorize = (req: FastifyRequest<FavoriteReq>, reply: FastifyReply): { app: AppRow; userId: number; trackId: number } => {
    const given = credentials(req);
    const client = given && apps.authenticate(given.apiKey, given.apiSecret);
    if (!client) {
      reply.header('www-authenticate', 'Basic realm="write API", charset="UTF-8"');
      throw new HttpError(401, 'Send the app\'s API key and secret (x-api-key and x-api-secret headers, or Basic auth).');
    }
    const userId = keyOf(req.params.user_id, 'user');
    if (!writes.userExists(userId)) throw new HttpError(404, `No user with id ${JSON.stringify(req.params.user_id)}`);
    const trackId = keyOf(req.params.track_id, 'track');
    if (!writes.trackExists(trackId)) throw new HttpError(404, `No track with id ${JSON.stringify(req.params.track_id)}`);
    if (!apps.hasWriteGrant(client.api_key, userId)) {
      throw new HttpError(403, `The user has not granted write access to the app ${JSON.stringify(client.name)}.`);
    }
    return { app: client, userId, trackId };
  };

  const handler = (favorited: boolean) => async (req: FastifyRequest<FavoriteReq>, reply: FastifyReply) => {
    const { userId, trackId } = authorize(req, reply);
    const count = writes.setFavorite(userId, trackId, favorited);
    const data: FavoriteResult = { user_id: encodeId(userId), track_id: encodeId(trackId), favorited, favorite_count: count };
    return { data };
  };

  const path = '/v1/users/:user_id/favorites/:track_id';
  app.post<FavoriteReq>(path, { schema: { params: favoriteParams } }, handler(true));
  app.delete<FavoriteReq>(path, { schema: { params: favoriteParams } }, handler(false));
};
