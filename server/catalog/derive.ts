/** What is derived from the catalog's rows: the denormalized counts and the full-text index. */
import { applySchema, getMeta, setMeta, type Db } from '../db/open.js';
import { startKey } from '../db/search-key.js';

// Each statement resets a count, then sets it from one grouped scan (UPDATE ... FROM).
const RECOUNT_SQL = `
UPDATE users SET track_count = 0, playlist_count = 0, album_count = 0, follower_count = 0,
  followee_count = 0, repost_count = 0;
UPDATE users SET track_count = x.c
  FROM (SELECT owner_id AS id, count(*) AS c FROM tracks GROUP BY owner_id) AS x WHERE x.id = users.id;
UPDATE users SET playlist_count = x.p, album_count = x.a
  FROM (SELECT owner_id AS id, sum(is_album = 0) AS p, sum(is_album = 1) AS a FROM playlists GROUP BY owner_id) AS x
  WHERE x.id = users.id;
UPDATE users SET follower_count = x.c
  FROM (SELECT followee_id AS id, count(*) AS c FROM follows GROUP BY followee_id) AS x WHERE x.id = users.id;
UPDATE users SET followee_count = x.c
  FROM (SELECT follower_id AS id, count(*) AS c FROM follows GROUP BY follower_id) AS x WHERE x.id = users.id;
UPDATE users SET repost_count = x.c
  FROM (SELECT user_id AS id, count(*) AS c FROM reposts GROUP BY user_id) AS x WHERE x.id = users.id;

UPDATE tracks SET play_count = 0, repost_count = 0, favorite_count = 0;
UPDATE tracks SET play_count = x.c
  FROM (SELECT track_id AS id, count(*) AS c FROM plays GROUP BY track_id) AS x WHERE x.id = tracks.id;
UPDATE tracks SET repost_count = x.c
  FROM (SELECT item_id AS id, count(*) AS c FROM reposts WHERE item_type = 'track' GROUP BY item_id) AS x
  WHERE x.id = tracks.id;
UPDATE tracks SET favorite_count = x.c
  FROM (SELECT item_id AS id, count(*) AS c FROM saves WHERE item_type = 'track' GROUP BY item_id) AS x
  WHERE x.id = tracks.id;

UPDATE playlists SET repost_count = 0, favorite_count = 0, total_play_count = 0;
UPDATE playlists SET repost_count = x.c
  FROM (SELECT item_type, item_id, count(*) AS c FROM reposts WHERE item_type IN ('playlist', 'album')
        GROUP BY item_type, item_id) AS x
  WHERE x.item_id = playlists.id AND x.item_type = (CASE playlists.is_album WHEN 1 THEN 'album' ELSE 'playlist' END);
UPDATE playlists SET favorite_count = x.c
  FROM (SELECT item_type, item_id, count(*) AS c FROM saves WHERE item_type IN ('playlist', 'album')
        GROUP BY item_type, item_id) AS x
  WHERE x.item_id = playlists.id AND x.item_type = (CASE playlists.is_album WHEN 1 THEN 'album' ELSE 'playlist' END);
UPDATE playlists SET total_play_count = x.s
  FROM (SELECT pt.playlist_id AS id, sum(t.play_count) AS s
        FROM (SELECT DISTINCT playlist_id, track_id FROM playlist_tracks) AS pt JOIN tracks t ON t.id = pt.track_id
        GROUP BY pt.playlist_id) AS x
  WHERE x.id = playlists.id;
`;

/**
 * Sets every denormalized count from the rows: users' track, playlist, album, follower,
 * followee and repost counts; tracks' play, repost and favorite counts; playlists' repost and
 * favorite counts (saves and reposts of the playlist's own kind) and total_play_count, the sum
 * of the play counts of its distinct tracks.
 */
export function recountCatalog(db: Db): void {
  db.transaction(() => db.exec(RECOUNT_SQL))();
}

