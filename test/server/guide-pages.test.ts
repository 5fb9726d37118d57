// Every HTML block of docs/guide.md runs as a reader pastes it: each on a page of its own origin
// (a static server standing in for `python3 -m http.server 8000`), loading the CDN files from the
// demo server `npm start` runs and talking to the reference service, in Chromium. Only the ports
// change (and, in the real-host blocks, the CDN, the host list and the key point at the local ones).
// A block with a card shows its title, one with the trending list its rows, one with a login
// button signs the demo account in through the service's popup; no block logs an error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveStatic, startDemoServer, CONTENT_TYPES, type StaticServer } from '../../scripts/start.js';
import { ensureCdnBuild } from '../../scripts/ensure-cdn.mjs';
import { startService, type RunningService } from '../../server/service.js';
import { DEMO_ACCOUNT, DEMO_APP } from '../../server/auth/index.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run'];
const guide = readFileSync(join(import.meta.dirname, '../../docs/guide.md'), 'utf8');

/** The guide's HTML blocks, each with the file its first line names (`<!-- callback.html: … -->`), else index.html. */
const blocks = [...guide.matchAll(/^```html\n([\s\S]*?)^```$/gm)].map(([, body], index) => ({
  index,
  body: body!,
  file: /^<!--\s*([\w-]+\.html)\b/.exec(body!)?.[1] ?? 'index.html',
  line: guide.slice(0, guide.indexOf(body!)).split('\n').length,
}));
/** The code flow's redirect page: served beside every page, as it sits in the reader's folder. */
const callback = blocks.find((b) => b.file === 'callback.html');

let service: RunningService;
let demo: StaticServer;
let site: StaticServer;
let dataDir: string;
let browser: Browser;
let pages: Record<string, string> = {};

/** What a local reader changes: the ports; and for the real-host blocks, the hosts and the key. */
function local(html: string): string {
  return html
    .replaceAll('https://cdn.example/service-kit@0.1', demo.url)
    .replaceAll('https://service.example/', `${service.url}/`)
    .replaceAll('YOUR_API_KEY', DEMO_APP.apiKey)
    .replaceAll('http://127.0.0.1:7701', demo.url)
    .replaceAll('http://127.0.0.1:7700', service.url)
    .replaceAll('http://127.0.0.1:8000', site.url);
}

before(async () => {
  await ensureCdnBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'service-guide-pages-'));
  service = await startService({ port: 0, dataDir });
  demo = await startDemoServer(0, service.url);
  site = await serveStatic(0, (path) => {
    const body = pages[path.slice(1) || 'index.html'];
    return body === undefined ? undefined : { body, type: CONTENT_TYPES['.html']! };
  });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await site?.close();
  await demo?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Opens `page` (a file of `pages`) in a fresh context; records errors and the login events. */
async function open(file: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  // A failed request is named by its URL; the browser's own /favicon.ico ask is not the page's.
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
  context.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${r.status()} ${r.url()}`));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    const log = window as unknown as { profile?: unknown; loginError?: unknown };
    document.addEventListener('service-login-success', (e) => (log.profile = (e as CustomEvent).detail.profile));
    document.addEventListener('service-login-error', (e) => (log.loginError = (e as CustomEvent).detail.reason));
  });
  await page.goto(`${site.url}/${file}`, { waitUntil: 'load' });
  return { context, page, errors };
}

/** Clicks the page's login button and signs the demo account in, in the service's popup; gives the popup. */
async function signIn(page: Page, errors: string[]) {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.locator('service-login-button button').click()]);
  popup.on('console', (m) => m.type() === 'error' && errors.push(`popup: ${m.text()}`));
  await popup.waitForURL((url) => url.origin === service.url && /\/oauth\/auth$/.test(url.pathname));
  await popup.fill('#login', DEMO_ACCOUNT.handle);
  await popup.fill('#password', DEMO_ACCOUNT.password);
  await Promise.all([popup.waitForNavigation(), popup.click('button.primary[type="submit"]')]);
  await popup.click('button[value="authorize"]');
  return popup;
}

test('the guide has runnable HTML: the quick start (local and real hosts), the login, the code flow and its redirect page', () => {
  assert.ok(blocks.length >= 8, `${blocks.length} HTML blocks`);
  assert.ok(callback && /sdk\.iife\.js/.test(callback.body) && !/import\s/.test(callback.body), 'the redirect page loads the CDN file alone');
  assert.ok(blocks.some((b) => b.body.includes('LOCAL') && b.body.includes(DEMO_APP.apiKey)), 'the local quick start has the whole demo key');
  assert.ok(blocks.some((b) => b.body.includes('REAL HOSTS')), 'the real-host variant is beside it');
  for (const file of ['all.js', 'all-hydrate.js']) {
    assert.match(readFileSync(join(import.meta.dirname, '../../dist/cdn', file), 'utf8'), /export\{\w+ as registerTranslation\}/, `${file} exports registerTranslation`);
  }
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const quickStart = blocks.find((b) => b.body.includes('LOCAL'))!.body;
  assert.ok(readme.includes(`\`\`\`html\n${quickStart}\`\`\``), "README's quick start is the guide's, character for character");
});

