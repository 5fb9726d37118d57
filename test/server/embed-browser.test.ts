// The embed pages and a page with a login button from service-kit/ssr, in Chromium against a real
// service: readable with scripts off; with scripts on, hydrated in place on intent (the parsed nodes kept,
// the same height), with no data request and no console message, and working (it plays, it logs in).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startService, type RunningService } from '../../server/service.js';
import { DEMO_ACCOUNT, DEMO_APP } from '../../server/auth/index.js';
import { renderToString } from '../../src/node/ssr.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];

let service: RunningService;
let dataDir: string;
let browser: Browser;

type Named = { id: string; title?: string; playlist_name?: string; name?: string; user?: { id: string; name: string } };
const api = async <T>(path: string): Promise<T> =>
  ((await (await fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}app_name=embed-test`)).json()) as { data: T }).data;

/** What each embed page must show: the element, and the parts holding its title, artist and artwork. */
interface Case {
  name: string;
  path: string;
  tag: string;
  title: string;
  artist: string;
  parts: { title: string; artist: string; artwork: string; play?: string };
}
const cases: Case[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-embed-browser-'));
  service = await startService({ port: 0, dataDir });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const [track] = await api<Named[]>('/tracks/trending?limit=1');
  const [playlist] = await api<Named[]>('/playlists/search?query=a&limit=1');
  const user = await api<Named>(`/users/${track!.user!.id}`);
  for (const size of ['card', 'compact', 'tiny']) {
    cases.push({
      name: `track, ${size}`, path: `/embed/track/${track!.id}?size=${size}`, tag: 'service-track-card', title: track!.title!, artist: track!.user!.name,
      parts: { title: 'title', artist: 'artist', artwork: 'artwork', play: 'play-button' },
    });
    cases.push({
      name: `playlist, ${size}`, path: `/embed/playlist/${playlist!.id}?size=${size}&theme=dark`, tag: 'service-playlist', title: playlist!.playlist_name!,
      artist: playlist!.user!.name, parts: { title: 'name', artist: 'owner', artwork: 'artwork', play: 'play-all' },
    });
  }
  cases.push({ name: 'user, card', path: `/embed/user/${user.id}`, tag: 'service-user-card', title: user.name!, artist: `@`, parts: { title: 'name', artist: 'handle', artwork: 'avatar' } });
});

after(async () => {
  await browser?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A page in a fresh context; records the console, page errors, and the data requests (the API but its streams). */
async function open(javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page; messages: string[]; dataRequests: string[]; streams: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 700, height: 900 } });
  const page = await context.newPage();
  const messages: string[] = [];
  const dataRequests: string[] = [];
  const streams: string[] = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/stream')) streams.push(url.pathname);
    else if (url.pathname.startsWith('/v1/')) dataRequests.push(url.pathname + url.search);
  });
  return { context, page, messages, dataRequests, streams };
}

/** An init script: once the parser is done and before the deferred scripts run, `tag`'s parts (nodes) and height. */
const recordParsed = (tag: string) => `document.addEventListener('readystatechange', () => {
  if (document.readyState !== 'interactive') return;
  const el = document.querySelector(${JSON.stringify(tag)});
  window.__parsed = { height: el.getBoundingClientRect().height, nodes: [...el.shadowRoot.querySelectorAll('[part]')] };
});`;

/** The text of a part in `tag`'s shadow root, whether it is shown, and (for an image) whether it loaded. */
function readPart(page: Page, tag: string, part: string) {
  return page.evaluate(
    ([tag, part]) => {
      const node = document.querySelector(tag!)?.shadowRoot?.querySelector<HTMLElement>(`[part~="${part}"]`);
      if (!node) return undefined;
      const box = node.getBoundingClientRect();
      const image = node instanceof HTMLImageElement ? node.complete && node.naturalWidth > 0 : undefined;
      return { text: node.textContent!.trim(), shown: box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden', image };
    },
    [tag, part] as const,
  );
}

describe('embed pages', () => {
  test('with scripts off, every embed page shows its title, artist and artwork', async () => {
    const { context, page, messages } = await open(false);
    try {
      for (const c of cases) {
        await page.goto(service.url + c.path, { waitUntil: 'load' });
        const title = await readPart(page, c.tag, c.parts.title);
        const artist = await readPart(page, c.tag, c.parts.artist);
        const artwork = await readPart(page, c.tag, c.parts.artwork);
        assert.ok(title?.shown && title.text.includes(c.title), `${c.name}: title ${JSON.stringify(title)}`);
        assert.ok(artist?.shown && artist.text.includes(c.artist), `${c.name}: artist ${JSON.stringify(artist)}`);
        assert.ok(artwork?.shown && artwork.image, `${c.name}: artwork ${JSON.stringify(artwork)}`);
      }
      assert.deepEqual(messages, []);
    } finally {
      await context.close();
    }
  });

  test('with scripts on, each hydrates in place with no data request and no console message, and plays', async () => {
    for (const c of cases) {
      const { context, page, messages, dataRequests, streams } = await open(true);
      try {
        await page.addInitScript(recordParsed(c.tag));
        await page.goto(service.url + c.path, { waitUntil: 'load' });
        // The kit loads on intent: a pointer over the frame.
        assert.equal(await page.evaluate((tag) => customElements.get(tag), c.tag), undefined, `${c.name}: no element defined before an intent`);
        await page.hover(c.tag);
        // Hydrated: the first update done and the data task complete (its value is the embedded data).
        await page.waitForFunction((tag) => {
          const el = document.querySelector(tag) as HTMLElement & { hasUpdated?: boolean; updateComplete?: Promise<boolean>; track?: unknown; playlist?: unknown; user?: unknown };
          return el?.hasUpdated && (el.track ?? el.playlist ?? el.user) !== undefined;
        }, c.tag);
        const kept = await page.evaluate((tag) => {
          const parsed = (window as unknown as { __parsed: { height: number; nodes: Element[] } }).__parsed;
          const el = document.querySelector(tag)!;
          const now = [...el.shadowRoot!.querySelectorAll('[part]')];
          return { parsed: parsed.nodes.length, same: parsed.nodes.every((n, i) => n === now[i]) && now.length === parsed.nodes.length, before: parsed.height, after: el.getBoundingClientRect().height };
        }, c.tag);
        assert.ok(kept.parsed > 0 && kept.same, `${c.name}: the parsed nodes are the hydrated ones ${JSON.stringify(kept)}`);
        assert.equal(kept.after, kept.before, `${c.name}: the height is unchanged by hydration`);
        const title = await readPart(page, c.tag, c.parts.title);
        assert.ok(title?.text.includes(c.title), `${c.name}: title after hydration`);
        if (c.parts.play) {
          await Promise.all([page.waitForRequest((r) => r.url().includes('/stream')), page.locator(`${c.tag} [part~="${c.parts.play}"]`).click()]);
          assert.ok(streams.length > 0, `${c.name}: a stream request after Play`);
          if (c.tag === 'service-track-card') {
            await page.waitForFunction((tag) => /^Pause /.test(document.querySelector(tag)!.shadowRoot!.querySelector('[part~="play-button"]')!.getAttribute('aria-label') ?? ''), c.tag);
          }
        }
        assert.deepEqual(dataRequests, [], `${c.name}: no data request`);
        assert.deepEqual(messages, [], `${c.name}: no console message`);
      } finally {
        await context.close();
      }
    }
  });
});

describe('a login button from service-kit/ssr', () => {
  let server: Server;
  let pageUrl: string;

  before(async () => {
    const button = await renderToString('service-login-button', { 'full-width': true }, { appName: 'ssr-test', apiKey: DEMO_APP.apiKey, host: service.url });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SSR login</title>
<link rel="icon" href="data:,"><script type="module" src="${service.url}/embed/kit.js"></script></head>
<body><main style="max-width:320px">${button}</main></body></html>`;
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    pageUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });

  after(() => new Promise<void>((done) => server?.close(() => done())));

  test('is on screen before any script runs', async () => {
    const { context, page, messages } = await open(false);
    try {
      await page.goto(pageUrl, { waitUntil: 'load' });
      const button = page.getByRole('button', { name: 'Continue with Service' });
      const box = await button.boundingBox();
      assert.ok(box && box.width >= 300 && box.height >= 24, `the button is drawn: ${JSON.stringify(box)}`);
      assert.deepEqual(messages, []);
    } finally {
      await context.close();
    }
  });

  test('hydrates in place, then logs in', async () => {
    const { context, page, messages, dataRequests } = await open(true);
    try {
      await page.addInitScript(recordParsed('service-login-button'));
      await page.goto(pageUrl, { waitUntil: 'load' });
      await page.waitForFunction(() => (document.querySelector('service-login-button') as HTMLElement & { hasUpdated?: boolean })?.hasUpdated);
      const same = await page.evaluate(() => {
        const parsed = (window as unknown as { __parsed: { nodes: Element[] } }).__parsed.nodes;
        const now = [...document.querySelector('service-login-button')!.shadowRoot!.querySelectorAll('[part]')];
        return parsed.length > 0 && parsed.length === now.length && parsed.every((n, i) => n === now[i]);
      });
      assert.ok(same, 'the parsed button is the hydrated one');
      await page.evaluate(() => {
        document.addEventListener('service-login-success', (e) => ((window as unknown as { profile: unknown }).profile = (e as CustomEvent).detail.profile));
      });
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Continue with Service' }).click()]);
      await popup.waitForLoadState('domcontentloaded');
      assert.match(popup.url(), /\/oauth\/auth\?/);
      await popup.fill('#login', DEMO_ACCOUNT.handle);
      await popup.fill('#password', DEMO_ACCOUNT.password);
      await Promise.all([popup.waitForNavigation(), popup.click('button.primary[type="submit"]')]);
      await popup.click('button[value="authorize"]');
      const profile = await page.waitForFunction(() => (window as unknown as { profile?: { handle: string } }).profile);
      assert.equal(((await profile.jsonValue()) as { handle: string }).handle, DEMO_ACCOUNT.handle);
      assert.deepEqual(messages, []);
      assert.ok(dataRequests.every((r) => r.startsWith('/v1/users/verify_token')), `only the login's own request: ${dataRequests}`);
    } finally {
      await context.close();
    }
  });
});

