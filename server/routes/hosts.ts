import type { RouteModule } from '../context.js';

/** `GET /`: the host list of contract 4.1, and a cheap health check. */
export const hostRoutes: RouteModule = (app, ctx) => {
  app.get('/', async () => ({ data: ctx.hosts ?? [ctx.baseUrl] }));
  // `--compat production` answers it as production hosts do (compat.ts).
  if (!ctx.production) app.get('/health_check', async () => ({ data: { healthy: true } }));
};
