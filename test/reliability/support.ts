/**
 * Shared helpers of the reliability suite (Node side): the short/full switch, a seeded random
 * generator, one temporary data directory per process, an in-process reference service, the
 * one-error-shape check, a bounded worker pool and the counts each part reports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startService, type RunningService } from '../../server/service.js';
import { encodeId } from '../../server/ids.js';

/** `--full` on the command line, or RELIABILITY_FULL=1: the long form of every part. */
export const FULL = process.argv.includes('--full') || process.env.RELIABILITY_FULL === '1';

/** The app name every request of the suite carries. */
export const APP = 'reliability';

/** A small seeded generator (mulberry32): the same seed gives the same cases on every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]!, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof rng>;

let dir: string | undefined;
/** One data directory per process (seeded once, shared by the parts), removed when the process exits. */
export function dataDir(): string {
  if (!dir) {
    const made = mkdtempSync(join(tmpdir(), 'service-reliability-'));
    dir = made;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return dir;
}

/** The reference service in this process, on a free 127.0.0.1 port, over the shared data directory. */
export function localService(): Promise<RunningService> {
  return startService({ port: 0, dataDir: dataDir() });
}

/** The demo account and app of every seeded catalog (docs/login.md). */
export const DEMO = {
  userId: '7eP5n',
  handle: 'demo',
  password: 'listen-offline',
  apiKey: '774b4a83134248429841ef8bd8a685f0875b9ab1',
  apiSecret: '3d3b178e56d188c646a3c554b740e9b4f78c28070b2f210667ca95036a281498',
};

/**
 * What is wrong with an error answer, or undefined when it is the one shape: a JSON body that
 * is exactly `{code, error}`, `code` equal to the status, `error` a non-empty string.
 */
export function errorShapeProblem(status: number, contentType: string | undefined, body: string): string | undefined {
  if (!/^application\/json\b/i.test(contentType ?? '')) return `content-type ${JSON.stringify(contentType)} is not JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `body is not JSON: ${JSON.stringify(body.slice(0, 120))}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return `body is not an object: ${body.slice(0, 120)}`;
  const keys = Object.keys(parsed).sort().join(',');
  if (keys !== 'code,error') return `body keys are ${keys}, not code,error: ${body.slice(0, 160)}`;
  const { code, error } = parsed as { code: unknown; error: unknown };
  if (code !== status) return `code ${JSON.stringify(code)} is not the status ${status}`;
  if (typeof error !== 'string' || error.trim() === '') return 'error is not a non-empty string';
  return undefined;
}

/** Runs `fn` over `items`, `concurrency` at a time, in order of the items; resolves when all are done. */
export async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Counts of a run by label, printed by each part and kept for the runner's summary. */
export const counts = new Map<string, string>();
export function report(label: string, value: string | number, log?: (line: string) => void): void {
  counts.set(label, String(value));
  (log ?? console.log)(`${label}: ${value}`);
}

/** Tallies of strings, e.g. status codes. */
export function tally(values: Iterable<string | number>): string {
  const map = new Map<string, number>();
  for (const v of values) map.set(String(v), (map.get(String(v)) ?? 0) + 1);
  return [...map].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, n]) => `${k}×${n}`).join(' ');
}

/** Ids of the seeded catalog the parts start from: found through the API, never hard-coded beyond the demo user. */
export interface Known {
  trackId: string;
  /** The catalog's shortest track, fully encoded before any part streams it. */
  streamTrackId: string;
  streamSize: number;
  userId: string;
  playlistId: string;
  handle: string;
  trackSlugPath: string;
  word: string;
}

/**
 * The public ids of the `count` shortest tracks of the generated catalog in the shared data
 * directory (read-only; a service must have seeded it): short tracks encode in a second or two.
 */
export function shortestTracks(count: number): string[] {
  const db = new Database(join(dataDir(), 'catalog-default.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT id FROM tracks ORDER BY duration, id LIMIT ?').all(count) as { id: number }[]).map((row) => encodeId(row.id));
  } finally {
    db.close();
  }
}

/** Looks up ids and warms one short track's stream (its first request encodes it). */
export async function knownIds(base: string): Promise<Known> {
  const get = async (path: string) => {
    const res = await fetch(base + path + (path.includes('?') ? '&' : '?') + `app_name=${APP}`);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: never }).data;
  };
  const trending: { id: string; title: string }[] = await get('/v1/tracks/trending?time=allTime&limit=5');
  const track = trending[0]!;
  const short = { id: shortestTracks(1)[0]! };
  const playlists: { id: string }[] = await get(`/v1/playlists/search?query=a&limit=5`);
  const own: { title: string }[] = await get(`/v1/users/${DEMO.userId}/tracks?limit=1`);
  const slug = own[0]!.title.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'untitled';
  const stream = await fetch(`${base}/v1/tracks/${short.id}/stream?app_name=${APP}`, { signal: AbortSignal.timeout(120_000) });
  const bytes = (await stream.arrayBuffer()).byteLength;
  if (stream.status !== 200 || bytes === 0) throw new Error(`warming the stream of ${short.id}: ${stream.status}, ${bytes} bytes`);
  return {
    trackId: track.id,
    streamTrackId: short.id,
    streamSize: bytes,
    userId: DEMO.userId,
    playlistId: playlists[0]!.id,
    handle: DEMO.handle,
    trackSlugPath: `/${DEMO.handle}/${slug}`,
    word: track.title.split(/\s+/)[0]!.replace(/[^\p{L}\p{N}]/gu, '') || 'the',
  };
}

/** Resolves once `check` gives something truthy (checked every 250 ms), or throws "waited … for <what>". */
export async function until(check: () => unknown | Promise<unknown>, what: () => string, limit = 30_000): Promise<void> {
  for (const deadline = Date.now() + limit; !(await check()); await new Promise((r) => setTimeout(r, 250))) {
    if (Date.now() > deadline) throw new Error(`waited ${limit} ms for ${what()}`);
  }
}

/** A "nothing happens within `ms`" check, the only fixed wait a test may make (see test/support/waits.ts). */
export const quietFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
