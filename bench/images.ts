// Raster image figures against a running reference service: the first render of a JPEG (an image
// no earlier request asked for: a different track each run) and the cached answer of the same
// image, for the 1200 × 630 share image and a 480 × 480 artwork. Milliseconds on the client, to
// the last byte over loopback; the server's own render time is its Server-Timing header.
//
//   node --import tsx bench/images.ts [--url http://127.0.0.1:7700] [--runs 9]
// Without --url a service is started on a fresh data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './browser.js';
import { startNode } from './processes.js';

export interface ImageFigure {
  name: string;
  /** ms to the last byte of a first render, one per run (a different track each). */
  firstMs: number[];
  /** The server's render time of each (Server-Timing `render;dur`). */
  renderMs: number[];
  /** ms to the last byte of the same images once kept. */
  cachedMs: number[];
  bytes: number;
}

export interface ImageBench {
  runs: number;
  figures: ImageFigure[];
}

const SIZES = [
  { name: '1200 × 630 share image (JPEG)', size: '1200x630.jpg' },
  { name: '480 × 480 artwork (JPEG)', size: '480x480.jpg' },
];

async function timed(url: string): Promise<{ ms: number; renderMs?: number; bytes: number; timing: string }> {
  const start = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const timing = res.headers.get('server-timing') ?? '';
  const render = /render;dur=([\d.]+)/.exec(timing);
  return { ms, renderMs: render ? Number(render[1]) : undefined, bytes: body.byteLength, timing };
}

/** Tracks no earlier part of the run asked images of: the newest ones of the catalog's trending list, from its end. */
async function freshTracks(baseUrl: string, count: number): Promise<string[]> {
  const res = await fetch(`${baseUrl}/v1/tracks/trending?time=allTime&limit=100&app_name=bench-images`);
  const ids = ((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id);
  if (ids.length < count * SIZES.length) throw new Error(`only ${ids.length} tracks`);
  return ids.reverse();
}

export async function benchImages(baseUrl: string, runs = 9): Promise<ImageBench> {
  const tracks = await freshTracks(baseUrl, runs);
  // One request not counted: the first of the process pays for loading libvips' fonts and codecs.
  await timed(`${baseUrl}/images/artwork/${tracks.pop()}/150x150.jpg`);
  const figures: ImageFigure[] = [];
  for (const { name, size } of SIZES) {
    const urls = tracks.splice(0, runs).map((id) => `${baseUrl}/images/artwork/${id}/${size}`);
    const figure: ImageFigure = { name, firstMs: [], renderMs: [], cachedMs: [], bytes: 0 };
    for (const url of urls) {
      const first = await timed(url);
      if (first.renderMs === undefined) throw new Error(`${url} was not a first render: ${first.timing}`);
      figure.firstMs.push(first.ms);
      figure.renderMs.push(first.renderMs);
      figure.bytes = first.bytes;
    }
    for (const url of urls) {
      const cached = await timed(url);
      if (cached.timing !== 'cache;desc=hit') throw new Error(`${url} was not kept: ${cached.timing}`);
      figure.cachedMs.push(cached.ms);
    }
    figures.push(figure);
  }
  return { runs, figures };
}

/** The figures as a section of RESULTS.md. */
export function imageSection(bench: ImageBench): { lines: string[]; summary: string } {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  const lines = [
    '## Raster images', '',
    `\`/images/artwork/<id>/<size>.jpg\` (sharp: librsvg renders the SVG, libjpeg-turbo encodes), one request at a time over loopback, ms to the last byte; a first render is of a track no earlier request asked for (${bench.runs} different tracks), the cached answer the same ${bench.runs} again; median (all runs). Render: the server's own time (Server-Timing).`, '',
    '| image | first render | of which rendering | cached answer | bytes | target |',
    '|---|---|---|---|---|---|',
    ...bench.figures.map((f) => `| ${f.name} | ${ms(median(f.firstMs))} (${list(f.firstMs)}) | ${ms(median(f.renderMs))} | ${ms(median(f.cachedMs))} (${list(f.cachedMs)}) | ${f.bytes.toLocaleString('en-US')} | first < 100 ms |`),
    '',
  ];
  const summary = `images: ${bench.figures.map((f) => `${f.name} first ${ms(median(f.firstMs))}, cached ${ms(median(f.cachedMs))}`).join('; ')}`;
  return { lines, summary };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '9' } } });
  const dataDir = values.url ? undefined : mkdtempSync(join(tmpdir(), 'service-bench-images-'));
  // The images need no CDN build, so the service is started as the CLI, not through startService.
  const service = dataDir ? await startNode(['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data-dir', dataDir]) : undefined;
  try {
    const section = imageSection(await benchImages(values.url ?? service!.url, Number(values.runs)));
    console.log(section.lines.join('\n'));
    console.log(section.summary);
  } finally {
    await service?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
