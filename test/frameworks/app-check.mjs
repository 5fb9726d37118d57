// What every example app must do in Chromium, whatever framework built it: the checks of
// `npm run test:frameworks` (scripts/test-frameworks.mjs). Each wait waits for the thing itself
// (a row, a title, a status text, the popup) and names it when it gives up.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

export const DEMO_TRACK = 'D7KyD';
const WAIT = 60_000;
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** Runs a command to its end; a failure carries what it printed. */
export function run(command, args, options = {}) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed (${error.status ?? error.signal}):\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

/** Serves a built app's folder on a free loopback port, index.html for any path without a file. */
export async function serveStatic(root) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    for (const file of [join(root, path), join(root, 'index.html')]) {
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        return res.end(body);
      } catch {
        // not a file: try the next
      }
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Debian's Chromium as this machine runs it, with sound allowed to start without a gesture. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];

/** A track's title from the service, as the card should show it. */
export async function titleOf(serviceUrl, id, appName) {
  const answer = await fetch(`${serviceUrl}/v1/tracks/${id}?app_name=${appName}`);
  if (!answer.ok) throw new Error(`the service has no track ${id} (${answer.status})`);
  return (await answer.json()).data.title;
}

/** A trending track other than `not`, for the bound card to switch to. */
async function anotherTrack(serviceUrl, not, appName) {
  const answer = await fetch(`${serviceUrl}/v1/tracks/trending?app_name=${appName}`);
  const track = (await answer.json()).data.find((t) => t.id !== not);
  return { id: track.id, title: track.title };
}

/** page.waitForFunction that says what it waited for. */
async function until(page, what, fn, ...args) {
  try {
    await page.waitForFunction(fn, { timeout: WAIT, polling: 100 }, ...args);
  } catch (error) {
    const state = await page.evaluate(() => document.body?.innerText.slice(0, 400)).catch(() => '(page gone)');
    throw new Error(`gave up waiting for ${what} after ${WAIT / 1000} s (${error.message.split('\n')[0]}); the page says: ${state}`);
  }
}

/** In the page: whether the card bound to the app's state (#bound-card) shows `title`. */
const cardShows = (title) => document.querySelector('#bound-card')?.shadowRoot?.querySelector('[part~="title"]')?.textContent?.trim() === title;

/** Signs in as the demo account in the login popup and authorizes. */
async function authorizeInPopup(browser) {
  const target = await browser.waitForTarget((t) => t.url().includes('/oauth/auth'), { timeout: WAIT }).catch(() => {
    throw new Error('gave up waiting for the login popup on /oauth/auth');
  });
  const popup = await target.page();
  await popup.waitForSelector('#password, button[value="authorize"]', { timeout: WAIT });
  if (await popup.$('#password')) {
    await popup.type('#login', 'demo');
    await popup.type('#password', 'listen-offline');
    await Promise.all([popup.waitForNavigation({ timeout: WAIT }), popup.click('button.primary[type="submit"]')]);
    await popup.waitForSelector('button[value="authorize"]', { timeout: WAIT });
  }
  await popup.click('button[value="authorize"]').catch((error) => {
    if (!/closed|detached|Target/i.test(error.message)) throw error; // the popup closes itself once it has answered
  });
}

/**
 * Opens `url` and checks the example: the trending list shows rows; the card shows the track the
 * app's state names and follows it when #track-id changes; the card's Play makes the player play
 * (#status says "playing"); the login button's popup signs in and the app's handler gets the
 * profile (#signed-in names @demo). `loaded(page, requests)`, if given, runs first, once the page
 * has loaded; `requests` holds the address of every request the page made. Resolves to the
 * console's errors and warnings, for the caller to judge (a framework's dev server adds its own).
 */
export async function checkApp(browser, url, { serviceUrl, appName, log, loaded }) {
  const context = await browser.createBrowserContext(); // no cookies: the login signs in afresh
  const page = await context.newPage();
  const messages = [];
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (m) => {
    // Chromium logs each 404 the card gets while the id is typed key by key ("D", "D7", ...): the service's answer, not the app's error.
    if (['error', 'warn', 'warning'].includes(m.type()) && !/^Failed to load resource/.test(m.text())) messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  try {
    await page.goto(url, { waitUntil: 'load', timeout: WAIT });
    await loaded?.(page, requests);
    await until(page, 'the trending list to show rows', () => document.querySelector('service-trending-list')?.shadowRoot?.querySelectorAll('[part~="item"]').length > 0);
    log('  trending list: rows shown');

    const first = await titleOf(serviceUrl, DEMO_TRACK, appName);
    await until(page, `the card to show "${first}"`, cardShows, first);
    const next = await anotherTrack(serviceUrl, DEMO_TRACK, appName);
    await page.$eval('#track-id', (input) => input.select());
    await page.keyboard.type(next.id); // key by key, as a user types: the card sees every partial id on the way
    await until(page, `the bound card to follow the state to "${next.title}"`, cardShows, next.title);
    log(`  bound card: ${DEMO_TRACK} "${first}" -> ${next.id} "${next.title}"`);

    await page.click('#bound-card >>> [part~="play-button"]');
    await until(page, '#status to say "playing" after the card\'s Play', () => document.querySelector('#status')?.textContent?.trim() === 'playing');
    log('  play: the player plays');

    await page.click('service-login-button >>> #service-login-button');
    await authorizeInPopup(browser);
    await until(page, '#signed-in to name @demo after the login', () => /@demo\b/.test(document.querySelector('#signed-in')?.textContent ?? ''));
    log('  login: the handler got the profile (@demo)');
    return messages;
  } finally {
    await context.close().catch(() => undefined);
  }
}
