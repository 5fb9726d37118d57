// Search order (tiers, then popularity as ranked when the index was built), filters, paging and
// the upgrade of a data directory from the older search layout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openMemoryDatabase, type Db } from '../../server/db/open.js';
import { loadCatalog, rebuildSearchIndex } from '../../server/catalog/index.js';
import { prepareQueries, type Page } from '../../server/api/queries.js';
import { openCatalog } from '../../server/service.js';

const NOW = 1_750_000_000;
const FANS = 40;

/** One searchable item: its title (users: handle and name), popularity, and whether it counts as downloadable. */
interface Item {
  title: string;
  name?: string;
  pop: number;
  dl?: boolean;
  /** 0 exact, 1 starts with the query, 2 other match; undefined: no match. */
  tier?: 0 | 1 | 2;
}

// Tracks searched for "night rain": accents and punctuation keep a title out of tier 1.
const TRACKS: Item[] = [
  { title: 'Night Rain', pop: 5, dl: true, tier: 0 },
  { title: 'NIGHT RAIN', pop: 50, tier: 0 },
  { title: 'night rain', pop: 7, dl: true, tier: 0 },
  { title: 'Night Rainbow', pop: 80, tier: 1 },
  { title: 'Night Rain (Remix)', pop: 10, dl: true, tier: 1 },
  { title: 'Night Rains Again', pop: 33, dl: true, tier: 1 },
  { title: 'Night Rain!', pop: 90, tier: 1 },
  { title: 'night rain, night rain', pop: 12, tier: 1 },
  { title: 'Nîght Rain', pop: 200, dl: true, tier: 2 },
  { title: 'Rain at Night', pop: 300, tier: 2 },
  { title: 'The Night Rain', pop: 44, dl: true, tier: 2 },
  { title: 'Night, Rain', pop: 15, tier: 2 },
  { title: 'Night Sun', pop: 1000 },
  { title: 'Nightly Rain', pop: 400 },
  ...Array.from({ length: 8 }, (_, i): Item => ({ title: `Night Rain ${i}`, pop: (i * 37) % 23, dl: i % 3 === 0, tier: 1 })),
  ...Array.from({ length: 8 }, (_, i): Item => ({ title: `Song of Night Rain ${i}`, pop: (i * 29) % 31, dl: i % 2 === 0, tier: 2 })),
];

// Users searched for "echo": by handle or name.
const USERS: Item[] = [
  { title: 'echo', name: 'Someone', pop: 3, tier: 0 },
  { title: 'x_1', name: 'ECHO', pop: 9, dl: true, tier: 0 },
  { title: 'echoes', name: 'E', pop: 20, tier: 1 },
  { title: 'y_2', name: 'Echo Chamber', pop: 15, dl: true, tier: 1 },
  { title: 'echolalia', name: 'Lia', pop: 2, tier: 1 },
  { title: 'the_echo', name: 'The Echo', pop: 30, dl: true, tier: 2 },
  { title: 'z_3', name: 'Big Echo', pop: 25, tier: 2 },
  { title: 'w_4', name: 'Écho', pop: 40, dl: true, tier: 2 },
  { title: 'reecho', name: 'Re', pop: 35 },
  ...Array.from({ length: 6 }, (_, i): Item => ({ title: `echo_${i}`, name: `Person ${i}`, pop: (i * 7) % 11, dl: i % 2 === 1, tier: 1 })),
  ...Array.from({ length: 6 }, (_, i): Item => ({ title: `deep_${i}`, name: `Deep Echo ${i}`, pop: (i * 5) % 13, dl: i % 3 === 0, tier: 2 })),
];

// Playlists searched for "summer"; each holds one track whose plays are its total plays.
const PLAYLISTS: Item[] = [
  { title: 'Summer', pop: 10, tier: 0 },
  { title: 'SUMMER', pop: 30, dl: true, tier: 0 },
  { title: 'Summer Mix', pop: 50, tier: 1 },
  { title: 'summertime', pop: 5, dl: true, tier: 1 },
  { title: 'Summer, Again', pop: 7, tier: 1 },
  { title: 'Best of Summer', pop: 100, dl: true, tier: 2 },
  { title: 'Sümmer', pop: 60, tier: 2 },
  { title: 'Endless Summers', pop: 20, dl: true, tier: 2 },
  { title: 'Winter', pop: 1000, dl: true },
  ...Array.from({ length: 6 }, (_, i): Item => ({ title: `Summer Hits ${i}`, pop: (i * 13) % 17, dl: i % 2 === 0, tier: 1 })),
  ...Array.from({ length: 6 }, (_, i): Item => ({ title: `Late Summer ${i}`, pop: (i * 11) % 19, dl: i % 2 === 1, tier: 2 })),
];

