import type { RouteModule } from '../context.js';
import type { MetricsTimeRange } from '../../src/core/types.js';
import { AppNameMetrics } from '../api/app-metrics.js';
import { LIST_LIMIT, limit, params, query } from '../http/schemas.js';
import { appNameProblem } from '../http/app-name.js';
import { errorBody } from '../http/errors.js';

const STREAM_PATH = /^\/v1\/tracks\/[A-Za-z0-9]+\/stream(\?|$)/;

/**
 * Counts every /v1 request by its app_name, and serves the trailing counts. An app_name
 * that breaks the rule (http/app-name.ts) is a 400 before anything else, so it is never stored.
 */
export const metricsRoutes: RouteModule = (app, ctx) => {
  const metrics = new AppNameMetrics(ctx.db);
  app.addHook('onClose', async () => metrics.close());

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/v1/')) return;
    const name = (req.query as { app_name?: unknown }).app_name;
    // Production's clients stream without app_name; `--compat production` plays those, counted under ''.
    if (name === undefined && ctx.production && STREAM_PATH.test(req.url)) {
      metrics.record('');
      return;
    }
    if (typeof name !== 'string') return; // missing or repeated: the route's schema answers
    const problem = appNameProblem(name);
    if (problem) return reply.code(400).send(errorBody(400, problem));
    metrics.record(name);
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
