/**
 * `npm run test:visual`: every element and state (test/visual/page.ts) at 390 and 1280 px, light
 * and dark, left to right (en) and right to left (ar), shot in Debian's Chromium against the
 * reference service on a fresh catalog, and compared with test/visual/baselines/*.png (compare.ts).
 * A shot that differs writes <name>.actual.png and <name>.diff.png to test/visual/failures/.
 * One page per width × theme × direction holds all the shots, plus one in forced colours (1280 px,
 * light, ltr): 9 page loads.
 *
 *   npm run test:visual                       compare; exits 1 on a difference
 *   npm run test:visual -- --update           write the shots as the new baselines
 *   npm run test:visual -- --only track-card  only the shots whose name starts so
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startService } from '../../server/service.js';
import { DEMO, findSamples } from '../../demo/presets.js';
import { ROOT, fileUnder, serveStatic } from '../../scripts/start.js';
import { ensureCdnBuild } from '../../scripts/ensure-cdn.mjs';
import { DIRS, THEMES, WIDTHS, pageHtml, pageSettled, shotBoxes, shotFile, type Dir, type PageData, type Theme } from './page.js';
import { compare } from './compare.js';

const BASELINES = join(ROOT, 'test/visual/baselines');
const FAILURES = join(ROOT, 'test/visual/failures');
const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--force-color-profile=srgb', '--hide-scrollbars'];
/** Most time a page gets to draw every element; a busy machine takes a few seconds. */
const SETTLE_TIMEOUT_MS = 30_000;
/** Space kept around each element in its shot. */
const PAD = 8;
/** App names with fixed counts, so the metrics chart is the same on every run (the run's own requests stay far below). */
const METRICS = { 'radio-garden': 48_200, mixtape: 31_750, 'night-drive': 18_400, 'studio-notes': 9_120, 'loop-lab': 4_300 };

