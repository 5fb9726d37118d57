import type { Db } from '../db/open.js';
import type { ItemKind, TrendingTime, UserTracksSort } from '../../src/core/types.js';
import { OWNER_COLUMNS, USER_COLUMNS, type PlaylistRow, type TrackRow, type UserRow } from './serialize.js';

/** Every SQL statement of the read API, prepared once per database. */
export type CatalogQueries = ReturnType<typeof prepareQueries>;

const TRACK_SELECT = `SELECT t.id, t.title, t.duration, t.description, t.genre, t.mood, t.release_date, t.tags,
  t.downloadable, t.artwork, t.play_count, t.repost_count, t.favorite_count,
  (SELECT group_concat(r.parent_track_id) FROM track_remixes r WHERE r.track_id = t.id) AS remix_parents,
  ${OWNER_COLUMNS}
  FROM tracks t JOIN users u ON u.id = t.owner_id`;

const PLAYLIST_SELECT = `SELECT p.id, p.playlist_name, p.is_album, p.description, p.artwork, p.repost_count,
  p.favorite_count, p.total_play_count, ${OWNER_COLUMNS}
  FROM playlists p JOIN users u ON u.id = p.owner_id`;

// Search: at most this many full-text matches are ranked; enough for every page a client may ask.
const SEARCH_CANDIDATES = 2000;

export interface Page {
  limit: number;
  offset: number;
}

interface SearchParams {
  match: string;
  downloadable: number;
  exact: string;
  prefix: string;
  limit: number;
  offset: number;
}

export interface RepostRow {
  item_type: ItemKind;
  item_id: number;
  created_at: number;
}

