/**
 * Part 4, soak: 50 connections (autocannon) against a service child process for 5 s (short)
 * or 60 s (full), after a warm-up, over a seeded mix of the read API (get track, search,
 * trending, user tracks) and the stream with Range requests. No errors, no timeouts, no
 * non-2xx; the child's RSS (sampled from /proc/<pid>/status, every second in the full form,
 * every 250 ms in the short one) flat: the last third's mean at most 20 % above the first third's.
 *
 *   node --import tsx --test-reporter=spec test/reliability/soak.ts [--full]
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { APP, FULL, dataDir, report, rng, shortestTracks } from './support.js';

const SECONDS = FULL ? 60 : 5;
const WARMUP = FULL ? 10 : 2;
const SAMPLE_MS = FULL ? 1000 : 250;
const CONNECTIONS = 50;
const FLAT = 0.2;

let child: ChildProcess;
let url: string;

/** The service as a child process (its pid is the one to watch), resolved at its ready line. */
function startChild(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => proc.kill('SIGKILL');
  process.once('exit', kill);
  proc.once('exit', () => process.off('exit', kill));
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 120 s:\n${log}`)), 120_000);
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => (log += d));
    proc.stdout!.setEncoding('utf8').on('data', (d: string) => {
      log += d;
      const m = /ready at (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child: proc, url: m[1]! });
      }
    });
    proc.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready:\n${log}`)));
  });
}

const rssKb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

interface Target {
  path: string;
  headers?: Record<string, string>;
}

/** A seeded mix of valid requests; the stream's tracks are encoded first, so ranges are served from the cache. */
async function targets(): Promise<Target[]> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}${path}&app_name=${APP}`);
    assert.equal(res.status, 200, path);
    return ((await res.json()) as { data: T }).data;
  };
  const tracks = await get<{ id: string; title: string; user: { id: string } }[]>('/v1/tracks/trending?time=allTime&limit=60');
  const streams = shortestTracks(3);
  const sizes = new Map<string, number>();
  await Promise.all(
    streams.map(async (id) => {
      const res = await fetch(`${url}/v1/tracks/${id}/stream?app_name=${APP}`, { signal: AbortSignal.timeout(180_000) });
      sizes.set(id, (await res.arrayBuffer()).byteLength);
    }),
  );
  const words = [...new Set(tracks.map((t) => t.title.split(/\s+/)[0]!.replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length > 1))];
  const r = rng(0x50a6);
  const list: Target[] = [];
  for (let i = 0; i < 2_000; i++) {
    const x = r.next();
    const track = r.pick(tracks);
    if (x < 0.3) list.push({ path: `/v1/tracks/${track.id}?app_name=${APP}` });
    else if (x < 0.45) list.push({ path: `/v1/${r.pick(['tracks', 'users', 'playlists'])}/search?query=${encodeURIComponent(r.pick(words))}&app_name=${APP}` });
    else if (x < 0.6) list.push({ path: `/v1/tracks/trending?time=${r.pick(['week', 'month', 'allTime'])}&limit=${r.pick([10, 50, 100])}&app_name=${APP}` });
    else if (x < 0.75) list.push({ path: `/v1/users/${track.user.id}/tracks?limit=${r.pick([5, 20])}&sort=${r.pick(['date', 'plays'])}&app_name=${APP}` });
    else {
      const id = r.pick(streams);
      const size = sizes.get(id)!;
      const start = r.int(size - 1);
      const range = r.chance(0.8) ? `bytes=${start}-${Math.min(size - 1, start + 16_384 + r.int(131_072))}` : r.chance(0.5) ? `bytes=-${1 + r.int(65_536)}` : `bytes=${size - 1 - r.int(65_536)}-`;
      list.push({ path: `/v1/tracks/${id}/stream?app_name=${APP}`, headers: { range } });
    }
  }
  return list;
}

function run(list: Target[], seconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [{ setupRequest: (req) => {
      const t = list[next++ % list.length]!;
      return { ...req, method: 'GET', path: t.path, headers: { ...req.headers, ...t.headers } };
    } }],
  });
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

describe('4. soak', () => {
  before(async () => {
    ({ child, url } = await startChild(dataDir()));
  });

  after(
    () =>
      new Promise<void>((resolve) => {
        if (!child || child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  );

  test(`soak: ${SECONDS} s at ${CONNECTIONS} connections, read API and stream: no errors, memory flat`, async (t) => {
    const list = await targets();
    await run(list, WARMUP);
    const pid = child.pid!;
    const samples: number[] = [rssKb(pid)];
    const timer = setInterval(() => samples.push(rssKb(pid)), SAMPLE_MS);
    let result: autocannon.Result;
    try {
      result = await run(list, SECONDS);
    } finally {
      clearInterval(timer);
    }
    samples.push(rssKb(pid));
    const third = Math.max(1, Math.floor(samples.length / 3));
    const first = mean(samples.slice(0, third));
    const last = mean(samples.slice(-third));
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}×${(s as { count: number }).count}`).join(' ');
    const log = t.diagnostic.bind(t);
    report('soak: requests', `${result.requests.total} in ${SECONDS} s (${Math.round(result.requests.average)} req/s, ${CONNECTIONS} connections, ${WARMUP} s warm-up before)`, log);
    report('soak: statuses', statuses, log);
    report('soak: errors / timeouts / non-2xx', `${result.errors} / ${result.timeouts} / ${result.non2xx}`, log);
    report('soak: latency', `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ${(result.throughput.average / 1e6).toFixed(1)} MB/s`, log);
    report('soak: RSS', `${samples.length} samples every ${SAMPLE_MS} ms: first third ${mb(first)}, last third ${mb(last)} (${(((last - first) / first) * 100).toFixed(1)} %), min ${mb(Math.min(...samples))}, max ${mb(Math.max(...samples))}`, log);
    assert.equal(result.errors, 0, 'errors');
    assert.equal(result.timeouts, 0, 'timeouts');
    assert.equal(result.non2xx, 0, 'non-2xx answers');
    assert.ok(result.requests.total > 0);
    assert.ok(last - first <= FLAT * first, `RSS grew from ${mb(first)} to ${mb(last)}`);
    const alive = await fetch(`${url}${list[0]!.path}`);
    assert.equal(alive.status, 200, 'the service still answers');
  });
});