/**
 * A catalog file: fans (who follow, own the tracks and playlists) first, then the searched users;
 * file order gives integer ids, so track k of TRACKS has id k + 1, user k of USERS id FANS + k + 1.
 */
function searchCatalog() {
  const fans = Array.from({ length: FANS }, (_, i) => ({ id: `f${i}`, handle: `fan${i}`, name: `Fan ${i}` }));
  const users = USERS.map((u, i) => ({ id: `u${i}`, handle: u.title, name: u.name! }));
  const track = (id: string, title: string, user_id: string, downloadable = false) => ({ id, title, user_id, duration: 60, downloadable });
  const tracks = [
    ...TRACKS.map((t, i) => track(`t${i}`, t.title, `f${i % FANS}`, t.dl)),
    ...USERS.map((u, i) => track(`ut${i}`, 'Untitled', `u${i}`, u.dl)),
    ...PLAYLISTS.map((p, i) => track(`pt${i}`, 'Filler', `f${i % FANS}`, p.dl)),
  ];
  const plays = [
    ...TRACKS.map((t, i) => ({ track_id: `t${i}`, count: t.pop })),
    ...PLAYLISTS.map((p, i) => ({ track_id: `pt${i}`, count: p.pop })),
  ].filter((p) => p.count > 0);
  const follows = USERS.flatMap((u, i) => Array.from({ length: u.pop }, (_, f) => ({ follower_id: `f${f}`, followee_id: `u${i}` })));
  const playlists = PLAYLISTS.map((p, i) => ({ id: `p${i}`, playlist_name: p.title, user_id: `f${i % FANS}`, track_ids: [`pt${i}`] }));
  return { version: 1, users: [...fans, ...users], tracks, playlists, follows, plays };
}

function searchDb(): Db {
  const db = openMemoryDatabase();
  loadCatalog(db, searchCatalog(), { now: NOW });
  return db;
}

/** The ids the search should give: tier, then popularity (most first), then id. */
function expected(items: Item[], firstId: number, onlyDownloadable = false): number[] {
  return items
    .map((item, i) => ({ ...item, id: firstId + i }))
    .filter((item) => item.tier !== undefined && (!onlyDownloadable || item.dl))
    .sort((a, b) => a.tier! - b.tier! || b.pop - a.pop || a.id - b.id)
    .map((item) => item.id);
}

type Search = (text: string, onlyDownloadable: boolean, page: Page) => Array<{ id: number }>;

const db = searchDb();
const queries = prepareQueries(db);
const KINDS: Array<[string, Search, string, Item[], number]> = [
  ['tracks', queries.searchTracks, 'night rain', TRACKS, 1],
  ['users', queries.searchUsers, 'echo', USERS, FANS + 1],
  ['playlists', queries.searchPlaylists, 'summer', PLAYLISTS, 1],
];
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

test('search: exact, then starts-with, then other matches, each most popular first', () => {
  for (const [kind, search, text, items, firstId] of KINDS) {
    assert.deepEqual(ids(search(text, false, { limit: 50, offset: 0 })), expected(items, firstId), kind);
    assert.deepEqual(ids(search(`  ${text.toUpperCase()} `, false, { limit: 50, offset: 0 })), expected(items, firstId), `${kind}, spaced and upper case`);
  }
  assert.deepEqual(ids(queries.searchUsers('@echo', false, { limit: 2, offset: 0 })), expected(USERS, FANS + 1).slice(0, 2), 'a leading @ is not part of a handle');
});

test('search: only_downloadable filters every tier', () => {
  for (const [kind, search, text, items, firstId] of KINDS) {
    const want = expected(items, firstId, true);
    assert.ok(want.length > 5 && want.length < expected(items, firstId).length, kind);
    assert.deepEqual(ids(search(text, true, { limit: 50, offset: 0 })), want, kind);
  }
});

test('search: pages of 5 continue each other across tier boundaries', () => {
  for (const [kind, search, text, items, firstId] of KINDS) {
    for (const onlyDownloadable of [false, true]) {
      const whole = ids(search(text, onlyDownloadable, { limit: 50, offset: 0 }));
      assert.deepEqual(whole, expected(items, firstId, onlyDownloadable), kind);
      const paged: number[] = [];
      for (let offset = 0; offset < whole.length + 5; offset += 5) paged.push(...ids(search(text, onlyDownloadable, { limit: 5, offset })));
      assert.deepEqual(paged, whole, `${kind}${onlyDownloadable ? ', only downloadable' : ''}`);
      for (const offset of [1, 2, 3, 4, 6, 7]) {
        assert.deepEqual(ids(search(text, onlyDownloadable, { limit: 3, offset })), whole.slice(offset, offset + 3), `${kind} at ${offset}`);
      }
    }
  }
});

