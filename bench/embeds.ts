// Twenty embeds on a page (issue 38): plain host pages on another site holding the iframes that
// /oembed answers (1 and 20 trending tracks, 5 playlists), scored by Lighthouse 12 (mobile,
// simulated throttling, its defaults), and click-to-sound on the 7th frame before and after its
// hydration. Runs alone: `npm run bench -- --only embeds`.
import { createServer, request, type Server } from 'node:http';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { median } from './browser.js';
import { clickToSound, type ClickBench } from './click-to-sound.js';

export interface LighthouseRow {
  page: string;
  /** Median of the runs: score 0–100, TBT and main-thread work in ms, bytes transferred. */
  score: number;
  tbtMs: number;
  mainThreadMs: number;
  bytes: number;
  /** Each run's score, to see the spread. */
  scores: number[];
}

export interface WireSize {
  what: string;
  raw: number;
  gzip: number;
  br: number;
}

export interface EmbedsBench {
  runs: number;
  lighthouse: LighthouseRow[];
  sizes: WireSize[];
  click: ClickBench;
}

/** The figures, measured before compression and hydration on demand. */
const BEFORE = [
  '| 1 embed | 100 | 20 ms | 0.6 s | 133 KiB |',
  '| 20 embeds | 87 | 510 ms | 4.0 s | 478 KiB |',
];

interface HostPage {
  name: string;
  title: string;
  frames: string[];
}

/** The oEmbed iframes for the first `count` trending tracks, or for `count` playlists. */
async function oembedFrames(serviceUrl: string, kind: 'track' | 'playlist', count: number): Promise<string[]> {
  const list = kind === 'track' ? `/v1/tracks/trending?limit=${count}&app_name=bench-embeds` : `/v1/playlists/search?query=a&limit=${count}&app_name=bench-embeds`;
  const ids = ((await (await fetch(`${serviceUrl}${list}`)).json()) as { data: { id: string }[] }).data.map((item) => item.id);
  if (ids.length < count) throw new Error(`only ${ids.length} ${kind}s for the host page`);
  return Promise.all(
    ids.map(async (id) => {
      const url = `${serviceUrl}/embed/${kind}/${id}`;
      const answer = (await (await fetch(`${serviceUrl}/oembed?url=${encodeURIComponent(url)}&format=json`)).json()) as { html: string };
      return answer.html;
    }),
  );
}

/** A blog post: a heading, a paragraph before each frame, as an article embedding many players reads. */
function hostHtml(page: HostPage): string {
  const body = page.frames.map((frame, i) => `<p>Number ${i + 1}. A few words about this one before the player.</p>\n${frame}`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title><link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:680px;margin:0 auto;padding:16px}iframe{display:block}</style></head>
<body><h1>${page.title}</h1>
${body}
</body></html>
`;
}

/** Serves the host pages on `localhost` (the service is on 127.0.0.1): another site, as a blog is. */
export async function hostPages(serviceUrl: string): Promise<{ url: (name: string) => string; server: Server }> {
  const tracks = await oembedFrames(serviceUrl, 'track', 20);
  const pages: HostPage[] = [
    { name: 'one', title: 'One track', frames: tracks.slice(0, 1) },
    { name: 'twenty', title: 'Twenty tracks of the year', frames: tracks },
    { name: 'playlists', title: 'Five playlists', frames: await oembedFrames(serviceUrl, 'playlist', 5) },
  ];
  const html = new Map(pages.map((page) => [`/${page.name}.html`, hostHtml(page)]));
  const server = createServer((req, res) => {
    const body = html.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: (name) => `http://localhost:${port}/${name}.html`, server };
}

/** Lighthouse 12's performance category on `url`, in a fresh browser context each run. */
async function lighthouseRuns(page: string, url: string, runs: number): Promise<LighthouseRow> {
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--headless=new'] });
  const results: { score: number; tbtMs: number; mainThreadMs: number; bytes: number }[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.createBrowserContext();
      const tab = await context.newPage();
      const lhr = (await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, tab))?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN,
        bytes: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const pick = (key: keyof (typeof results)[number]) => median(results.map((r) => r[key]));
  return { page, score: pick('score'), tbtMs: pick('tbtMs'), mainThreadMs: pick('mainThreadMs'), bytes: pick('bytes'), scores: results.map((r) => r.score) };
}

/** The body's bytes as sent for an Accept-Encoding (node:http: fetch would decode them). */
function sentBytes(url: string, encoding: string): Promise<number> {
  return new Promise((done, fail) => {
    request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done(bytes));
    })
      .on('error', fail)
      .end();
  });
}

