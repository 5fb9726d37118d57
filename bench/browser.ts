// Figures measured in Chromium against the real reference service, with the minified CDN build.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { benchEmbed, type EmbedBench } from './embed.js';

export interface BrowserBench {
  loginButtonMs: number[];
  loginButtonBareMs: number[];
  trendingToItemsMs: number[];
  twentyCardsRequests: number;
  seekToSoundMs: number[];
  embed: EmbedBench;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.map': 'application/json' };

/** Serves bench/pages and dist/cdn on a free port; `?service=` is how pages learn the service URL. */
async function staticServer(): Promise<{ url: string; server: Server }> {
  const roots: Record<string, string> = { '/pages/': 'bench/pages', '/cdn/': 'dist/cdn' };
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const prefix = Object.keys(roots).find((p) => path.startsWith(p));
    const file = prefix && normalize(join(roots[prefix]!, path.slice(prefix.length)));
    if (!file || !file.startsWith(roots[prefix!]!)) return res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/**
 * Opens a bench page `runs` times, each in a fresh context (no cache), and collects the number
 * it reports in `window.benchResult`. With `warmUp`, one load before them is not counted: a
 * freshly launched browser's first loads of a page also start processes and fill its own caches.
 */
async function measure(browser: Browser, url: string, runs: number, warmUp = true): Promise<number[]> {
  const results: number[] = [];
  for (let i = warmUp ? 0 : 1; i <= runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${url}: ${error.message}`));
    await page.goto(`${url}&run=${i}`); // pages that need one take a different track each run
    const value = await page.waitForFunction(() => (window as { benchResult?: number }).benchResult, undefined, { timeout: 60_000 });
    if (i > 0) results.push(Number(await value.jsonValue()));
    await context.close();
  }
  return results;
}

export async function benchBrowser(serviceUrl: string, runs: number): Promise<BrowserBench> {
  const pages = await staticServer();
  const browser = await launchChromium();
  try {
    const q = `?service=${encodeURIComponent(serviceUrl)}`;
    const page = (name: string) => `${pages.url}/pages/${name}.html${q}`;
    return {
      loginButtonMs: await measure(browser, page('login-button'), runs),
      loginButtonBareMs: await measure(browser, page('login-button') + '&bare', runs),
      trendingToItemsMs: await measure(browser, page('trending'), runs),
      twentyCardsRequests: (await measure(browser, page('twenty-cards'), 1))[0]!,
      seekToSoundMs: await measure(browser, page('seek'), runs),
      embed: await benchEmbed(browser, serviceUrl, pages.url, runs),
    };
  } finally {
    await browser.close();
    pages.server.close();
  }
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
