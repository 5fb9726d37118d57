import { parseArgs } from 'node:util';
import type { Scale, ServiceOptions } from './service.js';

/** The service's command-line options, shared by `npm run server` and `npm start`. */
export const SERVICE_OPTIONS = {
  port: { type: 'string' },
  'data-dir': { type: 'string', default: 'data' },
  scale: { type: 'string', default: 'default' },
  catalog: { type: 'string' },
  hosts: { type: 'string' },
  compat: { type: 'string' },
  log: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export const SERVICE_USAGE = `  --port <n>          port on 127.0.0.1 (default 7700, or $PORT; 0 picks a free one)
  --data-dir <dir>    where the database and the audio palette live (default ./data)
  --scale <s>         generated catalog size: default | large
  --catalog <file>    load this catalog file (docs/catalog-format.md) instead of generating one
  --hosts <a,b>       what GET / lists as hosts (default: this service's own URL)
  --compat production answer as the production service does where it and the contract differ
                      (docs/guide.md, "Production compatibility"); default: the contract's shapes
  --log               log every request
  --help`;

/** A port number from an option's text, or an error naming the option. */
export function parsePort(value: string, name: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new Error(`${name} must be 0..65535, not ${value}`);
  return port;
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
    logger: v.log as boolean,
    compat: v.compat as 'production' | undefined,
  };
  return { service, help: v.help === true, values: v };
}
