/**
 * The screenshots of a card embed of a downloadable track (Share and Download show) with each URL
 * option (docs/embeds.md, "Options"), in a 300 px and an 800 px frame 200 px high (the card's oEmbed
 * height): docs/screenshots/embed-options/
 * <name>-<width>.png. Starts the reference service on a fresh catalog and drives the system
 * Chromium; the embed page loads the kit when it is built (the shots are the same without it:
 * the page is server-rendered).
 *
 *   node --import tsx scripts/embed-option-shots.ts [--out docs/screenshots/embed-options]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startService } from '../server/service.js';
import { ROOT } from './start.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Each shot: its file name and the embed's query. */
export const SHOTS: Record<string, string> = {
  plain: '',
  'color-ff5500': 'color=ff5500',
  'color-ffdd00': 'color=%23ffdd00',
  'color-dark': 'color=2e8b57&theme=dark',
  'artwork-0': 'artwork=0',
  'stats-0': 'stats=0',
  'user-0': 'user=0',
  'share-0-download-0': 'share=0&download=0',
  'all-hidden': 'artwork=0&stats=0&user=0&share=0&download=0&color=2e8b57',
};
const WIDTHS = [300, 800];
const HEIGHT = 200;

const { values } = parseArgs({ options: { out: { type: 'string', default: join(ROOT, 'docs/screenshots/embed-options') } } });
const out = resolve(values.out!);
mkdirSync(out, { recursive: true });

const dataDir = mkdtempSync(join(tmpdir(), 'service-embed-shots-'));
const service = await startService({ port: 0, dataDir });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const res = await fetch(`${service.url}/v1/tracks/trending?limit=50&app_name=embed-shots`);
  const tracks = ((await res.json()) as { data: { id: string; downloadable?: boolean }[] }).data;
  // A downloadable track, so the shots show Download (and download=0 hides it).
  const track = tracks.find((t) => t.downloadable) ?? tracks[0];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: HEIGHT } });
    const page = await context.newPage();
    for (const [name, query] of Object.entries(SHOTS)) {
      await page.goto(`${service.url}/embed/track/${track!.id}?${query}`, { waitUntil: 'load' });
      // Every picture in the card arrived (an artwork still loading would be a grey square).
      await page.waitForFunction(() => [...(document.querySelector('service-track-card')?.shadowRoot?.querySelectorAll('img') ?? [])].every((img) => img.complete));
      await page.screenshot({ path: join(out, `${name}-${width}.png`) });
    }
    await context.close();
  }
  console.log(`${Object.keys(SHOTS).length * WIDTHS.length} shots in ${out}`);
} finally {
  await browser.close();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
}
