import { parseArgs } from 'node:util';
import { startService, type Scale } from './service.js';
import { createAppCommand, CREATE_APP_USAGE } from './auth/cli-create-app.js';

const USAGE = `Usage: npm run server -- [options]

  --port <n>          port on 127.0.0.1 (default 7700, or $PORT; 0 picks a free one)
  --data-dir <dir>    where the database and media cache live (default ./data)
  --scale <s>         generated catalog size: default | large
  --catalog <file>    load this catalog file (docs/catalog-format.md) instead of generating one
  --hosts <a,b>       what GET / lists as hosts (default: this service's own URL)
  --log               log every request
  --help

${CREATE_APP_USAGE}`;

async function main(): Promise<void> {
  if (process.argv[2] === 'create-app') {
    process.exitCode = createAppCommand(process.argv.slice(3));
    return;
  }
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string', default: 'data' },
      scale: { type: 'string', default: 'default' },
      catalog: { type: 'string' },
      hosts: { type: 'string' },
      log: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port ?? process.env.PORT ?? 7700);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, not ${values.port}`);
  if (values.scale !== 'default' && values.scale !== 'large') throw new Error(`--scale must be default or large`);
  const hosts = values.hosts?.split(',').map((h) => h.trim().replace(/\/+$/, '')).filter(Boolean);

  const service = await startService({
    port,
    dataDir: values['data-dir'],
    scale: values.scale as Scale,
    catalog: values.catalog,
    hosts,
    logger: values.log,
  });
  console.log(`service ready at ${service.url} (catalog ${service.catalog}, data ${values['data-dir']})`);

  const stop = () => {
    service.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
