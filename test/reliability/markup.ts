/**
 * Part 6, markup and script in every text field of a loaded catalog: the loader refuses
 * script URLs for images; a service started with `--catalog` on a file whose every text field
 * is a payload (test/reliability/markup-catalog.ts) feeds every element of the CDN build
 * (built now from the sources) in Chromium. Nothing may run (`__hit`, `alert`), no payload
 * may become an element, and the text shows literally.
 *
 *   node --import tsx --test-reporter=spec test/reliability/markup.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadCatalog } from '../../server/catalog/index.js';
import { openMemoryDatabase } from '../../server/db/open.js';
import { encodeId } from '../../server/ids.js';
// @ts-expect-error: a plain .mjs helper without types
import { startService } from '../support/start-service.mjs';
import { markupCatalog, payload, REFUSED_IMAGE_URLS } from './markup-catalog.js';
import { dataDir, quietFor, report, until } from './support.js';

const { catalog, texts } = markupCatalog();
let work: string;
let service: { url: string; stop(): Promise<void> } | undefined;
let pages: Server | undefined;
let browser: Browser | undefined;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' };

/** Serves a page that loads every entry of the CDN build, with `__hit` and the dialogs recording calls. */
async function servePage(cdn: string): Promise<string> {
  const entries = readdirSync(cdn).filter((f) => /^(all|service-[\w-]+)\.js$/.test(f));
  const html = `<!doctype html><meta charset="utf-8"><title>markup</title>
<script>
  window.__name = (f) => f; // tsx keeps function names with a __name helper, also inside page.evaluate
  window.__hits = []; window.__hit = (l) => __hits.push(String(l));
  window.alert = window.confirm = window.prompt = (m) => __hits.push('dialog ' + m);
</script>
<script type="module">for (const f of ${JSON.stringify(entries)}) await import('/cdn/' + f); window.__loaded = true;</script><body></body>`;
  pages = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    const file = join(cdn, path.replace(/^\/cdn\//, ''));
    if (!path.startsWith('/cdn/') || path.includes('..')) return res.writeHead(404).end();
    try {
      res.writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => pages!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(pages.address() as { port: number }).port}/`;
}

/** All text under each element of the body, through shadow roots. */
const deepTexts = (page: Page) =>
  page.evaluate(() => {
    const text = (node: Node): string =>
      node instanceof Element && node.shadowRoot ? text(node.shadowRoot) + [...node.childNodes].map(text).join(' ')
        : node.nodeType === Node.TEXT_NODE ? node.textContent ?? '' : [...node.childNodes].map(text).join(' ');
    // The test's elements, in order: not the kit's live region, which it adds to the body too.
    return [...document.body.children].filter((el) => el.localName.startsWith('service-')).map((el) => text(el));
  });

/** Nodes a payload would have made, anywhere in the page's shadow roots; and images off the service. */
const injectedNodes = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const bad = 'img[src="x"], [onerror], [onload], [ontoggle], [onfocus], iframe, details, math, mglyph, script, body, a[href^="javascript:" i], [id^="xss-"]';
    const walk = (root: ParentNode, where: string) => {
      for (const el of root.querySelectorAll('*')) {
        if (root !== document && el.matches(bad)) found.push(`${where}: <${el.localName}> ${el.outerHTML.slice(0, 80)}`);
        if (el.localName === 'img' && !/^http:\/\/127\.0\.0\.1:\d+\//.test((el as HTMLImageElement).src)) found.push(`${where}: img src ${(el as HTMLImageElement).src}`);
        if (el.shadowRoot) walk(el.shadowRoot, `${where} > ${el.localName}`);
      }
    };
    walk(document, 'page');
    for (const el of document.body.querySelectorAll(':scope > *')) if (el.matches('img, iframe, details, math, a, input')) found.push(`page: <${el.localName}>`);
    return found;
  });

describe('6. markup and script in a loaded catalog', () => {
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'service-reliability-markup-'));
    // The CDN build of the current sources, in a directory of this run's own (dist/ is left alone).
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'cdn', '--outDir', join(work, 'cdn'), '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  });
  after(async () => {
    await browser?.close();
    pages?.close();
    await service?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the loader refuses script and other non-http(s) image URLs, naming the record and field', (t) => {
    let refused = 0;
    for (const [list, field, size] of [['users', 'profile_picture', '150x150'], ['users', 'cover_photo', '640x'], ['tracks', 'artwork', '480x480'], ['playlists', 'artwork', '150x150']] as const) {
      for (const url of REFUSED_IMAGE_URLS) {
        const bad = structuredClone(catalog) as Record<string, Record<string, unknown>[]>;
        bad[list]![1]![field] = { [size]: url };
        assert.throws(() => loadCatalog(openMemoryDatabase(), bad), (e: Error) => e.message.includes(`${list}[1]`) && e.message.includes(field), `${list} ${field} ${url}`);
        refused++;
      }
    }
    report('markup: refused image URLs', `${refused} (${REFUSED_IMAGE_URLS.length} URLs × 4 image fields)`, t.diagnostic.bind(t));
  });

  test('the service refuses such a catalog file at start, with the record named', async () => {
    const bad = structuredClone(catalog) as { users: Record<string, unknown>[] };
    bad.users[0]!.profile_picture = { '150x150': 'javascript:__hit("cli")' };
    const file = join(work, 'refused.json');
    writeFileSync(file, JSON.stringify(bad));
    await assert.rejects(startService({ dataDir: join(work, 'refused-data'), args: ['--catalog', file], timeoutMs: 60_000 }), /exited \(1\)[\s\S]*users\[0\][\s\S]*profile_picture/);
  });

  test('every element renders the payload catalog in Chromium: nothing runs, everything shows as text', async (t) => {
    const catalogFile = join(work, 'markup-catalog.json');
    writeFileSync(catalogFile, JSON.stringify(catalog, null, 1));
    service = await startService({ dataDir: dataDir(), args: ['--catalog', catalogFile] });
    const base = service!.url;
    // Markup in app names too, for the metrics element: requests carrying them.
    const appName = payload('app.name');
    texts.set('app.name', appName);
    for (let i = 0; i < 3; i++) await fetch(`${base}/v1/tracks/trending?app_name=${encodeURIComponent(appName)}`);

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new', '--disable-gpu'] });
    const page = await browser.newPage();
    const outside: string[] = [];
    const pageErrors: string[] = [];
    const dialogs: string[] = [];
    await page.route('**/*', (route) => {
      if (new URL(route.request().url()).hostname === '127.0.0.1') return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    await page.goto(await servePage(join(work, 'cdn')));
    await page.waitForFunction(() => (window as unknown as { __loaded?: boolean }).__loaded, undefined, { timeout: 30_000 });

    // The detector works: a payload put in as HTML (what no element may do) runs at once.
    await page.evaluate((markup) => {
      const div = Object.assign(document.createElement('div'), { id: 'control' });
      div.innerHTML = markup;
      document.body.append(div);
    }, texts.get('u1.name')!);
    await page.waitForFunction(() => (window as unknown as { __hits: string[] }).__hits.length > 0, undefined, { timeout: 30_000 });
    const control = await page.evaluate(() => {
      document.getElementById('control')!.remove();
      return (window as unknown as { __hits: string[] }).__hits.splice(0);
    });
    assert.deepEqual(control, ['u1.name'], 'a payload put in as HTML calls __hit');

    const id = (n: number) => encodeId(n);
    const x = (label: string) => texts.get(label)!;
    type Spec = [tag: string, attributes: Record<string, string>, shows: string[]];
    // Each element, its attributes, and payload texts it must show literally.
    const elements: Spec[] = [
      ...[1, 2, 3, 4].map((n): Spec => ['service-track-card', { 'track-id': id(n) }, [x(`t${n}.title`), x(`t${n}.genre`), x(`t${n}.mood`), x(`t${n}.tag0`)]]),
      ['service-trending-list', { time: 'allTime', controls: '' }, [x('t1.title'), x('t2.title'), x('t3.title'), x('t4.title')]],
      ['service-trending-list', { time: 'allTime', genre: x('t2.genre'), controls: '' }, [x('t2.title'), x('t2.genre')]],
      ['service-search', { type: 'tracks', value: 'title', debounce: '0' }, [x('t1.title')]],
      ['service-search', { type: 'users', value: 'xss', debounce: '0' }, [x('u1.name')]],
      ['service-search', { type: 'playlists', value: 'name', debounce: '0' }, [x('p1.name')]],
      ['service-user-card', { 'user-id': id(1), tab: 'tracks' }, [x('u1.name'), x('u1.bio'), x('u1.location'), x('t1.title')]],
      ['service-user-card', { 'user-id': id(1), tab: 'favorites' }, [x('t2.title'), x('t3.title')]],
      ['service-user-card', { 'user-id': id(1), tab: 'reposts' }, [x('t4.title')]],
      ['service-user-card', { 'user-id': id(2) }, [x('u2.name'), x('u2.bio'), x('u2.location'), x('t2.title')]],
      ['service-user-card', { 'user-id': id(3) }, [x('u3.name'), x('u3.bio'), x('u3.location'), x('t3.title')]],
      ['service-playlist', { 'playlist-id': id(1) }, [x('p1.name'), x('p1.description'), x('t2.title')]],
      ['service-playlist', { 'playlist-id': id(2) }, [x('p2.name'), x('p2.description'), x('t4.title')]],
      ['service-audio-player', { 'track-id': id(3) }, [x('t3.title')]],
      ['service-app-metrics', { 'time-range': 'week', view: 'table' }, [appName]],
      ['service-app-metrics', { 'time-range': 'week', view: 'chart' }, []],
      ['service-login-button', { 'custom-text': x('u2.bio') }, [x('u2.bio')]],
    ];
    const kinds = [...new Set(elements.map(([tag]) => tag))];
    const defined = await page.evaluate((tags) => tags.filter((tag) => customElements.get(tag)), kinds);
    assert.deepEqual(defined, kinds, 'every element is defined by the CDN build');
    await page.evaluate(
      async ({ list, host }) => {
        for (const [tag, attrs] of list) {
          const el = document.createElement(tag);
          for (const [k, v] of Object.entries({ host, 'app-name': 'markup', ...attrs })) el.setAttribute(k, v);
          document.body.append(el);
        }
        // Open the search boxes' result lists, as a click would, once they have rendered.
        for (const el of document.querySelectorAll('service-search')) {
          await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
          el.shadowRoot?.querySelector<HTMLInputElement>('input[role="combobox"]')?.click();
        }
      },
      { list: elements.map(([tag, attrs]) => [tag, attrs] as const), host: base },
    );

    const missing = async () =>
      (await deepTexts(page)).flatMap((shown, i) => elements[i]![2].filter((want) => !shown.includes(want)).map((want) => `${elements[i]![0]} ${JSON.stringify(elements[i]![1])}: ${want.slice(0, 60)}`));
    let left = await missing();
    await until(async () => (left = await missing()).length === 0, () => `every element to show its texts; missing: ${left.join('; ')}`);
    await quietFor(1000); // nothing happens within: time for any payload's handler to fire

    const injected = await injectedNodes(page);
    const hits = await page.evaluate(() => (window as unknown as { __hits: string[] }).__hits);
    const shown = (await deepTexts(page)).join('\n');
    const unseen = [...texts].filter(([, text]) => !shown.includes(text)).map(([label]) => label);
    const images = JSON.stringify(catalog).match(/\/images\/[^"]*\\"/g)?.length ?? 0;
    const log = t.diagnostic.bind(t);
    const sizes = ['users', 'tracks', 'playlists'].map((k) => `${(catalog[k] as unknown[]).length} ${k}`).join(', ');
    report('markup: catalog', `${texts.size} text fields with payloads (${sizes}), markup in ${images} image paths`, log);
    report('markup: elements rendered', `${elements.length} (${defined.length} kinds: ${defined.join(', ')})`, log);
    report('markup: payload texts shown literally', `${texts.size - unseen.length} of ${texts.size}${unseen.length ? ` (no element shows ${unseen.join(', ')})` : ''}`, log);
    report('markup: scripts run / dialogs / injected nodes / page errors / requests off 127.0.0.1', `${hits.length} / ${dialogs.length} / ${injected.length} / ${pageErrors.length} / ${outside.length}`, log);
    assert.deepEqual(hits, [], 'payload code ran');
    assert.deepEqual(dialogs, []);
    assert.deepEqual(injected, []);
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(outside, []);
    assert.deepEqual(left, [], 'texts that never showed literally');
  });
});
