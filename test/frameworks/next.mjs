// The Next.js example (examples/next) built and driven in Chromium, in production (`next build`,
// `next start`) and in development (`next dev`): the server HTML holds the server-rendered card
// once and hydrates without a request, the console holds no hydration, Lit or declarative shadow
// DOM warning, and the checks every example passes (test/frameworks/app-check.mjs) hold.
//
//   export async function run({ dir, serviceUrl, browser, log })   dir: the example, `npm ci`-ed
//   node test/frameworks/next.mjs --standalone                     packs nothing: uses .pack/ as it is
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { CHROMIUM_ARGS, checkApp, titleOf } from './app-check.mjs';

const WAIT = 60_000;
const BUILD_WAIT = 600_000;
const SERVER_CARD = 'DB0d9'; // examples/next/app/page.tsx
const APP_NAME = 'my-app'; // examples/next/app/settings.ts
/** What the console must never say. */
const FORBIDDEN = [
  [/hydrat/i, 'a hydration warning'],
  [/did not match|didn't match/i, 'a hydration mismatch'],
  [/Multiple versions of Lit/i, 'a second copy of Lit'],
  [/shadowrootmode/i, 'declarative shadow DOM parsed by innerHTML'],
];

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The environment Next runs in: the service's address for the app, no telemetry, Next's own NODE_ENV. */
function nextEnv(serviceUrl) {
  const env = { ...process.env, NEXT_PUBLIC_SERVICE_HOST: serviceUrl, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NODE_ENV;
  return env;
}

/** Runs `next <args>` in its own process group; `ready` resolves once its output matches `readyLine`, `exited` when it ends. */
function next(dir, args, serviceUrl, readyLine) {
  const child = spawn(process.execPath, [join(dir, 'node_modules/next/dist/bin/next'), ...args], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: nextEnv(serviceUrl),
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (readyLine && readyLine.test(output)) resolve();
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    void exited.then((code) => (readyLine ? reject(new Error(`next ${args[0]} exited (${code}) before printing ${readyLine}:\n${output}`)) : resolve()));
  });
  const guard = () => stop();
  function stop() {
    process.off('exit', guard);
    if (child.exitCode !== null || child.signalCode) return exited;
    try {
      process.kill(-child.pid, 'SIGTERM'); // the group: next forks its own server process
    } catch {
      return exited;
    }
    setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 5000).unref();
    return exited;
  }
  process.once('exit', guard); // never leave a server running after the runner dies
  return { ready, exited, stop, output: () => output };
}

/** Runs `check`; logs its name and what it found, or throws naming it. */
async function step(log, name, check) {
  const started = Date.now();
  const found = await check();
  log(`  ok ${name}${found === undefined ? '' : `: ${found}`} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const within = (promise, what) =>
  promise.catch((error) => {
    throw new Error(`waited ${WAIT / 1000} s for ${what}: ${error.message}`);
  });

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The checks on one running app (production or development): the server's HTML, then checkApp's, then the console. */
async function checkNext({ appUrl, serviceUrl, browser, log, serverOutput }) {
  const serverTitle = await titleOf(serviceUrl, SERVER_CARD, APP_NAME);

  await step(log, 'the server HTML holds the server-rendered card once', async () => {
    const answer = await fetch(appUrl);
    const html = await answer.text();
    if (!answer.ok) throw new Error(`${appUrl} answered ${answer.status}`);
    if (!html.includes(escapeHtml(serverTitle))) throw new Error(`the HTML lacks the card's title ${JSON.stringify(serverTitle)}`);
    const count = (s) => html.split(s).length - 1;
    // The card's shadow markup: in the HTML (part="title") and, if Next also sent it in its payload, escaped in a script (part=\"title\").
    const copies = { shadowroots: count('shadowrootmode="open"'), titles: count('part="title"'), inPayload: count('part=\\"title\\"') + count('part=\\\\\\"title\\\\\\"') };
    if (copies.shadowroots !== 1 || copies.titles !== 1 || copies.inPayload !== 0) throw new Error(`the card's markup is not sent once: ${JSON.stringify(copies)}`);
    return `title ${JSON.stringify(serverTitle)}, one shadow root, none in the RSC payload, ${html.length} B`;
  });

  const serverCard = (page, requests) =>
    step(log, 'the server card hydrates with its title and without a request', async () => {
      await within(page.waitForFunction(() => document.querySelector('main > div > service-track-card')?.hasUpdated, { timeout: WAIT }), 'the server card to hydrate (its element to update)');
      const shown = await page.evaluate(() => document.querySelector('main > div > service-track-card')?.shadowRoot?.querySelector('[part~="title"]')?.textContent?.trim());
      if (shown !== serverTitle) throw new Error(`the server card shows ${JSON.stringify(shown)}, not ${JSON.stringify(serverTitle)}`);
      const again = requests.filter((url) => url.includes(`/v1/tracks/${SERVER_CARD}?`));
      if (again.length) throw new Error(`the server card fetched again: ${again.join(', ')}`);
      return `${JSON.stringify(shown)}; requests for ${SERVER_CARD}: 0`;
    });
  const messages = await checkApp(browser, appUrl, { serviceUrl, appName: APP_NAME, log, loaded: serverCard });

  await step(log, 'the console and the server log hold no hydration, Lit or shadowrootmode warning', async () => {
    const said = [...messages.map((m) => `browser ${m}`), ...serverOutput().split('\n').map((l) => `server ${l}`)];
    const bad = said.filter((m) => FORBIDDEN.some(([pattern]) => pattern.test(m)));
    if (bad.length) throw new Error(`unwanted messages:\n${bad.join('\n')}`);
    // Lit's own notice in a development build is the only warning allowed.
    const others = messages.filter((m) => !/Lit is in dev mode/.test(m));
    if (others.length) throw new Error(`errors or warnings in the console:\n${others.join('\n')}`);
    return `${messages.length} console warnings (Lit's dev-mode notice), none of ${FORBIDDEN.map(([, what]) => what).join(', ')}`;
  });
}

export async function run({ dir, serviceUrl, browser, log }) {
  const started = Date.now();
  log('next: production (next build, next start)');
  const build = next(dir, ['build'], serviceUrl);
  await Promise.race([build.ready, new Promise((_, reject) => setTimeout(() => reject(new Error(`next build took over ${BUILD_WAIT / 1000} s`)), BUILD_WAIT).unref())]).finally(() => build.stop());
  if ((await build.exited) !== 0) throw new Error(`next build failed:\n${build.output()}`);
  log(`  ok next build (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const mode of ['start', 'dev']) {
    if (mode === 'dev') log('next: development (next dev)');
    const port = await freePort();
    const server = next(dir, [mode, '-p', String(port)], serviceUrl, /Ready in/);
    try {
      await within(server.ready, `next ${mode} to be ready`);
      // localhost, not 127.0.0.1: next dev serves its scripts to the origin it announces.
      await checkNext({ appUrl: `http://localhost:${port}/`, serviceUrl, browser, log, serverOutput: server.output });
    } finally {
      await server.stop();
    }
  }
  log(`next: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv.includes('--standalone')) {
  // From the repository root, after `npm run build && npm pack --pack-destination .pack` and `npm ci` in examples/next.
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  process.chdir(root);
  const { startService } = await import('../support/start-service.mjs');
  const { default: puppeteer } = await import('puppeteer-core');
  const service = await startService({ dataDir: join(root, '.data-test/frameworks') });
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await run({ dir: join(root, 'examples/next'), serviceUrl: service.url, browser, log: console.log });
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await browser.close();
    await service.stop();
  }
}
