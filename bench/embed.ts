// Embed page (server-rendered, hydrated) against a plain page with the CDN element, in Chromium.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface EmbedBench {
  /** Navigation start → the track's title on screen (the first frame it has a box), each run. */
  embedTitleMs: number[];
  plainTitleMs: number[];
  /** The embed page's HTML, as sent and gzipped (-9). */
  htmlBytes: number;
  htmlGzipBytes: number;
  /** API requests (streams aside) the embed page made by the end of hydration, worst run; and the plain page's. */
  hydrationRequests: number;
  plainRequests: number;
  /** Cumulative layout shift by the end of hydration (embed) or of the first render with data (plain), worst run. */
  embedCls: number;
  plainCls: number;
}

// In the page before its own scripts: the first animation frame with the title laid out, and the layout shifts.
const PROBE = `(() => {
  const bench = (window.__bench = { cls: 0 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) bench.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    const title = document.querySelector('service-track-card')?.shadowRoot?.querySelector('[part~="title"]');
    if (title && title.getBoundingClientRect().height > 0) bench.title = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface Run {
  titleMs: number;
  requests: number;
  cls: number;
}

/** One load in a fresh context: waits for the title and for the card's data task to complete (hydration, after a pointer over an embed page; or the fetch). */
async function load(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let requests = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/v1/') && !path.endsWith('/stream')) requests++;
  });
  page.on('pageerror', (error) => console.error(`${url}: ${error.message}`));
  try {
    await page.addInitScript(PROBE);
    await page.goto(url);
    // An embed page loads its kit on intent (server/embed/frame-bootstrap.js): a pointer over it, once its title shows.
    if (await page.$('body[data-kit]')) {
      await page.waitForFunction(() => (window as unknown as { __bench: { title?: number } }).__bench.title !== undefined, undefined, { timeout: 60_000 });
      await page.hover('[data-embed]');
    }
    await page.waitForFunction(() => {
      const card = document.querySelector('service-track-card') as (Element & { hasUpdated?: boolean; track?: unknown }) | null;
      return (window as unknown as { __bench: { title?: number } }).__bench.title !== undefined && card?.hasUpdated && card.track !== undefined;
    }, undefined, { timeout: 60_000 });
    // One more frame, so a shift the last render caused is reported.
    const bench = await page.evaluate(
      () => new Promise<{ title: number; cls: number }>((done) => requestAnimationFrame(() => setTimeout(() => done((window as unknown as { __bench: { title: number; cls: number } }).__bench)))),
    );
    return { titleMs: bench.title, requests, cls: bench.cls };
  } finally {
    await context.close();
  }
}

export async function benchEmbed(browser: Browser, serviceUrl: string, pagesUrl: string, runs: number): Promise<EmbedBench> {
  const trending = (await (await fetch(`${serviceUrl}/v1/tracks/trending?app_name=bench-probe&limit=1`)).json()) as { data: { id: string }[] };
  const id = trending.data[0]!.id;
  const embedUrl = `${serviceUrl}/embed/track/${id}`;
  const plainUrl = `${pagesUrl}/pages/track-card.html?service=${encodeURIComponent(serviceUrl)}&track=${id}`;
  const html = Buffer.from(await (await fetch(embedUrl)).arrayBuffer());
  const embed: Run[] = [];
  const plain: Run[] = [];
  // A load of each first, not counted (the browser's and the service's first loads start processes and fill caches); then alternating.
  await load(browser, embedUrl);
  await load(browser, plainUrl);
  for (let i = 0; i < runs; i++) {
    embed.push(await load(browser, embedUrl));
    plain.push(await load(browser, plainUrl));
  }
  return {
    embedTitleMs: embed.map((r) => r.titleMs),
    plainTitleMs: plain.map((r) => r.titleMs),
    htmlBytes: html.length,
    htmlGzipBytes: gzipSync(html, { level: 9 }).length,
    hydrationRequests: Math.max(...embed.map((r) => r.requests)),
    plainRequests: Math.max(...plain.map((r) => r.requests)),
    embedCls: Math.max(...embed.map((r) => r.cls)),
    plainCls: Math.max(...plain.map((r) => r.cls)),
  };
}
