// Raster images as production serves them (`.jpg`, `.png`), the 1200 × 630 share image, their
// cache, and the image maps of both modes, against the real service. Sizes are read from the
// files themselves with sharp's metadata, not from the headers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startService, type RunningService } from '../../server/service.js';
import { decodeId, encodeId } from '../../server/ids.js';
import { RasterCache, type RasterImage } from '../../server/media/raster.js';

const APP = 'images-test';
const dirs: string[] = [];
let plain: RunningService;
let compat: RunningService;
/** Rows of the generated catalog, as public ids: a track whose owner has every image, a playlist, another user no other test asks for. */
let ids: { user: string; track: string; playlist: string; other: string };

before(async () => {
  const dir = () => (dirs.push(mkdtempSync(join(tmpdir(), 'service-images-'))), dirs.at(-1)!);
  [plain, compat] = await Promise.all([startService({ port: 0, dataDir: dir() }), startService({ port: 0, dataDir: dir(), compat: 'production' })]);
  const first = (sql: string) => encodeId((plain.ctx.db.prepare(sql).get() as { id: number }).id);
  const track = plain.ctx.db
    .prepare('SELECT t.id, t.owner_id FROM tracks t JOIN users u ON u.id = t.owner_id WHERE t.artwork IS NOT NULL AND u.profile_picture IS NOT NULL AND u.cover_photo IS NOT NULL ORDER BY t.id LIMIT 1')
    .get() as { id: number; owner_id: number };
  ids = {
    track: encodeId(track.id),
    user: encodeId(track.owner_id),
    playlist: first('SELECT id FROM playlists WHERE artwork IS NOT NULL ORDER BY id LIMIT 1'),
    other: first(`SELECT id FROM users WHERE id <> ${track.owner_id} ORDER BY id LIMIT 1`),
  };
});

