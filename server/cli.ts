import { startService } from './service.js';
import { parseServiceArgs, SERVICE_USAGE } from './options.js';
import { createAppCommand, CREATE_APP_USAGE } from './cli-create-app.js';

const USAGE = `Usage: npm run server -- [options]

${SERVICE_USAGE}

${CREATE_APP_USAGE}`;

async function main(): Promise<void> {
  if (process.argv[2] === 'create-app') {
    process.exitCode = createAppCommand(process.argv.slice(3));
    return;
  }
  let parsed;
  try {
    parsed = parseServiceArgs(process.argv.slice(2));
  } catch (error) {
    // A command-line mistake: the message, then how to use the command.
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    console.error(USAGE);
    process.exit(1);
  }
  const { service: options, help } = parsed;
  if (help) {
    console.log(USAGE);
    return;
  }
  const service = await startService(options);
  console.log(`service ready at ${service.url} (catalog ${service.catalog}, data ${options.dataDir}${options.compat ? `, compat ${options.compat}` : ''})`);

  const stop = () => {
    service.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Anything else (a data directory in use, a port taken, a bad catalog file) is one line, without the usage text.
main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
