// The media routes (stream with ranges and play counts, generated images) and the audio
// palette the streams are copied from.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openMemoryDatabase, type Db } from '../../server/db/open.js';
import { encodeId } from '../../server/ids.js';
import { mediaRoutes } from '../../server/routes/media.js';
import { CHUNK, FIRST_CHUNK } from '../../server/media/body.js';
import { encoderStats } from '../../server/media/mp3.js';
import { loadPalette } from '../../server/media/palette.js';
import { trackAudio } from '../../server/media/recipe.js';
import type { TrackTraits } from '../../server/media/synth.js';

const TRACKS = [
  { id: 1, duration: 12, genre: 'Electronic', mood: 'Upbeat' },
  { id: 2, duration: 9, genre: 'Hip-Hop/Rap', mood: 'Melancholy' },
  { id: 3, duration: 40, genre: null, mood: null },
  { id: 4, duration: 3600, genre: 'Ambient', mood: 'Peaceful' },
];
/** Tracks 100.. are never requested but by the abuse test. */
const COLD = Array.from({ length: 71 }, (_, i) => ({ id: 100 + i, duration: 120 + i * 7, genre: i % 2 ? 'Rock' : 'Jazz', mood: null }));
let app: FastifyInstance;
let db: Db;
let dataDir: string;
let baseUrl: string;
const stream = (id: number) => `/v1/tracks/${encodeId(id)}/stream?app_name=media-test`;

/** Layer III frames, read independently of the server's code: count, seconds, and whether each decodes alone. */
function mp3Frames(data: Buffer): { frames: number; seconds: number; frameSeconds: number; selfContained: boolean } {
  let offset = 0;
  let frames = 0;
  let seconds = 0;
  let frameSeconds = 0;
  let selfContained = true;
  while (offset + 4 <= data.length) {
    const [b0, b1, b2] = [data[offset], data[offset + 1], data[offset + 2]];
    assert.ok(b0 === 0xff && (b1 & 0xe0) === 0xe0, `frame sync at byte ${offset}`);
    const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
    assert.equal((b1 >> 1) & 3, 1, 'Layer III');
    const mpeg1 = version === 3;
    const rate = [44100, 48000, 32000][(b2 >> 2) & 3] / (mpeg1 ? 1 : version === 2 ? 2 : 4);
    const kbps = (mpeg1 ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160])[b2 >> 4];
    assert.ok(rate && kbps, `valid header at byte ${offset}`);
    // main_data_begin, the first side-info bits: 0 means the frame takes no bits from earlier frames.
    const side = offset + 4 + (b1 & 1 ? 0 : 2);
    if ((mpeg1 ? (data[side] << 1) | (data[side + 1] >> 7) : data[side]) !== 0) selfContained = false;
    const samples = mpeg1 ? 1152 : 576;
    frameSeconds = samples / rate;
    offset += Math.floor(((samples / 8) * (kbps * 1000)) / rate) + ((b2 >> 1) & 1);
    frames++;
    seconds += frameSeconds;
  }
  assert.equal(offset, data.length, 'the file ends on a frame boundary');
  return { frames, seconds, frameSeconds, selfContained };
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

/** A request over HTTP; with `abortAfterHeaders`, the client hangs up as soon as the headers are in. */
function send(method: string, path: string, { range, abortAfterHeaders = false }: { range?: string; abortAfterHeaders?: boolean } = {}) {
  return new Promise<{ status: number; body: Buffer; firstChunk?: Buffer }>((resolve, reject) => {
    const req = request(baseUrl + path, { method, headers: range ? { range } : {} }, (res) => {
      if (abortAfterHeaders) {
        res.on('error', () => undefined);
        req.destroy();
        resolve({ status: res.statusCode!, body: Buffer.alloc(0) });
        return;
      }
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts), firstChunk: parts[0] }));
      res.on('error', reject);
    });
    req.on('error', (error) => (req.destroyed && abortAfterHeaders ? undefined : reject(error)));
    req.end();
  });
}

before(async () => {
  db = openMemoryDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'service-media-'));
  // What an older version left: its per-track MP3 cache and a half-written file.
  mkdirSync(join(dataDir, 'media'));
  writeFileSync(join(dataDir, 'media', '7.mp3'), 'old cached track');
  writeFileSync(join(dataDir, 'media', '8.mp3.a1b2c3.tmp'), 'half');
  writeFileSync(join(dataDir, 'media', 'notes.txt'), 'not ours to remove');
  db.prepare("INSERT INTO users (id, handle, name, created_at) VALUES (1, 'maker', '<b>Maker</b>', 0)").run();
  const insert = db.prepare("INSERT INTO tracks (id, owner_id, title, slug, duration, genre, mood, created_at) VALUES (?, 1, 'T', ?, ?, ?, ?, 0)");
  for (const t of [...TRACKS, ...COLD]) insert.run(t.id, `t${t.id}`, t.duration, t.genre, t.mood);
  app = await buildApp({ db, dataDir, baseUrl: 'http://x' }, [mediaRoutes]);
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