/** A host on a free loopback port answering every request with `answer` (never, for the held loading state). */
async function fakeHost(answer?: { status: number; body: string }): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    if (!answer) return; // held open: the element keeps loading
    res.writeHead(answer.status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
    res.end(answer.body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { update: { type: 'boolean', default: false }, only: { type: 'string' } }, strict: true });
  const started = performance.now();
  await ensureCdnBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'service-visual-'));
  const service = await startService({ port: 0, dataDir });
  const hanging = await fakeHost();
  const failing = await fakeHost({ status: 503, body: JSON.stringify({ code: 503, error: 'Service Unavailable', message: 'The host is down for maintenance.' }) });
  const today = Math.floor(Date.now() / 86_400_000);
  const insert = service.ctx.db.prepare('INSERT INTO app_name_requests (app_name, day, count) VALUES (?, ?, ?)');
  for (const [name, count] of Object.entries(METRICS)) insert.run(name, today, count);

  const samples = await findSamples(service.url);
  const data: PageData = { serviceUrl: service.url, hangingUrl: hanging.url, failingUrl: failing.url, ...samples };
  const user = (await (await fetch(`${service.url}/v1/users/${DEMO.userId}?app_name=visual-check`)).json()) as { data: { name: string; handle: string; profile_picture: Record<string, string> | null } };
  const profile = { userId: DEMO.userId, sub: DEMO.userId, email: DEMO.login, name: user.data.name, handle: user.data.handle, verified: false, profilePicture: user.data.profile_picture, apiKey: DEMO.apiKey, iat: '0' };

  // A real server, not a routed response: Chromium lets only a loopback page reach the loopback service.
  const pages = await serveStatic(0, (path) => {
    if (path.startsWith('/dist/cdn/')) return fileUnder(join(ROOT, 'dist/cdn'), path.slice('/dist/cdn'.length));
    const page = /^\/visual\/(light|dark)-(ltr|rtl)\.html$/.exec(path);
    return page ? { body: pageHtml(data, page[1] as Theme, page[2] as Dir), type: 'text/html; charset=utf-8' } : undefined;
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const failed: string[] = [];
  const problems: string[] = [];
  let count = 0;
  /** The largest difference of a shot that passed, and its name: how close the run came to the tolerance. */
  let closest = { differing: 0, name: '' };
  try {
    mkdirSync(BASELINES, { recursive: true });
    rmSync(FAILURES, { recursive: true, force: true });
    // Every width × theme × direction, and one page in forced colours (Windows' high contrast), where pressed states and button edges must show.
    const runs: { width: number; theme: Theme; dir: Dir; forced?: true }[] = WIDTHS.flatMap((width) =>
      (Object.keys(THEMES) as Theme[]).flatMap((theme) => (Object.keys(DIRS) as Dir[]).map((dir) => ({ width, theme, dir }))));
    runs.push({ width: 1280, theme: 'light', dir: 'ltr', forced: true });
    for (const { width, theme, dir, forced } of runs) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, colorScheme: theme, reducedMotion: 'reduce', forcedColors: forced ? 'active' : 'none' });
      // tsx names functions with a `__name` helper that the page lacks: the page's functions below need one.
      await context.addInitScript('globalThis.__name = (fn) => fn;');
      const page = await context.newPage();
      page.on('pageerror', (e) => problems.push(`${width} ${theme} ${dir}: ${e.message}`));
      await page.goto(`${pages.url}/visual/${theme}-${dir}.html`);
      await page.evaluate(async (profile) => {
        await customElements.whenDefined('service-login-button');
        Object.assign(document.querySelector('[data-name="login-button-signed-in"] > *')!, { signedIn: profile });
        await (document.querySelector('[data-name="login-button-signed-in"] > *') as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      }, profile);
      // After the sign-in, which moves the focus to Sign out: typing in the search takes it, and the results stay open.
      await page.locator('[data-name="search"] service-search').getByRole('combobox').fill('the');
      await page.waitForFunction(pageSettled, undefined, { timeout: SETTLE_TIMEOUT_MS, polling: 100 });
      // A fresh loading card: the kit gives up on the hanging host after 10 s, and a busy machine can take that long to settle the page.
      await page.evaluate(() => {
        const box = document.querySelector('[data-name="track-card-loading"]')!;
        box.replaceChildren(box.firstElementChild!.cloneNode());
      });
      await page.waitForFunction(pageSettled, undefined, { timeout: SETTLE_TIMEOUT_MS, polling: 100 });
      const boxes = await page.evaluate(shotBoxes, PAD);
      for (const [name, clip] of Object.entries(boxes)) {
        if (values.only && !name.startsWith(values.only)) continue;
        const file = `${shotFile(name, width, theme, dir)}${forced ? '-forced-colors' : ''}`;
        const shot = await page.screenshot({ clip, fullPage: true, animations: 'disabled', caret: 'hide' });
        count++;
        const baseline = join(BASELINES, `${file}.png`);
        if (values.update || !existsSync(baseline)) {
          writeFileSync(baseline, shot);
          if (!values.update) failed.push(`${file}: no baseline; written (review and commit it)`);
          continue;
        }
        const result = compare(shot, readFileSync(baseline));
        if (result.differing <= result.allowed) {
          if (result.differing > closest.differing) closest = { differing: result.differing, name: `${file} (${result.allowed} allowed)` };
          continue;
        }
        mkdirSync(FAILURES, { recursive: true });
        writeFileSync(join(FAILURES, `${file}.actual.png`), shot);
        if (result.diff) writeFileSync(join(FAILURES, `${file}.diff.png`), result.diff);
        failed.push(`${file}: ${result.sizeChanged ? 'size changed, ' : ''}${result.differing} pixels differ (${result.allowed} allowed)`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await pages.close();
    for (const host of [hanging, failing]) host.server.close().closeAllConnections();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const problem of problems) console.warn(`page error: ${problem}`);
  if (values.update) {
    console.log(`visual check: wrote ${count} baselines to ${relative(ROOT, BASELINES)}/ in ${seconds} s`);
    return 0;
  }
  for (const line of failed) console.error(`  ✗ ${line}`);
  if (failed.length) console.error(`visual check: ${failed.length} of ${count} shots differ; the shots and diffs are in ${relative(ROOT, FAILURES)}/ (npm run test:visual -- --update takes them as the baselines)`);
  else console.log(`visual check: ${count} shots match their baselines (${seconds} s; most differing pixels: ${closest.differing}${closest.name ? `, ${closest.name}` : ''})`);
  return failed.length || problems.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`visual check: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