after(async () => {
  await Promise.all([plain?.close(), compat?.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; headers: Headers; body: Buffer }> {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The image's real format and size, decoded from its bytes. */
async function decoded(body: Buffer): Promise<{ format?: string; width?: number; height?: number }> {
  const { format, width, height } = await sharp(body).metadata();
  return { format, width, height };
}

const FORMATS = { jpg: { type: 'image/jpeg', format: 'jpeg' }, png: { type: 'image/png', format: 'png' } } as const;

describe('raster images', () => {
  test('every size of every kind as JPEG and PNG: the content type, and a real image of that size', async () => {
    const sizes: [string, () => string, string, number, number][] = [
      ...(['150x150', '480x480', '1000x1000'] as const).flatMap((size) => {
        const n = Number(size.split('x')[0]);
        return [
          ['profile', () => ids.user, size, n, n],
          ['artwork', () => ids.track, size, n, n],
          ['playlist', () => ids.playlist, size, n, n],
        ] as [string, () => string, string, number, number][];
      }),
      ['cover', () => ids.user, '640x', 640, 240],
      ['cover', () => ids.user, '2000x', 2000, 750],
    ];
    for (const [kind, id, size, width, height] of sizes) {
      for (const ext of ['jpg', 'png'] as const) {
        const res = await get(`${plain.url}/images/${kind}/${id()}/${size}.${ext}`);
        assert.equal(res.status, 200, `${kind} ${size}.${ext}`);
        assert.equal(res.type, FORMATS[ext].type, `${kind} ${size}.${ext}`);
        assert.equal(res.headers.get('cache-control'), 'public, max-age=86400');
        assert.deepEqual(await decoded(res.body), { format: FORMATS[ext].format, width, height }, `${kind} ${size}.${ext}`);
      }
    }
  });

  test('the JPEG is the picture the SVG shows: the same colours where the SVG is drawn', async () => {
    const url = `${plain.url}/images/artwork/${ids.track}/150x150`;
    const fromSvg = await sharp((await get(`${url}.svg`)).body).removeAlpha().raw().toBuffer();
    const fromJpeg = await sharp((await get(`${url}.jpg`)).body).removeAlpha().raw().toBuffer();
    assert.equal(fromJpeg.length, fromSvg.length);
    let difference = 0;
    for (let i = 0; i < fromSvg.length; i++) difference += Math.abs(fromSvg[i]! - fromJpeg[i]!);
    assert.ok(difference / fromSvg.length < 4, `mean difference per channel ${difference / fromSvg.length}`);
    const other = await sharp((await get(`${plain.url}/images/artwork/${ids.track}/150x150.svg`.replace(ids.track, ids.playlist).replace('artwork', 'playlist'))).body).removeAlpha().raw().toBuffer();
    let otherDifference = 0;
    for (let i = 0; i < fromSvg.length; i++) otherDifference += Math.abs(other[i]! - fromJpeg[i]!);
    assert.ok(otherDifference / fromSvg.length > 10, 'another picture differs: the comparison can fail');
  });

  test('.svg and the bare size still answer SVG', async () => {
    for (const name of ['480x480', '480x480.svg']) {
      const res = await get(`${plain.url}/images/artwork/${ids.track}/${name}`);
      assert.equal(res.status, 200);
      assert.equal(res.type, 'image/svg+xml');
      assert.match(res.body.toString(), /^<svg [^>]*width="480" height="480"/);
    }
  });

  test('the share image: 1200 × 630 for a track, a playlist and a user, JPEG and PNG, a picture and not a blank', async () => {
    const seen = new Set<string>();
    for (const [kind, id] of [['artwork', ids.track], ['playlist', ids.playlist], ['profile', ids.user]] as const) {
      for (const ext of ['jpg', 'png'] as const) {
        const res = await get(`${plain.url}/images/${kind}/${id}/1200x630.${ext}`);
        assert.equal(res.status, 200, `${kind} 1200x630.${ext}`);
        assert.equal(res.type, FORMATS[ext].type);
        assert.deepEqual(await decoded(res.body), { format: FORMATS[ext].format, width: 1200, height: 630 });
        const { channels, entropy } = await sharp(res.body).stats();
        assert.ok(entropy > 4 && Math.max(...channels.map((c) => c.stdev)) > 20, `${kind}: a picture (entropy ${entropy}), not one colour`);
        seen.add(res.body.toString('base64'));
      }
    }
    assert.equal(seen.size, 6, 'each is its own picture');
  });

  test("a user's share image changes with their name", async () => {
    const url = `${plain.url}/images/profile/${ids.user}/1200x630.jpg`;
    const before = (await get(url)).body;
    const rename = plain.ctx.db.prepare('UPDATE users SET name = ? WHERE id = ?');
    const key = plain.ctx.db.prepare('SELECT id, name FROM users WHERE id = ?').get(decodeId(ids.user)) as { id: number; name: string };
    rename.run(`${key.name} Renamed`, key.id);
    try {
      assert.notDeepEqual((await get(url)).body, before);
    } finally {
      rename.run(key.name, key.id);
    }
    assert.deepEqual((await get(url)).body, before);
  });

  test('once rendered, the same bytes from the cache: Server-Timing says which, the ETag answers 304', async () => {
    const url = `${plain.url}/images/profile/${ids.other}/480x480.jpg`;
    const first = await get(url);
    assert.match(first.headers.get('server-timing') ?? '', /^render;dur=\d+(\.\d)?$/);
    const second = await get(url);
    assert.equal(second.headers.get('server-timing'), 'cache;desc=hit');
    assert.deepEqual(second.body, first.body);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+"$/);
    assert.equal(second.headers.get('etag'), etag);
    const revalidated = await get(url, { 'if-none-match': `W/"other", ${etag}` });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body.length, 0);
    assert.equal((await get(url, { 'if-none-match': '"other"' })).status, 200);
  });

  test('bad size or extension: 400 with the error body; unknown id: 404; never a 500', async () => {
    const error = async (path: string, status: number) => {
      const res = await get(`${plain.url}${path}`);
      assert.equal(res.status, status, path);
      const body = JSON.parse(res.body.toString()) as { code: number; error: string };
      assert.equal(body.code, status, path);
      assert.ok(body.error.length > 0, path);
    };
    await error(`/images/artwork/${ids.track}/480x480.gif`, 400);
    await error(`/images/artwork/${ids.track}/480x480.jpeg`, 400);
    await error(`/images/artwork/${ids.track}/123x123.jpg`, 400);
    await error(`/images/artwork/${ids.track}/1200x630.svg`, 400);
    await error(`/images/artwork/${ids.track}/1200x630`, 400);
    await error(`/images/cover/${ids.user}/1200x630.jpg`, 400);
    await error(`/images/cover/${ids.user}/150x150.png`, 400);
    await error(`/images/artwork/${encodeId(987_654_321)}/480x480.jpg`, 404);
    await error(`/images/profile/${encodeId(987_654_321)}/1200x630.jpg`, 404);
    await error(`/images/playlist/${encodeId(987_654_321)}/1200x630.png`, 404);
  });
});

describe('image maps', () => {
  async function track(service: RunningService): Promise<{ artwork: Record<string, string>; user: { profile_picture: Record<string, string>; cover_photo: Record<string, string> } }> {
    const res = await fetch(`${service.url}/v1/tracks/${ids.track}?app_name=${APP}`);
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: Awaited<ReturnType<typeof track>> }).data;
  }

  test('--compat production names .jpg files, as production does, and each loads as a JPEG of its size', async () => {
    const data = await track(compat);
    const maps = [data.artwork, data.user.profile_picture, data.user.cover_photo];
    for (const map of maps) {
      for (const [size, url] of Object.entries(map)) {
        assert.match(url, new RegExp(`^${compat.url}/images/\\w+/\\w+/${size}\\.jpg$`));
        const res = await get(url);
        assert.equal(res.type, 'image/jpeg', url);
        const { width } = await decoded(res.body);
        assert.equal(width, Number(size.split('x')[0]), url);
      }
    }
    assert.deepEqual(Object.keys(data.artwork), ['150x150', '480x480', '1000x1000']);
  });

  test("the contract's shape keeps its .svg names", async () => {
    const data = await track(plain);
    for (const url of [...Object.values(data.artwork), ...Object.values(data.user.profile_picture), ...Object.values(data.user.cover_photo)]) {
      assert.match(url, /\.svg$/);
    }
  });

  test("the kit's server-rendered card shows the .jpg it was given in production's mode", async () => {
    const html = await (await fetch(`${compat.url}/embed/track/${ids.track}`)).text();
    const src = /<img [^>]*src="([^"]+)"/.exec(html)?.[1];
    assert.ok(src, 'the card has its artwork');
    assert.match(src, /\/images\/artwork\/\w+\/\d+x\d+\.jpg$/);
    assert.equal((await get(src.replaceAll('&amp;', '&'))).type, 'image/jpeg');
  });
});

