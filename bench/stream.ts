// Stream figures against a running reference service: throughput of a warm full download
// (one at a time, and ten at once) and time to first byte of a Range request into the middle
// of a track never played before (cold: the service synthesizes and encodes it while answering)
// and of a warm one (served from the media cache).
//
//   node --import tsx bench/stream.ts [--url http://127.0.0.1:7700]
// Without --url a service is started on a fresh data directory (so every other track is cold).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface StreamBenchOptions {
  /** Sent as `app_name`; default `bench`. */
  appName?: string;
  /** Full downloads timed one at a time; default 7 (the median is reported). */
  runs?: number;
  /** Downloads at once for the concurrent figure; default 10. */
  concurrency?: number;
  /** The track to warm and download; default the top of the all-time trending list. */
  warmTrackId?: string;
  /** Tracks assumed never streamed before; default two from far down the all-time trending list. */
  coldTrackIds?: string[];
}

export interface StreamBench {
  trackIds: { warm: string; cold: string[] };
  /** Bytes of the warm track's file. */
  bytes: number;
  /** MB/s (10^6 bytes) of each warm full download, one at a time; `warmMBps` is their median. */
  warmRuns: number[];
  warmMBps: number;
  /** Ten (or `concurrency`) warm full downloads at once: all their bytes over the wall time. */
  concurrent: { downloads: number; seconds: number; aggregateMBps: number; slowestMBps: number };
  /** Milliseconds to the first body byte of a 64 KiB Range request at the middle of a cold track. */
  ttfbColdMs: number;
  /** The same on the warm track (median of three ranges about its middle). */
  ttfbWarmMs: number;
  /** The same from byte 0 of another cold track (the start streams while it is encoded). */
  ttfbColdStartMs: number;
}

const RANGE = 65_536;

interface Meta {
  id: string;
  duration: number;
}

/** Downloads a stream (or a range of it): bytes, ms to the first body byte, total ms. */
async function download(url: string, range?: string): Promise<{ bytes: number; firstByteMs: number; ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: range ? { range } : {}, signal: AbortSignal.timeout(300_000) });
  const reader = res.body!.getReader();
  let bytes = 0;
  let firstByteMs = NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!bytes) firstByteMs = performance.now() - start;
    bytes += value.byteLength;
  }
  return { bytes, firstByteMs, ms: performance.now() - start, status: res.status };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchStream(serviceUrl: string, options: StreamBenchOptions = {}): Promise<StreamBench> {
  const base = serviceUrl.replace(/\/+$/, '');
  const app = encodeURIComponent(options.appName ?? 'bench');
  const runs = options.runs ?? 7;
  const concurrency = options.concurrency ?? 10;
  const json = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}app_name=${app}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  const meta = (id: string) => json<Meta>(`/v1/tracks/${encodeURIComponent(id)}`);
  const top = await json<Meta[]>('/v1/tracks/trending?time=allTime&limit=1');
  const far = await json<Meta[]>('/v1/tracks/trending?time=allTime&limit=10&offset=90');
  const warm = options.warmTrackId ? await meta(options.warmTrackId) : top[0]!;
  const cold = options.coldTrackIds ? await Promise.all(options.coldTrackIds.map(meta)) : far.filter((t) => t.id !== warm.id).slice(0, 2);
  if (cold.length < 2) throw new Error('two cold tracks are needed');
  const stream = (id: string) => `${base}/v1/tracks/${encodeURIComponent(id)}/stream?app_name=${app}`;

  // Warm first: a cold request leaves its track encoding in the background, which would slow the rest.
  const first = await download(stream(warm.id)); // warms the track (and is the reference size)
  if (first.status !== 200) throw new Error(`stream of ${warm.id}: ${first.status}`);
  // The stream is constant bit rate, so the warm track's bytes per second place a track's middle.
  const bytesPerSecond = first.bytes / warm.duration;
  const middle = (t: Meta) => Math.floor((t.duration * bytesPerSecond) / 2);
  const ranged = async (what: string, t: Meta, from: number) => {
    const r = await download(stream(t.id), `bytes=${from}-${from + RANGE - 1}`);
    if (r.status !== 206) throw new Error(`${what} range of ${t.id}: ${r.status}`);
    return r.firstByteMs;
  };
  const ttfbWarmMs = median([await ranged('warm', warm, middle(warm)), await ranged('warm', warm, middle(warm) - RANGE), await ranged('warm', warm, middle(warm) + RANGE)]);

  const warmRuns: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await download(stream(warm.id));
    warmRuns.push(r.bytes / 1e6 / (r.ms / 1000));
  }
  const started = performance.now();
  const all = await Promise.all(Array.from({ length: concurrency }, () => download(stream(warm.id))));
  const seconds = (performance.now() - started) / 1000;
  const total = all.reduce((sum, r) => sum + r.bytes, 0);

  // Cold: a seek into the middle of a track never played; then, once that encode is over (its
  // whole file read), the start of another.
  const ttfbColdMs = await ranged('cold', cold[0]!, middle(cold[0]!));
  await download(stream(cold[0]!.id));
  const ttfbColdStartMs = await ranged('cold', cold[1]!, 0);
  await download(stream(cold[1]!.id));

  return {
    trackIds: { warm: warm.id, cold: cold.map((t) => t.id) },
    bytes: first.bytes,
    warmRuns,
    warmMBps: median(warmRuns),
    concurrent: {
      downloads: concurrency,
      seconds,
      aggregateMBps: total / 1e6 / seconds,
      slowestMBps: Math.min(...all.map((r) => r.bytes / 1e6 / (r.ms / 1000))),
    },
    ttfbColdMs,
    ttfbWarmMs,
    ttfbColdStartMs,
  };
}

/** Standalone: prints the figures as JSON. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' } } });
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  let url = values.url;
  if (!url) {
    const { startService } = await import('./processes.js');
    dir = mkdtempSync(join(tmpdir(), 'service-bench-stream-'));
    const child = await startService(dir);
    url = child.url;
    stop = child.stop;
  }
  try {
    console.log(JSON.stringify(await benchStream(url), null, 2));
  } finally {
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
