import { parseArgs } from 'node:util';
import { openCatalog, type Scale } from '../service.js';
import { createApp } from './apps.js';
import { prepareLogin } from './index.js';

export const CREATE_APP_USAGE = `Usage: npm run server -- create-app "<name>" [--data-dir data] [--scale default|large] [--catalog FILE.json]

  Registers a developer app in the catalog the service with the same options uses,
  and prints its API key and secret. The secret is stored hashed: copy it now.`;

/**
 * `create-app "<name>"`: `args` are the words after `create-app`. Prints the new key and
 * secret and returns the exit code; errors are printed, not thrown.
 */
export function createAppCommand(args: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): number {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    err(CREATE_APP_USAGE);
    return 1;
  }
  if (parsed.values.help) {
    out(CREATE_APP_USAGE);
    return 0;
  }
  const name = parsed.positionals.join(' ').trim();
  const scale = parsed.values.scale;
  if (name === '' || (scale !== 'default' && scale !== 'large')) {
    err(name === '' ? 'error: give the app a name' : 'error: --scale must be default or large');
    err(CREATE_APP_USAGE);
    return 1;
  }
  const { db } = openCatalog({ dataDir: parsed.values['data-dir'], scale: scale as Scale, catalog: parsed.values.catalog });
  try {
    prepareLogin(db);
    const { apiKey, apiSecret } = createApp(db, name);
    out(`Created app ${JSON.stringify(name)}`);
    out(`  API key:    ${apiKey}`);
    out(`  API secret: ${apiSecret}`);
    out('Keep the secret on your server; it is not shown again.');
    return 0;
  } catch (error) {
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    db.close();
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      'data-dir': { type: 'string', default: 'data' },
      scale: { type: 'string', default: 'default' },
      catalog: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}
