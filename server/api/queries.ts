import type { Db } from '../db/open.js';
import { searchWords } from '../db/search-key.js';
import type { ItemKind, UserTracksSort } from '../../src/core/types.js';
import type { TrendingWindow } from '../catalog/trending.js';
import { USER_COLUMNS, type PlaylistRow, type TrackRow, type UserRow } from './serialize.js';
import type { RemixParentRow } from './production.js';

/** Every SQL statement of the read API, prepared once per database. */
export type CatalogQueries = ReturnType<typeof prepareQueries>;

const TRACK_SELECT = `SELECT t.id, t.title, t.slug, t.duration, t.description, t.genre, t.mood, t.release_date, t.tags,
  t.downloadable, t.artwork, t.created_at, t.play_count, t.repost_count, t.favorite_count,
  EXISTS (SELECT 1 FROM track_remixes r WHERE r.track_id = t.id) AS is_remix, t.owner_id
  FROM tracks t`;

const PLAYLIST_SELECT = `SELECT p.id, p.playlist_name, p.slug, p.is_album, p.description, p.artwork, p.created_at, p.repost_count,
  p.favorite_count, p.total_play_count,
  (SELECT group_concat(pt.track_id, ',' ORDER BY pt.position) FROM playlist_tracks pt WHERE pt.playlist_id = p.id) AS track_ids, p.owner_id
  FROM playlists p`;

export interface Page {
  limit: number;
  offset: number;
}

interface SearchParams {
  /** Every word, the last as a prefix, in any column. */
  match: string;
  /** The words as one title-start term (search-key.ts), whole and as a prefix. */
  whole: string;
  start: string;
  exact: string;
  prefix: string;
  downloadable: number;
  /** How many ids a tier returns at most: offset + limit. */
  need: number;
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
  const userFavorites = db.prepare<[number, number, number], { item_type: ItemKind; item_id: number; created_at: number }>(
    `SELECT item_type, item_id, created_at FROM saves WHERE user_id = ? ORDER BY created_at DESC, item_id DESC LIMIT ? OFFSET ?`,
  );
  const userReposts = db.prepare<[number, number, number], RepostRow>(
    `SELECT item_type, item_id, created_at FROM reposts WHERE user_id = ? ORDER BY created_at DESC, item_id DESC LIMIT ? OFFSET ?`,
  );
  const playlistTracks = db.prepare<[number, number, number], TrackRow>(
    `${TRACK_SELECT} JOIN playlist_tracks pt ON pt.track_id = t.id WHERE pt.playlist_id = ? ORDER BY pt.position LIMIT ? OFFSET ?`,
  );
  // A remix's parents with their owners, and whether each owner reposted or saved the remix.
  const remixParents = db.prepare<[number], RemixParentRow>(
    `SELECT r.parent_track_id, p.owner_id,
       EXISTS (SELECT 1 FROM reposts x WHERE x.user_id = p.owner_id AND x.item_type = 'track' AND x.item_id = r.track_id) AS reposted,
       EXISTS (SELECT 1 FROM saves x WHERE x.user_id = p.owner_id AND x.item_type = 'track' AND x.item_id = r.track_id) AS saved
     FROM track_remixes r JOIN tracks p ON p.id = r.parent_track_id WHERE r.track_id = ? ORDER BY r.parent_track_id`,
  );
  const trending = db.prepare<[TrendingWindow, string, number, number], TrackRow>(
    `${TRACK_SELECT} JOIN trending tr ON tr.track_id = t.id WHERE tr.time = ? AND tr.genre = ? ORDER BY tr.rank LIMIT ? OFFSET ?`,
  );

