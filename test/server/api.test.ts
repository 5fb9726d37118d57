// Walks all 15 read operations of contract 4.5 against a real service on a real catalog.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';
import { ACTIVITY, checkList, checkShape, FAVORITE, METRIC, PLAYLIST, TRACK, USER } from './contract.js';

const APP = 'api-test';
let service: RunningService;
let dataDir: string;

async function get(path: string, init?: RequestInit): Promise<Response> {
  const sep = path.includes('?') ? '&' : '?';
  return fetch(`${service.url}${path}${sep}app_name=${APP}`, { redirect: 'manual', ...init });
}

async function data<T = unknown>(path: string): Promise<T> {
  const res = await get(path);
  assert.equal(res.status, 200, `${path} answers 200, got ${res.status}: ${await res.clone().text()}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await res.json()) as { data: T };
  assert.deepEqual(Object.keys(body), ['data'], `${path} wraps its result in data`);
  return body.data;
}

async function expectError(path: string, status: number, init?: RequestInit): Promise<string> {
  const res = await fetch(`${service.url}${path}`, { redirect: 'manual', ...init });
  assert.equal(res.status, status, `${path} answers ${status}`);
  const body = (await res.json()) as { code: number; error: string };
  assert.deepEqual(Object.keys(body).sort(), ['code', 'error'], `${path}: the one error shape`);
  assert.equal(body.code, status);
  assert.ok(body.error.length > 0);
  return body.error;
}

type Track = { id: string; title: string; play_count: number; genre?: string; downloadable?: boolean; user: { id: string; handle: string } };
type User = { id: string; handle: string; name: string; follower_count: number };
type Playlist = { id: string; playlist_name: string; is_album: boolean; user: User };

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-api-'));
  service = await startService({ port: 0, dataDir });
});

after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('hosts', () => {
  test('GET / lists the service itself', async () => {
    const body = (await (await fetch(`${service.url}/`)).json()) as { data: string[] };
    assert.deepEqual(body, { data: [service.url] });
  });

  test('CORS allows any origin, redirects included', async () => {
    const res = await get('/v1/resolve?url=/demo', { headers: { origin: 'https://elsewhere.example' } });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });
});

describe('users', () => {
  test('get user: the demo account', async () => {
    const user = await data<User>('/v1/users/7eP5n');
    checkShape(user, USER, 'user');
    assert.equal(user.handle, 'demo');
  });

  test('search users: exact handle first, then prefix matches', async () => {
    const users = checkList(await data('/v1/users/search?query=demo'), USER) as User[];
    assert.equal(users[0]!.handle, 'demo');
    const someone = (await data<Track[]>('/v1/tracks/trending?time=allTime'))[5]!.user;
    const prefix = someone.handle.slice(0, 3);
    const found = (await data<User[]>(`/v1/users/search?query=${encodeURIComponent(prefix)}&limit=50`)) as User[];
    assert.ok(found.length > 0);
    const tiers = found.map((u) =>
      u.handle.toLowerCase() === prefix.toLowerCase() ? 0 : u.handle.toLowerCase().startsWith(prefix.toLowerCase()) || u.name.toLowerCase().startsWith(prefix.toLowerCase()) ? 1 : 2,
    );
    assert.deepEqual(tiers, [...tiers].sort(), 'exact, then prefix, then the rest');
  });

  test('search users: only_downloadable keeps users with a downloadable track', async () => {
    const all = await data<User[]>('/v1/users/search?query=a&limit=50');
    const only = await data<User[]>('/v1/users/search?query=a&limit=50&only_downloadable=true');
    assert.ok(only.length > 0 && only.length <= all.length);
    for (const user of only.slice(0, 5)) {
      const tracks = await data<Track[]>(`/v1/users/${user.id}/tracks`);
      assert.ok(tracks.some((t) => t.downloadable === true), `${user.handle} has a downloadable track`);
    }
  });

  test('favorites, reposts, tags and tracks of the demo user', async () => {
    const favorites = checkList(await data('/v1/users/7eP5n/favorites'), FAVORITE) as { favorite_type: string; user_id: string }[];
    assert.ok(favorites.length > 0);
    for (const f of favorites) {
      assert.match(f.favorite_type, /^SaveType\.(track|playlist|album)$/);
      assert.equal(f.user_id, '7eP5n');
    }

    const reposts = checkList(await data('/v1/users/7eP5n/reposts?limit=20'), ACTIVITY) as {
      timestamp: string;
      item_type: { kind: string };
      item: unknown;
    }[];
    assert.ok(reposts.length > 0);
    for (const r of reposts) {
      assert.ok(!Number.isNaN(Date.parse(r.timestamp)));
      checkShape(r.item, r.item_type.kind === 'track' ? TRACK : PLAYLIST, `repost ${r.item_type.kind}`);
    }

    const tags = await data<string[]>('/v1/users/7eP5n/tags?limit=3');
    assert.ok(tags.length > 0 && tags.length <= 3 && tags.every((t) => typeof t === 'string'));

    const byPlays = checkList(await data('/v1/users/7eP5n/tracks?sort=plays'), TRACK) as Track[];
    assert.ok(byPlays.length > 1);
    assert.ok(byPlays.every((t) => t.user.id === '7eP5n'));
    assert.deepEqual(byPlays.map((t) => t.play_count), byPlays.map((t) => t.play_count).sort((a, b) => b - a));
    const byDate = await data<Track[]>('/v1/users/7eP5n/tracks?sort=date');
    assert.deepEqual(new Set(byDate.map((t) => t.id)), new Set(byPlays.map((t) => t.id)));
    const second = await data<Track[]>('/v1/users/7eP5n/tracks?sort=date&limit=1&offset=1');
    assert.deepEqual(second.map((t) => t.id), [byDate[1]!.id]);
  });

  test('unknown and malformed user ids', async () => {
    await expectError(`/v1/users/zzzzzzzz?app_name=${APP}`, 404);
    await expectError(`/v1/users/${encodeURIComponent("1' OR '1'='1")}?app_name=${APP}`, 400);
  });
});

describe('playlists', () => {
  test('search, get and tracks', async () => {
    const found = checkList(await data('/v1/playlists/search?query=a&limit=20'), PLAYLIST) as Playlist[];
    assert.ok(found.length > 0);
    const playlist = await data<Playlist>(`/v1/playlists/${found[0]!.id}`);
    checkShape(playlist, PLAYLIST, 'playlist');
    assert.equal(playlist.id, found[0]!.id);
    const exact = await data<Playlist[]>(`/v1/playlists/search?query=${encodeURIComponent(found[3]?.playlist_name ?? found[0]!.playlist_name)}`);
    assert.equal(exact[0]!.playlist_name.toLowerCase(), (found[3]?.playlist_name ?? found[0]!.playlist_name).toLowerCase());
    const tracks = checkList(await data(`/v1/playlists/${found[0]!.id}/tracks`), TRACK);
    assert.ok(tracks.length > 0);
    await expectError(`/v1/playlists/zzzzzzzz/tracks?app_name=${APP}`, 404);
  });
});

describe('tracks', () => {
  test('get track', async () => {
    const [first] = await data<Track[]>('/v1/tracks/trending');
    const track = await data<Track>(`/v1/tracks/${first!.id}`);
    checkShape(track, TRACK, 'track');
    assert.equal(track.id, first!.id);
  });

  test('search tracks: exact title first, prefix next, only_downloadable honoured', async () => {
    const pool = await data<Track[]>('/v1/tracks/trending?time=month');
    const target = pool[10]!;
    const results = checkList(await data(`/v1/tracks/search?query=${encodeURIComponent(target.title)}`), TRACK) as Track[];
    assert.equal(results[0]!.title.toLowerCase(), target.title.toLowerCase());
    const word = target.title.split(' ')[0]!.slice(0, 3);
    const prefixed = await data<Track[]>(`/v1/tracks/search?query=${encodeURIComponent(word)}&limit=50`);
    const tiers = prefixed.map((t) => (t.title.toLowerCase() === word.toLowerCase() ? 0 : t.title.toLowerCase().startsWith(word.toLowerCase()) ? 1 : 2));
    assert.deepEqual(tiers, [...tiers].sort());
    const only = await data<Track[]>(`/v1/tracks/search?query=${encodeURIComponent(word)}&limit=50&only_downloadable=true`);
    assert.ok(only.every((t) => t.downloadable === true));
    assert.ok(prefixed.some((t) => t.downloadable !== true), 'the unfiltered search has some non-downloadable tracks');
  });

  test('trending: top 100 per window, windows differ, genre filter, bad time', async () => {
    const week = checkList(await data('/v1/tracks/trending?time=week'), TRACK) as Track[];
    const month = await data<Track[]>('/v1/tracks/trending?time=month');
    const allTime = await data<Track[]>('/v1/tracks/trending?time=allTime');
    const plain = await data<Track[]>('/v1/tracks/trending');
    assert.equal(week.length, 100);
    assert.equal(allTime.length, 100);
    assert.deepEqual(plain.map((t) => t.id), week.map((t) => t.id), 'week is the default window');
    const top = (list: Track[]) => list.slice(0, 10).map((t) => t.id).join();
    assert.notEqual(top(week), top(allTime));
    assert.notEqual(top(month), top(allTime));
    const genre = week[0]!.genre!;
    const byGenre = await data<Track[]>(`/v1/tracks/trending?genre=${encodeURIComponent(genre)}`);
    assert.ok(byGenre.length > 0 && byGenre.every((t) => t.genre === genre));
    assert.deepEqual(await data('/v1/tracks/trending?genre=NoSuchGenre'), []);
    await expectError(`/v1/tracks/trending?time=year&app_name=${APP}`, 400);
    await expectError(`/v1/tracks/trending?time=alltime&app_name=${APP}`, 400);
  });

  test('stream: 200, 206 ranges, 416', async () => {
    const [track] = await data<Track[]>('/v1/tracks/trending?time=allTime&limit=1');
    const path = `/v1/tracks/${track!.id}/stream`;
    const full = await get(path);
    assert.equal(full.status, 200);
    assert.equal(full.headers.get('content-type'), 'audio/mpeg');
    assert.equal(full.headers.get('accept-ranges'), 'bytes');
    const size = (await full.arrayBuffer()).byteLength;
    assert.ok(size > 1000);
    const cases: [string, number, string][] = [
      ['bytes=0-99', 206, `bytes 0-99/${size}`],
      ['bytes=100-', 206, `bytes 100-${size - 1}/${size}`],
      ['bytes=-50', 206, `bytes ${size - 50}-${size - 1}/${size}`],
      [`bytes=${size}-`, 416, `bytes */${size}`],
      ['bytes=abc', 416, `bytes */${size}`],
    ];
    for (const [range, status, contentRange] of cases) {
      const res = await get(path, { headers: { range } });
      assert.equal(res.status, status, range);
      assert.equal(res.headers.get('content-range'), contentRange, range);
      await res.arrayBuffer();
    }
  });
});

describe('resolve', () => {
  test('users, tracks, playlists and albums by path and full URL', async () => {
    const demo = await get('/v1/resolve?url=/demo');
    assert.equal(demo.status, 302);
    assert.equal(demo.headers.get('location'), `/v1/users/7eP5n?app_name=${APP}`);
    assert.equal(await demo.text(), '');

    const [track] = await data<Track[]>('/v1/users/7eP5n/tracks?limit=1');
    const slug = track!.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
    const byUrl = await get(`/v1/resolve?url=${encodeURIComponent(`https://service.example/demo/${slug}`)}`);
    assert.equal(byUrl.status, 302);
    assert.equal(byUrl.headers.get('location'), `/v1/tracks/${track!.id}?app_name=${APP}`);
    const followed = await fetch(`${service.url}${byUrl.headers.get('location')}`);
    assert.equal(((await followed.json()) as { data: Track }).data.id, track!.id);

    await expectError(`/v1/resolve?url=/no-such-handle-here&app_name=${APP}`, 404);
    await expectError(`/v1/resolve?app_name=${APP}`, 400);
    await expectError(`/v1/resolve?url=${encodeURIComponent('javascript:alert(1)')}&app_name=${APP}`, 400);
  });
});

describe('metrics', () => {
  test('counts requests per app_name over trailing windows, most first', async () => {
    for (let i = 0; i < 7; i++) await fetch(`${service.url}/v1/users/7eP5n?app_name=metrics-probe`);
    const week = checkList(await data('/v1/metrics/app_name/trailing/week'), METRIC) as { name: string; count: number }[];
    const probe = week.find((m) => m.name === 'metrics-probe');
    assert.equal(probe?.count, 7);
    assert.deepEqual(week.map((m) => m.count), week.map((m) => m.count).sort((a, b) => b - a));
    assert.ok((await data<{ name: string }[]>('/v1/metrics/app_name/trailing/all_time')).some((m) => m.name === 'metrics-probe'));
    await expectError(`/v1/metrics/app_name/trailing/year?app_name=${APP}`, 400);
  });
});

describe('validation', () => {
  test('app_name is required everywhere', async () => {
    for (const path of ['/v1/users/7eP5n', '/v1/tracks/trending', '/v1/users/search?query=a', '/v1/metrics/app_name/trailing/week', '/v1/resolve?url=/demo']) {
      const message = await expectError(path, 400);
      assert.match(message, /app_name/);
    }
  });

  test('bad parameters are 400s in the one shape, never 500', async () => {
    const bad = [
      '/v1/users/7eP5n/tracks?limit=abc',
      '/v1/users/7eP5n/tracks?limit=-1',
      '/v1/users/7eP5n/tracks?limit=0',
      '/v1/users/7eP5n/tracks?limit=501',
      '/v1/users/7eP5n/tracks?limit=1e309',
      '/v1/users/7eP5n/tracks?limit=1&limit=2',
      '/v1/users/7eP5n/tracks?offset=-5',
      '/v1/users/7eP5n/tracks?sort=random',
      '/v1/tracks/search?query=',
      `/v1/tracks/search?query=${'x'.repeat(5000)}`,
      '/v1/tracks/search?query=a&limit=51',
      '/v1/tracks/search?query=a&only_downloadable=maybe',
      '/v1/tracks/trending?limit=101',
    ];
    for (const path of bad) await expectError(`${path}&app_name=${APP}`, 400);
  });

  test('hostile search text is text', async () => {
    for (const text of [`' OR 1=1 --`, '"', 'NEAR(a b)', '*', 'a AND OR NOT', '日本語', '🎵🎶', '%_%', '\\', '<script>alert(1)</script>']) {
      const res = await get(`/v1/tracks/search?query=${encodeURIComponent(text)}`);
      assert.equal(res.status, 200, text);
      assert.ok(Array.isArray(((await res.json()) as { data: unknown }).data));
    }
  });

  test('malformed paths and encodings', async () => {
    for (const path of [`/v1/users/%zz?app_name=${APP}`, `/v1/tracks/${'a'.repeat(600)}?app_name=${APP}`, '/v1/nothing-here']) {
      const res = await fetch(`${service.url}${path}`);
      assert.ok(res.status >= 400 && res.status < 500, `${path} answers ${res.status}`);
      const body = (await res.json()) as { code: number };
      assert.equal(body.code, res.status);
    }
  });
});
