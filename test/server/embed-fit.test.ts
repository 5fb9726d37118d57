// Every embed fits the frame its own oEmbed answer gives it, at every column width a site puts it
// in: each kind × size's oEmbed `html`, pasted into a plain page on another origin, in columns of
// 280 to 800 px, with the catalog's longest title or name. Checked inside each frame, in Chromium:
// the frame's page scrolls neither way, the title is in view, and a list's header and first row
// are in view together. The size table in docs/embeds.md is this test's measurement.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Frame } from 'playwright-core';
import { startService, type RunningService } from '../../server/service.js';
import { encodeId } from '../../server/ids.js';
import { FRAME_SIZES } from '../../server/embed/document.js';
import { EMBED_SIZES, type EmbedSize } from '../../server/embed/kinds.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run'];
const COLUMN_WIDTHS = [280, 342, 390, 520, 800];
const DOCS = new URL('../../docs/embeds.md', import.meta.url);

type Kind = 'track' | 'playlist' | 'album' | 'user';
const KINDS: Kind[] = ['track', 'playlist', 'album', 'user'];
/** The part holding each kind's title, and for lists the header part (the first row is `[part=item]`). */
const PARTS: Record<Kind, { title: string; header?: string }> = {
  track: { title: 'title' },
  playlist: { title: 'name', header: 'header' },
  album: { title: 'name', header: 'header' },
  user: { title: 'name', header: 'tabs' },
};

let service: RunningService;
let dataDir: string;
let browser: Browser;
let host: Server;
let hostUrl: string;
/** Each kind's public path: the item with the catalog's longest title or name. */
const paths = {} as Record<Kind, string>;
/** What was measured: per kind and size, the rows fully in view at each width (lists), or 'fits'. */
const measured = new Map<string, Map<number, string>>();

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-embed-fit-'));
  service = await startService({ port: 0, dataDir });
  const db = service.ctx.db;
  const longest = (sql: string) => encodeId((db.prepare(sql).get() as { id: number }).id);
  const ids: Record<Kind, string> = {
    track: longest('SELECT id FROM tracks ORDER BY length(title) DESC, id LIMIT 1'),
    playlist: longest('SELECT id FROM playlists WHERE is_album = 0 ORDER BY length(playlist_name) DESC, id LIMIT 1'),
    album: longest('SELECT id FROM playlists WHERE is_album = 1 ORDER BY length(playlist_name) DESC, id LIMIT 1'),
    user: longest('SELECT id FROM users ORDER BY length(name) DESC, id LIMIT 1'),
  };
  for (const kind of KINDS) {
    const route = kind === 'track' ? 'tracks' : kind === 'user' ? 'users' : 'playlists';
    const answer = (await (await fetch(`${service.url}/v1/${route}/${ids[kind]}?app_name=fit-test`)).json()) as { data: unknown };
    const item = (Array.isArray(answer.data) ? answer.data[0] : answer.data) as { permalink?: string; handle?: string };
    paths[kind] = kind === 'user' ? `/${item.handle}` : item.permalink!;
    assert.ok(paths[kind], `a public path for the ${kind}`);
  }
  // The embedding site: another origin, a column of the asked width holding the pasted html.
  host = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const width = Number(url.searchParams.get('width'));
    const frames = url.searchParams.getAll('html').map((h, i) => `<div class="slot" data-i="${i}">${h}</div>`).join('\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>A site</title>
<style>body{margin:0;font:16px sans-serif}main{width:${width}px;margin:0 auto}.slot{margin:0 0 16px}</style><main>${frames}</main>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  host?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What a frame's page shows of its element, measured inside the frame. */
async function inside(frame: Frame, parts: { title: string; header?: string }) {
  await frame.waitForFunction(() => document.readyState === 'complete' && !!document.querySelector('[data-embed]')?.shadowRoot);
  return frame.evaluate(({ title, header }) => {
    const page = document.scrollingElement!;
    const root = document.querySelector('[data-embed]')!.shadowRoot!;
    const view = { width: innerWidth, height: innerHeight };
    const inView = (el: Element | null | undefined) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= view.height + 0.5 && r.right <= view.width + 0.5;
    };
    const rows = [...root.querySelectorAll('[part~="item"]')];
    // A row is in view when its scrolling list shows it whole.
    const list = root.querySelector('[part~="list"]');
    const box = list?.getBoundingClientRect();
    const whole = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return box && b.height > 0 && b.top >= Math.max(0, box.top) - 0.5 && b.bottom <= Math.min(view.height, box.bottom) + 0.5;
    }).length;
    return {
      view,
      scrollX: page.scrollWidth > page.clientWidth,
      scrollY: page.scrollHeight > page.clientHeight,
      content: `${page.scrollWidth}×${page.scrollHeight}`,
      title: inView(root.querySelector(`[part~="${title}"]`)),
      header: header ? inView(root.querySelector(`[part~="${header}"]`)) : true,
      firstRow: inView(rows[0]),
      rows: whole,
      brand: inView(document.querySelector('.brand')),
      link: (['href', 'target', 'rel'] as const).map((a) => document.querySelector('.brand')?.getAttribute(a)),
    };
  }, parts);
}