describe('two embeds on one page', () => {
  test('play one at a time: starting one pauses the other', async () => {
    const [a, b] = await api<Named[]>('/tracks/trending?limit=2');
    const frames: string[] = [];
    for (const track of [a!, b!]) {
      const publicUrl = (await api<{ permalink?: string }>(`/tracks/${track.id}`)).permalink;
      const answer = (await (await fetch(`${service.url}/oembed?url=${encodeURIComponent(service.url + publicUrl)}&format=json&maxwidth=400`)).json()) as { html: string };
      frames.push(answer.html.replace(' loading="lazy"', ''));
    }
    // The oEmbed answers' frames, as a site pastes them, on a page of another origin.
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two embeds</title><link rel="icon" href="data:,"></head><body>${frames.join('')}</body></html>`;
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { context, page, messages } = await open(true);
    try {
      const address = server.address();
      await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, { waitUntil: 'load' });
      const button = (n: number) => page.frameLocator('iframe').nth(n).locator('service-track-card [part~="play-button"]');
      const label = (n: number) => button(n).getAttribute('aria-label');
      await button(0).click();
      await waitForLabel(() => label(0), /^Pause /, 'the first embed to play');
      await button(1).click();
      await waitForLabel(() => label(1), /^Pause /, 'the second embed to play');
      await waitForLabel(() => label(0), /^Play /, 'the first embed to pause');
      assert.deepEqual(messages, []);
    } finally {
      await context.close();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

/** Polls `read` (an accessible name) until it matches `pattern`, or fails naming `what` and the last name after 30 s. */
async function waitForLabel(read: () => Promise<string | null>, pattern: RegExp, what: string): Promise<void> {
  let last: string | null = null;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    if (pattern.test((last = await read()) ?? '')) return;
  }
  assert.fail(`waited 30 s for ${what}: the button says ${JSON.stringify(last)}`);
}

describe('the demo oEmbed page', () => {
  test('a pasted public URL shows its oEmbed preview: the embed page in an iframe, the title and the author', async () => {
    const { startDemoServer } = await import('../../scripts/start.js');
    const demo = await startDemoServer(0, service.url);
    const { context, page, messages } = await open(true);
    try {
      const [track] = await api<Named[]>('/tracks/trending?limit=1');
      const user = await api<Named & { handle: string }>(`/users/${track!.user!.id}`);
      await page.goto(`${demo.url}/demo/oembed.html`);
      await page.getByLabel('Public URL').fill(`${service.url}/${user.handle}`);
      await page.getByLabel('Size').selectOption('compact');
      await page.getByRole('button', { name: 'Preview' }).click();
      const frame = page.frameLocator('#oembed-frame iframe');
      await frame.locator('service-user-card').waitFor();
      const src = await page.locator('#oembed-frame iframe').getAttribute('src');
      assert.equal(src, `${service.url}/embed/user/${user.id}?size=compact`);
      assert.equal(await page.locator('#oembed-title').textContent(), user.name);
      assert.equal(await page.locator('#oembed-author').getAttribute('href'), `${service.url}/${user.handle}`);
      await page.getByLabel('Public URL').fill(`${service.url}/${user.handle}/no-such-track`);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByText(/No preview: 404/).waitFor();
      assert.ok(await page.locator('#oembed-preview').isHidden());
      assert.deepEqual(messages.filter((m) => !/404 \(Not Found\)/.test(m)), []);
    } finally {
      await context.close();
      await demo.close();
    }
  });
});