after(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stream', () => {
  let whole: Buffer;
  let etag: string | undefined;

  test('200 with the headers a media element needs: an MP3 of the track duration, every frame decodable alone', async () => {
    const res = await app.inject(stream(1));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'audio/mpeg');
    assert.equal(res.headers['accept-ranges'], 'bytes');
    whole = res.rawPayload;
    etag = res.headers.etag as string | undefined;
    assert.match(etag ?? '', /^"[0-9a-f-]+"$/);
    assert.equal(Number(res.headers['content-length']), whole.length);
    const { frames, seconds, selfContained } = mp3Frames(whole);
    assert.ok(frames > 100);
    assert.ok(Math.abs(seconds - 12) <= 1, `decoded ${seconds} s for a 12 s track`);
    assert.ok(selfContained, 'no frame borrows bits from an earlier one, so frames join and seek anywhere');
  });

  test('the frames add up to the duration (within a second) for any length', async () => {
    for (const t of TRACKS) {
      const res = await app.inject({ method: 'GET', url: stream(t.id), headers: { range: 'bytes=0-' } });
      const { seconds } = mp3Frames(res.rawPayload);
      assert.ok(Math.abs(seconds - t.duration) <= 1, `decoded ${seconds} s for a ${t.duration} s track`);
    }
  });

  test('deterministic: the same track gives the same bytes and validators; tracks differ', async () => {
    const again = await app.inject(stream(1));
    assert.deepEqual(again.rawPayload, whole);
    assert.equal(again.headers.etag, etag);
    const other = await app.inject(stream(2));
    assert.notEqual(other.headers.etag, etag);
    assert.notDeepEqual(other.rawPayload.subarray(0, 20000), whole.subarray(0, 20000));
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

  test('any range of a long track is exactly that slice of the whole file', async () => {
    const full = (await app.inject(stream(4))).rawPayload;
    const size = full.length;
    assert.ok(size > 64 * 1024 * 8, 'several 64 KB chunks');
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const ranges: Array<[number, number]> = [[0, 0], [143, 144], [size - 1, size - 1], [65_530, 65_540 + 64 * 1024]];
    for (let i = 0; i < 30; i++) {
      const start = next(size);
      ranges.push([start, Math.min(size - 1, start + next(200_000))]);
    }
    for (const [start, end] of ranges) {
      const res = await app.inject({ url: stream(4), headers: { range: `bytes=${start}-${end}` } });
      assert.equal(res.statusCode, 206);
      assert.deepEqual(res.rawPayload, full.subarray(start, end + 1), `bytes=${start}-${end}`);
    }
  });

  test('over real sockets, several at once: whole files and ranges across chunk boundaries are exact', async () => {
    const full = (await app.inject(stream(4))).rawPayload;
    const [first, chunk] = [FIRST_CHUNK, CHUNK];
    const ranges: Array<[number, number]> = [
      [0, first - 1],
      [0, first],
      [first - 1, first + chunk],
      [1000, 1000 + first + 3 * chunk],
      [full.length - first - chunk - 3, full.length - 1],
    ];
    const [whole, ...slices] = await Promise.all([
      send('GET', stream(4)),
      ...ranges.map(([start, end]) => send('GET', stream(4), { range: `bytes=${start}-${end}` })),
    ]);
    assert.equal(whole!.status, 200);
    assert.ok(whole!.body.equals(full), 'the whole file over HTTP is the file');
    ranges.forEach(([start, end], i) => {
      assert.equal(slices[i]!.status, 206);
      assert.ok(slices[i]!.body.equals(full.subarray(start, end + 1)), `bytes=${start}-${end}`);
    });
  });

  test('416 with bytes */size and the JSON error for unsatisfiable or malformed ranges', async () => {
    const size = whole.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=abc', 'bytes=5-2', 'bytes=-0', 'items=0-1', 'bytes=']) {
      const res = await app.inject({ url: stream(1), headers: { range } });
      errorOf(res, 416);
      assert.equal(res.headers['content-range'], `bytes */${size}`, range);
    }
  });

  test('several ranges: the whole file with 200; If-Range of another version: the whole file', async () => {
    const res = await app.inject({ url: stream(1), headers: { range: 'bytes=0-1,5-6' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-range'], undefined);
    assert.deepEqual(res.rawPayload, whole);
    const stale = await app.inject({ url: stream(1), headers: { range: 'bytes=10-19', 'if-range': '"other"' } });
    assert.equal(stale.statusCode, 200);
    const current = await app.inject({ url: stream(1), headers: { range: 'bytes=10-19', 'if-range': etag! } });
    assert.equal(current.statusCode, 206);
  });

  test('HEAD: the headers of the GET, no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: stream(1), headers: { range: 'bytes=10-19' } });
    assert.equal(res.statusCode, 206);
    assert.equal(res.headers['content-length'], '10');
    assert.equal(res.headers['content-range'], `bytes 10-19/${whole.length}`);
    assert.equal(res.headers.etag, etag);
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

describe('no encoding on the request path', () => {
  test('50 HEADs and 20 aborted GETs of never-played tracks, then a first play: whole and right, with no encode and nothing written', async () => {
    const encodes = encoderStats.encodes;
    const files = readdirSync(join(dataDir, 'media')).sort();
    const heads = await Promise.all(COLD.slice(0, 50).map((t) => send('HEAD', stream(t.id))));
    assert.deepEqual(new Set(heads.map((r) => r.status)), new Set([200]));
    const aborted = await Promise.all(COLD.slice(50, 70).map((t, i) => send('GET', stream(t.id), { abortAfterHeaders: true, range: i % 2 ? 'bytes=50000-' : undefined })));
    assert.deepEqual(new Set(aborted.map((r) => r.status)), new Set([200, 206]));

    const first = COLD[70]!;
    const play = await send('GET', stream(first.id));
    assert.equal(play.status, 200);
    assert.ok(play.firstChunk && play.firstChunk[0] === 0xff, 'the first bytes are an MP3 frame');
    assert.ok(Math.abs(mp3Frames(play.body).seconds - first.duration) <= 1);
    const middle = await send('GET', stream(COLD[0]!.id), { range: 'bytes=100000-100999' });
    assert.equal(middle.status, 206);
    assert.equal(middle.body.length, 1000);

    assert.equal(encoderStats.encodes, encodes, 'no MP3 was encoded for any of these requests');
    assert.deepEqual(readdirSync(join(dataDir, 'media')).sort(), files, 'nothing was written to the data directory');
  });
});

describe('audio palette', () => {
  const traits = (id: number, genre: string | null, duration = 300): TrackTraits => ({ id, genre, mood: null, duration });

  test('made once per data directory: one palette file; files of older versions are removed, others kept', () => {
    const names = readdirSync(join(dataDir, 'media')).sort();
    assert.equal(names.length, 2, names.join());
    assert.match(names[1]!, /^palette-[0-9a-f]{16}\.mp3$/);
    assert.equal(names[0], 'notes.txt');
  });

  test('a later start reads the file; a damaged file is replaced by a whole one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-palette-'));
    try {
      const made = loadPalette(dir);
      const [name] = readdirSync(join(dir, 'media'));
      const again = loadPalette(dir);
      assert.equal(again.source.encoded, false);
      assert.deepEqual(again.bytes, made.bytes);
      writeFileSync(join(dir, 'media', name!), made.bytes.subarray(0, 1000));
      const repaired = loadPalette(dir);
      assert.deepEqual(repaired.bytes, made.bytes);
      assert.deepEqual(readFileSync(join(dir, 'media', name!)), made.bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a data directory it cannot write to: the palette still works, and the failure is reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-palette-'));
    try {
      writeFileSync(join(dir, 'media'), 'a file where the directory would be');
      const failures: string[] = [];
      const palette = loadPalette(dir, (error) => failures.push(error.message));
      assert.equal(failures.length, 1);
      assert.deepEqual(palette.bytes, loadPalette(dataDir).bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('tracks sound distinct: 500 tracks of one length give 500 different files, each changing phrase within 30 s', () => {
    const palette = loadPalette(dataDir);
    const genres = ['Electronic', 'Rock', 'Jazz', 'Ambient', 'Trap', 'Pop', 'World', null];
    const seen = new Set<string>();
    for (let id = 1; id <= 500; id++) {
      const audio = trackAudio(palette, traits(id, genres[id % genres.length]!));
      const bytes = Buffer.alloc(audio.size);
      audio.copy(0, audio.size - 1, bytes);
      seen.add(createHash('sha256').update(bytes).digest('hex'));
      // 30 s in, the music is no longer the bar it started with.
      const second = (s: number) => bytes.subarray(Math.round(s / 0.024) * 144, Math.round(s / 0.024) * 144 + 144 * 10);
      const bars = new Set(Array.from({ length: 15 }, (_, i) => second(i * 2).toString('base64')));
      assert.ok(bars.size > 2, `track ${id} changes`);
    }
    assert.equal(seen.size, 500);
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