for (const block of blocks.filter((b) => b !== callback)) {
  test(`docs/guide.md line ${block.line}: ${block.body.split('\n')[0]!.slice(0, 70)}`, async () => {
    pages = { [block.file]: local(block.body), ...(callback && { 'callback.html': local(callback.body) }) };
    const { context, page, errors } = await open(block.file);
    try {
      const shadowText = (tag: string, selector: string) =>
        page.waitForFunction(([t, s]) => document.querySelector(t!)?.shadowRoot?.querySelector(s!)?.textContent?.trim(), [tag, selector] as const);
      if (block.body.includes('<service-track-card')) await shadowText('service-track-card', '[part~="title"]');
      if (block.body.includes('<service-trending-list')) await shadowText('service-trending-list', '[part~="item"]');
      if (block.body.includes('registerTranslation(')) {
        await page.waitForFunction(() => document.querySelector('service-trending-list')?.shadowRoot?.querySelector('[aria-label$="afspelen"]'));
      }
      if (block.body.includes('<service-provider')) {
        // The stack of 640, 520 and 720 px elements with no gap: each element now starts a gap below the last.
        const gaps = await page.evaluate(() => {
          const boxes = [...document.querySelector('service-provider')!.children].map((el) => el.getBoundingClientRect());
          return boxes.slice(1).map((box, i) => Math.round(box.top - boxes[i]!.bottom));
        });
        assert.ok(gaps.length > 0 && gaps.every((gap) => gap >= 16), `gaps between the elements: ${gaps}`);
      }
      if (/<service-login-button|renderButton\(/.test(block.body)) {
        const popup = await signIn(page, errors);
        const profile = await page.waitForFunction(() => (window as unknown as { profile?: { handle: string } }).profile);
        assert.equal(((await profile.jsonValue()) as { handle: string }).handle, DEMO_ACCOUNT.handle);
        if (block.body.includes('flow="code"')) await (popup.isClosed() || popup.waitForEvent('close'));
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('a code-flow popup stuck on a redirect page that never answers ends, once closed, in service-login-error "closed", the button ready', async () => {
  const codePage = blocks.find((b) => b.body.includes('flow="code"'));
  assert.ok(codePage, 'the guide has a code-flow page');
  pages = { 'index.html': local(codePage.body).replace('/callback.html', '/stuck.html'), 'stuck.html': '<!doctype html><title>Stuck</title><p>No script here.</p>' };
  const { context, page, errors } = await open('index.html');
  try {
    const popup = await signIn(page, errors);
    await popup.waitForURL(/\/stuck\.html/);
    await popup.close();
    const reason = await page.waitForFunction(() => (window as unknown as { loginError?: string }).loginError);
    assert.equal(await reason.jsonValue(), 'closed');
    assert.equal(await page.locator('service-login-button button').isEnabled(), true);
  } finally {
    await context.close();
  }
});
