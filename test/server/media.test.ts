// The media routes (stream with ranges and play counts, generated images) and the media cache.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openMemoryDatabase, type Db } from '../../server/db/open.js';
import { encodeId } from '../../server/ids.js';
import { createMediaRoutes } from '../../server/routes/media.js';
import { MediaCache } from '../../server/media/cache.js';
import { WorkerEncoder, type TrackEncoder } from '../../server/media/encoder.js';
import { expectedSize } from '../../server/media/mp3.js';
import type { TrackTraits } from '../../server/media/synth.js';

const TRACKS = [
  { id: 1, duration: 12, genre: 'Electronic', mood: 'Upbeat' },
  { id: 2, duration: 9, genre: 'Hip-Hop/Rap', mood: 'Melancholy' },
  { id: 3, duration: 40, genre: null, mood: null },
  // Never requested before the progressive-stream tests: each starts cold.
  { id: 4, duration: 60, genre: 'Rock', mood: null },
  { id: 5, duration: 60, genre: 'Jazz', mood: 'Sad' },
  { id: 6, duration: 45, genre: 'House', mood: null },
  { id: 7, duration: 60, genre: null, mood: 'Peaceful' },
];
let app: FastifyInstance;
let db: Db;
let dataDir: string;
let baseUrl: string;
/** The track ids the app's (real, worker-thread) encoder was asked to encode, in order. */
const encodes: number[] = [];
const stream = (id: number) => `/v1/tracks/${encodeId(id)}/stream?app_name=media-test`;
const cached = (id: number) => join(dataDir, 'media', `${id}.mp3`);

/** Layer III frames, read independently of the server's own parser: [count, seconds]. */
function mp3Duration(data: Buffer): { frames: number; seconds: number; frameSeconds: number } {
  let offset = 0;
  if (data.subarray(0, 3).toString('latin1') === 'ID3') offset = 10 + ((data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]);
  let frames = 0;
  let seconds = 0;
  let frameSeconds = 0;
  while (offset + 4 <= data.length) {
    const [b0, b1, b2] = [data[offset], data[offset + 1], data[offset + 2]];
    assert.ok(b0 === 0xff && (b1 & 0xe0) === 0xe0, `frame sync at byte ${offset}`);
    const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
    assert.equal((b1 >> 1) & 3, 1, 'Layer III');
    const mpeg1 = version === 3;
    const rate = [44100, 48000, 32000][(b2 >> 2) & 3] / (mpeg1 ? 1 : version === 2 ? 2 : 4);
    const kbps = (mpeg1 ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160])[b2 >> 4];
    assert.ok(rate && kbps, `valid header at byte ${offset}`);
    const samples = mpeg1 ? 1152 : 576;
    frameSeconds = samples / rate;
    offset += Math.floor((samples / 8) * (kbps * 1000) / rate) + ((b2 >> 1) & 1);
    frames++;
    seconds += frameSeconds;
  }
  assert.equal(offset, data.length, 'the file ends on a frame boundary');
  return { frames, seconds, frameSeconds };
}

function playCount(id: number): { count: number; rows: number } {
  const { count } = db.prepare('SELECT play_count AS count FROM tracks WHERE id = ?').get(id) as { count: number };
  const { rows } = db.prepare('SELECT COUNT(*) AS rows FROM plays WHERE track_id = ?').get(id) as { rows: number };
  return { count, rows };
}

function errorOf(res: { statusCode: number; json: () => unknown }, status: number): void {
  assert.equal(res.statusCode, status);
  const body = res.json() as { code: number; error: string };
  assert.equal(body.code, status);
  assert.ok(body.error.length > 0);
}

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Set when the connection dropped before the body's end. */
  error?: Error;
  /** Whether `watch` (a cache file) existed when the headers, and then the first body bytes, arrived. */
  cachedAtHeaders: boolean;
  cachedAtFirstByte: boolean;
}

interface GetOptions {
  headers?: Record<string, string>;
  /** A cache file to look for as the response arrives. */
  watch?: string;
  onHeaders?: () => void;
  onFirstByte?: () => void;
}

