// The Next.js example (examples/next) built and driven in Chromium, in production (`next build`,
// `next start`) and in development (`next dev`): the server HTML holds the server-rendered card
// once, the console holds no hydration, Lit or declarative shadow DOM warning, the trending list
// renders, the bound card follows #track-id, Play plays, and the login completes.
//
//   export async function run({ dir, serviceUrl, browser, log })   dir: the example, `npm ci`-ed
//   node test/frameworks/next.mjs --standalone                     packs nothing: uses .pack/ as it is
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const WAIT = 60_000;
const BUILD_WAIT = 600_000;
const SERVER_CARD = 'DB0d9'; // examples/next/app/page.tsx
const BOUND_CARD = 'D7KyD'; // examples/next/app/player-panel.tsx's first state
const APP_NAME = 'next-example';
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

async function titleOf(serviceUrl, id) {
  const answer = await fetch(`${serviceUrl}/v1/tracks/${id}?app_name=${APP_NAME}`);
  if (!answer.ok) throw new Error(`the service has no track ${id} (${answer.status})`);
  return (await answer.json()).data.title;
}

/** The checks on one running app (production or development). */
async function checkApp({ appUrl, serviceUrl, browser, log, serverOutput }) {
  const serverTitle = await titleOf(serviceUrl, SERVER_CARD);
  const boundTitle = await titleOf(serviceUrl, BOUND_CARD);
  const trending = await (await fetch(`${serviceUrl}/v1/tracks/trending?app_name=${APP_NAME}`)).json();
  const second = trending.data.find((t) => t.id !== BOUND_CARD && t.id !== SERVER_CARD && t.title !== boundTitle);

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

  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const messages = [];
  const cardRequests = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}${m.type() === 'error' && m.location()?.url ? ` (${m.location().url})` : ''}`));
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  page.on('request', (r) => r.url().includes(`/v1/tracks/${SERVER_CARD}?`) && cardRequests.push(r.url()));
  const shadowText = (host, part) => page.evaluate((h, p) => document.querySelector(h)?.shadowRoot?.querySelector(`[part~="${p}"]`)?.textContent?.trim(), host, part);
  try {
    await page.goto(appUrl);

    await step(log, 'the bound card and the server card show their titles, the server card without a request', async () => {
      await within(page.waitForFunction((t) => document.querySelector('#bound-card')?.shadowRoot?.querySelector('[part~="title"]')?.textContent?.trim() === t, { timeout: WAIT }, boundTitle), `#bound-card to show ${JSON.stringify(boundTitle)}`);
      const server = await shadowText('main > div > service-track-card', 'title');
      if (server !== serverTitle) throw new Error(`the server card shows ${JSON.stringify(server)}, not ${JSON.stringify(serverTitle)}`);
      const hydrated = await page.evaluate(() => document.querySelector('main > div > service-track-card')?.hasUpdated);
      if (!hydrated) throw new Error('the server card never hydrated (its element did not update)');
      if (cardRequests.length) throw new Error(`the server card fetched again: ${cardRequests.join(', ')}`);
      return `${JSON.stringify(boundTitle)}, ${JSON.stringify(server)}; requests for ${SERVER_CARD}: 0`;
    });

    await step(log, 'the trending list renders rows', async () => {
      await within(page.waitForFunction(() => document.querySelector('service-trending-list')?.shadowRoot?.querySelectorAll('[part~="item"]').length > 0, { timeout: WAIT }), 'rows in service-trending-list');
      return `${await page.evaluate(() => document.querySelector('service-trending-list').shadowRoot.querySelectorAll('[part~="item"]').length)} rows`;
    });

    await step(log, 'typing another id into #track-id changes the bound card', async () => {
      await page.click('#track-id', { count: 3 });
      await page.keyboard.sendCharacter(second.id); // in one input event, as a paste: typed key by key, the card would ask for each prefix
      await within(page.waitForFunction((t) => document.querySelector('#bound-card')?.shadowRoot?.querySelector('[part~="title"]')?.textContent?.trim() === t, { timeout: WAIT }, second.title), `#bound-card to show ${JSON.stringify(second.title)} (${second.id})`);
      return `${second.id} → ${JSON.stringify(second.title)}`;
    });

    await step(log, "the card's Play makes #status say playing", async () => {
      const play = await page.waitForFunction(() => document.querySelector('#bound-card')?.shadowRoot?.querySelector('[part~="play-button"]'), { timeout: WAIT });
      await play.click();
      await within(page.waitForFunction(() => document.querySelector('#status')?.textContent === 'playing', { timeout: WAIT }), '#status to say "playing"');
      return await page.$eval('#status', (p) => p.textContent);
    });

    await step(log, 'the login completes and #signed-in names @demo', async () => {
      const button = await within(page.waitForFunction(() => document.querySelector('service-login-button')?.shadowRoot?.querySelector('button'), { timeout: WAIT }), 'the login button');
      const opened = browser.waitForTarget((t) => t.url().includes('/oauth/auth'), { timeout: WAIT });
      await button.click();
      const popup = await (await within(opened, 'the login popup on /oauth/auth')).page();
      await within(popup.waitForSelector('#password, button[value="authorize"]', { timeout: WAIT }), 'the sign-in form or the consent screen');
      if (await popup.$('#password')) {
        await popup.type('#login', 'demo');
        await popup.type('#password', 'listen-offline');
        await Promise.all([popup.waitForNavigation({ timeout: WAIT }), popup.click('button.primary[type="submit"]')]);
      }
      const authorize = await within(popup.waitForSelector('button[value="authorize"]', { timeout: WAIT }), 'the Authorize button');
      await authorize.click().catch((error) => {
        if (!/closed|detached|Target/i.test(error.message)) throw error; // the popup closes as it answers
      });
      await within(page.waitForFunction(() => document.querySelector('#signed-in')?.textContent.includes('@demo'), { timeout: WAIT }), '#signed-in to name @demo');
      return await page.$eval('#signed-in', (p) => p.textContent);
    });

    await step(log, 'the console and the server log hold no hydration, Lit or shadowrootmode warning', async () => {
      const said = [...messages.map((m) => `browser ${m}`), ...serverOutput().split('\n').map((l) => `server ${l}`)];
      const bad = said.filter((m) => FORBIDDEN.some(([pattern]) => pattern.test(m)));
      if (bad.length) throw new Error(`unwanted messages:\n${bad.join('\n')}`);
      const errors = messages.filter((m) => /^(error|pageerror)/.test(m));
      if (errors.length) throw new Error(`errors in the console:\n${errors.join('\n')}`);
      return `${messages.length} console messages, none of ${FORBIDDEN.map(([, what]) => what).join(', ')}`;
    });
  } finally {
    await context.close();
  }
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
      await checkApp({ appUrl: `http://localhost:${port}/`, serviceUrl, browser, log, serverOutput: server.output });
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
    args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
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
