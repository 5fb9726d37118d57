import type { RouteModule } from '../context.js';
import type { MetricsTimeRange } from '../../src/core/types.js';
import { AppNameMetrics } from '../api/app-metrics.js';
import { LIST_LIMIT, limit, params, query } from '../http/schemas.js';

const STREAM_PATH = /^\/v1\/tracks\/[A-Za-z0-9]+\/stream(\?|$)/;

/** Counts every /v1 request by its app_name, and serves the trailing counts. */
export const metricsRoutes: RouteModule = (app, ctx) => {
  const metrics = new AppNameMetrics(ctx.db);
  app.addHook('onClose', async () => metrics.close());

  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.startsWith('/v1/')) {
      const name = (req.query as { app_name?: unknown }).app_name;
      if (typeof name === 'string' && name.length > 0 && name.length <= 200) metrics.record(name);
      // Production's clients stream without app_name; `--compat production` plays those, counted under ''.
      else if (name === undefined && ctx.production && STREAM_PATH.test(req.url)) metrics.record('');
    }
    done();
  });

  app.get<{ Params: { time_range: MetricsTimeRange }; Querystring: { limit: number } }>(
    '/v1/metrics/app_name/trailing/:time_range',
    {
      schema: {
        params: params({ time_range: { type: 'string', enum: ['week', 'month', 'all_time'] } }),
        querystring: query({ limit: limit(LIST_LIMIT) }),
      },
    },
    async (req) => ({ data: metrics.trailing(req.params.time_range, req.query.limit) }),
  );
};
