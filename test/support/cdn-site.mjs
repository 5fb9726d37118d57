// A web-test-runner plugin for the CDN's promise that each file works copied alone.
// Command 'cdn-site-build' -> true once dist/cdn is built from the current sources (once per run,
// into .data-test/cdn-site/build), false while it is still building (ask again).
// GET /__cdn-site/<file>.js: a file of that build, for a test page that loads it beside modules of its own.
// Command 'cdn-site-login' { file, page, twice? } -> { email, tokenParts, found, requested, beforeClick, errors }:
// copies that one file, with login-flow.js (the login's parts it loads beside itself when used), into
// the cdn/ folder of a fresh site, beside an index.html one folder up (so a part resolved against the
// page, not the file, is not found), serves the site on a port of its own, opens it in a new tab of the test browser, clicks the login button with the
// mouse, authorizes in the real prompt page (popup-driver.mjs) and reports what the page got.
// It works in every engine through test/support/windows.mjs; the page records its own errors
// (uncaught ones, rejections, console.error), as no protocol reports them alike.
//   page 'element'   <service-login-button> with attributes, the file as a module script
//   page 'sdk-module' import { init, renderButton } from './sdk.js'
//   page 'sdk-script' the file as a classic script (twice when `twice`), then serviceKit.init/renderButton
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { popupCommand } from './popup-driver.mjs';
import { withWindows } from './windows.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.data-test/cdn-site');
/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';

let built;
/** Builds dist/cdn into WORK/build once per run, in a child process (the server stays responsive). */
function buildCdn() {
  built ??= new Promise((resolve, reject) => {
    const out = join(WORK, 'build');
    const args = [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'cdn', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the CDN build failed (exit ${code})`))));
  });
  return built;
}

/** The page: records the login's outcome in window.__login, and whether the id finds the button. */
function pageHtml(file, page, serviceUrl, twice) {
  const settings = { apiKey: API_KEY, appName: 'cdn-site', host: serviceUrl };
  const record = `
    const record = (kind, detail) => (window.__login = { kind, ...detail });
    document.addEventListener('service-login-success', (e) => record('success', { email: e.detail.profile.email, token: e.detail.token }));
    document.addEventListener('service-login-error', (e) => record('error', { message: e.detail.message }));`;
  const sdkCalls = (kit) => `
    ${kit}.init({ ...${JSON.stringify(settings)},
      successCallback: (profile, token) => (window.__login = { kind: 'success', email: profile.email, token }),
      errorCallback: (e) => (window.__login = { kind: 'error', message: e.message }) });
    ${kit}.renderButton({ element: document.getElementById('slot') });
    window.__found = document.getElementById('service-login-button')?.localName;`;
  const body = {
    element: `<service-login-button id="service-login-button" app-name="cdn-site" api-key="${API_KEY}" host="${serviceUrl}"></service-login-button>
      <script type="module" src="./cdn/${file}"></script><script type="module">${record}
      window.__found = document.getElementById('service-login-button')?.localName;</script>`,
    'sdk-module': `<div id="slot"></div><script type="module">import * as kit from './cdn/${file}';${sdkCalls('kit')}</script>`,
    'sdk-script': `<div id="slot"></div>${`<script src="./cdn/${file}"></script>`.repeat(twice ? 2 : 1)}<script>${sdkCalls('serviceKit')}</script>`,
  }[page];
  // First in the page: what goes wrong in it, kept where the command can read it.
  const errors = `<script>window.__errors = [];
    addEventListener('error', (e) => __errors.push(String(e.message)));
    addEventListener('unhandledrejection', (e) => __errors.push(String(e.reason?.message ?? e.reason)));
    const consoleError = console.error;
    console.error = (...args) => (__errors.push(args.map(String).join(' ')), consoleError.apply(console, args));</script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>one file</title><link rel="icon" href="data:,">${errors}</head><body>${body}</body></html>`;
}

/** Serves `dir` on a free port; records every path asked for and every answer's status. */
function serve(dir) {
  const requested = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const name = path === '/' ? 'index.html' : path.slice(1);
    const ok = /^(cdn\/)?[\w.-]+$/.test(name) && existsSync(join(dir, name)) && statSync(join(dir, name)).isFile();
    requested.push(`${path} ${ok ? 200 : 404}`);
    if (!ok) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': name.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8' });
    res.end(readFileSync(join(dir, name)));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ url: `http://127.0.0.1:${server.address().port}/`, requested, close: () => server.close() })));
}

async function siteLogin(windows, serviceUrl, { file, page, twice = false }) {
  const dir = join(WORK, `site-${page}-${file}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'cdn'), { recursive: true });
  for (const name of [file, 'login-flow.js']) copyFileSync(join(await buildCdn(), name), join(dir, 'cdn', name));
  writeFileSync(join(dir, 'index.html'), pageHtml(file, page, serviceUrl, twice));
  const site = await serve(dir);
  const tab = await windows.newTab(site.url);
  try {
    await tab.until(() => document.readyState === 'complete');
    await tab.waitFor('service-login-button >>> button');
    const found = await tab.evaluate(() => window.__found);
    const beforeClick = [...site.requested];
    await tab.click('service-login-button >>> button');
    await popupCommand(windows, { action: 'authorize' });
    await tab.until(() => window.__login, 30_000);
    const { login, errors } = await tab.evaluate(() => ({ login: window.__login, errors: window.__errors }));
    return { ...login, token: undefined, tokenParts: login.token?.split('.').length, found, files: readdirSync(dir, { recursive: true }).sort(), requested: site.requested, beforeClick, errors };
  } finally {
    await tab.close().catch(() => {});
    site.close();
  }
}

/** The plugin; `serviceUrl()` gives the run's reference service. */
export function cdnSitePlugin(serviceUrl) {
  return {
    name: 'cdn-site',
    async serve(context) {
      const name = /^\/__cdn-site\/([\w-]+\.js)$/.exec(context.path)?.[1];
      return name ? { body: readFileSync(join(await buildCdn(), name), 'utf8'), type: 'js' } : undefined;
    },
    async executeCommand({ command, payload, session }) {
      // The build takes longer than one command may: the test asks again until it is done.
      if (command === 'cdn-site-build') return Promise.race([buildCdn().then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
      if (command !== 'cdn-site-login') return undefined;
      return withWindows(session, (windows) => siteLogin(windows, serviceUrl(), payload));
    },
  };
}
