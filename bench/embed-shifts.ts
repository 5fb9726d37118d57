// The embed page's layout shifts on load, counted over many loads: a rare shift (one load in a
// dozen on a busy machine) needs more loads than the bench's 11 to be seen, and the frames before
// it to be understood. Each load that shifts is printed with its first frames: the document's
// readyState, whether the kit is defined and has hydrated, and where the card's parts and the
// brand line are (y/height/width in CSS px, "-" when not there yet).
//
//   node --import tsx bench/embed-shifts.ts [loads=60]
import { launchChromium } from './browser.js';
import { startService } from './processes.js';

interface Probe {
  cls: number;
  frames: string[];
}

// Before the page's own scripts: the layout shifts, and one line per animation frame (the first 12).
const PROBE = `(() => {
  const probe = (window.__probe = { cls: 0, frames: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) probe.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const box = (el) => {
    if (!el) return '-';
    const r = el.getBoundingClientRect();
    return [r.y, r.height, r.width].map(Math.round).join('/');
  };
  const frame = () => {
    const card = document.querySelector('[data-embed]');
    const part = (name) => card?.shadowRoot?.querySelector('[part~="' + name + '"]');
    probe.frames.push([
      Math.round(performance.now()) + ' ms', document.readyState,
      customElements.get(card?.localName ?? '-') ? (card.hasUpdated ? 'hydrated' : 'defined') : 'not defined',
      'title ' + box(part('title')), 'stats ' + box(part('stats')), 'play ' + box(part('play-button')), 'brand ' + box(document.querySelector('.brand')),
    ].join(' '));
    if (probe.frames.length < 12) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

const loads = Number(process.argv[2] ?? 60);
const service = await startService('.data-test/embed-shifts');
const browser = await launchChromium();
try {
  const trending = (await (await fetch(`${service.url}/v1/tracks/trending?app_name=bench-probe&limit=1`)).json()) as { data: { id: string }[] };
  const url = `${service.url}/embed/track/${trending.data[0]!.id}`;
  let shifted = 0;
  let worst = 0;
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(PROBE);
      await page.goto(url);
      await page.waitForFunction(() => (document.querySelector('[data-embed]') as { hasUpdated?: boolean } | null)?.hasUpdated, undefined, { timeout: 60_000 });
      // One more frame, so a shift the last render caused is reported.
      const probe = await page.evaluate(() => new Promise<Probe>((done) => requestAnimationFrame(() => setTimeout(() => done((window as unknown as { __probe: Probe }).__probe)))));
      if (probe.cls > 0) {
        shifted++;
        worst = Math.max(worst, probe.cls);
        console.log(`load ${i + 1}: CLS ${probe.cls.toFixed(4)}\n  ${probe.frames.slice(0, 4).join('\n  ')}`);
      }
    } finally {
      await context.close();
    }
  }
  console.log(`${url}: ${shifted} of ${loads} loads shifted; worst CLS ${worst.toFixed(4)}`);
} finally {
  await browser.close();
  await service.stop();
}