/** A GET over HTTP, watching the response arrive. */
function get(url: string, { headers = {}, watch = '', onHeaders, onFirstByte }: GetOptions = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      const result = { status: res.statusCode!, headers: res.headers, cachedAtHeaders: existsSync(watch), cachedAtFirstByte: false };
      onHeaders?.();
      res.on('data', (chunk: Buffer) => {
        if (parts.length === 0) {
          result.cachedAtFirstByte = existsSync(watch);
          onFirstByte?.();
        }
        parts.push(chunk);
      });
      res.on('end', () => resolve({ ...result, body: Buffer.concat(parts) }));
      res.on('error', (error) => resolve({ ...result, body: Buffer.concat(parts), error }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition(); ) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An encoder whose every encode the test drives: hands out chunks, finishes or fails it. */
function scriptedEncoder(size: number) {
  const calls: Array<{ track: TrackTraits; chunk: (bytes: Uint8Array) => void; finish: () => void; fail: (error: Error) => void }> = [];
  const encoder: TrackEncoder = {
    sizeOf: () => size,
    close: async () => undefined,
    encode: (track, chunk) => new Promise<void>((finish, fail) => calls.push({ track, chunk, finish, fail })),
  };
  return { encoder, calls };
}

const collect = (stream: Readable) =>
  new Promise<{ bytes: Buffer; error?: Error }>((resolve) => {
    const parts: Buffer[] = [];
    stream.on('data', (part: Buffer) => parts.push(part));
    stream.on('end', () => resolve({ bytes: Buffer.concat(parts) }));
    stream.on('error', (error) => resolve({ bytes: Buffer.concat(parts), error }));
  });

before(async () => {
  db = openMemoryDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'service-media-'));
  db.prepare("INSERT INTO users (id, handle, name, created_at) VALUES (1, 'maker', '<b>Maker</b>', 0)").run();
  const insert = db.prepare("INSERT INTO tracks (id, owner_id, title, slug, duration, genre, mood, created_at) VALUES (?, 1, 'T', ?, ?, ?, ?, 0)");
  for (const t of TRACKS) insert.run(t.id, `t${t.id}`, t.duration, t.genre, t.mood);
  const real = new WorkerEncoder();
  const counting: TrackEncoder = {
    encode: (track, onChunk) => (encodes.push(track.id), real.encode(track, onChunk)),
    sizeOf: (track) => real.sizeOf(track),
    prewarm: () => real.prewarm(),
    close: () => real.close(),
  };
  app = await buildApp({ db, dataDir, baseUrl: 'http://x' }, [createMediaRoutes({ encoder: counting })]);
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

after(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stream', () => {
  let whole: Buffer;
  let etag: string | undefined;

  test('200: a whole MP3 of the track duration, encoded off the event loop', async () => {
    // The longest track encodes for a while; a timer must keep firing meanwhile.
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const res = await app.inject(stream(3));
    clearInterval(timer);
    assert.equal(res.statusCode, 200);
    assert.ok(longestGap < 300, `event loop stalled for ${longestGap.toFixed(0)} ms`);
    const { seconds, frameSeconds } = mp3Duration(res.rawPayload);
    assert.ok(Math.abs(seconds - 40) <= frameSeconds, `decoded ${seconds} s for a 40 s track`);
  });

  test('200 with the headers a media element needs; body length is Content-Length', async () => {
    const res = await app.inject(stream(1));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'audio/mpeg');
    assert.equal(res.headers['accept-ranges'], 'bytes');
    whole = res.rawPayload;
    etag = res.headers.etag as string | undefined;
    assert.equal(Number(res.headers['content-length']), whole.length);
    assert.ok(whole[0] === 0xff && (whole[1] & 0xe0) === 0xe0, 'starts with an MPEG frame sync');
    const { frames, seconds, frameSeconds } = mp3Duration(whole);
    assert.ok(frames > 100);
    assert.ok(Math.abs(seconds - 12) <= frameSeconds, `decoded ${seconds} s for a 12 s track`);
    assert.ok(existsSync(join(dataDir, 'media', '1.mp3')), 'cached under <dataDir>/media/<id>.mp3');
  });

  test('deterministic: the same track gives the same bytes, even re-encoded; tracks differ', async () => {
    const again = await app.inject(stream(1));
    assert.deepEqual(again.rawPayload, whole);
    assert.ok(etag && again.headers.etag === etag, 'served from the cached file, not encoded again');
    unlinkSync(join(dataDir, 'media', '1.mp3'));
    assert.deepEqual((await app.inject(stream(1))).rawPayload, whole, 're-encoding gives identical bytes');
    const other = (await app.inject(stream(2))).rawPayload;
    assert.ok(Math.abs(mp3Duration(other).seconds - 9) < 0.05);
    assert.notDeepEqual(other.subarray(0, 20000), whole.subarray(0, 20000));
    assert.deepEqual(readdirSync(join(dataDir, 'media')).filter((f) => f.endsWith('.tmp')), [], 'no temp files left');
  });

  test('206 for a range, an open-ended range and a suffix; ends are clamped', async () => {
    const size = whole.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=1000-${size + 5000}`, 1000, size - 1],
      ['bytes=-99999999', 0, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await app.inject({ url: stream(1), headers: { range } });
      assert.equal(res.statusCode, 206, range);
      assert.equal(res.headers['content-range'], `bytes ${start}-${end}/${size}`, range);
      assert.equal(Number(res.headers['content-length']), end - start + 1, range);
      assert.equal(res.headers['content-type'], 'audio/mpeg');
      assert.deepEqual(res.rawPayload, whole.subarray(start, end + 1), range);
    }
  });

  test('416 with bytes */size and the JSON error for unsatisfiable or malformed ranges', async () => {
    const size = whole.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=abc', 'bytes=5-2', 'bytes=-0', 'items=0-1', 'bytes=']) {
      const res = await app.inject({ url: stream(1), headers: { range } });
      errorOf(res, 416);
      assert.equal(res.headers['content-range'], `bytes */${size}`, range);
    }
  });

  test('several ranges: the whole file with 200', async () => {
    const res = await app.inject({ url: stream(1), headers: { range: 'bytes=0-1,5-6' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-range'], undefined);
    assert.deepEqual(res.rawPayload, whole);
  });

  test('HEAD: the headers of the GET, no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: stream(1), headers: { range: 'bytes=10-19' } });
    assert.equal(res.statusCode, 206);
    assert.equal(res.headers['content-length'], '10');
    assert.equal(res.headers['content-range'], `bytes 10-19/${whole.length}`);
    assert.equal(res.rawPayload.length, 0);
  });

  test('a play is counted for a request from byte 0 only', async () => {
    const expectPlays = async (request: { method?: 'GET' | 'HEAD'; range?: string }, added: number) => {
      const before = playCount(2);
      await app.inject({ method: request.method ?? 'GET', url: stream(2), headers: request.range ? { range: request.range } : {} });
      assert.deepEqual(playCount(2), { count: before.count + added, rows: before.rows + added }, JSON.stringify(request));
    };
    await expectPlays({}, 1);
    await expectPlays({ range: 'bytes=0-99' }, 1);
    await expectPlays({ range: 'bytes=0-' }, 1);
    await expectPlays({ range: 'bytes=100-' }, 0);
    await expectPlays({ range: 'bytes=-100' }, 0);
    await expectPlays({ range: 'bytes=99999999-' }, 0);
    await expectPlays({ method: 'HEAD' }, 0);
    assert.equal(playCount(1).count, playCount(1).rows);
  });

  test('bad requests: missing app_name 400, bad id 400, unknown track 404', async () => {
    errorOf(await app.inject(`/v1/tracks/${encodeId(1)}/stream`), 400);
    errorOf(await app.inject('/v1/tracks/abc/stream?app_name=t'), 400);
    errorOf(await app.inject('/v1/tracks/no-such!/stream?app_name=t'), 400);
    errorOf(await app.inject(stream(999)), 404);
  });
});

describe('progressive stream: a cold track plays while it is encoded', () => {
  const url = (id: number) => baseUrl + stream(id);

  test('a cold GET streams before the encode ends; the bytes are the cached file', async () => {
    const res = await get(url(4), { watch: cached(4) });
    assert.equal(res.status, 200);
    assert.equal(Number(res.headers['content-length']), expectedSize(60));
    assert.ok(!res.cachedAtHeaders && !res.cachedAtFirstByte, 'headers and the first bytes came before the file was made');
    assert.ok(existsSync(cached(4)), 'once the response has ended, the file is cached');
    assert.deepEqual(res.body, readFileSync(cached(4)), 'streamed bytes are the cached bytes');
    assert.ok(Math.abs(mp3Duration(res.body).seconds - 60) < 0.05);
    const again = await app.inject(stream(4));
    assert.equal(again.headers.etag, res.headers.etag, 'the same validators while encoding and after');
    assert.equal(again.headers['last-modified'], res.headers['last-modified']);
    assert.deepEqual(encodes.filter((id) => id === 4), [4]);
  });

  test('a cold Range in the middle: 206 at once, then the right bytes', async () => {
    const size = expectedSize(60);
    const middle = Math.floor(size / 2);
    const res = await get(url(5), { headers: { range: `bytes=${middle}-` }, watch: cached(5) });
    assert.equal(res.status, 206);
    assert.ok(!res.cachedAtHeaders && !res.cachedAtFirstByte, 'headers and bytes came before the file was made');
    assert.equal(res.headers['content-range'], `bytes ${middle}-${size - 1}/${size}`);
    assert.equal(Number(res.headers['content-length']), size - middle);
    assert.deepEqual(res.body, readFileSync(cached(5)).subarray(middle));
  });

  test('concurrent readers of a cold track share one encode', async () => {
    const size = expectedSize(45);
    const [whole, middle, head] = await Promise.all([
      get(url(6)),
      get(url(6), { headers: { range: `bytes=${size >> 1}-${(size >> 1) + 9999}` } }),
      get(url(6), { headers: { range: 'bytes=0-99' } }),
    ]);
    const file = readFileSync(cached(6));
    assert.deepEqual(whole.body, file);
    assert.deepEqual(middle.body, file.subarray(size >> 1, (size >> 1) + 10000));
    assert.deepEqual(head.body, file.subarray(0, 100));
    assert.deepEqual(encodes.filter((id) => id === 6), [6]);
  });

  test('a client gone mid-stream: the server carries on and the cache gets the whole file', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = request(url(7), (res) => {
        res.on('error', () => undefined);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    assert.ok(!existsSync(cached(7)), 'the client left while the track was still encoding');
    await until(() => existsSync(cached(7)), 'the encode to fill the cache');
    const file = readFileSync(cached(7));
    assert.equal(file.length, expectedSize(60));
    assert.ok(Math.abs(mp3Duration(file).seconds - 60) < 0.05);
    const later = await get(url(7), { headers: { range: 'bytes=0-99' } });
    assert.equal(later.status, 206);
    assert.deepEqual(later.body, file.subarray(0, 100));
    assert.deepEqual(encodes.filter((id) => id === 7), [7], 'the encode was not restarted');
  });
});

describe('progressive stream with a scripted encoder', () => {
  const SIZE = 1000;
  const bytes = Buffer.from(Array.from({ length: SIZE }, (_, i) => (i * 7) % 251));
  const { encoder, calls } = scriptedEncoder(SIZE);
  let scripted: FastifyInstance;
  let dir: string;
  let url: (id: number) => string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'service-media-scripted-'));
    scripted = await buildApp({ db, dataDir: dir, baseUrl: 'http://x' }, [createMediaRoutes({ encoder })]);
    const base = await scripted.listen({ port: 0, host: '127.0.0.1' });
    url = (id) => base + stream(id);
  });
  after(async () => {
    await scripted?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const callOf = (id: number) => calls.find((call) => call.track.id === id);
  const started = (id: number) => until(() => callOf(id) !== undefined, `the encode of track ${id} to start`);

  test('the encoded prefix goes out before the encode ends', async () => {
    const response = get(url(1), {
      onFirstByte: () => {
        callOf(1)!.chunk(bytes.subarray(400));
        callOf(1)!.finish();
      },
    });
    await started(1);
    callOf(1)!.chunk(bytes.subarray(0, 400)); // the rest comes only once the client has these
    const res = await response;
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], String(SIZE));
    assert.deepEqual(res.body, bytes);
    assert.deepEqual(readFileSync(join(dir, 'media', '1.mp3')), bytes);
  });

  test('queued behind two encodes: headers at once, the body when its turn comes', async () => {
    const running = [2, 3].map((id) => get(url(id), { headers: { range: 'bytes=10-19' } }));
    await Promise.all([started(2), started(3)]);
    let answered = false;
    const queued = get(url(4), { headers: { range: 'bytes=990-' }, onHeaders: () => (answered = true) });
    await until(() => answered, 'the queued request to be answered');
    assert.equal(callOf(4), undefined, 'its encode waits for a slot');
    callOf(2)!.chunk(bytes);
    callOf(2)!.finish();
    await started(4);
    for (const id of [3, 4]) {
      callOf(id)!.chunk(bytes);
      callOf(id)!.finish();
    }
    for (const res of await Promise.all(running)) assert.deepEqual([res.status, res.body], [206, bytes.subarray(10, 20)]);
    assert.deepEqual([(await queued).status, (await queued).body], [206, bytes.subarray(990)]);
  });

  test('an encode that fails after the headers drops the connection; the next request encodes again', async () => {
    const response = get(url(6), { onFirstByte: () => callOf(6)!.fail(new Error('encoder crashed')) });
    await started(6);
    callOf(6)!.chunk(bytes.subarray(0, 300));
    const res = await response;
    assert.equal(res.status, 200, 'no error status after the headers');
    assert.ok(res.error, 'the connection was dropped');
    assert.equal(res.body.length, 300);
    assert.ok(!existsSync(join(dir, 'media', '6.mp3')));
    const count = calls.length;
    const head = await scripted.inject({ method: 'HEAD', url: stream(6) });
    assert.equal(head.statusCode, 200);
    assert.equal(calls.length, count + 1, 'a new encode for the next request');
    calls.at(-1)!.chunk(bytes);
    calls.at(-1)!.finish();
  });
});

describe('images', () => {
  const image = (kind: string, id: number | string, size: string) => app.inject(`/images/${kind}/${typeof id === 'number' ? encodeId(id) : id}/${size}`);

  test('an SVG of the requested size, cacheable, without app_name', async () => {
    for (const [kind, id, size, width, height] of [
      ['profile', 1, '150x150', 150, 150],
      ['artwork', 2, '480x480', 480, 480],
      ['cover', 1, '640x', 640, 240],
      ['cover', 1, '2000x.svg', 2000, 750],
    ] as const) {
      const res = await image(kind, id, size);
      assert.equal(res.statusCode, 200, `${kind} ${size}`);
      assert.equal(res.headers['content-type'], 'image/svg+xml');
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      assert.match(res.body, new RegExp(`^<svg [^>]*width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`));
      assert.match(res.body, /<\/svg>$/);
      assert.ok(!res.body.includes('Maker'), 'nothing from the database');
    }
  });

  test('deterministic per kind and id, different between ids', async () => {
    const one = (await image('artwork', 1, '480x480')).body;
    assert.equal((await image('artwork', 1, '480x480')).body, one);
    assert.notEqual((await image('artwork', 2, '480x480')).body, one);
    assert.notEqual((await image('artwork', 3, '480x480')).body, one);
  });

  test('bad kind, size or id: 400; unknown owner: 404', async () => {
    errorOf(await image('profile', 1, '640x'), 400);
    errorOf(await image('cover', 1, '150x150'), 400);
    errorOf(await image('profile', 1, '123x123'), 400);
    errorOf(await image('banner', 1, '150x150'), 400);
    errorOf(await image('profile', 'abc', '150x150'), 400);
    errorOf(await image('profile', 42, '150x150'), 404);
    errorOf(await image('playlist', 1, '150x150'), 404);
  });
});

describe('media cache', () => {
  /** An encoder that counts calls and concurrency; each encode finishes when released. */
  function fakeEncoder() {
    const state = { calls: 0, running: 0, most: 0, releases: [] as Array<() => void> };
    const encoder: TrackEncoder = {
      sizeOf: (track) => 100 + track.id,
      close: async () => undefined,
      encode: async (track, onChunk) => {
        state.calls++;
        state.running++;
        state.most = Math.max(state.most, state.running);
        await new Promise<void>((release) => state.releases.push(release));
        state.running--;
        onChunk(new Uint8Array(100 + track.id).fill(track.id));
      },
    };
    return { encoder, state };
  }
  const track = (id: number): TrackTraits => ({ id, genre: null, mood: null, duration: 5 });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  test('one encode for concurrent requests of a track; at most two encodes at once; reused after restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-media-cache-'));
    try {
      const { encoder, state } = fakeEncoder();
      const cache = new MediaCache(dir, encoder);
      const same = [cache.file(track(1)), cache.file(track(1)), cache.file(track(1))];
      const others = [2, 3, 4, 5].map((id) => cache.file(track(id)));
      await settle();
      assert.equal(state.running, 2, 'two encodes run, the rest wait');
      while (state.releases.length > 0) {
        state.releases.shift()!();
        await settle();
      }
      const files = await Promise.all([...same, ...others]);
      assert.equal(state.calls, 5, 'one encode per track');
      assert.equal(state.most, 2);
      assert.equal(new Set(files.slice(0, 3)).size, 1, 'the three requests share one result');
      assert.deepEqual(files.map((f) => f.size), [101, 101, 101, 102, 103, 104, 105]);

      const restarted = fakeEncoder();
      const again = await new MediaCache(dir, restarted.encoder).file(track(3));
      assert.equal(again.size, 103);
      assert.equal(restarted.state.calls, 0, 'a cached file survives a restart');

      writeFileSync(join(dir, '4.mp3'), 'truncated');
      const repaired = new MediaCache(dir, restarted.encoder).file(track(4));
      await settle();
      restarted.state.releases.shift()!();
      assert.equal((await repaired).size, 104, 'a file of the wrong size is encoded again');
      assert.deepEqual(readdirSync(dir).sort(), ['1.mp3', '2.mp3', '3.mp3', '4.mp3', '5.mp3']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('readers follow an encode as it fills, then its file; a failed or short encode fails them and is reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-media-cache-'));
    try {
      const { encoder, calls } = scriptedEncoder(1000);
      const failures: string[] = [];
      const cache = new MediaCache(dir, encoder, 2, (error, failed) => failures.push(`${failed.id}: ${error.message}`));
      const bytes = new Uint8Array(1000).map((_, i) => i % 256);

      const entry = await cache.open(track(1));
      assert.equal(entry.size, 1000);
      const early = collect(entry.read(100, 899));
      const late = entry.read(0, 999); // not read until the file is cached
      calls[0].chunk(bytes.subarray(0, 500));
      await settle();
      calls[0].chunk(bytes.subarray(500));
      calls[0].finish();
      assert.deepEqual((await early).bytes, Buffer.from(bytes.subarray(100, 900)));
      const file = await cache.file(track(1));
      assert.equal(file.mtime.getTime(), entry.mtime.getTime(), 'the file has the promised modification time');
      writeFileSync(file.path, new Uint8Array(1000).fill(7)); // a reader past the commit reads the file, not memory
      assert.deepEqual((await collect(late)).bytes, Buffer.alloc(1000, 7));

      const failing = collect((await cache.open(track(2))).read(0, 999));
      calls[1].chunk(bytes.subarray(0, 10));
      await settle();
      calls[1].fail(new Error('worker died'));
      const failed = await failing;
      assert.equal(failed.error?.message, 'worker died');
      assert.equal(failed.bytes.length, 10);

      const short = collect((await cache.open(track(3))).read(0, 999));
      calls[2].chunk(bytes.subarray(0, 999));
      calls[2].finish();
      assert.match((await short).error?.message ?? '', /999 bytes, not the expected 1000/);
      assert.deepEqual(failures, ['2: worker died', '3: Encoder produced 999 bytes, not the expected 1000']);

      const retry = cache.file(track(2));
      await until(() => calls.length === 4, 'the retry to start');
      calls[3].chunk(bytes);
      calls[3].finish();
      assert.equal((await retry).size, 1000, 'a failed encode is tried again by the next request');
      assert.deepEqual(readdirSync(dir).sort(), ['1.mp3', '2.mp3']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
