import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMeta, openMemoryDatabase, type Db } from '../../server/db/open.js';
import { encodeId } from '../../server/ids.js';
import { CatalogError, computeTrending, loadCatalog, loadCatalogFile, seedCatalog } from '../../server/catalog/index.js';
import { GENRES, MOODS } from '../../src/core/types.js';

const NOW = 1_750_000_000;
const DAY = 86_400;

const all = <T = Record<string, unknown>>(db: Db, sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
const one = <T = Record<string, unknown>>(db: Db, sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;
const count = (db: Db, sql: string, ...params: unknown[]) => Object.values(one(db, sql, ...params))[0] as number;
const topIds = (db: Db, time: string, genre = '', n = 10) =>
  all<{ track_id: number }>(db, 'SELECT track_id FROM trending WHERE time = ? AND genre = ? ORDER BY rank LIMIT ?', time, genre, n).map((r) => r.track_id);

function seeded(now = NOW): { db: Db; ms: number } {
  const db = openMemoryDatabase();
  const stats = seedCatalog(db, { scale: 'default', now });
  return { db, ms: stats.ms };
}

const base = seeded();
const db = base.db;

test('the same scale seeds the same catalog, and times move with now', () => {
  const other = seeded().db;
  const shifted = seeded(NOW + 3 * DAY).db;
  for (const sql of [
    'SELECT * FROM users ORDER BY id',
    'SELECT * FROM tracks WHERE id % 7 = 0 ORDER BY id',
    'SELECT * FROM playlists ORDER BY id',
    'SELECT * FROM track_remixes ORDER BY track_id, parent_track_id',
    'SELECT * FROM trending ORDER BY time, genre, rank',
    'SELECT count(*), sum(track_id), sum(played_at), sum((track_id * 7919 + played_at) % 1000003) FROM plays',
    'SELECT count(*), sum(created_at), sum(follower_id * 131 + followee_id) FROM follows',
    'SELECT count(*), sum(created_at), sum(item_id * 3 + user_id) FROM saves',
  ]) {
    assert.deepEqual(all(other, sql), all(db, sql), sql);
  }
  const ages = (d: Db, now: number) => all<{ a: number; h: string }>(d, 'SELECT ? - created_at AS a, handle AS h FROM users ORDER BY id', now);
  assert.deepEqual(ages(shifted, NOW + 3 * DAY), ages(db, NOW));
  assert.deepEqual(all(shifted, 'SELECT title, slug FROM tracks ORDER BY id'), all(db, 'SELECT title, slug FROM tracks ORDER BY id'));
});

test('the default scale has its sizes', () => {
  const n = (table: string) => count(db, `SELECT count(*) FROM ${table}`);
  assert.equal(n('users'), 300);
  assert.equal(n('tracks'), 2000);
  assert.equal(n('playlists'), 150);
  assert.ok(n('plays') >= 100_000 && n('plays') <= 200_000, `plays ${n('plays')}`);
  for (const table of ['follows', 'saves', 'reposts', 'playlist_tracks']) assert.ok(n(table) > 1000, table);
  assert.ok(getMeta(db, 'seeded_at'));
  assert.equal(getMeta(db, 'scale'), 'default');
});

test('user 1 is the demo listener, with tracks, favorites, reposts and follows', () => {
  const demo = one<Record<string, number | string>>(db, 'SELECT * FROM users WHERE id = 1');
  assert.equal(demo.handle, 'demo');
  assert.equal(demo.name, 'Demo Listener');
  assert.equal(demo.email, 'demo@example.com');
  assert.ok((demo.track_count as number) >= 2);
  assert.ok((demo.followee_count as number) >= 5 && (demo.follower_count as number) >= 3);
  assert.ok((demo.repost_count as number) >= 3);
  assert.ok(count(db, "SELECT count(*) FROM saves WHERE user_id = 1 AND item_type = 'track'") >= 5);
  assert.equal(demo.password_hash, null);
  assert.equal(demo.wallet, null);
});

test('generated content looks like a real catalog', () => {
  const users = all<Record<string, string | number | null>>(db, 'SELECT * FROM users');
  const verified = users.filter((u) => u.is_verified === 1).length / users.length;
  assert.ok(verified > 0.05 && verified < 0.12, `verified share ${verified}`);
  assert.ok(users.some((u) => u.profile_picture === null) && users.some((u) => u.bio === null));
  for (const u of users) {
    assert.match(u.handle as string, /^[A-Za-z0-9_]{1,30}$/);
    assert.equal(u.email, `${(u.handle as string).toLowerCase()}@example.com`);
    if (u.profile_picture !== null) {
      assert.deepEqual(JSON.parse(u.profile_picture as string), {
        '150x150': `/images/profile/${encodeId(u.id as number)}/150x150.svg`,
        '480x480': `/images/profile/${encodeId(u.id as number)}/480x480.svg`,
        '1000x1000': `/images/profile/${encodeId(u.id as number)}/1000x1000.svg`,
      });
    }
    if (u.cover_photo !== null) assert.deepEqual(Object.keys(JSON.parse(u.cover_photo as string)), ['640x', '2000x']);
  }
  const nonAscii = (sql: string) => all<{ t: string }>(db, sql).some((r) => /\P{ASCII}/u.test(r.t));
  assert.ok(nonAscii('SELECT name AS t FROM users') && nonAscii('SELECT title AS t FROM tracks') && nonAscii('SELECT bio AS t FROM users WHERE bio IS NOT NULL'));

  const tracks = all<Record<string, string | number | null>>(db, 'SELECT * FROM tracks');
  const genres = new Set<string>(GENRES);
  const moods = new Set<string>(MOODS);
  for (const t of tracks) {
    if (t.genre !== null) assert.ok(genres.has(t.genre as string), `genre ${t.genre}`);
    if (t.mood !== null) assert.ok(moods.has(t.mood as string), `mood ${t.mood}`);
    if (t.release_date !== null) assert.match(t.release_date as string, /^\d{4}-\d{2}-\d{2}$/);
    assert.match(t.slug as string, /^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u);
  }
  const usual = tracks.filter((t) => (t.duration as number) >= 60 && (t.duration as number) <= 420).length;
  assert.ok(usual / tracks.length > 0.85 && usual < tracks.length, `usual durations ${usual}`);
  for (const value of [0, 1, null]) assert.ok(tracks.some((t) => t.downloadable === value), `downloadable ${value}`);
  assert.ok(tracks.some((t) => t.tags !== null && (t.tags as string).includes(',')));
  assert.ok(count(db, 'SELECT count(*) FROM playlists WHERE is_album = 1') > 20);
  // An album holds its owner's tracks only.
  assert.equal(count(db, 'SELECT count(*) FROM playlist_tracks pt JOIN playlists p ON p.id = pt.playlist_id JOIN tracks t ON t.id = pt.track_id WHERE p.is_album = 1 AND t.owner_id <> p.owner_id'), 0);
});

test('remixes name existing, older parents', () => {
  const remixes = all<{ track_id: number; parent_track_id: number; tc: number | null; pc: number | null }>(db,
    `SELECT r.track_id, r.parent_track_id, t.created_at AS tc, p.created_at AS pc
     FROM track_remixes r LEFT JOIN tracks t ON t.id = r.track_id LEFT JOIN tracks p ON p.id = r.parent_track_id`);
  assert.ok(remixes.length >= 20 && remixes.length <= 200, `remixes ${remixes.length}`);
  for (const r of remixes) {
    assert.ok(r.tc !== null && r.pc !== null, `remix ${r.track_id} of ${r.parent_track_id}`);
    assert.ok(r.pc < r.tc, `parent ${r.parent_track_id} is older than ${r.track_id}`);
  }
});

test('the denormalized counts and the search index match the rows', () => {
  assert.equal(count(db, 'SELECT sum(play_count) FROM tracks'), count(db, 'SELECT count(*) FROM plays'));
  assert.equal(count(db, 'SELECT count(*) FROM users u WHERE follower_count <> (SELECT count(*) FROM follows WHERE followee_id = u.id)'), 0);
  assert.equal(count(db, "SELECT count(*) FROM tracks t WHERE favorite_count <> (SELECT count(*) FROM saves WHERE item_type = 'track' AND item_id = t.id)"), 0);
  assert.equal(count(db, 'SELECT count(*) FROM playlists p WHERE total_play_count <> (SELECT coalesce(sum(t.play_count), 0) FROM tracks t WHERE t.id IN (SELECT track_id FROM playlist_tracks WHERE playlist_id = p.id))'), 0);
  const maxFollowers = count(db, 'SELECT max(follower_count) FROM users');
  assert.ok(maxFollowers > 100, `the most followed user has ${maxFollowers}`);
  assert.ok(all<{ id: number }>(db, "SELECT r.id FROM users_fts f JOIN user_search r ON r.rank = f.rowid WHERE users_fts MATCH 'demo'").some((r) => r.id === 1));
  assert.equal(count(db, 'SELECT count(*) FROM tracks_fts'), 2000);
  assert.equal(count(db, 'SELECT count(*) FROM playlists_fts'), 150);
});

test('trending: 100 ranked tracks per window, and the windows differ', () => {
  for (const time of ['week', 'month', 'allTime']) {
    const rows = all<{ rank: number; score: number }>(db, "SELECT rank, score FROM trending WHERE time = ? AND genre = '' ORDER BY rank", time);
    assert.deepEqual(rows.map((r) => r.rank), Array.from({ length: 100 }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i]!.score <= rows[i - 1]!.score);
  }
  const week = topIds(db, 'week');
  const month = topIds(db, 'month');
  const allTime = topIds(db, 'allTime');
  assert.notDeepEqual(week, allTime);
  assert.notDeepEqual(month, allTime);
  assert.notDeepEqual(week, month);
  const age = (id: number) => (NOW - count(db, 'SELECT created_at FROM tracks WHERE id = ?', id)) / DAY;
  assert.ok(age(week[0]!) <= 14, 'the week leader is new');
  assert.ok(allTime.some((id) => age(id) > 365), 'old classics lead all time');
  const before = all(db, 'SELECT * FROM trending ORDER BY time, genre, rank');
  computeTrending(db, NOW);
  assert.deepEqual(all(db, 'SELECT * FROM trending ORDER BY time, genre, rank'), before, 'a recompute replaces, not appends');
});

test('per-genre trending holds only that genre', () => {
  const lists = all<{ genre: string }>(db, "SELECT DISTINCT genre FROM trending WHERE genre <> ''");
  assert.ok(lists.length >= 30, `${lists.length} genre lists`);
  assert.equal(count(db, "SELECT count(*) FROM trending tr JOIN tracks t ON t.id = tr.track_id WHERE tr.genre <> '' AND t.genre IS NOT tr.genre"), 0);
  const electronic = count(db, "SELECT count(*) FROM tracks WHERE genre = 'Electronic'");
  assert.equal(count(db, "SELECT count(*) FROM trending WHERE time = 'week' AND genre = 'Electronic'"), Math.min(100, electronic));
});

/** A small catalog whose trending scores are worked out by hand below. */
function smallCatalog() {
  const pic = { '150x150': '/images/x.png', '1000x1000': 'https://cdn.example.com/a.jpg' };
  const cover = { '640x': 'http://cdn.example.com/c.jpg' };
  return {
    version: 1,
    users: [
      { id: 'a', handle: 'Artist_A', name: 'Åsa Artist', bio: 'hi', profile_picture: pic, cover_photo: cover, is_verified: true },
      { id: 'b', handle: 'fan_b', name: 'Fan B', bio: 'b', profile_picture: pic, cover_photo: cover },
      { id: 'c', handle: 'fan_c', name: '陈 静', bio: 'c', profile_picture: pic, cover_photo: cover, email: 'C@Example.org' },
      { id: 'd', handle: 'fan_d', name: 'Fan D', bio: 'no cover', profile_picture: pic, location: null },
      { id: 'e', handle: 'tiny', name: 'Tiny', created_at: '2020-01-01' },
    ],
    tracks: [
      { id: 't-1', title: 'Golden Hour', user_id: 'a', duration: 200, genre: 'Electronic', created_at: NOW - 3 * DAY, tags: 'sun,gold', downloadable: true },
      { id: 't-2', title: 'Golden Hour (B Remix)', user_id: 'a', duration: 210, genre: 'Jazz', created_at: NOW - 10 * DAY, remix_of: { tracks: [{ parent_track_id: 't-1' }] } },
      { id: 't-3', title: 'Small', user_id: 'e', duration: 0, genre: 'Electronic', release_date: '2024-02-29', artwork: null },
      { id: 't-4', title: 'Golden Hour', user_id: 'a', duration: 90, created_at: '2025-06-01T00:00:00Z', downloadable: false },
    ],
    playlists: [
      { id: 'p-1', playlist_name: 'Gold', user_id: 'a', is_album: true, track_ids: ['t-1', 't-2'] },
      { id: 'p-2', playlist_name: 'Mix', user_id: 'b', track_ids: ['t-3', 't-1'], description: 'mine' },
    ],
    follows: [
      ['b', 'a'], ['c', 'a'], ['d', 'a'], ['a', 'b'], ['c', 'b'], ['a', 'c'], ['a', 'd'], ['b', 'd'], ['c', 'd'], ['b', 'e'], ['c', 'e'],
    ].map(([follower_id, followee_id]) => ({ follower_id, followee_id })),
    favorites: [
      { user_id: 'b', favorite_item_id: 't-1', favorite_type: 'SaveType.track', timestamp: NOW - 2 * DAY },
      { user_id: 'c', favorite_item_id: 't-1', favorite_type: 'SaveType.track', timestamp: new Date((NOW - 20 * DAY) * 1000).toISOString() },
      { user_id: 'c', favorite_item_id: 't-2', favorite_type: 'SaveType.track', timestamp: NOW - DAY },
      { user_id: 'b', favorite_item_id: 't-3', favorite_type: 'SaveType.track', timestamp: NOW - DAY },
      { user_id: 'c', favorite_item_id: 'p-1', favorite_type: 'SaveType.album' },
    ],
    reposts: [
      { user_id: 'b', item_id: 't-1', item_type: 'track', timestamp: NOW - DAY },
      { user_id: 'd', item_id: 't-1', item_type: 'track', timestamp: NOW - DAY },
      { user_id: 'c', item_id: 'p-2', item_type: 'playlist' },
    ],
    plays: [
      { track_id: 't-1', count: 40, timestamp: NOW - 2 * DAY },
      { track_id: 't-1', count: 60, timestamp: NOW - 20 * DAY },
      { track_id: 't-2', count: 30, timestamp: NOW - DAY },
      { track_id: 't-3', count: 100, timestamp: NOW - DAY },
      { track_id: 't-4', count: 4 },
    ],
  };
}

test('the loader loads a valid catalog with its keys, slugs, counts and search index', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
  try {
    const file = join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify(smallCatalog()));
    const target = openMemoryDatabase();
    const stats = loadCatalogFile(target, file, { now: NOW });
    assert.equal(stats.counts.users, 5);
    assert.equal(stats.counts.plays, 234);
    const a = one<Record<string, unknown>>(target, 'SELECT * FROM users WHERE id = 1');
    assert.equal(encodeId(a.id as number), '7eP5n');
    assert.deepEqual([a.handle, a.email, a.is_verified, a.track_count, a.album_count, a.follower_count, a.followee_count], ['Artist_A', 'artist_a@example.com', 1, 3, 1, 3, 3]);
    assert.deepEqual(JSON.parse(a.profile_picture as string), { '150x150': '/images/x.png', '1000x1000': 'https://cdn.example.com/a.jpg' });
    assert.equal(one(target, 'SELECT email FROM users WHERE id = 3').email, 'C@Example.org');
    assert.deepEqual(all(target, 'SELECT id, slug, downloadable FROM tracks ORDER BY id'), [
      { id: 1, slug: 'golden-hour', downloadable: 1 },
      { id: 2, slug: 'golden-hour-b-remix', downloadable: null },
      { id: 3, slug: 'small', downloadable: null },
      { id: 4, slug: 'golden-hour-2', downloadable: 0 },
    ]);
    assert.equal(one(target, 'SELECT created_at FROM tracks WHERE id = 3').created_at, Date.UTC(2024, 1, 29) / 1000);
    assert.deepEqual(all(target, 'SELECT * FROM track_remixes'), [{ track_id: 2, parent_track_id: 1 }]);
    assert.deepEqual(one(target, 'SELECT total_play_count, favorite_count, is_album FROM playlists WHERE id = 1'), { total_play_count: 130, favorite_count: 1, is_album: 1 });
    assert.equal(one(target, 'SELECT repost_count FROM playlists WHERE id = 2').repost_count, 1);
    const spread = one<{ lo: number; hi: number }>(target, 'SELECT min(played_at) AS lo, max(played_at) AS hi FROM plays WHERE track_id = 4');
    assert.ok(spread.lo > Date.UTC(2025, 5, 1) / 1000 && spread.hi < NOW, 'plays without a time are spread up to now');
    const golden = "SELECT r.id FROM tracks_fts f JOIN track_search r ON r.rank = f.rowid WHERE tracks_fts MATCH 'golden' ORDER BY r.id";
    assert.deepEqual(all(target, golden).map((r) => r.id), [1, 2, 4]);
    assert.equal(getMeta(target, 'scale'), 'catalog');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('trending follows the production formula on a hand-checked catalog', () => {
  const target = openMemoryDatabase();
  loadCatalog(target, smallCatalog(), { now: NOW });
  const scores = (time: string, genre = '') =>
    all<{ track_id: number; score: number }>(target, 'SELECT track_id, score FROM trending WHERE time = ? AND genre = ? ORDER BY rank', time, genre);
  // t-1: karma = followers of b (2) + c (1); d has no cover photo. t-2: karma = c (1). t-3: owner has 2 followers.
  const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-9 * Math.max(1, expected), `${actual} != ${expected}`);
  const allTime = scores('allTime');
  assert.deepEqual(allTime.map((r) => r.track_id), [1, 2, 3, 4]);
  close(allTime[0]!.score, (100 + 0.25 * 2 + 0.01 * 2) * 3);
  close(allTime[1]!.score, (30 + 0.01) * 1);
  assert.equal(allTime[2]!.score, 0);
  const week = scores('week');
  close(week[0]!.score, (40 + 50 * 2 + 1 + 0.25 * 2 + 0.01 * 2) * 3);
  close(week[1]!.score, (30 + 1 + 0.01) * Math.pow(100_000, 1 - 10 / 7));
  const month = scores('month');
  close(month[0]!.score, (100 + 50 * 2 + 2 + 0.25 * 2 + 0.01 * 2) * 3);
  close(month[1]!.score, 30 + 1 + 0.01);
  assert.deepEqual(scores('week', 'Electronic').map((r) => r.track_id), [1, 3]);
  assert.deepEqual(scores('week', 'Jazz').map((r) => r.track_id), [2]);
});

test('the loader rejects a bad catalog, names the record, and writes nothing', () => {
  const cases: Array<[string, (c: ReturnType<typeof smallCatalog>) => void, RegExp]> = [
    ['negative duration', (c) => void (c.tracks[1]!.duration = -5), /^tracks\[1\] \(id "t-2"\): duration must be a non-negative integer$/],
    ['fractional duration', (c) => void (c.tracks[0]!.duration = 1.5), /^tracks\[0\] \(id "t-1"\): duration/],
    ['unknown owner', (c) => void (c.tracks[2]!.user_id = 'zz'), /^tracks\[2\] \(id "t-3"\): user_id "zz" names no user$/],
    ['handle taken, other case', (c) => void (c.users[3]!.handle = 'FAN_B'), /^users\[3\] \(id "d"\): handle "FAN_B" is already used by users\[1\]/],
    ['bad handle', (c) => void (c.users[0]!.handle = 'a b'), /^users\[0\] \(id "a"\): handle must be/],
    ['script image', (c) => void (c.users[1]!.profile_picture = { '150x150': 'javascript:alert(1)' } as never), /^users\[1\] \(id "b"\): profile_picture\["150x150"\]/],
    ['protocol-relative image', (c) => void ((c.tracks[0] as Record<string, unknown>).artwork = { '480x480': '//evil.example/a.png' }), /^tracks\[0\] \(id "t-1"\): artwork/],
    ['unknown image size', (c) => void (c.users[1]!.cover_photo = { '640x640': '/a.png' } as never), /cover_photo has an unknown size "640x640"/],
    ['missing title', (c) => void delete (c.tracks[3] as Record<string, unknown>).title, /^tracks\[3\] \(id "t-4"\): title is required$/],
    ['duplicate id', (c) => void (c.tracks[3]!.id = 't-1'), /^tracks\[3\] \(id "t-1"\): the id is already used by tracks\[0\]$/],
    ['remix of nothing', (c) => void (c.tracks[1]!.remix_of = { tracks: [{ parent_track_id: 't-9' }] }), /remix_of\.tracks\[0\]\.parent_track_id "t-9" names no track/],
    ['bad release date', (c) => void (c.tracks[2]!.release_date = '2023-02-30'), /release_date must be a date as YYYY-MM-DD/],
    ['wrong kind', (c) => void (c.favorites[4]!.favorite_type = 'SaveType.playlist'), /^favorites\[4\]: favorite_item_id names an album, not a playlist$/],
    ['bad favorite type', (c) => void (c.favorites[0]!.favorite_type = 'track'), /^favorites\[0\]: favorite_type must be one of SaveType\.track/],
    ['self follow', (c) => void (c.follows[0]!.followee_id = 'b'), /^follows\[0\]: a user cannot follow themselves$/],
    ['repeated follow', (c) => void c.follows.push({ follower_id: 'b', followee_id: 'a' }), /^follows\[11\]: repeats follows\[0\]$/],
    ['counts are computed', (c) => void ((c.users[0] as Record<string, unknown>).follower_count = 5), /follower_count is computed/],
    ['unknown field', (c) => void ((c.tracks[0] as Record<string, unknown>).titel = 'x'), /^tracks\[0\] \(id "t-1"\): unknown field "titel"/],
    ['bad time', (c) => void (c.plays[0]!.timestamp = '2024-05-01 10:00' as never), /^plays\[0\]: timestamp must be unix seconds/],
    ['impossible time', (c) => void (c.favorites[0]!.timestamp = '2024-02-30T10:00:00Z' as never), /^favorites\[0\]: timestamp must be unix seconds/],
    ['not a list', (c) => void ((c as Record<string, unknown>).tracks = {}), /^catalog: tracks must be an array$/],
  ];
  for (const [name, spoil, message] of cases) {
    const catalog = smallCatalog();
    spoil(catalog);
    const target = openMemoryDatabase();
    assert.throws(() => loadCatalog(target, catalog, { now: NOW }), (error: unknown) => {
      assert.ok(error instanceof CatalogError, name);
      assert.match(error.message, message, name);
      return true;
    });
    for (const table of ['users', 'tracks', 'plays', 'trending', 'users_fts']) assert.equal(count(target, `SELECT count(*) FROM ${table}`), 0, `${name}: ${table}`);
    assert.equal(getMeta(target, 'seeded_at'), undefined);
  }
});

test('the loader reports a file that is not JSON, and will not load over a catalog unless told to', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
  try {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"users": [');
    assert.throws(() => loadCatalogFile(openMemoryDatabase(), file), (e: unknown) => e instanceof CatalogError && e.message.includes('not valid JSON'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const target = openMemoryDatabase();
  loadCatalog(target, smallCatalog(), { now: NOW });
  assert.throws(() => loadCatalog(target, smallCatalog(), { now: NOW }), /already holds a catalog/);
  loadCatalog(target, { users: [{ id: 'x', handle: 'solo', name: 'Solo' }] }, { now: NOW, replace: true });
  assert.deepEqual(all(target, 'SELECT id, handle FROM users'), [{ id: 1, handle: 'solo' }]);
  assert.equal(count(target, 'SELECT count(*) FROM tracks_fts'), 0);
});
