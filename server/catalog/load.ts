/**
 * Loads a catalog file (`--catalog FILE.json`) instead of the generated catalog. Full description
 * with an example: docs/catalog-format.md. In short, one JSON object, every key optional:
 *
 *     { "version": 1, "description": "...",
 *       "users":     [{ "id", "handle", "name", "bio"?, "location"?, "is_verified"?, "profile_picture"?,
 *                       "cover_photo"?, "email"?, "created_at"? }],
 *       "tracks":    [{ "id", "title", "user_id", "duration", "description"?, "genre"?, "mood"?,
 *                       "release_date"?, "tags"?, "downloadable"?, "artwork"?,
 *                       "remix_of"?: { "tracks": [{ "parent_track_id" }] }, "created_at"? }],
 *       "playlists": [{ "id", "playlist_name", "user_id", "track_ids": [...], "is_album"?, "description"?,
 *                       "artwork"?, "created_at"? }],
 *       "follows":   [{ "follower_id", "followee_id", "timestamp"? }],
 *       "favorites": [{ "user_id", "favorite_item_id", "favorite_type": "SaveType.track" | "SaveType.playlist"
 *                       | "SaveType.album", "timestamp"? }],
 *       "reposts":   [{ "user_id", "item_id", "item_type": "track" | "playlist" | "album", "timestamp"? }],
 *       "plays":     [{ "track_id", "count"?, "timestamp"? }] }
 *
 * - Field names and types are the contract's (section 2). `id` is any non-empty string, unique
 *   within its list; `user_id`, `track_ids`, `parent_track_id`, `follower_id`, `followee_id`,
 *   `favorite_item_id` and `item_id` name records of the file by that id. Records get integer
 *   keys 1, 2, 3 ... in file order, so the public ids are the Hashids of those.
 * - `handle`: 1..30 letters, digits, underscores, unique ignoring case. `email` (not in the
 *   contract's User; the login flow shows it) defaults to `<handle>@example.com` in lower case.
 * - `duration`: seconds, a non-negative integer. `release_date`: YYYY-MM-DD. `genre`, `mood`:
 *   free strings (the production lists are in src/core/types.ts). `tags`: one comma-separated string.
 * - Images: `profile_picture` and `artwork` take the keys `150x150`, `480x480`, `1000x1000`,
 *   `cover_photo` the keys `640x`, `2000x`; each value an http(s) URL or a path on the service
 *   starting with "/" (served relative to its base URL).
 * - Times (`created_at`, `timestamp`): unix seconds, or ISO 8601 (`2024-05-01` or a date-time with
 *   `Z` or an offset). Default: the load time; a track's default is its `release_date` if given.
 *   Plays without a `timestamp` are spread evenly from the track's creation to the load time.
 * - `null` means the same as leaving an optional field out. Unknown fields are errors, and so are
 *   the counts (`follower_count`, `play_count`, ...): they are computed from the lists.
 * - Favorites and reposts of a playlist must use the playlist's kind (album or playlist); a
 *   relation may appear only once; nobody follows themselves.
 *
 * The whole file is checked before anything is written; the first problem throws a CatalogError
 * naming the record, e.g. `tracks[12] (id "t-9"): duration must be a non-negative integer`, and
 * leaves the database as it was. A good file is written in one transaction, then the counts, the
 * full-text index and trending are computed.
 */
import { readFileSync } from 'node:fs';
import type { Db } from '../db/open.js';
import { setMeta } from '../db/open.js';
import { BatchInserter, catalogIsEmpty, clearCatalog, inBulkTransaction, withoutSecondaryIndexes } from './bulk.js';
import { recountCatalog, rebuildSearchIndex } from './derive.js';
import { CatalogError } from './fields.js';
import { SlugBook } from './slug.js';
import { computeTrending } from './trending.js';
import { validateCatalog, type CatalogData } from './validate.js';

export { CatalogError };

export interface LoadOptions {
  /** Unix seconds used for times the file leaves out, and for trending; the current time by default. */
  now?: number;
  /** Replace a catalog the database already holds (its write grants go too). Otherwise that is an error. */
  replace?: boolean;
  /** Where the catalog came from, kept in meta as `catalog_file`. */
  source?: string;
}

export interface LoadStats {
  /** Rows written per table. */
  counts: Record<string, number>;
  ms: number;
}