// Ranks number the resources by popularity at build time; full-text rows go in rank order, then each
// index is merged into one segment ('optimize'), which halves query time.
const FTS_TABLES = ['users_fts', 'tracks_fts', 'playlists_fts', 'users_starts', 'tracks_starts', 'playlists_starts'];
/** An FTS5 command (`delete-all`, `optimize`) for every full-text table. */
const ftsCommand = (command: string) => FTS_TABLES.map((t) => `INSERT INTO ${t} (${t}) VALUES ('${command}');`).join('\n');

const SEARCH_INDEX_SQL = `
${ftsCommand('delete-all')}
DELETE FROM user_search;
DELETE FROM track_search;
DELETE FROM playlist_search;

INSERT INTO user_search (rank, id, downloadable)
  SELECT row_number() OVER (ORDER BY u.follower_count DESC, u.id), u.id,
    EXISTS (SELECT 1 FROM tracks d WHERE d.owner_id = u.id AND d.downloadable = 1)
  FROM users u;
INSERT INTO users_fts (rowid, handle, name)
  SELECT r.rank, u.handle, u.name FROM user_search r JOIN users u ON u.id = r.id ORDER BY r.rank;
INSERT INTO users_starts (rowid, handle, name)
  SELECT r.rank, start_key(u.handle), start_key(u.name) FROM user_search r JOIN users u ON u.id = r.id ORDER BY r.rank;

INSERT INTO track_search (rank, id, downloadable)
  SELECT row_number() OVER (ORDER BY play_count DESC, id), id, downloadable IS 1 FROM tracks;
INSERT INTO tracks_fts (rowid, title, artist, tags, genre, mood)
  SELECT r.rank, t.title, u.name || ' ' || u.handle, t.tags, t.genre, t.mood
  FROM track_search r JOIN tracks t ON t.id = r.id JOIN users u ON u.id = t.owner_id ORDER BY r.rank;
INSERT INTO tracks_starts (rowid, title)
  SELECT r.rank, start_key(t.title) FROM track_search r JOIN tracks t ON t.id = r.id ORDER BY r.rank;

INSERT INTO playlist_search (rank, id, downloadable)
  SELECT row_number() OVER (ORDER BY p.total_play_count DESC, p.id), p.id,
    EXISTS (SELECT 1 FROM playlist_tracks pt JOIN tracks d ON d.id = pt.track_id WHERE pt.playlist_id = p.id AND d.downloadable = 1)
  FROM playlists p;
INSERT INTO playlists_fts (rowid, playlist_name, artist)
  SELECT r.rank, p.playlist_name, u.name || ' ' || u.handle
  FROM playlist_search r JOIN playlists p ON p.id = r.id JOIN users u ON u.id = p.owner_id ORDER BY r.rank;
INSERT INTO playlists_starts (rowid, playlist_name)
  SELECT r.rank, start_key(p.playlist_name) FROM playlist_search r JOIN playlists p ON p.id = r.id ORDER BY r.rank;

${ftsCommand('optimize')}
`;

// The search tables' layout in schema.sql, recorded in meta; change it when that layout changes.
const SEARCH_INDEX_FORMAT = 'rank-v3';
const SEARCH_TABLES = [...FTS_TABLES, 'user_search', 'track_search', 'playlist_search'];

/**
 * Fills the search tables from the rows: users by handle and name; tracks by title, artist
 * (owner name and handle), tags, genre and mood; playlists by name and artist; and the
 * title-start tables. Each resource's
 * search rank is its popularity now (see schema.sql); later plays and follows do not move it
 * until the next rebuild (seed, catalog load or upgrade).
 */
export function rebuildSearchIndex(db: Db): void {
  db.function('start_key', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? startKey(text) : null));
  db.transaction(() => {
    db.exec(SEARCH_INDEX_SQL);
    setMeta(db, 'search_index', SEARCH_INDEX_FORMAT);
  })();
}

/**
 * Brings a database's search tables to the current layout: when meta 'search_index' is missing or
 * older (a data directory from older code), drops them, makes them anew and fills them.
 */
export function upgradeSearchIndex(db: Db): void {
  if (getMeta(db, 'search_index') === SEARCH_INDEX_FORMAT) return;
  db.transaction(() => {
    for (const table of SEARCH_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
    applySchema(db);
    rebuildSearchIndex(db);
  })();
}
