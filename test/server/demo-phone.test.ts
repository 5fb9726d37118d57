// The demo on a phone (issues 36 and 40): /demo/ as `npm start` serves it, with every element
// against a real service, in Chromium at 390 px (a phone) and 320 px (the narrowest, or 400 %
// zoom): the page never scrolls sideways, and every control of the demo's own (button, select,
// input, a details' summary; a checkbox with its label) is at least 44 px high at 390 px.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startService, type RunningService } from '../../server/service.js';
import { startDemoServer, type StaticServer } from '../../scripts/start.js';
import { ensureCdnBuild } from '../../scripts/ensure-cdn.mjs';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run'];
/** WCAG 2.5.5's target size, and Apple's and Google's guidance for touch. */
const TARGET_PX = 44;

let service: RunningService;
let demo: StaticServer;
let browser: Browser;
let dataDir: string;

before(async () => {
  await ensureCdnBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'service-demo-phone-'));
  service = await startService({ port: 0, dataDir });
  demo = await startDemoServer(0, service.url);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await demo?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The demo at `width` px, once every element's section, form and data have arrived. */
async function openDemo(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  // tsx keeps function names with a __name helper, also inside the functions evaluated in the page.
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  await page.goto(`${demo.url}/demo/`);
  await page.waitForFunction(() => {
    const sections = [...document.querySelectorAll('section.demo')];
    const card = document.querySelector('service-track-card')?.shadowRoot;
    return sections.length >= 10 && sections.every((s) => s.querySelector('.attrs > *')) && !!card?.querySelector('[part~="title"]');
  }, undefined, { timeout: 30_000, polling: 100 });
  return page;
}

/** How wide the page is against its viewport, and what sticks out past its end edge. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    const out = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > clientWidth + 0.5 && !el.closest('pre, [hidden]'))
      .slice(0, 5)
      .map((el) => `${el.localName}${el.id ? `#${el.id}` : ''}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`);
    return { scrollWidth, clientWidth, out };
  });
}

test('at 390 px the demo does not scroll sideways, and each of its controls is at least 44 px high', async () => {
  const page = await openDemo(390);
  const { scrollWidth, clientWidth, out } = await sideways(page);
  assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth} px wide in a ${clientWidth} px screen: ${out.join(', ')}`);
  const small = await page.evaluate((min) => {
    const targets = [...document.querySelectorAll<HTMLElement>('button, select, input, textarea, summary')].filter((el) => el.getClientRects().length);
    return targets
      .map((el) => {
        // A checkbox's target is its label too: a click on either toggles it.
        const box = (el instanceof HTMLInputElement && /checkbox|radio/.test(el.type) ? (el.closest('label') ?? el.labels?.[0] ?? el) : el).getBoundingClientRect();
        const name = (el as HTMLInputElement).labels?.[0]?.textContent?.trim() || el.getAttribute('aria-label') || el.textContent?.trim() || el.id || el.localName;
        return { what: `${el.localName}[${name}]`, height: Math.round(box.height * 10) / 10 };
      })
      .filter(({ height }) => height < min);
  }, TARGET_PX);
  assert.deepEqual(small, [], `controls under ${TARGET_PX} px high`);
  const count = await page.locator('button, select, input, summary').count();
  assert.ok(count >= 40, `the demo's controls were measured (${count})`);
  await page.context().close();
});

test('at 320 px the demo does not scroll sideways', async () => {
  const page = await openDemo(320);
  const { scrollWidth, clientWidth, out } = await sideways(page);
  assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth} px wide in a ${clientWidth} px screen: ${out.join(', ')}`);
  await page.context().close();
});
