// Browser tests: test/**/*.test.ts except the Node tests in test/server, in the system
// Chromium, against ONE real reference service and one fake host for the whole run.
// Tests import their URLs from the virtual module `/__service.js` (see test/support/service.ts).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { startService } from './test/support/start-service.mjs';
import { startFakeHost } from './test/support/fake-host.mjs';
import { popupDriverPlugin } from './test/support/popup-driver.mjs';
import { cdnSitePlugin } from './test/support/cdn-site.mjs';
import { rangeRecorderPlugin } from './test/support/range-recorder.mjs';
import { reactPlugin } from './test/support/react-plugin.mjs';

/**
 * Starts the service, a second one with `--compat production` (production's shapes, issue 11)
 * and the fake host with the dev server; serves their URLs as a module.
 */
function servicePlugin() {
  let service;
  let compat;
  let fake;
  return {
    name: 'reference-service',
    serviceUrl: () => service.url,
    async serverStart() {
      [service, compat] = await Promise.all([
        startService({ dataDir: '.data-test/wtr' }),
        startService({ dataDir: '.data-test/wtr-compat', args: ['--compat', 'production'] }),
      ]);
      fake = await startFakeHost(service.url);
    },
    async serverStop() {
      await fake?.stop();
      await Promise.all([service?.stop(), compat?.stop()]);
    },
    serve(context) {
      if (context.path !== '/__service.js') return undefined;
      const body =
        `export const SERVICE_URL = ${JSON.stringify(service.url)};\n` +
        `export const COMPAT_SERVICE_URL = ${JSON.stringify(compat.url)};\n` +
        `export const FAKE_URL = ${JSON.stringify(fake.url)};\n` +
        `export const DEAD_URL = ${JSON.stringify(fake.deadUrl)};\n`;
      return { body, type: 'js' };
    },
  };
}

const service = servicePlugin();

export default {
  // The dev server's port: `--port N` on the command line, else WTR_PORT, else the first free one from 8000.
  ...(process.env.WTR_PORT ? { port: Number(process.env.WTR_PORT) } : {}),
  files: ['test/**/*.test.ts', '!test/server/**'],
  nodeResolve: true,
  concurrency: 1,
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--headless=new',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--autoplay-policy=no-user-gesture-required',
        ],
      },
    }),
  ],
  plugins: [service, popupDriverPlugin(), cdnSitePlugin(service.serviceUrl), rangeRecorderPlugin(), reactPlugin(), esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' })],
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 180000,
};
