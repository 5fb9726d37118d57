/**
 * `npm run screenshots`: a PNG of every element, light and dark, cropped to the element, in
 * docs/screenshots/<tag>-<light|dark>.png; the same in a phone's column (a 390 px screen) in
 * <tag>-phone-<theme>.png, in forced colours in <tag>-forced-<theme>.png, and the track card while it plays in service-track-card-playing-<theme>.png. Starts the reference service, serves the CDN build
 * (each element from its own dist/cdn/service-<name>.js) and drives the system Chromium.
 * With `--lang ja`, the page is in that language (`<html lang>`, its translation file loaded)
 * and the files are named <tag>[-phone|-playing]-<lang>-<theme>.png.
 *
 *   npm run screenshots -- [--data-dir data] [--out docs/screenshots] [--only track-card,search] [--lang fr]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { startService } from '../server/service.js';
import { DEMO, NON_VISUAL, findSamples, presets, type Preset } from '../demo/presets.js';
import { ROOT, elementNames, fileUnder, serveStatic } from './start.js';
import { ensureCdnBuild } from './ensure-cdn.mjs';
import { escapeHtml } from '../src/ssr/escape-html.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];
const THEMES = { light: '#ffffff', dark: '#17171c' } as const;
type Theme = keyof typeof THEMES;
/** Most time an element gets to finish loading before it is taken as it is. */
const SETTLE_TIMEOUT_MS = 15_000;
/** Space kept around the element in the crop. */
const PAD = 12;

/** The shots of each element: as a desktop page shows it, in a phone's column, in forced colours (a contrast theme), and (the track card) playing. */
type Variant = 'desktop' | 'phone' | 'forced' | 'playing';
const PHONE = { viewport: 390, column: 342 };
const fileName = (tag: string, variant: Variant, theme: Theme, lang?: string) => `${tag}${variant === 'desktop' ? '' : `-${variant}`}${lang ? `-${lang}` : ''}-${theme}.png`;

function shotPage(tag: string, name: string, preset: Preset | undefined, theme: Theme, serviceUrl: string, column?: number, lang?: string): string {
  const attrs: Record<string, string | boolean> = { 'app-name': DEMO.appName, host: serviceUrl, theme, ...preset?.attrs };
  const markup = Object.entries(attrs)
    .map(([k, v]) => (v === true ? k : v === false ? '' : `${k}="${escapeHtml(v)}"`))
    .join(' ');
  return `<!doctype html><html lang="${lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${tag}</title>
${lang ? `<script type="module" src="/dist/cdn/translations/${lang.split('-')[0]}.js"></script>` : ''}
<script type="module" src="/dist/cdn/service-${name}.js"></script>
<style>
  :root { color-scheme: ${theme}; }
  body { margin: 0; padding: 24px; background: ${THEMES[theme]}; font-family: system-ui, sans-serif; }
  #stage { width: ${column ?? preset?.width ?? 560}px; max-width: 100%; }
</style></head>
<body><div id="stage"><${tag} ${markup}></${tag}></div></body></html>`;
}

