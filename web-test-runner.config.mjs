// Browser tests: test/**/*.test.ts except the Node tests in test/server, in the engines
// WTR_BROWSERS names (chromium, firefox, webkit; see test/support/engines.mjs), against ONE
// real reference service and one fake host for the whole run. `npm run test:browser` runs
// each engine in turn (scripts/test-browsers.mjs).
// Tests import their URLs from the virtual module `/__service.js` (see test/support/service.ts).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { browsersFromEnv, summaryFileReporter } from './test/support/engines.mjs';
import { startService } from './test/support/start-service.mjs';
import { startFakeHost } from './test/support/fake-host.mjs';
import { popupDriverPlugin } from './test/support/popup-driver.mjs';
import { cdnSitePlugin } from './test/support/cdn-site.mjs';
import { serverJobsPlugin } from './test/support/server-jobs.mjs';
import { rangeRecorderPlugin } from './test/support/range-recorder.mjs';
import { reactPlugin } from './test/support/react-plugin.mjs';
import { ssrRenderPlugin } from './test/support/ssr-render.mjs';
import { embedProxy } from './test/support/embed-proxy.mjs';

/**
 * Starts the service, a second one with `--compat production` (production's shapes, issue 11)
 * and the fake host with the dev server; serves their URLs as a module.
 */
function servicePlugin() {
  let service;
  let compat;
  let short;
  let fake;
  return {
    name: 'reference-service',
    serviceUrl: () => service.url,
    async serverStart() {
      [service, compat, short] = await Promise.all([
        startService({ dataDir: '.data-test/wtr' }),
        startService({ dataDir: '.data-test/wtr-compat', args: ['--compat', 'production'] }),
        // The code flow's refresh, seen within a test: access tokens that live 3 s.
        startService({ dataDir: '.data-test/wtr-short', args: ['--access-token-ttl', '3'] }),
      ]);
      fake = await startFakeHost(service.url);
    },
    async serverStop() {
      await fake?.stop();
      await Promise.all([service?.stop(), compat?.stop(), short?.stop()]);
    },
    serve(context) {
      if (context.path !== '/__service.js') return undefined;
      const body =
        `export const SERVICE_URL = ${JSON.stringify(service.url)};\n` +
        `export const COMPAT_SERVICE_URL = ${JSON.stringify(compat.url)};\n` +
        `export const SHORT_SERVICE_URL = ${JSON.stringify(short.url)};\n` +
        `export const FAKE_URL = ${JSON.stringify(fake.url)};\n` +
        `export const DEAD_URL = ${JSON.stringify(fake.deadUrl)};\n`;
      return { body, type: 'js' };
    },
  };
}

const service = servicePlugin();

// WTR_CDN=/dist/cdn/all.js: every test page loads that built file before the test, so the
// elements under test are the CDN build's (its definitions come first; the sources' own
// `customElements.define` then keeps them). Proves a CDN build step against the element suites:
//   npm run build && WTR_CDN=/dist/cdn/all.js npx wtr --port 8220 --files 'test/components/*.test.ts'
// Tests that reach into a source module's own state cannot see the bundle's copy of it, and fail
// in this mode whatever the build: the hydration tests, app-metrics' page-wide configure(), and
// login-button.test.ts (its module state and popup driver), which is best left out of such a run.
const cdnFirst = process.env.WTR_CDN
  ? {
      testRunnerHtml: (testFramework) =>
        `<!doctype html><html><body><script type="module" src=${JSON.stringify(process.env.WTR_CDN)}></script>` +
        `<script type="module" src=${JSON.stringify(testFramework)}></script></body></html>`,
    }
  : {};

// The commands that drive other windows run as jobs (test/support/server-jobs.mjs): a login in a busy WebKit can outlast one command's 20 s.
const popupDriver = popupDriverPlugin();
const cdnSite = cdnSitePlugin(service.serviceUrl);
const ssrRender = ssrRenderPlugin();

export default {
  // The dev server's port: `--port N` on the command line, else WTR_PORT, else the first free one from 8000.
  ...(process.env.WTR_PORT ? { port: Number(process.env.WTR_PORT) } : {}),
  files: ['test/**/*.test.ts', '!test/server/**'],
  nodeResolve: true,
  concurrency: 1,
  browsers: browsersFromEnv(),
  reporters: [defaultReporter(), summaryFileReporter()],
  // The service's embed pages on the test pages' origin (test/components/embed-hydration.test.ts looks into the frame).
  middleware: [embedProxy(service.serviceUrl)],
  plugins: [service, popupDriver, cdnSite, serverJobsPlugin([popupDriver, cdnSite, ssrRender]), rangeRecorderPlugin(), reactPlugin(), esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' })],
  // Bounds for a run that hangs only: every test waits on events, never on the clock, and its waits
  // give up first (test/support/waits.ts, 30 s) so that a failure names what it waited for. A busy
  // machine only makes a run slower, never a test fail.
  // 120 s: beyond a login's popup, sign-in and consent steps (30 s each) on a busy machine.
  testFramework: { config: { timeout: 120_000 } },
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  testsFinishTimeout: 1_200_000,
  ...cdnFirst,
};
