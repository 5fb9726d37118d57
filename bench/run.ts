// `npm run bench`: every figure the issues ask for, written to bench/RESULTS.md and summarized.
//   --quick     short load runs (2 s each) and no large catalog
//   --seconds N length of each load run (default 5)
//   --only stream  only the stream figures, on a service of their own, printed (RESULTS.md untouched)
//   --only images  only the raster image figures, the same way
//   --only embeds  only the twenty-embed figures (Lighthouse, click to sound), written into their section of RESULTS.md
import { parseArgs } from 'node:util';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { benchServer } from './server.js';
import { CDN_BUDGETS_KB, cdnSizes, coreSize } from './sizes.js';
import { benchBrowser, median } from './browser.js';
import { benchStream, type StreamBench } from './stream.js';
import { benchImages, imageSection } from './images.js';
import { startService } from './processes.js';
import { benchEmbeds, embedsSection } from './embeds.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, seconds: { type: 'string' }, only: { type: 'string' } },
});
const ALONE = ['stream', 'images', 'embeds'];
if (values.only !== undefined && !ALONE.includes(values.only)) throw new Error(`--only ${values.only}: the parts that run alone are ${ALONE.map((part) => `"${part}"`).join(', ')}`);
const seconds = Number(values.seconds ?? (values.quick ? 2 : 5));