describe('RasterCache', () => {
  const image = (bytes: number): RasterImage => ({ bytes: Buffer.alloc(bytes), type: 'image/jpeg', etag: '"x"', renderMs: 1 });

  test('bounded in bytes, the least recently used out first; one render for requests that arrive together', async () => {
    const cache = new RasterCache(800);
    let renders = 0;
    const render = (bytes: number) => async () => (renders++, image(bytes));
    const [a, b] = await Promise.all([cache.get('a', render(100)), cache.get('a', render(100))]);
    assert.equal(renders, 1);
    assert.equal(a.image, b.image);
    await cache.get('b', render(100));
    assert.equal((await cache.get('a', render(100))).hit, true, 'a is now the most recently used');
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h']) await cache.get(key, render(100));
    assert.deepEqual(cache.size, { images: 8, bytes: 800 });
    await cache.get('i', render(100));
    assert.deepEqual(cache.size, { images: 8, bytes: 800 }, 'over the bound: one went');
    assert.equal((await cache.get('a', render(100))).hit, true, 'a was used after b');
    assert.equal((await cache.get('b', render(100))).hit, false, 'b was the least recently used');
    assert.equal((await cache.get('c', render(100))).hit, false, 'b came back and pushed out c, the next oldest');
    assert.equal((await cache.get('huge', render(101))).hit, false);
    assert.equal((await cache.get('huge', render(101))).hit, false, 'over an eighth of the bound: not kept');
  });

  test('a failed render is not kept: the next request renders again', async () => {
    const cache = new RasterCache(800);
    await assert.rejects(cache.get('a', async () => Promise.reject(new Error('no'))));
    assert.equal((await cache.get('a', async () => image(10))).hit, false);
    assert.equal((await cache.get('a', async () => image(10))).hit, true);
  });
});