describe('embeds in the frames their oEmbed answers give them', { timeout: 600_000 }, () => {
  for (const width of COLUMN_WIDTHS) {
    test(`a ${width} px column`, async () => {
      const answers: Array<{ kind: Kind; size: EmbedSize; html: string; width: number; height: number }> = [];
      for (const kind of KINDS) {
        for (const size of EMBED_SIZES) {
          const url = encodeURIComponent(service.url + paths[kind]);
          const answer = (await (await fetch(`${service.url}/oembed?url=${url}&size=${size}`)).json()) as { html: string; width: number; height: number };
          const frame = FRAME_SIZES[kind === 'album' ? 'playlist' : kind][size];
          assert.deepEqual([answer.width, answer.height], [frame.width, frame.height], `${kind} ${size}: oEmbed's size is the frame's`);
          answers.push({ kind, size, ...answer });
        }
      }
      const context = await browser.newContext({ viewport: { width: Math.max(width + 40, 400), height: 900 } });
      // tsx keeps function names with a __name helper, also inside the functions evaluated in a frame.
      await context.addInitScript('window.__name = (f) => f');
      const page = await context.newPage();
      const query = answers.map((a) => `html=${encodeURIComponent(a.html)}`).join('&');
      await page.goto(`${hostUrl}/?width=${width}&${query}`);
      const failures: string[] = [];
      for (const [i, { kind, size }] of answers.entries()) {
        const handle = await page.$(`.slot[data-i="${i}"] iframe`);
        await handle!.scrollIntoViewIfNeeded();
        const frame = (await handle!.contentFrame())!;
        const seen = await inside(frame, PARTS[kind]);
        const name = `${kind} ${size} at ${width} px (frame ${seen.view.width}×${seen.view.height}, content ${seen.content})`;
        if (seen.view.width !== Math.min(width, answers[i]!.width)) failures.push(`${name}: the frame is not as wide as the column`);
        if (seen.scrollX) failures.push(`${name}: scrolls sideways`);
        if (seen.scrollY) failures.push(`${name}: scrolls down`);
        if (!seen.title) failures.push(`${name}: the title is not in view`);
        if (!seen.brand) failures.push(`${name}: the "Listen on" link is not in view`);
        assert.deepEqual(seen.link, [service.url + paths[kind], '_blank', 'noopener'], `${name}: the link goes to the item's public page`);
        const list = PARTS[kind].header && size !== 'tiny';
        if (list && !(seen.header && seen.firstRow)) failures.push(`${name}: the header and the first row are not in view together`);
        const key = `${kind} ${size}`;
        if (!measured.has(key)) measured.set(key, new Map());
        measured.get(key)!.set(width, list ? `${seen.rows} ${seen.rows === 1 ? 'row' : 'rows'}` : seen.scrollX || seen.scrollY ? 'overflows' : 'fits');
      }
      await context.close();
      assert.deepEqual(failures, []);
    });
  }

  test('an unknown id: a 404 HTML page in the embed\'s theme that fits the frame', async () => {
    const context = await browser.newContext({ viewport: { width: 600, height: 900 } });
    const page = await context.newPage();
    for (const [kind, size, width] of [['track', 'tiny', 280], ['playlist', 'compact', 342], ['user', 'card', 800]] as const) {
      const frame = FRAME_SIZES[kind][size];
      const answer = await page.request.get(`${service.url}/embed/${kind}/zzzzz?size=${size}&theme=dark`);
      assert.equal(answer.status(), 404);
      assert.match(answer.headers()['content-type']!, /^text\/html/);
      const pasted = `<iframe src="${service.url}/embed/${kind}/zzzzz?size=${size}&theme=dark" width="100%" height="${frame.height}" style="border:0;max-width:${frame.width}px"></iframe>`;
      await page.goto(`${hostUrl}/?width=${width}&html=${encodeURIComponent(pasted)}`);
      const inner = (await (await page.$('iframe'))!.contentFrame())!;
      await inner.waitForSelector('.missing');
      const seen = await inner.evaluate(() => ({
        text: document.querySelector('.missing')!.textContent!.trim(),
        scrolls: document.scrollingElement!.scrollHeight > innerHeight || document.scrollingElement!.scrollWidth > innerWidth,
        background: getComputedStyle(document.querySelector('.missing')!).backgroundColor,
        link: document.querySelector('.brand')?.getAttribute('href'),
        scripts: document.scripts.length,
      }));
      assert.deepEqual(seen, { text: `This ${kind} is not available.`, scrolls: false, background: 'rgb(23, 23, 28)', link: `${service.url}/`, scripts: 0 }, `${kind} ${size} at ${width} px`);
    }
    await context.close();
  });

  test('docs/embeds.md gives the measured table', () => {
    const header = `| embed | size | frame (oEmbed width × height) | ${COLUMN_WIDTHS.map((w) => `${w} px`).join(' | ')} |`;
    const rows = [...measured].map(([key, byWidth]) => {
      const [kind, size] = key.split(' ') as [Kind, EmbedSize];
      const frame = FRAME_SIZES[kind === 'album' ? 'playlist' : kind][size];
      return `| ${kind} | ${size} | ${frame.width} × ${frame.height} | ${COLUMN_WIDTHS.map((w) => byWidth.get(w) ?? '?').join(' | ')} |`;
    });
    const table = [header, `|${'---|'.repeat(3 + COLUMN_WIDTHS.length)}`, ...rows].join('\n');
    const docs = readFileSync(DOCS, 'utf8');
    const start = '<!-- embed-sizes:start -->';
    const end = '<!-- embed-sizes:end -->';
    const [before, rest = ''] = docs.split(start);
    const after = rest.slice(rest.indexOf(end));
    const written = rest.slice(0, rest.indexOf(end)).trim();
    if (process.env.UPDATE_DOCS) writeFileSync(DOCS, `${before}${start}\n${table}\n${after}`);
    else assert.equal(written, table, 'the table in docs/embeds.md (UPDATE_DOCS=1 rewrites it)');
  });
});
