import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { RouteModule } from '../context.js';
import { keyOf } from '../api/index.js';
import { blockAt } from '../api/production.js';
import { catalogWrites } from '../api/writes.js';
import { requireBearer } from '../auth/tokens/bearer.js';
import { oauthOf } from '../auth/tokens/oauth-store.js';
import { decodeId } from '../ids.js';
import { badRequest, HttpError } from '../http/errors.js';
import { params, publicId } from '../http/schemas.js';

/**
 * Writes with the user's own bearer token (issue 26), as production's client library makes them:
 * POST and DELETE on /v1/tracks/{track_id}/favorites and /v1/tracks/{track_id}/reposts with
 * `?user_id=` the token's user. They need a `write` grant. The answer is production's
 * WriteResponse; the change shows in the read API at once. Twice is once.
 */
type WriteReq = { Params: { track_id: string }; Querystring: Record<string, unknown> };

/** Production's WriteResponse: the (here simulated) transaction that made the change. */
function writeResponse() {
  const transaction = randomBytes(32);
  const blockNumber = blockAt(Date.now() / 1000);
  return {
    transaction_hash: `0x${transaction.toString('hex')}`,
    block_hash: `0x${createHash('sha256').update(String(blockNumber)).digest('hex')}`,
    block_number: blockNumber,
  };
}

export const bearerWriteRoutes: RouteModule = (app, ctx) => {
  const store = oauthOf(ctx);
  const writes = catalogWrites(ctx.db);

  /** The token's user and the track, after every check: 401, 403, 400 and 404 in that order. */
  const authorize = (req: FastifyRequest<WriteReq>, reply: FastifyReply) => {
    const grant = requireBearer(store, req, reply, 'write');
    const given = req.query.user_id;
    if (given === undefined || given === '') throw badRequest('querystring user_id is required: the signed-in user\'s id');
    if (typeof given !== 'string') throw badRequest('querystring user_id must be given once');
    if (decodeId(given) !== grant.userId) throw new HttpError(403, 'user_id must be the signed-in user: a token acts only for its own user.');
    const trackId = keyOf(req.params.track_id, 'track');
    if (!writes.trackExists(trackId)) throw new HttpError(404, `No track with id ${JSON.stringify(req.params.track_id)}`);
    return { userId: grant.userId, trackId };
  };

  app.register(async (scope) => {
    // Production's client sends `Content-Type: application/json` with no body when it has no metadata.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      const text = (body as string).trim();
      if (text === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text) as unknown);
      } catch {
        done(badRequest('The body is not valid JSON'), undefined);
      }
    });

    const schema = { params: params({ track_id: publicId }) };
    for (const [path, set] of [
      ['/v1/tracks/:track_id/favorites', writes.setFavorite],
      ['/v1/tracks/:track_id/reposts', writes.setRepost],
    ] as const) {
      scope.post<WriteReq>(path, { schema }, async (req, reply) => {
        const { userId, trackId } = authorize(req, reply);
        set(userId, trackId, true);
        return writeResponse();
      });
      scope.delete<WriteReq>(path, { schema }, async (req, reply) => {
        const { userId, trackId } = authorize(req, reply);
        set(userId, trackId, false);
        return writeResponse();
      });
    }
  });
};