const lines: string[] = [];
const summary: string[] = [];
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a');
const ms = (n: number) => `${fmt(n, 1)} ms`;
// Lighthouse runs of each host page (each some 15–40 s on this machine).
const embedRuns = values.quick ? 1 : 3;

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
  lines.push('gzip -9 (Node\'s zlib) of each file of `dist/cdn` (minified), alone: each is one file with no static import (`files` counts what its static imports would pull in, so 1); the files that log in fetch `login-flow.js` (its own row) only when a login starts or comes back, and those that play fetch `audio-media.js` (its own row) once one is on the page; KB = 1,024 bytes.', '');
  lines.push('| entry | files | minified | gzip | gzip bytes | target |');
  lines.push('|---|---|---|---|---|---|');
  const targets = CDN_BUDGETS_KB;
  // KB rounds to a tenth, so 25.6 KB can be over a 25 KB (25,600 B) target: the bytes say, and so does the row.
  const over = (bytes: number, target?: number) => (target === undefined ? 0 : Math.max(0, bytes - target * 1024));
  const verdict = (bytes: number, target?: number) =>
    target === undefined ? '' : `≤ ${target} KB (${fmt(target * 1024)})${over(bytes, target) ? `: **${fmt(over(bytes, target))} B over**` : ''}`;
  for (const size of sizes) {
    lines.push(`| ${size.entry} | ${size.files} | ${kb(size.minified)} | ${kb(size.gzip)} | ${fmt(size.gzip)} | ${verdict(size.gzip, targets[size.entry])} |`);
  }
  lines.push(`| core client alone (\`src/core/index.ts\`, esbuild) | 1 | ${kb(core.minified)} | ${kb(core.gzip)} | ${fmt(core.gzip)} | ≤ 3 KB (${fmt(3 * 1024)}) |`, '');
  const all = sizes.find((s) => s.entry === 'all.js');
  const allOver = over(all?.gzip ?? 0, targets['all.js']);
  summary.push(`all.js with Lit: ${kb(all?.gzip ?? NaN)} gzip (${fmt(all?.gzip ?? NaN)} B${allOver ? `, ${fmt(allOver)} B over its target` : ''}); core alone ${kb(core.gzip)}`);
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
    lines.push(`Debian Chromium, headless, the minified CDN build, the reference service on loopback; ${browserRuns} page loads each in a fresh context, after one not counted, median (all runs in ms).`, '');
    lines.push('| figure | median | runs | target |');
    lines.push('|---|---|---|---|');
    lines.push(`| script start → login button on screen (page with a stylesheet) | ${ms(median(b.loginButtonMs))} | ${list(b.loginButtonMs)} | ≤ 50 ms |`);
    lines.push(`| the same, the kit's script the page's first request | ${ms(median(b.loginButtonBareMs))} | ${list(b.loginButtonBareMs)} | |`);
    lines.push(`| trending response → 100 items on screen | ${ms(median(b.trendingToItemsMs))} | ${list(b.trendingToItemsMs)} | |`);
    lines.push(`| twenty cards of one track: requests made | ${b.twentyCardsRequests} | | 1 |`);
    lines.push(`| seek to 70 % of a never-played track → sound (a different track each run) | ${ms(median(b.seekToSoundMs))} | ${list(b.seekToSoundMs)} | ≤ 300 ms |`, '');
    const e = b.embed;
    lines.push('### Embed page (server-rendered, hydrated) against a plain page with the CDN element', '');
    lines.push(`The same track: \`/embed/track/<id>\` from the service (service-kit/ssr, the kit from \`/embed/kit.js\`), and bench/pages/track-card.html (\`dist/cdn/all.js\`, the card made in the browser). Title on screen: navigation start → the first animation frame with the title laid out.`, '');
    lines.push('| figure | embed page | plain page | target |');
    lines.push('|---|---|---|---|');
    lines.push(`| navigation → track title on screen (median) | ${ms(median(e.embedTitleMs))} | ${ms(median(e.plainTitleMs))} | |`);
    lines.push(`| runs | ${list(e.embedTitleMs)} | ${list(e.plainTitleMs)} | |`);
    lines.push(`| HTML bytes (gzip -9) | ${fmt(e.htmlBytes)} (${fmt(e.htmlGzipBytes)}) | | |`);
    lines.push(`| API requests by the end of hydration / first render (worst run) | ${e.hydrationRequests} | ${e.plainRequests} | 0 for the embed |`);
    lines.push(`| layout shift (CLS) by then (worst run) | ${fmt(e.embedCls, 4)} | ${fmt(e.plainCls, 4)} | 0 for the embed |`, '');
    summary.push(`embed page: title on screen ${ms(median(e.embedTitleMs))} (plain CDN page ${ms(median(e.plainTitleMs))}); ${fmt(e.htmlBytes)} B of HTML (${fmt(e.htmlGzipBytes)} gzip); hydration requests ${e.hydrationRequests}; CLS ${fmt(e.embedCls, 4)}`);
    summary.push(`login button on screen ${ms(median(b.loginButtonMs))} (bare page ${ms(median(b.loginButtonBareMs))}); trending → 100 items ${ms(median(b.trendingToItemsMs))}; twenty cards → ${b.twentyCardsRequests} request(s); seek → sound ${ms(median(b.seekToSoundMs))}`);
    const st = streamSection(await benchStream(service.url, { seconds }));
    lines.push(...st.lines);
    summary.push(st.summary);
    const images = imageSection(await benchImages(service.url, values.quick ? 5 : 9));
    lines.push(...images.lines);
    summary.push(images.summary);
    const embeds = await benchEmbeds(service.url, embedRuns);
    lines.push(...embedsSection(embeds, fmt));
    summary.push(embedsSummary(embeds));
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
  const seed = server.seedDefault;
  const palette = `audio palette ${ms(seed.paletteMs)}${seed.paletteEncoded ? ', encoded' : ''}`;
  lines.push('A first start on an empty data directory: the catalog, then the audio palette (encoded once per data directory; later starts read it).', '');
  lines.push(`- seed, default catalog: ${ms(seed.ms)} (catalog ${ms(seed.catalogMs)} + ${palette}); target under 5 s`);
  const large = server.seedLarge;
  if (large) lines.push(`- seed, large catalog: ${ms(large.catalogMs + seed.paletteMs)} (catalog ${ms(large.catalogMs)} + the same ${palette})`);
  lines.push(`- search-tracks on the large catalog, 15 different queries, ${seconds} s after a 3 s warm-up: ${fmt(server.largeSearch.rps)} req/s, p99 ${ms(server.largeSearch.p99)} (target under 20 ms), errors ${server.largeSearch.errors}`);
  summary.push(`seed default ${ms(seed.ms)} (palette ${ms(seed.paletteMs)}), large ${large ? ms(large.catalogMs + seed.paletteMs) : 'n/a'}`);
  summary.push(`large-catalog search p99 ${ms(server.largeSearch.p99)}`);
  lines.push('');

  writeFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
  console.log(summary.join('\n'));
  console.log('written: bench/RESULTS.md');
}