test('search: popularity is the one at index build time', () => {
  const local = searchDb();
  const search = prepareQueries(local);
  const before = ids(search.searchTracks('night rain', false, { limit: 50, offset: 0 }));
  const last = before.at(-1)!;
  // the service bumps play_count as plays come in; the order waits for the next build
  local.prepare('UPDATE tracks SET play_count = 5000 WHERE id = ?').run(last);
  assert.deepEqual(ids(search.searchTracks('night rain', false, { limit: 50, offset: 0 })), before);
  rebuildSearchIndex(local);
  const bumped = TRACKS.map((t, i) => (i + 1 === last ? { ...t, pop: 5000 } : t));
  assert.deepEqual(ids(search.searchTracks('night rain', false, { limit: 50, offset: 0 })), expected(bumped, 1));
});

test('search: words only, never FTS5 syntax', () => {
  for (const text of ['"', '*', 'NEAR(night rain)', 'night OR summer', '{title}: night', '^night', 'night + rain', '-', '%_%', '\\']) {
    for (const [kind, search] of KINDS) assert.doesNotThrow(() => search(text, false, { limit: 10, offset: 0 }), `${kind}: ${text}`);
  }
  assert.deepEqual(ids(queries.searchTracks('night OR sun', false, { limit: 50, offset: 0 })), [], 'OR is a word');
  assert.deepEqual(ids(queries.searchPlaylists('%', false, { limit: 50, offset: 0 })), []);
});

// The search tables as the code before the rank layout made them (rowid = the resource's id).
const OLD_SEARCH_SQL = `
DROP TABLE users_fts; DROP TABLE tracks_fts; DROP TABLE playlists_fts;
DROP TABLE user_search; DROP TABLE track_search; DROP TABLE playlist_search;
DROP TABLE users_starts; DROP TABLE tracks_starts; DROP TABLE playlists_starts;
DELETE FROM meta WHERE key = 'search_index';
CREATE VIRTUAL TABLE users_fts USING fts5 (handle, name, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
CREATE VIRTUAL TABLE tracks_fts USING fts5 (title, artist, tags, genre, mood, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
CREATE VIRTUAL TABLE playlists_fts USING fts5 (playlist_name, artist, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
INSERT INTO users_fts (rowid, handle, name) SELECT id, handle, name FROM users;
INSERT INTO tracks_fts (rowid, title, artist, tags, genre, mood)
  SELECT t.id, t.title, u.name || ' ' || u.handle, t.tags, t.genre, t.mood FROM tracks t JOIN users u ON u.id = t.owner_id;
INSERT INTO playlists_fts (rowid, playlist_name, artist)
  SELECT p.id, p.playlist_name, u.name || ' ' || u.handle FROM playlists p JOIN users u ON u.id = p.owner_id;
`;

test('a data directory with the older search tables comes up searchable in the new layout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'search-upgrade-'));
  try {
    const file = join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify(searchCatalog()));
    const first = openCatalog({ dataDir: dir, catalog: file }).db;
    const path = first.name;
    first.close();
    const old = new Database(path);
    old.exec(OLD_SEARCH_SQL);
    old.close();

    const { db: upgraded, catalog } = openCatalog({ dataDir: dir, catalog: file });
    try {
      assert.match(catalog, /reused/);
      const sql = (table: string) => (upgraded.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(table) as { sql: string }).sql;
      for (const table of ['users_fts', 'tracks_fts', 'playlists_fts', 'users_starts', 'tracks_starts', 'playlists_starts']) {
        assert.match(sql(table), /content = ''.*prefix = '1 2 3 4 5 6 7 8 9 10 11 12'/s, table);
      }
      const search = prepareQueries(upgraded);
      assert.deepEqual(ids(search.searchTracks('night rain', false, { limit: 50, offset: 0 })), expected(TRACKS, 1));
      assert.deepEqual(ids(search.searchUsers('echo', true, { limit: 50, offset: 0 })), expected(USERS, FANS + 1, true));
      assert.deepEqual(ids(search.searchPlaylists('summer', false, { limit: 50, offset: 0 })), expected(PLAYLISTS, 1));
    } finally {
      upgraded.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
