// Stream figures against a running reference service. Tracks "never played" are ones no earlier
// part of the run asked for: each figure takes fresh ones from the genre trending lists.
//
// - warm full download MB/s (one at a time, and ten at once);
// - first audio byte of 20 different never-played tracks requested at once (median, p99);
// - first byte of a 64 KiB Range in the middle of 20 never-played tracks, one after another;
// - first byte of a first play after 50 HEADs and 20 aborted GETs of other never-played tracks;
// - search and trending p99 under 50 connections, alone and with 20 listeners beside them,
//   each streaming never-played tracks as a browser's <audio> does: the first 256 KiB at once,
//   then four times the playback rate (a finished track is followed by another never-played one).
//
//   node --import tsx bench/stream.ts [--url http://127.0.0.1:7700] [--seconds 5]
// Without --url a service is started on a fresh data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROUNDS, combine, load, type LoadResult } from './server.js';

const RANGE = 65_536;

interface Meta {
  id: string;
  title: string;
  duration: number;
}

export interface StreamBench {
  /** Bytes of the warm track's file. */
  bytes: number;
  /** MB/s (10^6 bytes) of each warm full download, one at a time; `warmMBps` is their median. */
  warmRuns: number[];
  warmMBps: number;
  /** Ten warm full downloads at once: all their bytes over the wall time. */
  concurrent: { downloads: number; seconds: number; aggregateMBps: number; slowestMBps: number };
  /** ms to the first audio byte of 20 never-played tracks requested at once, from byte 0. */
  coldBurst: { median: number; p99: number; runs: number[] };
  /** ms to the first byte of a 64 KiB Range at the middle of a never-played track, 20 tracks in turn. */
  coldMiddle: { median: number; p99: number };
  /** The same on the warm track (median of three ranges about its middle). */
  ttfbWarmMs: number;
  /** ms to the first audio byte of a first play after 50 HEADs and 20 aborted GETs of other never-played tracks. */
  afterAbuseMs: number;
  /** Under 50 connections, alone and beside 20 listeners of never-played tracks: mean req/s, worst p99 of the turns. */
  beside: { name: string; alone: LoadResult; withStreams: LoadResult; streamsStarted: number }[];
}

/** A listener's reading: `burst` bytes at once, then at most `bytesPerSecond`. */
interface Pace {
  burst: number;
  bytesPerSecond: number;
}
const LISTENER: Pace = { burst: 256 * 1024, bytesPerSecond: 4 * 6000 };

/** Downloads a stream (or a range of it): bytes, ms to the first body byte, total ms. */
async function download(url: string, range?: string, signal?: AbortSignal, pace?: Pace): Promise<{ bytes: number; firstByteMs: number; ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: range ? { range } : {}, signal: signal ?? AbortSignal.timeout(300_000) });
  const reader = res.body!.getReader();
  let bytes = 0;
  let firstByteMs = NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!bytes) firstByteMs = performance.now() - start;
    bytes += value.byteLength;
    if (pace && bytes > pace.burst) {
      const due = start + ((bytes - pace.burst) / pace.bytesPerSecond) * 1000;
      if (due > performance.now()) await sleep(due - performance.now(), undefined, { signal });
    }
  }
  return { bytes, firstByteMs, ms: performance.now() - start, status: res.status };
}

/**
 * ms to the first body byte of a GET on a connection of its own, then the connection is dropped.
 * node:http rather than fetch: on a two-core machine, twenty fetches at once cost the client
 * (undici's parser and web streams) tens of ms that the service shares the cores with, and
 * that landed in the figure as if the service were slow.
 */