  // Searches rank exact matches first, then prefix matches, then the rest; popularity within each,
  // as the search rank built with the index (schema.sql). Each tier reads ids in rank order and
  // stops at its LIMIT; full rows are read for the page alone.
  const trackSearch = searchTiers<TrackRow>(db, {
    ranks: 'track_search',
    fts: 'tracks_fts',
    starts: 'tracks_starts',
    table: 'tracks t',
    exact: 't.title = @exact COLLATE NOCASE',
    initial: "+t.title LIKE @prefix ESCAPE '\\'",
    rows: TRACK_SELECT.replace('FROM tracks t', 'FROM json_each(?) page JOIN tracks t ON t.id = page.value'),
  });
  const userSearch = searchTiers<UserRow>(db, {
    ranks: 'user_search',
    fts: 'users_fts',
    starts: 'users_starts',
    table: 'users u',
    exact: 'u.handle = @exact COLLATE NOCASE OR u.name = @exact COLLATE NOCASE',
    initial: "+u.handle LIKE @prefix ESCAPE '\\' OR +u.name LIKE @prefix ESCAPE '\\'",
    rows: `SELECT ${USER_COLUMNS} FROM json_each(?) page JOIN users u ON u.id = page.value`,
  });
  const playlistSearch = searchTiers<PlaylistRow>(db, {
    ranks: 'playlist_search',
    fts: 'playlists_fts',
    starts: 'playlists_starts',
    table: 'playlists p',
    exact: 'p.playlist_name = @exact COLLATE NOCASE',
    initial: "+p.playlist_name LIKE @prefix ESCAPE '\\'",
    rows: PLAYLIST_SELECT.replace('FROM playlists p', 'FROM json_each(?) page JOIN playlists p ON p.id = page.value'),
  });

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
    remixParents: (trackId: number) => remixParents.all(trackId),
    trending: (time: TrendingWindow, genre: string, page: Page) => trending.all(time, genre, page.limit, page.offset),
    searchTracks: (text: string, onlyDownloadable: boolean, page: Page) =>
      trackSearch(searchParams(text, normalize(text), onlyDownloadable, page), page),
    searchUsers: (text: string, onlyDownloadable: boolean, page: Page) =>
      userSearch(searchParams(text, normalize(text).replace(/^@/, ''), onlyDownloadable, page), page),
    searchPlaylists: (text: string, onlyDownloadable: boolean, page: Page) =>
      playlistSearch(searchParams(text, normalize(text), onlyDownloadable, page), page),
  };
}

/** The statements a search is made of, as SQL pieces for one kind of resource. */
interface SearchSql {
  /** The rank table: rank -> id, downloadable. */
  ranks: string;
  fts: string;
  /** The title-start table (schema.sql). */
  starts: string;
  /** The resource table with its alias. */
  table: string;
  /** Tier 0: the title is the query, as a string (the title-start term alone also matches folded accents and punctuation). */
  exact: string;
  /** Tier 1: the title starts with the query, as a string (the FTS5 phrase alone also matches folded accents). */
  initial: string;
  /** The full rows for a JSON array of ids; ordered here by the array's order. */
  rows: string;
}

/** A search in three tiers of ids, merged without repeats; then the page's full rows, in order. */
function searchTiers<Row>(db: Db, sql: SearchSql): (params: SearchParams | undefined, page: Page) => Row[] {
  const [, alias] = sql.table.split(' ');
  const filter = '(@downloadable = 0 OR r.downloadable = 1)';
  const tiers = [
    `SELECT r.id FROM ${sql.starts} CROSS JOIN ${sql.ranks} r ON r.rank = ${sql.starts}.rowid JOIN ${sql.table} ON ${alias}.id = r.id
     WHERE ${sql.starts} MATCH @whole AND (${sql.exact}) AND ${filter} ORDER BY ${sql.starts}.rowid LIMIT @need`,
    `SELECT r.id FROM ${sql.starts} CROSS JOIN ${sql.ranks} r ON r.rank = ${sql.starts}.rowid JOIN ${sql.table} ON ${alias}.id = r.id
     WHERE ${sql.starts} MATCH @start AND (${sql.initial}) AND ${filter} ORDER BY ${sql.starts}.rowid LIMIT @need`,
    `SELECT r.id FROM ${sql.fts} CROSS JOIN ${sql.ranks} r ON r.rank = ${sql.fts}.rowid
     WHERE ${sql.fts} MATCH @match AND ${filter} ORDER BY ${sql.fts}.rowid LIMIT @need`,
  ].map((text) => db.prepare<[SearchParams], number>(text).pluck());
  const rows = db.prepare<[string], Row>(`${sql.rows} ORDER BY page.key`);
  return (params, page) => {
    if (!params) return [];
    // A tier's first `need` ids are enough: at most ids.size of them repeat an earlier tier.
    const ids = new Set<number>();
    for (const tier of tiers) {
      if (ids.size >= params.need) break;
      for (const id of tier.all(params)) ids.add(id);
    }
    const pageIds = [...ids].slice(page.offset, page.offset + page.limit);
    return pageIds.length ? rows.all(JSON.stringify(pageIds)) : [];
  };
}

/** The search statements' parameters for free text; undefined when it has no word to look for. */
function searchParams(text: string, exact: string, onlyDownloadable: boolean, page: Page): SearchParams | undefined {
  const words = searchWords(text).slice(0, 16);
  if (!words.length) return undefined;
  // Quoted, the last word a prefix: nothing the user types is read as FTS5 syntax.
  return {
    match: words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' '),
    whole: `"${words.join('_')}"`,
    start: `"${words.join('_')}"*`,
    exact,
    prefix: likePrefix(exact),
    downloadable: onlyDownloadable ? 1 : 0,
    need: page.offset + page.limit,
  };
}

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** `abc%` for LIKE, with LIKE's own wildcards escaped. */
function likePrefix(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}
