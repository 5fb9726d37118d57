import { parseArgs } from 'node:util';
import { openCatalog, type Scale } from './service.js';
import { createApp, redirectUriProblem } from './auth/store/apps.js';
import { prepareLogin } from './auth/index.js';

export const CREATE_APP_USAGE = `Usage: npm run server -- create-app "<name>" [--redirect-uri URL]... [--data-dir data] [--scale default|large] [--catalog FILE.json]

  Registers a developer app in the catalog the service with the same options uses,
  and prints its API key and secret. The secret is stored hashed: copy it now.
  --redirect-uri (repeatable) registers where the code flow (/v1/oauth/authorize) may send
  users back: matched exactly, except that a loopback URL matches on any port.`;

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
  // Checked before the catalog is opened (which may mean seeding it).
  const problem = (parsed.values['redirect-uri'] ?? []).map(redirectUriProblem).find(Boolean);
  if (problem) {
    err(`error: ${problem}`);
    return 1;
  }
  const { db } = openCatalog({ dataDir: parsed.values['data-dir'], scale: scale as Scale, catalog: parsed.values.catalog });
  try {
    prepareLogin(db);
    const redirectUris = parsed.values['redirect-uri'] ?? [];
    const { apiKey, apiSecret } = createApp(db, name, redirectUris);
    out(`Created app ${JSON.stringify(name)}`);
    for (const uri of redirectUris) out(`  Redirect URI: ${uri}`);
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
      'redirect-uri': { type: 'string', multiple: true },
      help: { type: 'boolean', default: false },
    },
  });
}
