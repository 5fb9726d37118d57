import type { RouteModule } from '../context.js';
import { blockAt, SERVICE_NAME, SERVICE_VERSION } from '../api/production.js';

/**
 * `--compat production`: production's envelope beside `data` on every successful /v1 JSON
 * answer, and `/health_check` as production hosts answer it (so production clients' host
 * selection accepts this host: it checks the service name, the version, the indexing blocks
 * and the chat service's health). Registered first, so its hook runs for every route.
 */
export const compatRoutes: RouteModule = (app, ctx) => {
  if (!ctx.production) return;

  /** Production's envelope fields as JSON text to append; the chain is this clock, never behind. */
  const envelope = () => {
    const block = blockAt(Date.now() / 1000);
    return (
      `,"latest_chain_block":${block},"latest_indexed_block":${block},"latest_chain_slot_plays":${block}` +
      `,"latest_indexed_slot_plays":${block},"signature":"","timestamp":"${new Date().toISOString()}"` +
      `,"version":{"service":"${SERVICE_NAME}","version":"${SERVICE_VERSION}"}}`
    );
  };

  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 200 || !req.url.startsWith('/v1/') || !String(reply.getHeader('content-type')).startsWith('application/json')) {
      return payload;
    }
    const body = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    if (typeof body !== 'string' || !body.startsWith('{"data":') || !body.endsWith('}')) return payload;
    return body.slice(0, -1) + envelope();
  });

  app.get('/health_check', async () => {
    const block = blockAt(Date.now() / 1000);
    return {
      data: {
        healthy: true,
        discovery_provider_healthy: true,
        service: SERVICE_NAME,
        version: SERVICE_VERSION,
        block_difference: 0,
        latest_block_num: block,
        latest_indexed_block_num: block,
        chain_health: { status: 'Healthy' },
        plays: { is_unhealthy: false },
        errors: [],
      },
      comms: { healthy: true },
      latest_chain_block: block,
      latest_indexed_block: block,
      version: { service: SERVICE_NAME, version: SERVICE_VERSION },
    };
  });
};
