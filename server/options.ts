import { parseArgs } from 'node:util';
import type { Scale, ServiceOptions } from './service.js';
import { parseOrigin } from './embed/public-origin.js';

/** The service's command-line options, shared by `npm run server` and `npm start`. */
export const SERVICE_OPTIONS = {
  port: { type: 'string' },
  'data-dir': { type: 'string', default: 'data' },
  scale: { type: 'string', default: 'default' },
  catalog: { type: 'string' },
  hosts: { type: 'string' },
  'public-hosts': { type: 'string' },
  compat: { type: 'string' },
  'access-token-ttl': { type: 'string' },
  'refresh-token-ttl': { type: 'string' },
  log: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export const SERVICE_USAGE = `  --port <n>          port on 127.0.0.1 (default 7700, or $PORT; 0 picks a free one)
  --data-dir <dir>    where the database and the audio palette live (default ./data)
  --scale <s>         generated catalog size: default | large
  --catalog <file>    load this catalog file (docs/catalog-format.md) instead of generating one
  --hosts <a,b>       what GET / lists as hosts (default: this service's own URL)
  --public-hosts <a,b> the origins readers reach the public pages at, the first the canonical one
                      the share tags and oEmbed name; /oembed answers for these alone
                      (default: this service's own URL)
  --compat production answer as the production service does where it and the contract differ
                      (docs/guide.md, "Production compatibility"); default: the contract's shapes
  --access-token-ttl <s>   lifetime of the code flow's access tokens in seconds (default 3600; 0 = expired at once)
  --refresh-token-ttl <s>  lifetime of its refresh tokens in seconds (default 2592000, 30 days)
  --log               log every request
  --help`;

/** A port number from an option's text, or an error naming the option. */
export function parsePort(value: string, name: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new Error(`${name} must be 0..65535, not ${value}`);
  return port;
}

/** A lifetime in seconds from an option's text (a non-negative number), or an error naming the option. */
export function parseSeconds(value: string, name: string): number {
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(seconds) || seconds > 10 * 365 * 86400) {
    throw new Error(`${name} must be a number of seconds (0 to 10 years), not ${value}`);
  }
  return seconds;
}

/** `--public-hosts`'s origins, or an error naming the option. */
function publicHosts(value: string | undefined): string[] | undefined {
  const list = value?.split(',').map((h) => h.trim()).filter(Boolean);
  if (!list?.length) return undefined;
  return list.map((text) => {
    try {
      return parseOrigin(text);
    } catch {
      throw new Error(`--public-hosts must list origins (https://music.example), not ${text}`);
    }
  });
}

/** Parses the service's options, plus `extra` ones, from `args`. */
export function parseServiceArgs<E extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(
  args: string[],
  extra: E = {} as E,
) {
  const { values } = parseArgs({ args, options: { ...SERVICE_OPTIONS, ...extra }, strict: true });
  const v = values as Record<string, string | boolean | undefined>;
  const scale = v.scale as string;
  if (scale !== 'default' && scale !== 'large') throw new Error('--scale must be default or large');
  if (v.compat !== undefined && v.compat !== 'production') throw new Error('--compat must be production');
  const service: ServiceOptions = {
    port: parsePort(String(v.port ?? process.env.PORT ?? '7700'), '--port'),
    dataDir: v['data-dir'] as string,
    scale: scale as Scale,
    catalog: v.catalog as string | undefined,
    hosts: (v.hosts as string | undefined)?.split(',').map((h) => h.trim().replace(/\/+$/, '')).filter(Boolean),
    publicHosts: publicHosts(v['public-hosts'] as string | undefined),
    logger: v.log as boolean,
    compat: v.compat as 'production' | undefined,
  };
  const access = v['access-token-ttl'] as string | undefined;
  const refresh = v['refresh-token-ttl'] as string | undefined;
  if (access !== undefined || refresh !== undefined) {
    service.tokenLifetimes = {};
    if (access !== undefined) service.tokenLifetimes.access = parseSeconds(access, '--access-token-ttl');
    if (refresh !== undefined) service.tokenLifetimes.refresh = parseSeconds(refresh, '--refresh-token-ttl');
  }
  return { service, help: v.help === true, values: v };
}