/** Waits until the element is defined, rendered, done loading and its pictures have arrived. */
async function settle(page: Page, tag: string): Promise<boolean> {
  try {
    await page.waitForFunction(
      async (tag) => {
        const el = document.querySelector(tag) as (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
        if (!el || !customElements.get(tag)) return false;
        await el.updateComplete;
        const root = el.shadowRoot;
        if (!root || root.querySelector('[part~="loading"], .skeleton, [aria-busy="true"]')) return false;
        return [...root.querySelectorAll('img')].every((img) => img.complete);
      },
      tag,
      { timeout: SETTLE_TIMEOUT_MS, polling: 100 },
    );
    return true;
  } catch {
    return false;
  }
}

/** What a screenshot should show beyond the first render: the search with results open. */
async function stage(page: Page, tag: string): Promise<void> {
  if (tag === 'service-search') {
    await page.locator(tag).getByRole('combobox').fill('the');
    await page.locator(tag).locator('[part~="option"]').first().waitFor({ timeout: SETTLE_TIMEOUT_MS });
    await settle(page, tag);
  }
}

/** The track card a few seconds into its track, paused there so the shot shows its progress. */
async function playing(page: Page, tag: string): Promise<void> {
  await page.locator(tag).locator('[part~="play-button"]').click();
  await page.waitForFunction((tag) => {
    const seek = document.querySelector(tag)?.shadowRoot?.querySelector<HTMLInputElement>('[part~="seek"]');
    return !!seek && seek.valueAsNumber >= 3;
  }, tag, { timeout: SETTLE_TIMEOUT_MS, polling: 100 });
  // The button's name while playing, whatever the language: it changes once the track is paused.
  const button = page.locator(tag).locator('[part~="play-button"]');
  const pauseName = await button.getAttribute('aria-label');
  await button.click();
  await page.waitForFunction(({ tag, pauseName }) => document.querySelector(tag)?.shadowRoot?.querySelector('[part~="play-button"]')?.getAttribute('aria-label') !== pauseName, { tag, pauseName });
}

/** The box of the element and everything it draws (a popup may overflow it), padded. */
async function cropBox(page: Page, tag: string) {
  return page.evaluate(
    ({ tag, pad }) => {
      const el = document.querySelector(tag)!;
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (const node of el.shadowRoot?.querySelectorAll('*') ?? []) {
        let r = node.getBoundingClientRect();
        // Skip what cannot be seen: hidden, visually-hidden text (1 px), content scrolled out of a box.
        if (r.width <= 1 || r.height <= 1 || getComputedStyle(node).visibility === 'hidden') continue;
        for (let p = node.parentElement; p; p = p.parentElement) {
          if (getComputedStyle(p).overflow === 'visible') continue;
          const c = p.getBoundingClientRect();
          r = new DOMRect(r.left, Math.max(r.top, c.top), r.width, Math.max(0, Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top)));
        }
        if (r.height <= 1) continue;
        left = Math.min(left, r.left);
        top = Math.min(top, r.top);
        right = Math.max(right, r.right);
        bottom = Math.max(bottom, r.bottom);
      }
      const x = Math.max(0, Math.floor(left - pad));
      const y = Math.max(0, Math.floor(top - pad + window.scrollY));
      return { x, y, width: Math.ceil(right + pad) - x, height: Math.ceil(bottom + pad + window.scrollY) - y };
    },
    { tag, pad: PAD },
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string', default: 'data' },
      out: { type: 'string', default: 'docs/screenshots' },
      only: { type: 'string' },
      lang: { type: 'string' },
    },
    strict: true,
  });
  const lang = values.lang;
  if (lang !== undefined && !/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(lang)) throw new Error(`--lang takes a language tag such as fr or pt-BR, not ${JSON.stringify(lang)}`);
  const only = values.only?.split(',').map((n) => n.trim().replace(/^service-/, ''));
  const names = elementNames().filter((n) => !NON_VISUAL.includes(`service-${n}`) && (!only || only.includes(n)));
  const out = resolve(ROOT, values.out);
  mkdirSync(out, { recursive: true });

  await ensureCdnBuild();
  const service = await startService({ port: 0, dataDir: values['data-dir'] });
  const byTag = presets(await findSamples(service.url));
  // A real server, not a routed response: Chromium lets only a loopback page reach the loopback service.
  const pages = await serveStatic(0, (path) => {
    if (path.startsWith('/dist/cdn/')) return fileUnder(join(ROOT, 'dist/cdn'), path.slice('/dist/cdn'.length));
    const shot = /^\/shot\/service-([a-z0-9-]+)-(light|dark)(-phone)?\.html$/.exec(path);
    if (!shot || !names.includes(shot[1]!)) return undefined;
    const [, name, theme, phone] = shot;
    const body = shotPage(`service-${name}`, name!, byTag[`service-${name}`], theme as Theme, service.url, phone ? PHONE.column : undefined, lang);
    return { body, type: 'text/html; charset=utf-8' };
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const problems: string[] = [];
  try {
    for (const name of names) {
      const tag = `service-${name}`;
      const variants: Variant[] = ['desktop', 'phone', 'forced', ...(tag === 'service-track-card' ? (['playing'] as const) : [])];
      for (const variant of variants) {
        for (const theme of Object.keys(THEMES) as Theme[]) {
          const phone = variant === 'phone';
          const width = phone ? PHONE.viewport : Math.max(640, (byTag[tag]?.width ?? 560) + 200);
          const context = await browser.newContext({ viewport: { width, height: 2400 }, colorScheme: theme, reducedMotion: 'reduce', forcedColors: variant === 'forced' ? 'active' : 'none', hasTouch: phone, isMobile: phone });
          const page = await context.newPage();
          page.on('pageerror', (e) => problems.push(`${tag} (${variant}, ${theme}): ${e.message}`));
          await page.goto(`${pages.url}/shot/${tag}-${theme}${phone ? '-phone' : ''}.html`);
          if (!(await settle(page, tag))) problems.push(`${tag} (${variant}, ${theme}): still loading after ${SETTLE_TIMEOUT_MS} ms, taken as is`);
          await stage(page, tag);
          if (variant === 'playing') await playing(page, tag);
          const file = join(out, fileName(tag, variant, theme, lang));
          await page.screenshot({ path: file, clip: await cropBox(page, tag), animations: 'disabled' });
          console.log(`wrote ${file.slice(ROOT.length + 1)}`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await pages.close();
    await service.close();
  }
  for (const problem of problems) console.warn(`warning: ${problem}`);
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