/** Reads, checks and loads a catalog file. */
export function loadCatalogFile(db: Db, path: string, options: LoadOptions = {}): LoadStats {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CatalogError(`${path}: cannot read the catalog file (${(error as Error).message})`);
  }
  let catalog: unknown;
  try {
    catalog = JSON.parse(text);
  } catch (error) {
    throw new CatalogError(`${path}: the catalog file is not valid JSON (${(error as Error).message})`);
  }
  return loadCatalog(db, catalog, { source: path, ...options });
}

/** Checks and loads a parsed catalog. */
export function loadCatalog(db: Db, catalog: unknown, options: LoadOptions = {}): LoadStats {
  const started = performance.now();
  const now = Math.floor(options.now ?? Date.now() / 1000);
  const data = validateCatalog(catalog, now);
  if (!options.replace && !catalogIsEmpty(db)) {
    throw new CatalogError('the database already holds a catalog; load into an empty one (or pass replace: true)');
  }
  const counts = inBulkTransaction(db, () => {
    if (options.replace) clearCatalog(db);
    const rows = withoutSecondaryIndexes(db, () => {
      const written = write(db, data, now);
      recountCatalog(db);
      return written;
    });
    rebuildSearchIndex(db);
    rows.trending = computeTrending(db, now).rows;
    setMeta(db, 'seeded_at', new Date(now * 1000).toISOString());
    setMeta(db, 'scale', 'catalog');
    if (options.source) setMeta(db, 'catalog_file', options.source);
    return rows;
  });
  return { counts, ms: Math.round(performance.now() - started) };
}

const flag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

function write(db: Db, data: CatalogData, now: number): Record<string, number> {
  const users = new BatchInserter(db, 'users', ['id', 'handle', 'name', 'bio', 'location', 'is_verified', 'profile_picture', 'cover_photo', 'created_at', 'email']);
  data.users.forEach((u, i) => users.add(i + 1, u.handle, u.name, u.bio, u.location, flag(u.verified), u.picture, u.cover, u.createdAt, u.email));

  const slugs = new SlugBook();
  const tracks = new BatchInserter(db, 'tracks', ['id', 'owner_id', 'title', 'slug', 'duration', 'description', 'genre', 'mood', 'release_date', 'tags', 'downloadable', 'artwork', 'created_at']);
  const remixes = new BatchInserter(db, 'track_remixes', ['track_id', 'parent_track_id']);
  data.tracks.forEach((t, i) => {
    tracks.add(i + 1, t.owner, t.title, slugs.claim(t.owner, t.title), t.duration, t.description, t.genre, t.mood,
      t.releaseDate, t.tags, flag(t.downloadable), t.artwork, t.createdAt);
    for (const parent of t.parents) remixes.add(i + 1, parent);
  });

  const playlists = new BatchInserter(db, 'playlists', ['id', 'owner_id', 'playlist_name', 'slug', 'is_album', 'description', 'artwork', 'created_at']);
  const entries = new BatchInserter(db, 'playlist_tracks', ['playlist_id', 'position', 'track_id']);
  data.playlists.forEach((p, i) => {
    const slug = slugs.claim(`${p.owner}/${p.isAlbum ? 'album' : 'playlist'}`, p.name);
    playlists.add(i + 1, p.owner, p.name, slug, flag(p.isAlbum), p.description, p.artwork, p.createdAt);
    p.trackIds.forEach((track, position) => entries.add(i + 1, position, track));
  });

  const follows = new BatchInserter(db, 'follows', ['follower_id', 'followee_id', 'created_at']);
  for (const f of data.follows) follows.add(f.follower, f.followee, f.at);
  const saves = new BatchInserter(db, 'saves', ['user_id', 'item_type', 'item_id', 'created_at']);
  for (const s of data.saves) saves.add(s.user, s.kind, s.item, s.at);
  const reposts = new BatchInserter(db, 'reposts', ['user_id', 'item_type', 'item_id', 'created_at']);
  for (const r of data.reposts) reposts.add(r.user, r.kind, r.item, r.at);

  const plays = new BatchInserter(db, 'plays', ['track_id', 'played_at'], 500);
  for (const p of data.plays) {
    const from = Math.min(now, data.tracks[p.track - 1]!.createdAt);
    for (let k = 0; k < p.count; k++) plays.add(p.track, p.at ?? Math.floor(from + ((now - from) * (k + 0.5)) / p.count));
  }

  const all = { users, tracks, track_remixes: remixes, playlists, playlist_tracks: entries, follows, saves, reposts, plays };
  const counts: Record<string, number> = {};
  for (const [table, inserter] of Object.entries(all)) {
    inserter.flush();
    counts[table] = inserter.count;
  }
  return counts;
}