export function prepareQueries(db: Db) {
  const userById = db.prepare<[number], UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`);
  const userByHandle = db.prepare<[string], UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.handle = ? COLLATE NOCASE`);
  const trackById = db.prepare<[number], TrackRow>(`${TRACK_SELECT} WHERE t.id = ?`);
  const trackBySlug = db.prepare<[number, string], TrackRow>(`${TRACK_SELECT} WHERE t.owner_id = ? AND t.slug = ?`);
  const playlistById = db.prepare<[number], PlaylistRow>(`${PLAYLIST_SELECT} WHERE p.id = ?`);
  const playlistBySlug = db.prepare<[number, number, string], PlaylistRow>(
    `${PLAYLIST_SELECT} WHERE p.owner_id = ? AND p.is_album = ? AND p.slug = ?`,
  );
  const userTracksByDate = db.prepare<[number, number, number], TrackRow>(
    `${TRACK_SELECT} WHERE t.owner_id = ? ORDER BY t.created_at DESC, t.id DESC LIMIT ? OFFSET ?`,
  );
  const userTracksByPlays = db.prepare<[number, number, number], TrackRow>(
    `${TRACK_SELECT} WHERE t.owner_id = ? ORDER BY t.play_count DESC, t.id DESC LIMIT ? OFFSET ?`,
  );
  const userTrackTags = db.prepare<[number], { tags: string }>(`SELECT tags FROM tracks WHERE owner_id = ? AND tags IS NOT NULL`);
  const userFavorites = db.prepare<[number, number, number], { item_type: ItemKind; item_id: number }>(
    `SELECT item_type, item_id FROM saves WHERE user_id = ? ORDER BY created_at DESC, item_id DESC LIMIT ? OFFSET ?`,
  );
  const userReposts = db.prepare<[number, number, number], RepostRow>(
    `SELECT item_type, item_id, created_at FROM reposts WHERE user_id = ? ORDER BY created_at DESC, item_id DESC LIMIT ? OFFSET ?`,
  );
  const playlistTracks = db.prepare<[number, number, number], TrackRow>(
    `${TRACK_SELECT} JOIN playlist_tracks pt ON pt.track_id = t.id WHERE pt.playlist_id = ? ORDER BY pt.position LIMIT ? OFFSET ?`,
  );
  const trending = db.prepare<[TrendingTime, string, number, number], TrackRow>(
    `${TRACK_SELECT} JOIN trending tr ON tr.track_id = t.id WHERE tr.time = ? AND tr.genre = ? ORDER BY tr.rank LIMIT ? OFFSET ?`,
  );

  // Searches rank exact matches first, then prefix matches, then the rest; popularity within each.
  // Ranking reads only narrow rows; full rows are read for the page alone.
  const searchTracks = db.prepare<[SearchParams], TrackRow>(
    `WITH m AS (SELECT rowid AS id FROM tracks_fts WHERE tracks_fts MATCH @match LIMIT ${SEARCH_CANDIDATES}),
     page AS (
       SELECT t.id AS id, t.play_count AS plays,
         CASE WHEN t.title = @exact COLLATE NOCASE THEN 0 WHEN t.title LIKE @prefix ESCAPE '\\' THEN 1 ELSE 2 END AS tier
       FROM m JOIN tracks t ON t.id = m.id
       WHERE (@downloadable = 0 OR t.downloadable = 1)
       ORDER BY tier, plays DESC, t.id LIMIT @limit OFFSET @offset)
     ${TRACK_SELECT.replace('FROM tracks t', 'FROM page JOIN tracks t ON t.id = page.id')}
     ORDER BY page.tier, page.plays DESC, page.id`,
  );
  const searchUsers = db.prepare<[SearchParams], UserRow>(
    `WITH m AS (SELECT rowid AS id FROM users_fts WHERE users_fts MATCH @match LIMIT ${SEARCH_CANDIDATES})
     SELECT ${USER_COLUMNS} FROM m JOIN users u ON u.id = m.id
     WHERE (@downloadable = 0 OR EXISTS (SELECT 1 FROM tracks d WHERE d.owner_id = u.id AND d.downloadable = 1))
     ORDER BY CASE WHEN u.handle = @exact COLLATE NOCASE OR u.name = @exact COLLATE NOCASE THEN 0
       WHEN u.handle LIKE @prefix ESCAPE '\\' OR u.name LIKE @prefix ESCAPE '\\' THEN 1 ELSE 2 END,
       u.follower_count DESC, u.id LIMIT @limit OFFSET @offset`,
  );
  const searchPlaylists = db.prepare<[string, number, string, string, number, number], PlaylistRow>(
    `WITH m AS (SELECT rowid AS id FROM playlists_fts WHERE playlists_fts MATCH ? LIMIT ${SEARCH_CANDIDATES})
     ${PLAYLIST_SELECT.replace('FROM playlists p', 'FROM m JOIN playlists p ON p.id = m.id')}
     WHERE (? = 0 OR EXISTS (SELECT 1 FROM playlist_tracks pt JOIN tracks d ON d.id = pt.track_id
       WHERE pt.playlist_id = p.id AND d.downloadable = 1))
     ORDER BY CASE WHEN p.playlist_name = ? COLLATE NOCASE THEN 0 WHEN p.playlist_name LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END,
       p.total_play_count DESC, p.id LIMIT ? OFFSET ?`,
  );

  return {
    userById: (id: number) => userById.get(id),
    userByHandle: (handle: string) => userByHandle.get(handle),
    trackById: (id: number) => trackById.get(id),
    trackBySlug: (ownerId: number, slug: string) => trackBySlug.get(ownerId, slug),
    playlistById: (id: number) => playlistById.get(id),
    playlistBySlug: (ownerId: number, isAlbum: boolean, slug: string) => playlistBySlug.get(ownerId, isAlbum ? 1 : 0, slug),
    userTracks: (userId: number, sort: UserTracksSort, page: Page) =>
      (sort === 'plays' ? userTracksByPlays : userTracksByDate).all(userId, page.limit, page.offset),
    userTags(userId: number, limit: number): string[] {
      const counts = new Map<string, number>();
      for (const { tags } of userTrackTags.all(userId)) {
        for (const raw of tags.split(',')) {
          const tag = raw.trim();
          if (tag) counts.set(tag, (counts.get(tag) ?? 0) + 1);
        }
      }
      return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([tag]) => tag);
    },
    userFavorites: (userId: number, page: Page) => userFavorites.all(userId, page.limit, page.offset),
    userReposts: (userId: number, page: Page) => userReposts.all(userId, page.limit, page.offset),
    playlistTracks: (playlistId: number, page: Page) => playlistTracks.all(playlistId, page.limit, page.offset),
    trending: (time: TrendingTime, genre: string, page: Page) => trending.all(time, genre, page.limit, page.offset),
    searchTracks(text: string, onlyDownloadable: boolean, page: Page): TrackRow[] {
      const match = ftsQuery(text);
      if (!match) return [];
      const q = normalize(text);
      return searchTracks.all({ match, downloadable: onlyDownloadable ? 1 : 0, exact: q, prefix: likePrefix(q), ...page });
    },
    searchUsers(text: string, onlyDownloadable: boolean, page: Page): UserRow[] {
      const match = ftsQuery(text);
      if (!match) return [];
      const exact = normalize(text).replace(/^@/, '');
      return searchUsers.all({ match, downloadable: onlyDownloadable ? 1 : 0, exact, prefix: likePrefix(exact), ...page });
    },
    searchPlaylists(text: string, onlyDownloadable: boolean, page: Page): PlaylistRow[] {
      const match = ftsQuery(text);
      if (!match) return [];
      const q = normalize(text);
      return searchPlaylists.all(match, onlyDownloadable ? 1 : 0, q, likePrefix(q), page.limit, page.offset);
    },
  };
}

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** `abc%` for LIKE, with LIKE's own wildcards escaped. */
function likePrefix(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

/**
 * An FTS5 query for free text: every word must match, the last one as a prefix. Words are
 * quoted, so nothing the user types is read as FTS5 syntax.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  return words.slice(0, 16).map((w, i, all) => `"${w}"${i === all.length - 1 ? '*' : ''}`).join(' ');
}
