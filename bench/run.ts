// `npm run bench`: every figure the issues ask for, written to bench/RESULTS.md and summarized.
//   --quick     short load runs (2 s each) and no large catalog
//   --seconds N length of each load run (default 5)
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { benchServer } from './server.js';
import { CDN_BUDGETS_KB, cdnSizes, coreSize } from './sizes.js';
import { benchBrowser, median } from './browser.js';
import { benchStream } from './stream.js';
import { startService } from './processes.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, seconds: { type: 'string' } },
});
const seconds = Number(values.seconds ?? (values.quick ? 2 : 5));

const lines: string[] = [];
const summary: string[] = [];
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a');
const ms = (n: number) => `${fmt(n, 1)} ms`;

async function main(): Promise<void> {
  const started = new Date();
  lines.push('# Benchmark results', '');
  lines.push(`- date: ${started.toISOString()}`);
  lines.push(`- command: \`npm run bench${process.argv.slice(2).length ? ' -- ' + process.argv.slice(2).join(' ') : ''}\``);
  lines.push(`- machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}, ${process.platform}`);
  lines.push('');

  const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;
  const sizes = cdnSizes();
  const core = await coreSize();
  lines.push('## Bytes a page loads', '');
  lines.push('gzip -9 (Node\'s zlib) of each file of `dist/cdn` (minified), alone: every one stands alone, with no chunk and no import (`files` counts what its static imports would pull in, so 1); KB = 1,024 bytes.', '');
  lines.push('| entry | files | minified | gzip | gzip bytes | target |');
  lines.push('|---|---|---|---|---|---|');
  const targets = CDN_BUDGETS_KB;
  for (const size of sizes) {
    const target = targets[size.entry];
    lines.push(`| ${size.entry} | ${size.files} | ${kb(size.minified)} | ${kb(size.gzip)} | ${fmt(size.gzip)} | ${target ? `≤ ${target} KB (${fmt(target * 1024)})` : ''} |`);
  }
  lines.push(`| core client alone (\`src/core/index.ts\`, esbuild) | 1 | ${kb(core.minified)} | ${kb(core.gzip)} | ${fmt(core.gzip)} | ≤ 3 KB (${fmt(3 * 1024)}) |`, '');
  const all = sizes.find((s) => s.entry === 'all.js');
  summary.push(`all.js with Lit: ${kb(all?.gzip ?? NaN)} gzip (${fmt(all?.gzip ?? NaN)} B); core alone ${kb(core.gzip)}`);
  const login = sizes.find((s) => s.entry === 'service-login-button.js');
  if (login) summary.push(`service-login-button.js: ${kb(login.gzip)} gzip (${fmt(login.gzip)} B)`);
  for (const sdk of sizes.filter((s) => s.entry.startsWith('sdk.'))) summary.push(`${sdk.entry}: ${kb(sdk.gzip)} gzip (${fmt(sdk.gzip)} B)`);

  const browserRuns = values.quick ? 3 : 11;
  const dataDir = mkdtempSync(join(tmpdir(), 'service-bench-browser-'));
  const service = await startService(dataDir);
  try {
    const b = await benchBrowser(service.url, browserRuns);
    const list = (xs: number[]) => xs.map((x) => fmt(x, 1)).join(', ');
    lines.push('## In Chromium', '');
    lines.push(`Debian Chromium, headless, the minified CDN build, the reference service on loopback; ${browserRuns} page loads each in a fresh context, after one not counted (but for seek → sound, whose first run is the cold one), median (all runs in ms).`, '');
    lines.push('| figure | median | runs | target |');
    lines.push('|---|---|---|---|');
    lines.push(`| script start → login button on screen (page with a stylesheet) | ${ms(median(b.loginButtonMs))} | ${list(b.loginButtonMs)} | ≤ 50 ms |`);
    lines.push(`| the same, the kit's script the page's first request | ${ms(median(b.loginButtonBareMs))} | ${list(b.loginButtonBareMs)} | |`);
    lines.push(`| trending response → 100 items on screen | ${ms(median(b.trendingToItemsMs))} | ${list(b.trendingToItemsMs)} | |`);
    lines.push(`| twenty cards of one track: requests made | ${b.twentyCardsRequests} | | 1 |`);
    lines.push(`| seek → sound (first run: track never played before) | ${ms(median(b.seekToSoundMs))} | ${list(b.seekToSoundMs)} | |`, '');
    summary.push(`login button on screen ${ms(median(b.loginButtonMs))} (bare page ${ms(median(b.loginButtonBareMs))}); trending → 100 items ${ms(median(b.trendingToItemsMs))}; twenty cards → ${b.twentyCardsRequests} request(s); seek → sound ${ms(median(b.seekToSoundMs))}`);
    const st = await benchStream(service.url);
    lines.push('## Stream', '');
    lines.push(`Track of ${fmt(st.bytes / 1e6, 2)} MB, from the same service.`, '');
    lines.push(`- warm full download: ${fmt(st.warmMBps, 1)} MB/s (median of ${st.warmRuns.length})`);
    lines.push(`- ${st.concurrent.downloads} warm downloads at once: ${fmt(st.concurrent.aggregateMBps, 1)} MB/s in total, slowest ${fmt(st.concurrent.slowestMBps, 1)} MB/s`);
    lines.push(`- time to first byte of a 64 KiB Range request in the middle: warm ${ms(st.ttfbWarmMs)}, never-played track ${ms(st.ttfbColdMs)}`);
    lines.push(`- time to first byte from byte 0 of a never-played track (streamed while it is encoded): ${ms(st.ttfbColdStartMs)}`, '');
    summary.push(`stream: ${fmt(st.warmMBps, 1)} MB/s warm; Range TTFB warm ${ms(st.ttfbWarmMs)}, cold middle ${ms(st.ttfbColdMs)}, cold start ${ms(st.ttfbColdStartMs)}`);
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const server = await benchServer({ seconds, large: !values.quick });
  lines.push('## Reference service against a bare node:http server', '');
  lines.push(`Each side: ${seconds} s of load in 3 turns, service and bare server alternating, 10 connections (autocannon), after a 1 s warm-up; req/s is the mean, p99 the worst turn. The bare server answers every request with the same body the service gave.`, '');
  lines.push('| operation | service req/s | bare req/s | ratio | service p99 | bare p99 | errors |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const { name, service, bare } of server.endpoints) {
    const ratio = service.rps / bare.rps;
    lines.push(`| ${name} | ${fmt(service.rps)} | ${fmt(bare.rps)} | ${fmt(ratio * 100)}% | ${ms(service.p99)} | ${ms(bare.p99)} | ${service.errors + bare.errors} |`);
    summary.push(`${name}: ${fmt(service.rps)} req/s = ${fmt(ratio * 100)}% of bare node:http, p99 ${ms(service.p99)}`);
  }
  lines.push('');
  lines.push('## Catalog', '');
  lines.push(`- seed, default catalog: ${ms(server.seedDefaultMs)}`);
  lines.push(`- seed, large catalog: ${ms(server.seedLargeMs)}`);
  lines.push(`- search-tracks on the large catalog, 15 different queries, ${seconds} s after a 3 s warm-up: ${fmt(server.largeSearch.rps)} req/s, p99 ${ms(server.largeSearch.p99)} (target under 20 ms), errors ${server.largeSearch.errors}`);
  summary.push(`seed default ${ms(server.seedDefaultMs)}, large ${ms(server.seedLargeMs)}`);
  summary.push(`large-catalog search p99 ${ms(server.largeSearch.p99)}`);
  lines.push('');

  writeFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
  console.log(summary.join('\n'));
  console.log('written: bench/RESULTS.md');
}


main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
