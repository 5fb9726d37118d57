import type { RouteModule } from '../context.js';
import type { TrendingWindow } from '../catalog/trending.js';
import { appNameOf, found, jsonList, keyOf, readApi, sendData } from '../api/index.js';
import { flag, isSet, limit, offset, params, publicId, query, SEARCH_LIMIT, searchText, TRENDING_LIMIT } from '../http/schemas.js';

type Page = { limit: number; offset: number };

// Trending is precomputed and asked for far more often than it changes: answers are kept briefly.
const TRENDING_TTL_MS = 5_000;

export const trackRoutes: RouteModule = (app, ctx) => {
  const { queries, serialize } = readApi(ctx);
  const trendingCache = new Map<string, { at: number; body: Buffer }>();

  app.get<{ Querystring: { query: string; only_downloadable?: string } & Page }>(
    '/v1/tracks/search',
    { schema: { querystring: query({ query: searchText, only_downloadable: flag, limit: limit(SEARCH_LIMIT), offset }, ['query']) } },
    async (req, reply) =>
      sendData(reply, jsonList(queries.searchTracks(req.query.query, isSet(req.query.only_downloadable), req.query).map((row) => serialize.track(row, appNameOf(req))))),
  );

  // Production also answers time=year; the contract knows week, month and allTime.
  const windows = ctx.production ? ['week', 'month', 'year', 'allTime'] : ['week', 'month', 'allTime'];
  app.get<{ Querystring: { time: TrendingWindow; genre?: string; app_name: string } & Page }>(
    '/v1/tracks/trending',
    {
      schema: {
        querystring: query({
          time: { type: 'string', enum: windows, default: 'week' },
          genre: { type: 'string', minLength: 1, maxLength: 100 },
          limit: limit(TRENDING_LIMIT),
          offset: { type: 'integer', minimum: 0, maximum: TRENDING_LIMIT.max - 1, default: 0 },
        }),
      },
    },
    async (req, reply) => {
      const { time, genre = '', limit: size, offset: skip, app_name: appName } = req.query;
      const key = `${time}\n${genre}\n${size}\n${skip}\n${appName}`;
      const now = Date.now();
      let cached = trendingCache.get(key);
      if (!cached || now - cached.at > TRENDING_TTL_MS) {
        const data = queries.trending(time, genre, { limit: size, offset: skip }).map((row) => serialize.track(row, appName));
        // Kept as bytes: a 100-track answer is not encoded again for every request.
        cached = { at: now, body: Buffer.from(`{"data":${jsonList(data)}}`) };
        if (trendingCache.size > 500) trendingCache.clear();
        trendingCache.set(key, cached);
      }
      return reply.type('application/json; charset=utf-8').send(cached.body);
    },
  );

  app.get<{ Params: { track_id: string } }>(
    '/v1/tracks/:track_id',
    { schema: { params: params({ track_id: publicId }), querystring: query({}) } },
    async (req, reply) => {
      const id = keyOf(req.params.track_id, 'track');
      return sendData(reply, serialize.track(found(queries.trackById(id), 'track', req.params.track_id), appNameOf(req)));
    },
  );
};
