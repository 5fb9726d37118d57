// The media routes (stream with ranges and play counts, generated images) and the media cache.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openMemoryDatabase, type Db } from '../../server/db/open.js';
import { encodeId } from '../../server/ids.js';
import { mediaRoutes } from '../../server/routes/media.js';
import { MediaCache } from '../../server/media/cache.js';
import type { TrackEncoder } from '../../server/media/encoder.js';
import type { TrackTraits } from '../../server/media/synth.js';

const TRACKS = [
  { id: 1, duration: 12, genre: 'Electronic', mood: 'Upbeat' },
  { id: 2, duration: 9, genre: 'Hip-Hop/Rap', mood: 'Melancholy' },
  { id: 3, duration: 40, genre: null, mood: null },
];
let app: FastifyInstance;
let db: Db;
let dataDir: string;
const stream = (id: number) => `/v1/tracks/${encodeId(id)}/stream?app_name=media-test`;

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

before(async () => {
  db = openMemoryDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'service-media-'));
  db.prepare("INSERT INTO users (id, handle, name, created_at) VALUES (1, 'maker', '<b>Maker</b>', 0)").run();
  const insert = db.prepare("INSERT INTO tracks (id, owner_id, title, slug, duration, genre, mood, created_at) VALUES (?, 1, 'T', ?, ?, ?, ?, 0)");
  for (const t of TRACKS) insert.run(t.id, `t${t.id}`, t.duration, t.genre, t.mood);
  app = await buildApp({ db, dataDir, baseUrl: 'http://x' }, [mediaRoutes]);
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
      encode: async (track) => {
        state.calls++;
        state.running++;
        state.most = Math.max(state.most, state.running);
        await new Promise<void>((release) => state.releases.push(release));
        state.running--;
        return new Uint8Array(100 + track.id).fill(track.id);
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
});
