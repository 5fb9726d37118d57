// Click to sound on the 7th frame of a page of embeds: before the frame's kit runs (the reader's
// first interaction) and after it hydrated. Measured inside the frame, without throttling.
import type { Browser, BrowserContext, Frame } from 'playwright-core';
import { launchChromium } from './browser.js';

export interface ClickRuns {
  /** Click event → the frame's audio playing past where it was, each run. */
  ms: number[];
  /** Runs in which the kit had already defined the frame's elements when the click came. */
  hydratedAtClick: number;
}

export interface ClickBench {
  before: ClickRuns;
  after: ClickRuns;
}

const FRAME_INDEX = 6;

// In every embed frame before its own scripts: which media elements play (whoever creates them,
// the kit's engine or a bootstrap), and from the click on, the first moment one plays on.
const PROBE = `(() => {
  if (window === top) return;
  const media = new Set();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (...args) { media.add(this); return play.apply(this, args); };
  const probe = (window.__sound = {});
  addEventListener('click', () => {
    const start = performance.now();
    const from = new Map([...media].map((m) => [m, m.currentTime]));
    probe.hydratedAtClick = customElements.get('service-track-card') !== undefined;
    probe.ms = undefined;
    const tick = () => {
      for (const m of media) if (!m.paused && m.currentTime > (from.get(m) ?? 0)) return void (probe.ms = performance.now() - start);
      setTimeout(tick, 2);
    };
    tick();
  }, true);
})();`;

/** The 7th frame, scrolled into view, once its server-rendered Play button is there. */
async function seventhFrame(context: BrowserContext, url: string): Promise<Frame> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`${url}: ${error.message}`));
  await page.goto(url);
  const iframe = page.locator('iframe').nth(FRAME_INDEX);
  await iframe.scrollIntoViewIfNeeded();
  const frame = await (await iframe.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the 7th iframe has no frame');
  await frame.locator('[part="play-button"]').waitFor({ state: 'visible', timeout: 60_000 });
  return frame;
}

async function clickAndListen(frame: Frame): Promise<{ ms: number; hydratedAtClick: boolean }> {
  await frame.locator('[part="play-button"]').click();
  const result = await frame.waitForFunction(() => (window as unknown as { __sound: { ms?: number } }).__sound.ms !== undefined && (window as unknown as { __sound: unknown }).__sound, undefined, { timeout: 60_000, polling: 50 });
  return (await result.jsonValue()) as { ms: number; hydratedAtClick: boolean };
}

async function run(browser: Browser, url: string, hydrated: boolean): Promise<{ ms: number; hydratedAtClick: boolean }> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(PROBE);
    const frame = await seventhFrame(context, url);
    if (hydrated) {
      // The reader's intent first (a pointer over the frame), then the kit's elements defined and rendered.
      await frame.locator('[part="play-button"]').hover();
      await frame.waitForFunction(() => {
        const card = document.querySelector('service-track-card') as (Element & { hasUpdated?: boolean }) | null;
        return customElements.get('service-track-card') !== undefined && card?.hasUpdated === true;
      }, undefined, { timeout: 60_000 });
    }
    return await clickAndListen(frame);
  } finally {
    await context.close();
  }
}

export async function clickToSound(url: string, runs: number): Promise<ClickBench> {
  const browser = await launchChromium();
  try {
    const bench: ClickBench = { before: { ms: [], hydratedAtClick: 0 }, after: { ms: [], hydratedAtClick: 0 } };
    // One of each not counted (processes start, the service reads the track's audio once), then alternating.
    await run(browser, url, false);
    await run(browser, url, true);
    for (let i = 0; i < runs; i++) {
      for (const [key, hydrated] of [['before', false], ['after', true]] as const) {
        const result = await run(browser, url, hydrated);
        bench[key].ms.push(result.ms);
        if (result.hydratedAtClick) bench[key].hydratedAtClick++;
      }
    }
    return bench;
  } finally {
    await browser.close();
  }
}
