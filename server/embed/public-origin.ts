import type { ServiceContext } from '../context.js';

/**
 * Where the public pages live. `--public-hosts` names the origins readers reach them at (the
 * first is the canonical one the share tags, the embeds' frames and oEmbed name, https in
 * production); by default the service's own origin. /oembed answers for these alone.
 */

/** The canonical public origin, no trailing slash. */
export const publicOrigin = (ctx: ServiceContext): string => ctx.publicHosts?.[0] ?? ctx.baseUrl;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An origin option's text as an origin: `music.example` means https; a path or trailing slash is dropped. */
export function parseOrigin(text: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${text} is not an http(s) origin`);
  return url.origin;
}

/**
 * Whether the service serves `url`'s host: one of the public hosts (either scheme), or the
 * service's own (on loopback, by any of its loopback names: `localhost` is the same service).
 */
export function servesHost(ctx: ServiceContext, url: URL): boolean {
  const own = new URL(ctx.baseUrl);
  if (url.port === own.port && LOOPBACK.has(url.hostname) && LOOPBACK.has(own.hostname)) return true;
  return [ctx.baseUrl, ...(ctx.publicHosts ?? [])].some((origin) => new URL(origin).host === url.host);
}
