/**
 * Media routes: the track stream (GET/HEAD /v1/tracks/:track_id/stream) and generated
 * images (GET /images/:kind/:id/:size, as SVG, JPEG or PNG: images.ts).
 *
 * Partial content is answered with 206, not the contract's "216": reference-notes explains
 * "216" is a typo that has survived in production's API docs since 2020; production's
 * storage nodes (Go's http.ServeContent) send 206, and browsers' media stacks need 206 to
 * seek. Range rules (several ranges get the whole file with 200) are in media/range.ts.
 *
 * A stream is never encoded while a request waits: its bytes are copied from the audio
 * palette, made once per data directory before the service listens (media/palette.ts), by
 * the track's recipe (media/recipe.ts). So every request costs a row lookup and some
 * arithmetic, and a body costs a memory copy per chunk the client reads: 16 KB with the
 * headers, then 64 KB a turn of the event loop (media/body.ts), so no response holds the loop
 * while a fast socket takes megabytes, and streams and API requests take turns.
 *
 * Plays: a GET (not HEAD) that is served from byte 0 (no Range, a range starting at 0, or
 * several ranges answered whole) counts one play: a row in `plays` and `tracks.play_count`
 * + 1, written synchronously (two indexed statements) before the body is sent; a failure
 * there is logged and never fails the stream.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteModule, ServiceContext } from '../context.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { appName, flag, isSet, params, publicId, query } from '../http/schemas.js';
import { decodeId } from '../ids.js';
import { loadPalette, type Palette } from '../media/palette.js';
import { parseRange } from '../media/range.js';
import { trackAudio } from '../media/recipe.js';
import type { TrackTraits } from '../media/synth.js';
import { registerImageRoutes } from './images.js';

export const mediaRoutes: RouteModule = (app, ctx) => {
  let palette: Palette | undefined;
  // Before the service listens (or answers an injected request): no request waits for it.
  app.addHook('onReady', async () => {
    palette = loadPalette(ctx.dataDir, (error) => app.log.warn({ err: error }, 'could not keep the audio palette in the data directory'));
  });
  registerMediaRoutes(app, ctx, () => palette!);
  registerImageRoutes(app, ctx);
};

function registerMediaRoutes(app: FastifyInstance, ctx: ServiceContext, palette: () => Palette): void {
  const findTrack = ctx.db.prepare<[number], TrackTraits>('SELECT id, genre, mood, duration FROM tracks WHERE id = ?');
  const insertPlay = ctx.db.prepare<[number, number]>('INSERT INTO plays (track_id, played_at) VALUES (?, ?)');
  const bumpPlayCount = ctx.db.prepare<[number]>('UPDATE tracks SET play_count = play_count + 1 WHERE id = ?');
  const countPlay = ctx.db.transaction((trackId: number) => {
    insertPlay.run(trackId, Math.floor(Date.now() / 1000));
    bumpPlayCount.run(trackId);
  });

  // Production's clients stream without app_name and may ask for the audio's URL as JSON
  // (`no_redirect=true`); `--compat production` answers both.
  const streamQuery = ctx.production
    ? { type: 'object', properties: { app_name: appName, no_redirect: flag }, additionalProperties: true }
    : query({});
  app.route<{ Params: { track_id: string }; Querystring: { app_name?: string; no_redirect?: string } }>({
    method: ['GET', 'HEAD'],
    url: '/v1/tracks/:track_id/stream',
    schema: { params: params({ track_id: publicId }), querystring: streamQuery },
    handler: async (request, reply) => {
      const publicTrackId = request.params.track_id;
      const id = decodeId(publicTrackId);
      if (id === undefined) throw badRequest(`track_id ${publicTrackId} is not a track id`);
      const track = findTrack.get(id);
      if (!track) throw notFound(`Track ${publicTrackId} not found`);
      if (ctx.production && isSet(request.query.no_redirect)) {
        const app = request.query.app_name;
        return { data: `${ctx.baseUrl}/v1/tracks/${publicTrackId}/stream${app ? `?app_name=${encodeURIComponent(app)}` : ''}` };
      }

      const media = trackAudio(palette(), track);
      const etag = media.etag;
      const lastModified = palette().made.toUTCString();
      reply.header('Accept-Ranges', 'bytes').header('ETag', etag).header('Last-Modified', lastModified);

      // If-Range naming another version of the file: send it whole rather than a mismatched piece.
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange === undefined || ifRange === etag || ifRange === lastModified ? request.headers.range : undefined;
      const range = parseRange(rangeHeader, media.size);
      if (range.kind === 'unsatisfiable') {
        reply.header('Content-Range', `bytes */${media.size}`);
        throw new HttpError(416, `Range not satisfiable: the file has ${media.size} bytes`);
      }
      const start = range.kind === 'partial' ? range.start : 0;
      const end = range.kind === 'partial' ? range.end : media.size - 1;

      if (request.method === 'GET' && start === 0) {
        try {
          countPlay(id);
        } catch (error) {
          request.log.warn({ err: error, trackId: id }, 'could not record a play');
        }
      }

      reply.code(range.kind === 'partial' ? 206 : 200).type('audio/mpeg').header('Content-Length', String(end - start + 1));
      if (range.kind === 'partial') reply.header('Content-Range', `bytes ${start}-${end}/${media.size}`);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(media.read(start, end));
    },
  });
}