async function wireSizes(serviceUrl: string): Promise<WireSize[]> {
  const id = ((await (await fetch(`${serviceUrl}/v1/tracks/trending?limit=1&app_name=bench-embeds`)).json()) as { data: { id: string }[] }).data[0]!.id;
  const page = `${serviceUrl}/embed/track/${id}`;
  const kit = /<script type="module" src="([^"]+)"/.exec(await (await fetch(page)).text())?.[1] ?? '/embed/kit.js';
  const sizes: WireSize[] = [];
  for (const [what, url] of [['embed page (track, card)', page], [`the kit (${kit.replace(/\.[\w-]{16}\.js$/, '.<hash>.js')})`, new URL(kit, serviceUrl).href]] as const) {
    sizes.push({ what, raw: await sentBytes(url, ''), gzip: await sentBytes(url, 'gzip'), br: await sentBytes(url, 'br') });
  }
  return sizes;
}

export async function benchEmbeds(serviceUrl: string, runs: number): Promise<EmbedsBench> {
  const host = await hostPages(serviceUrl);
  try {
    const lighthouseRows: LighthouseRow[] = [];
    for (const [page, name] of [['1 embed', 'one'], ['20 embeds', 'twenty'], ['5 playlist embeds', 'playlists']] as const) {
      lighthouseRows.push(await lighthouseRuns(page, host.url(name), runs));
    }
    return { runs, lighthouse: lighthouseRows, sizes: await wireSizes(serviceUrl), click: await clickToSound(host.url('twenty'), Math.max(runs, 5)) };
  } finally {
    host.server.close();
  }
}

/** The section of RESULTS.md, between markers so `--only embeds` can replace it alone. */
export function embedsSection(bench: EmbedsBench, fmt: (n: number, digits?: number) => string): string[] {
  const kib = (n: number) => `${fmt(n / 1024)} KiB`;
  const lines = ['<!-- embeds:start -->', '## Twenty embeds on a page', ''];
  // This section can be measured alone (`--only embeds`), later than the rest of the file.
  lines.push(`Measured ${new Date().toISOString()}; load average at the end ${loadavg().map((n) => fmt(n, 1)).join(', ')} (2 cores shared with other work: Lighthouse's simulated figures move with it).`, '');
  lines.push(
    'Plain host pages on another site (`localhost`, the service on `127.0.0.1`) holding the iframes `/oembed` answers, as given (card size, `loading="lazy"`): the first trending track, the first 20, and 5 playlists, each after a paragraph of text.',
    `Lighthouse 12, performance category alone, its defaults (mobile, simulated throttling), Debian Chromium headless, a fresh browser context each run; the median of ${bench.runs} run(s). TBT: total blocking time; main thread: the main-thread work of every frame; bytes: all transferred (Lighthouse's total byte weight), compressed as sent.`,
    '',
    '| page | performance | TBT | main thread | bytes | scores of the runs |',
    '|---|---|---|---|---|---|',
  );
  for (const row of bench.lighthouse) {
    lines.push(`| ${row.page} | ${row.score} | ${fmt(row.tbtMs)} ms | ${fmt(row.mainThreadMs / 1000, 1)} s | ${kib(row.bytes)} | ${row.scores.join(', ')} |`);
  }
  lines.push('', 'Before (the issue, before compression and hydration on demand):', '', '| page | performance | TBT | main thread | bytes |', '|---|---|---|---|---|', ...BEFORE, '');
  lines.push('As sent by the service (bytes of the body; gzip and Brotli by `Accept-Encoding`):', '', '| answer | plain | gzip | Brotli |', '|---|---|---|---|');
  for (const size of bench.sizes) lines.push(`| ${size.what} | ${fmt(size.raw)} | ${fmt(size.gzip)} | ${fmt(size.br)} |`);
  const c = bench.click;
  const list = (xs: number[]) => xs.map((x) => fmt(x)).join(', ');
  lines.push(
    '',
    `Click to sound on the 7th frame of the 20-embed page, without throttling (Playwright, Chromium headless, a fresh context each run, after one run not counted): the frame scrolled into view, then a click on its Play; from the click event in the frame to the first moment an audio element of the frame plays with its currentTime past where it was. **Before hydration**: the click as soon as the server-rendered Play button is on screen (first interaction; whether the kit had already defined the elements by then is counted). **After hydration**: the pointer over the frame first, the click once the frame's elements are defined and rendered.`,
    '',
    '| click | median | runs (ms) | kit already running at the click | target |',
    '|---|---|---|---|---|',
    `| before hydration | ${fmt(median(c.before.ms))} ms | ${list(c.before.ms)} | ${c.before.hydratedAtClick} of ${c.before.ms.length} | ≤ 150 ms |`,
    `| after hydration | ${fmt(median(c.after.ms))} ms | ${list(c.after.ms)} | ${c.after.hydratedAtClick} of ${c.after.ms.length} | ≤ 150 ms |`,
    '',
    '<!-- embeds:end -->',
  );
  return lines;
}
