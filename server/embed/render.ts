import type { FastifyInstance } from 'fastify';
import { createClient, type Client } from '../../src/core/index.js';
import type { SsrResult } from '../../src/node/ssr.js';

/** The app name the embed and public pages' elements send. */
export const EMBED_APP_NAME = 'service-embed';

/**
 * A fetch that answers from the app itself (Fastify's inject), following redirects: the kit's
 * core client renders the pages' elements without a round trip through the network.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    for (let hop = 0; hop < 4; hop++) {
      const res = await app.inject({ method: 'GET', url: url.pathname + url.search, headers: { accept: 'application/json' } });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && location) {
        url = new URL(String(location), url);
        continue;
      }
      const response = new Response(res.payload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
      // The address that answered, as a network fetch has it: the core makes a track's `permalink` its public `link` on it (the title's link, Share).
      return Object.defineProperty(response, 'url', { value: url.href });
    }
    return new Response(JSON.stringify({ code: 508, error: 'Too many redirects' }), { status: 508 });
  };
}

/** Renders the pages' elements: service-kit/ssr, loaded on first use (Lit and the elements stay out of a service that serves no page). */
export function pageRenderer(app: FastifyInstance, baseUrl: () => string) {
  let clients: { base: string; client: Client } | undefined;
  return async (tag: Parameters<typeof import('../../src/node/ssr.js').renderElement>[0], attributes: Record<string, string | undefined>): Promise<SsrResult> => {
    const { renderElement } = await import('../../src/node/ssr.js');
    const base = baseUrl();
    if (clients?.base !== base) clients = { base, client: createClient({ host: base, appName: EMBED_APP_NAME, fetch: injectFetch(app) }) };
    return renderElement(tag, attributes, { client: clients.client, host: base, appName: EMBED_APP_NAME });
  };
}