/** The stream figures as a section of RESULTS.md, and a line of the summary. */
function streamSection(st: StreamBench): { lines: string[]; summary: string } {
  const lines: string[] = [];
  const list = (xs: number[]) => xs.map((x) => fmt(x, 1)).join(', ');
  lines.push('## Stream', '');
  lines.push(`${values.only ? 'A fresh service' : 'Same service'}. Never-played tracks are ones no earlier part of the run asked for; the warm track is ${fmt(st.bytes / 1e6, 2)} MB.`, '');
  lines.push('| figure | value | target |');
  lines.push('|---|---|---|');
  lines.push(`| first audio byte, 20 different never-played tracks requested at once: p99 (median) | ${ms(st.coldBurst.p99)} (${ms(st.coldBurst.median)}) | ≤ 50 ms |`);
  lines.push(`| first byte of a 64 KiB Range in the middle of a never-played track, 20 tracks in turn: p99 (median) | ${ms(st.coldMiddle.p99)} (${ms(st.coldMiddle.median)}) | ≤ 50 ms |`);
  lines.push(`| the same in the middle of a warm track (median of 3) | ${ms(st.ttfbWarmMs)} | |`);
  lines.push(`| first audio byte of a first play after 50 HEADs and 20 aborted GETs of other never-played tracks | ${ms(st.afterAbuseMs)} | ≤ 50 ms |`);
  lines.push(`| warm full download, one at a time (median of ${st.warmRuns.length}) | ${fmt(st.warmMBps, 1)} MB/s | |`);
  lines.push(`| ${st.concurrent.downloads} warm downloads at once: in total, slowest | ${fmt(st.concurrent.aggregateMBps, 1)} MB/s, ${fmt(st.concurrent.slowestMBps, 1)} MB/s | |`, '');
  lines.push(`First audio bytes of the 20 at once (ms): ${list(st.coldBurst.runs)}.`, '');
  lines.push(`Search and trending under 50 connections (autocannon, ${seconds} s each side in 3 turns, alone and beside, alternating; req/s the mean, p99 the worst turn), alone and with 20 listeners beside them, each streaming never-played tracks as a browser's \`<audio>\` does (the first 256 KiB at once, then 4 × the playback rate; a finished track is followed by another; the load starts 1 s after the listeners):`, '');
  lines.push('| operation | p99 alone | p99 with 20 streams | ratio | req/s alone | req/s with streams | streams started | errors | target |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const b of st.beside) {
    lines.push(`| ${b.name} | ${ms(b.alone.p99)} | ${ms(b.withStreams.p99)} | ${fmt(b.withStreams.p99 / b.alone.p99, 2)}× | ${fmt(b.alone.rps)} | ${fmt(b.withStreams.rps)} | ${b.streamsStarted} | ${b.alone.errors + b.withStreams.errors} | ≤ 1.5× |`);
  }
  lines.push('');
  return {
    lines,
    summary: `stream: 20 cold at once first byte p99 ${ms(st.coldBurst.p99)}; cold middle Range p99 ${ms(st.coldMiddle.p99)}; after abuse ${ms(st.afterAbuseMs)}; ${st.beside.map((b) => `${b.name} p99 ×${fmt(b.withStreams.p99 / b.alone.p99, 2)} beside 20 streams`).join(', ')}`,
  };
}

/** `--only stream`: the stream figures alone, on a fresh service, printed as the section RESULTS.md would hold. */
async function onlyStream(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-bench-stream-'));
  const service = await startService(dataDir);
  try {
    const st = streamSection(await benchStream(service.url, { seconds }));
    console.log(st.lines.join('\n'));
    console.log(st.summary);
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--only images`: the raster image figures alone, on a fresh service, printed as the section RESULTS.md would hold. */
async function onlyImages(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-bench-images-'));
  const service = await startService(dataDir);
  try {
    const images = imageSection(await benchImages(service.url, values.quick ? 5 : 9));
    console.log(images.lines.join('\n'));
    console.log(images.summary);
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One line of the summary for the twenty-embed figures. */
function embedsSummary(bench: Awaited<ReturnType<typeof benchEmbeds>>): string {
  const pages = bench.lighthouse.map((row) => `${row.page} ${row.score} (TBT ${fmt(row.tbtMs)} ms, ${fmt(row.bytes / 1024)} KiB)`).join('; ');
  return `Lighthouse: ${pages}; click to sound on the 7th frame ${ms(median(bench.click.before.ms))} before hydration, ${ms(median(bench.click.after.ms))} after`;
}

/** `--only embeds`: the twenty-embed figures on a fresh service, written into their section of RESULTS.md (the rest kept). */
async function onlyEmbeds(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-bench-embeds-'));
  const service = await startService(dataDir);
  try {
    const bench = await benchEmbeds(service.url, embedRuns);
    const section = embedsSection(bench, fmt).join('\n');
    const path = new URL('./RESULTS.md', import.meta.url);
    const old = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmark results\n';
    const marked = /<!-- embeds:start -->[\s\S]*<!-- embeds:end -->/;
    writeFileSync(path, marked.test(old) ? old.replace(marked, () => section) : `${old.trimEnd()}\n\n${section}\n`);
    console.log(section);
    console.log(embedsSummary(bench));
    console.log('written: the twenty-embed section of bench/RESULTS.md');
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const parts: Record<string, () => Promise<void>> = { stream: onlyStream, images: onlyImages, embeds: onlyEmbeds };
(values.only ? parts[values.only]!() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
