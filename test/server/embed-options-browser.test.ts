// The embed options in Chromium against a real service: the colour and the hiding rules of a card
// track embed's page take effect on its element's parts (computed styles, with scripts off, as the
// server rendered it), and a frame with single=0 keeps playing when another embed starts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { startService, type RunningService } from '../../server/service.js';
import { kitBuilt } from '../../server/embed/kit.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];

let service: RunningService;
let dataDir: string;
let browser: Browser;
let trackIds: string[];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-embed-options-browser-'));
  service = await startService({ port: 0, dataDir });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const res = await fetch(`${service.url}/v1/tracks/trending?limit=2&app_name=options-browser-test`);
  trackIds = ((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id);
});

after(async () => {
  await browser?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Shown {
  display: Record<string, string | undefined>;
  play: { background: string; icon: string };
  brand: string;
  titleInset: number;
}

// Page scripts as text: tsx names the functions it compiles (`__name`), which the page lacks.
const READ_PARTS = `(() => {
  const root = document.querySelector('service-track-card').shadowRoot;
  const style = (part) => { const node = root.querySelector('[part~="' + part + '"]'); return node ? getComputedStyle(node) : undefined; };
  const card = root.querySelector('[part~="card"]').getBoundingClientRect();
  const title = root.querySelector('[part~="title"]').getBoundingClientRect();
  return {
    display: Object.fromEntries(['artwork', 'stats', 'artist', 'title', 'share', 'download'].map((p) => [p, style(p)?.display])),
    play: { background: style('play-button').backgroundColor, icon: style('play-button').color },
    brand: getComputedStyle(document.querySelector('.brand svg')).color,
    titleInset: Math.round(title.left - card.left),
  };
})()`;

/** What a user sees of the card's parts: each part's display and the colours that matter. */
const readParts = (page: Page) => page.evaluate<Shown>(READ_PARTS);

describe('embed options in the browser', () => {
  test('color and artwork/stats/user=0 change what the card embed shows', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 520, height: 200 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    try {
      await page.goto(`${service.url}/embed/track/${trackIds[0]}`);
      const plain = await readParts(page);
      for (const part of ['artwork', 'stats', 'artist']) assert.notEqual(plain.display[part], 'none', `${part} shown by default`);
      assert.equal(plain.play.background, 'rgb(106, 20, 184)');
      assert.ok(plain.titleInset > 96, `the title beside the artwork: ${plain.titleInset}`);

      await page.goto(`${service.url}/embed/track/${trackIds[0]}?color=%23ffdd00&artwork=0&stats=0&user=0&share=0&download=0`);
      const shown = await readParts(page);
      assert.equal(shown.play.background, 'rgb(255, 221, 0)', 'the accent on the play button');
      assert.equal(shown.play.icon, 'rgb(23, 16, 31)', 'a dark icon on a light accent');
      assert.equal(shown.brand, 'rgb(255, 221, 0)', "the page's own mark in the accent");
      assert.equal(shown.display.artwork, 'none');
      assert.equal(shown.display.stats, 'none');
      assert.equal(shown.display.artist, 'none');
      assert.equal(shown.display.title, plain.display.title, 'the title stays');
      // Share and download are parts the track card gains in another change: hidden wherever they are.
      for (const part of ['share', 'download']) assert.ok(shown.display[part] === undefined || shown.display[part] === 'none', `${part}: ${shown.display[part]}`);
      assert.ok(shown.titleInset < 20, `without the artwork the title takes its column: ${shown.titleInset}`);

      await page.goto(`${service.url}/embed/track/${trackIds[0]}?color=%23123456&size=tiny&artwork=0&theme=dark`);
      const dark = await readParts(page);
      assert.equal(dark.play.background, 'rgb(18, 52, 86)', 'the accent wins over the dark theme');
      assert.equal(dark.play.icon, 'rgb(255, 255, 255)', 'a white icon on a dark accent');
      assert.equal(dark.display.artwork, 'none', 'over the tiny size\'s own artwork rule');
      assert.deepEqual(errors, [], 'no CSP refusal or other error');
    } finally {
      await context.close();
    }
  });

  test('with every option and scripts on, the card and the playlist hydrate with no console message', { skip: !kitBuilt() && 'the kit is not built (npx vite build --mode cdn)' }, async () => {
    const res = await fetch(`${service.url}/v1/playlists/search?query=a&limit=1&app_name=options-browser-test`);
    const [playlist] = ((await res.json()) as { data: { id: string }[] }).data;
    const all = 't=1:30&color=f50&artwork=0&stats=0&user=0&share=0&download=0&single=0&origin=https://blog.example';
    for (const [tag, path] of [['service-track-card', `track/${trackIds[0]}?${all}`], ['service-playlist', `playlist/${playlist!.id}?${all}&start_track=2`]] as const) {
      const context = await browser.newContext({ viewport: { width: 520, height: 480 } });
      const page = await context.newPage();
      const messages: string[] = [];
      page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
      try {
        await page.goto(`${service.url}/embed/${path}`, { waitUntil: 'load' });
        // Hydrated: the first update done with the embedded data.
        // The kit loads on intent (a pointer over the frame); a function, not a string: the page's CSP refuses eval.
        await page.hover('[data-embed]');
        await page.waitForFunction((name) => {
          const el = document.querySelector(name) as (HTMLElement & { hasUpdated?: boolean; track?: unknown; playlist?: unknown }) | null;
          return !!el?.hasUpdated && (el.track ?? el.playlist) !== undefined;
        }, tag);
        assert.deepEqual(messages, [], `${tag}: no message`);
      } finally {
        await context.close();
      }
    }
  });

  test('single=0: the frame neither pauses the other embeds nor is paused by them', { skip: !kitBuilt() && 'the kit is not built (npx vite build --mode cdn)' }, async () => {
    // Two frames on a page of another origin; the first says single=0.
    const frames = [`${trackIds[0]}?single=0`, trackIds[1]].map((q) => `<iframe src="${service.url}/embed/track/${q}" width="520" height="200" allow="autoplay"></iframe>`);
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Two</title>${frames.join('')}`));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const context = await browser.newContext({ viewport: { width: 1100, height: 300 } });
    try {
      const page = await context.newPage();
      // Counts the pauses asked of any audio, in every frame.
      await page.addInitScript(`{
        const pause = HTMLMediaElement.prototype.pause;
        window.pauses = 0;
        HTMLMediaElement.prototype.pause = function () { window.pauses++; return pause.call(this); };
      }`);
      const address = server.address();
      await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
      await page.frameLocator('iframe').nth(1).locator('service-track-card [part~="play-button"]').waitFor();
      const [single, other] = page.frames().slice(1);
      // A listener on the engines' channel that records what it hears, and the pauses counted then.
      const listen = `{
        const heard = (window.heard = []);
        new BroadcastChannel('service-kit.playback').onmessage = (e) => heard.push({ data: e.data, pauses: window.pauses });
      }`;
      const heard = (frame: typeof single) => frame!.evaluate(() => (window as unknown as { heard: { data: unknown; pauses: number }[] }).heard);

      // It says nothing when it starts: the other frame hears only a marker sent after that start.
      await other!.evaluate(listen);
      await playIn(single!);
      await single!.evaluate(() => new BroadcastChannel('service-kit.playback').postMessage('marker'));
      await other!.waitForFunction(() => (window as unknown as { heard: unknown[] }).heard.length > 0);
      assert.deepEqual((await heard(other)).map((m) => m.data), ['marker'], 'the single=0 frame posted nothing when it started');

      // It does not listen: when the other starts, its engine (had it a channel, opened before this listener) pauses nothing.
      await single!.evaluate(listen);
      const before = await single!.evaluate(() => (window as unknown as { pauses: number }).pauses);
      await playIn(other!);
      await single!.waitForFunction(() => (window as unknown as { heard: unknown[] }).heard.length > 0);
      assert.deepEqual(await heard(single), [{ data: 0, pauses: before }], 'the other frame\'s start paused nothing in the single=0 frame');
      assert.match((await labelIn(single!)) ?? '', /^Pause /, 'the single=0 frame still plays');
    } finally {
      await context.close();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

/** The play button's accessible name in a frame's card. */
const labelIn = (frame: Frame) => frame.locator('service-track-card [part~="play-button"]').getAttribute('aria-label');

/** Clicks Play in a frame's card and waits (the browser's own polling) until it says Pause. */
async function playIn(frame: Frame): Promise<void> {
  await frame.locator('service-track-card [part~="play-button"]').click();
  await frame.waitForFunction(() => /^Pause /.test(document.querySelector('service-track-card')?.shadowRoot?.querySelector('[part~="play-button"]')?.getAttribute('aria-label') ?? ''), undefined, { timeout: 30_000 });
}
