// The reference service against a bare node:http server, in the same run on the same machine.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { openCatalog } from '../server/service.js';
import { loadPalette } from '../server/media/palette.js';
import { startNode, startService } from './processes.js';

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

const APP = 'bench';
// Each side's load time is split into this many turns, service and bare server alternating.
export const ROUNDS = 3;

/** Runs of equal length as one: mean throughput, the worst p99, every error. */
export function combine(runs: LoadResult[]): LoadResult {
  return {
    rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

export async function load(url: string | string[], seconds: number, connections = 10): Promise<LoadResult> {
  const urls = (Array.isArray(url) ? url : [url]).map((u) => new URL(u));
  const targets = urls.map((u) => u.pathname + u.search);
  let next = 0;
  const result = await autocannon({
    url: urls[0]!.origin,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: targets[next++ % targets.length]! }) }],
  });
  // Whole requests over the whole run: a short run has too few one-second samples to average.
  return { rps: result.requests.total / result.duration, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

export interface SeedTime {
  /** The whole first start's preparation: catalog and audio palette. */
  ms: number;
  catalogMs: number;
  /** Making the audio palette (encoded unless this process already did; see `paletteEncoded`). */
  paletteMs: number;
  paletteEncoded: boolean;
}

/** Times a fresh seed of one scale into a new data directory: the catalog, then the audio palette. */
export function seedTime(scale: 'default' | 'large', dataDir: string): SeedTime {
  const start = performance.now();
  const { db } = openCatalog({ dataDir, scale });
  const catalogMs = performance.now() - start;
  db.close();
  const palette = loadPalette(dataDir);
  return { ms: performance.now() - start, catalogMs, paletteMs: palette.source.ms, paletteEncoded: palette.source.encoded };
}

export interface ServerBench {
  seedDefault: SeedTime;
  seedLarge?: SeedTime;
  endpoints: { name: string; service: LoadResult; bare: LoadResult }[];
  largeSearch: LoadResult;
}

export async function benchServer(options: { seconds: number; large: boolean }): Promise<ServerBench> {
  const root = mkdtempSync(join(tmpdir(), 'service-bench-'));
  try {
    const seedDefault = seedTime('default', join(root, 'default'));
    const service = await startService(join(root, 'default'));
    const endpoints: ServerBench['endpoints'] = [];
    try {
      const trending = (await (await fetch(`${service.url}/v1/tracks/trending?app_name=${APP}`)).json()) as {
        data: { id: string; title: string }[];
      };
      const track = trending.data[0]!;
      const word = encodeURIComponent(track.title.split(' ')[0]!);
      const cases = [
        { name: 'get-track', path: `/v1/tracks/${track.id}?app_name=${APP}` },
        { name: 'search-tracks', path: `/v1/tracks/search?query=${word}&app_name=${APP}` },
        { name: 'trending', path: `/v1/tracks/trending?app_name=${APP}` },
      ];
      for (const { name, path } of cases) {
        // The bare server answers with the very body the service gives, so both move the same bytes.
        const bodyFile = join(root, `${name}.json`);
        writeFileSync(bodyFile, Buffer.from(await (await fetch(service.url + path)).arrayBuffer()));
        const bare = await startNode(['bench/bare-server.mjs', bodyFile]);
        try {
          await load(service.url + path, 1); // warm-up
          await load(bare.url + path, 1);
          // Turn about, so a slow moment of the machine falls on both sides rather than on one.
          const serviceRuns: LoadResult[] = [];
          const bareRuns: LoadResult[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            serviceRuns.push(await load(service.url + path, options.seconds / ROUNDS));
            bareRuns.push(await load(bare.url + path, options.seconds / ROUNDS));
          }
          endpoints.push({ name, service: combine(serviceRuns), bare: combine(bareRuns) });
        } finally {
          await bare.stop();
        }
      }
    } finally {
      await service.stop();
    }

    let seedLarge: SeedTime | undefined;
    let largeSearch: LoadResult = { rps: NaN, p99: NaN, errors: 0 };
    if (options.large) {
      seedLarge = seedTime('large', join(root, 'large'));
      const large = await startService(join(root, 'large'), ['--scale', 'large']);
      try {
        const words = ['love', 'night', 'blue', 'dream', 'fire', 'summer', 'dark', 'gold', 'city', 'rain', 'a', 'the', 'mo', 'sun', 'electric'];
        const paths = words.map((w) => `${large.url}/v1/tracks/search?query=${w}&app_name=${APP}`);
        // Longer than the others: a fresh service on 100,000 tracks is still filling its caches in its first seconds.
        await load(paths, 3);
        largeSearch = await load(paths, options.seconds);
      } finally {
        await large.stop();
      }
    }
    return { seedDefault, seedLarge, endpoints, largeSearch };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