function firstByte(url: string, range?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(url, { agent: false, headers: range ? { range } : {} }, (res) => {
      if (res.statusCode !== 200 && res.statusCode !== 206) {
        req.destroy();
        reject(new Error(`${url}: ${res.statusCode}`));
        return;
      }
      res.once('data', () => {
        resolve(performance.now() - start);
        req.destroy();
      });
      res.once('end', () => reject(new Error(`${url}: no body`)));
      res.on('error', () => undefined);
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

/** A request whose client hangs up as soon as the status line and headers are in. */
function abortedGet(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      res.on('error', () => undefined);
      req.destroy();
      resolve();
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The 99th percentile by nearest rank: of 20 samples, the largest. */
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.99 * xs.length) - 1]!;

export async function benchStream(serviceUrl: string, options: { seconds?: number; appName?: string } = {}): Promise<StreamBench> {
  const base = serviceUrl.replace(/\/+$/, '');
  const app = encodeURIComponent(options.appName ?? 'bench');
  const seconds = options.seconds ?? 5;
  const json = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}app_name=${app}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  const stream = (id: string) => `${base}/v1/tracks/${encodeURIComponent(id)}/stream?app_name=${app}`;

  // Never-played tracks: from the genre lists, none of the all-time top 100 (which pages and tests play).
  const top = await json<Meta[]>('/v1/tracks/trending?time=allTime&limit=100');
  const used = new Set(top.map((t) => t.id));
  const pool: Meta[] = [];
  for (const genre of ['Electronic', 'Rock', 'Hip-Hop/Rap', 'Pop', 'Ambient', 'Jazz', 'Techno', 'Folk', 'House', 'Alternative', 'Metal', 'Lo-Fi']) {
    for (const t of await json<Meta[]>(`/v1/tracks/trending?time=allTime&limit=100&genre=${encodeURIComponent(genre)}`)) {
      if (!used.has(t.id) && t.duration >= 60) {
        used.add(t.id);
        pool.push(t);
      }
    }
  }
  const cold = (n: number): Meta[] => {
    if (pool.length < n) throw new Error(`${n} never-played tracks wanted, ${pool.length} left`);
    return pool.splice(0, n);
  };

  // Warm: the top track, played in full first.
  const warm = top[0]!;
  const first = await download(stream(warm.id));
  if (first.status !== 200) throw new Error(`stream of ${warm.id}: ${first.status}`);
  const bytesPerSecond = first.bytes / warm.duration; // constant bit rate: bytes place a second
  const middle = (t: Meta) => Math.floor((t.duration * bytesPerSecond) / 2);
  const rangeOf = (from: number) => `bytes=${from}-${from + RANGE - 1}`;
  const ttfbWarmMs = median([
    await firstByte(stream(warm.id), rangeOf(middle(warm))),
    await firstByte(stream(warm.id), rangeOf(middle(warm) - RANGE)),
    await firstByte(stream(warm.id), rangeOf(middle(warm) + RANGE)),
  ]);
  const warmRuns: number[] = [];
  for (let i = 0; i < 7; i++) {
    const r = await download(stream(warm.id));
    warmRuns.push(r.bytes / 1e6 / (r.ms / 1000));
  }
  const started = performance.now();
  const all = await Promise.all(Array.from({ length: 10 }, () => download(stream(warm.id))));
  const concurrentSeconds = (performance.now() - started) / 1000;

  const burst = await Promise.all(cold(20).map((t) => firstByte(stream(t.id))));
  const middles: number[] = [];
  for (const t of cold(20)) middles.push(await firstByte(stream(t.id), rangeOf(middle(t))));

  const abuse = cold(71);
  await Promise.all(abuse.slice(0, 50).map((t) => fetch(stream(t.id), { method: 'HEAD' })));
  await Promise.all(abuse.slice(50, 70).map((t) => abortedGet(stream(t.id))));
  const afterAbuseMs = await firstByte(stream(abuse[70]!.id));

  const word = encodeURIComponent(top[0]!.title.split(' ')[0]!);
  const beside: StreamBench['beside'] = [];
  for (const [name, path] of [['search-tracks', `/v1/tracks/search?query=${word}&app_name=${app}`], ['trending', `/v1/tracks/trending?app_name=${app}`]] as const) {
    await load(base + path, 1, 50); // warm-up
    // Turn about, alone and beside the listeners, so a slow moment of the machine falls on both.
    const alone: LoadResult[] = [];
    const withStreams: LoadResult[] = [];
    let streamsStarted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      alone.push(await load(base + path, seconds / ROUNDS, 50));
      const stop = new AbortController();
      const listener = async () => {
        while (!stop.signal.aborted && pool.length > 0) {
          streamsStarted++;
          await download(stream(cold(1)[0]!.id), undefined, stop.signal, LISTENER).catch(() => undefined);
        }
      };
      const listeners = Array.from({ length: 20 }, listener);
      await sleep(1000); // past the listeners' first bursts: streams running, not starting
      withStreams.push(await load(base + path, seconds / ROUNDS, 50));
      stop.abort();
      await Promise.all(listeners);
    }
    beside.push({ name, alone: combine(alone), withStreams: combine(withStreams), streamsStarted });
  }

  return {
    bytes: first.bytes,
    warmRuns,
    warmMBps: median(warmRuns),
    concurrent: {
      downloads: all.length,
      seconds: concurrentSeconds,
      aggregateMBps: all.reduce((sum, r) => sum + r.bytes, 0) / 1e6 / concurrentSeconds,
      slowestMBps: Math.min(...all.map((r) => r.bytes / 1e6 / (r.ms / 1000))),
    },
    coldBurst: { median: median(burst), p99: p99(burst), runs: burst },
    coldMiddle: { median: median(middles), p99: p99(middles) },
    ttfbWarmMs,
    afterAbuseMs,
    beside,
  };
}

/** Standalone: prints the figures as JSON. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, seconds: { type: 'string' } } });
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
    console.log(JSON.stringify(await benchStream(url, { seconds: values.seconds ? Number(values.seconds) : undefined }), null, 2));
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
