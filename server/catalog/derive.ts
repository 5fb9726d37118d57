/** What is derived from the catalog's rows: the denormalized counts and the full-text index. */
import type { Db } from '../db/open.js';

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

const SEARCH_INDEX_SQL = `
DELETE FROM users_fts;
DELETE FROM tracks_fts;
DELETE FROM playlists_fts;
INSERT INTO users_fts (rowid, handle, name) SELECT id, handle, name FROM users ORDER BY id;
INSERT INTO tracks_fts (rowid, title, artist, tags, genre, mood)
  SELECT t.id, t.title, u.name || ' ' || u.handle, t.tags, t.genre, t.mood
  FROM tracks t JOIN users u ON u.id = t.owner_id ORDER BY t.id;
INSERT INTO playlists_fts (rowid, playlist_name, artist)
  SELECT p.id, p.playlist_name, u.name || ' ' || u.handle
  FROM playlists p JOIN users u ON u.id = p.owner_id ORDER BY p.id;
`;

/**
 * Fills the full-text tables from the rows (rowid = the resource's id): users by handle and
 * name; tracks by title, artist (owner name and handle), tags, genre and mood; playlists by
 * name and artist.
 */
export function rebuildSearchIndex(db: Db): void {
  db.transaction(() => db.exec(SEARCH_INDEX_SQL))();
}
