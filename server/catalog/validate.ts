/**
 * Checks a parsed catalog file completely and turns it into rows with integer keys (each list's
 * records numbered 1, 2, ... in file order). Throws CatalogError at the first bad record.
 * The format is described in load.ts and docs/catalog-format.md.
 */
import type { ItemKind } from '../../src/core/types.js';
import { CatalogError, isObject, Rec } from './fields.js';

export interface CatalogData {
  users: Array<{
    handle: string; name: string; bio: string | null; location: string | null; verified: boolean;
    picture: string | null; cover: string | null; email: string; createdAt: number;
  }>;
  tracks: Array<{
    owner: number; title: string; duration: number; description: string | null; genre: string | null;
    mood: string | null; releaseDate: string | null; tags: string | null; downloadable: boolean | null;
    artwork: string | null; createdAt: number; parents: number[];
  }>;
  playlists: Array<{
    owner: number; name: string; isAlbum: boolean; description: string | null; artwork: string | null;
    createdAt: number; trackIds: number[];
  }>;
  follows: Array<{ follower: number; followee: number; at: number }>;
  saves: Array<{ user: number; kind: ItemKind; item: number; at: number }>;
  reposts: Array<{ user: number; kind: ItemKind; item: number; at: number }>;
  /** `at` null: spread evenly from the track's creation to the load time. */
  plays: Array<{ track: number; count: number; at: number | null }>;
}

const TOP_LEVEL = ['version', 'description', 'users', 'tracks', 'playlists', 'follows', 'favorites', 'reposts', 'plays'];
const SAVE_TYPES: Record<string, ItemKind> = { 'SaveType.track': 'track', 'SaveType.playlist': 'playlist', 'SaveType.album': 'album' };
const KINDS: readonly ItemKind[] = ['track', 'playlist', 'album'];
/** More play rows than this would take minutes to write; such a file is almost surely a mistake. */
export const MAX_PLAYS = 20_000_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The records of one list, each checked for being an object. */
function list(catalog: Record<string, unknown>, key: string): Array<Record<string, unknown>> {
  const value = catalog[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new CatalogError(`catalog: ${key} must be an array`);
  value.forEach((item, i) => {
    if (!isObject(item)) throw new CatalogError(`${key}[${i}]: must be an object`);
  });
  return value as Array<Record<string, unknown>>;
}

/** Maps a list's string ids to integer keys, rejecting duplicates. */
function keys(name: string, records: Rec[]): Map<string, number> {
  const map = new Map<string, number>();
  records.map((r) => r.id()).forEach((id, i) => {
    const earlier = map.get(id);
    if (earlier !== undefined) records[i]!.fail(`the id is already used by ${name}[${earlier - 1}]`);
    map.set(id, i + 1);
  });
  return map;
}

function ref(rec: Rec, key: string, map: Map<string, number>, what: string, value = rec.str(key, true, 200)): number {
  const id = map.get(value);
  if (id === undefined) rec.fail(`${key} ${JSON.stringify(value)} names no ${what}`);
  return id;
}

export function validateCatalog(input: unknown, now: number): CatalogData {
  if (!isObject(input)) throw new CatalogError('catalog: the file must hold a JSON object');
  for (const key of Object.keys(input)) {
    if (!TOP_LEVEL.includes(key)) throw new CatalogError(`catalog: unknown key ${JSON.stringify(key)} (allowed: ${TOP_LEVEL.join(', ')})`);
  }
  if (input.version !== undefined && input.version !== 1) throw new CatalogError('catalog: version must be 1');
  if (input.description !== undefined && typeof input.description !== 'string') throw new CatalogError('catalog: description must be a string');

  // Users.
  const userRecs = list(input, 'users').map((d, i) => new Rec('users', i, d, [
    'id', 'handle', 'name', 'bio', 'location', 'is_verified', 'profile_picture', 'cover_photo', 'email', 'created_at',
  ]));
  const userIds = keys('users', userRecs);
  const handles = new Map<string, number>();
  const emails = new Map<string, number>();
  const users = userRecs.map((r, i) => {
    const handle = r.handle('handle');
    const email = r.str('email', false, 254) ?? `${handle.toLowerCase()}@example.com`;
    if (!EMAIL.test(email)) r.fail('email must look like name@domain.tld');
    for (const [map, value, what] of [[handles, handle, 'handle'], [emails, email, 'email']] as const) {
      const earlier = map.get(value.toLowerCase());
      if (earlier !== undefined) r.fail(`${what} ${JSON.stringify(value)} is already used by users[${earlier}] (case does not matter)`);
      map.set(value.toLowerCase(), i);
    }
    return {
      handle, email, name: r.str('name', true, 200), bio: r.str('bio'), location: r.str('location', false, 200),
      verified: r.bool('is_verified') ?? false, picture: r.images('profile_picture', 'square'),
      cover: r.images('cover_photo', 'cover'), createdAt: r.time('created_at') ?? now,
    };
  });

  // Tracks: ids first, so that a remix may name a parent further down the list.
  const trackRecs = list(input, 'tracks').map((d, i) => new Rec('tracks', i, d, [
    'id', 'title', 'user_id', 'duration', 'description', 'genre', 'mood', 'release_date', 'tags', 'downloadable',
    'artwork', 'remix_of', 'created_at',
  ]));
  const trackIds = keys('tracks', trackRecs);
  const tracks = trackRecs.map((r, i) => {
    const releaseDate = r.date('release_date');
    return {
      owner: ref(r, 'user_id', userIds, 'user'), title: r.str('title', true, 500),
      duration: r.int('duration', 0, 1_000_000, true)!, description: r.str('description'),
      genre: r.nonBlank('genre'), mood: r.nonBlank('mood'), releaseDate, tags: r.str('tags', false, 2000),
      downloadable: r.bool('downloadable'), artwork: r.images('artwork', 'square'),
      createdAt: r.time('created_at') ?? (releaseDate ? Date.parse(releaseDate) / 1000 : now),
      parents: remixParents(r, trackIds, i + 1),
    };
  });

  // Playlists and albums.
  const playlistRecs = list(input, 'playlists').map((d, i) => new Rec('playlists', i, d, [
    'id', 'playlist_name', 'user_id', 'is_album', 'description', 'artwork', 'track_ids', 'created_at',
  ]));
  const playlistIds = keys('playlists', playlistRecs);
  const playlists = playlistRecs.map((r: Rec) => ({
    owner: ref(r, 'user_id', userIds, 'user'), name: r.str('playlist_name', true, 500),
    isAlbum: r.bool('is_album') ?? false, description: r.str('description'), artwork: r.images('artwork', 'square'),
    createdAt: r.time('created_at') ?? now,
    trackIds: r.array('track_ids').map((id, j) => {
      if (typeof id !== 'string') r.fail(`track_ids[${j}] must be a string`);
      return ref(r, `track_ids[${j}]`, trackIds, 'track', id);
    }),
  }));

  // Follows, favorites, reposts: each pair at most once.
  const follows = pairs(input, 'follows', ['follower_id', 'followee_id', 'timestamp'], (r) => {
    const follower = ref(r, 'follower_id', userIds, 'user');
    const followee = ref(r, 'followee_id', userIds, 'user');
    if (follower === followee) r.fail('a user cannot follow themselves');
    return { key: `${follower}/${followee}`, row: { follower, followee, at: r.time('timestamp') ?? now } };
  });
  const item = (r: Rec, idKey: string, kind: ItemKind) => {
    if (kind === 'track') return ref(r, idKey, trackIds, 'track');
    const id = ref(r, idKey, playlistIds, 'playlist');
    if (playlists[id - 1]!.isAlbum !== (kind === 'album')) {
      r.fail(`${idKey} names ${kind === 'album' ? 'a playlist, not an album' : 'an album, not a playlist'}`);
    }
    return id;
  };
  const saves = pairs(input, 'favorites', ['user_id', 'favorite_item_id', 'favorite_type', 'timestamp'], (r) => {
    const type = r.str('favorite_type', true);
    const kind = SAVE_TYPES[type];
    if (!kind) r.fail(`favorite_type must be one of ${Object.keys(SAVE_TYPES).join(', ')}`);
    const row = { user: ref(r, 'user_id', userIds, 'user'), kind, item: item(r, 'favorite_item_id', kind), at: r.time('timestamp') ?? now };
    return { key: `${row.user}/${kind}/${row.item}`, row };
  });
  const reposts = pairs(input, 'reposts', ['user_id', 'item_id', 'item_type', 'timestamp'], (r) => {
    const kind = r.str('item_type', true) as ItemKind;
    if (!KINDS.includes(kind)) r.fail(`item_type must be one of ${KINDS.join(', ')}`);
    const row = { user: ref(r, 'user_id', userIds, 'user'), kind, item: item(r, 'item_id', kind), at: r.time('timestamp') ?? now };
    return { key: `${row.user}/${kind}/${row.item}`, row };
  });

  // Plays.
  let totalPlays = 0;
  const plays = list(input, 'plays').map((d, i) => {
    const r = new Rec('plays', i, d, ['track_id', 'count', 'timestamp']);
    const play = { track: ref(r, 'track_id', trackIds, 'track'), count: r.int('count', 1, MAX_PLAYS, false) ?? 1, at: r.time('timestamp') };
    if ((totalPlays += play.count) > MAX_PLAYS) r.fail(`the plays add up to more than ${MAX_PLAYS}`);
    return play;
  });

  return { users, tracks, playlists, follows, saves, reposts, plays };
}

function remixParents(r: Rec, trackIds: Map<string, number>, self: number): number[] {
  const remix = r.data.remix_of;
  if (remix === undefined || remix === null) return [];
  if (!isObject(remix) || !Array.isArray(remix.tracks) || Object.keys(remix).some((k) => k !== 'tracks')) {
    r.fail('remix_of must be an object {"tracks": [{"parent_track_id": ...}]}');
  }
  const parents: number[] = [];
  remix.tracks.forEach((parent: unknown, j: number) => {
    const where = `remix_of.tracks[${j}]`;
    if (!isObject(parent) || typeof parent.parent_track_id !== 'string' || Object.keys(parent).length !== 1) {
      r.fail(`${where} must be an object {"parent_track_id": "<a tracks[].id>"}`);
    }
    const id = ref(r, `${where}.parent_track_id`, trackIds, 'track', parent.parent_track_id);
    if (id === self) r.fail(`${where}: a track cannot remix itself`);
    if (parents.includes(id)) r.fail(`${where}: the parent is named twice`);
    parents.push(id);
  });
  return parents;
}

/** A list of relations with an identity key each; a repeated key is an error. */
function pairs<T>(catalog: Record<string, unknown>, key: string, allowed: string[], check: (r: Rec) => { key: string; row: T }): T[] {
  const seen = new Map<string, number>();
  return list(catalog, key).map((d, i) => {
    const r = new Rec(key, i, d, allowed);
    const { key: identity, row } = check(r);
    const earlier = seen.get(identity);
    if (earlier !== undefined) r.fail(`repeats ${key}[${earlier}]`);
    seen.set(identity, i);
    return row;
  });
}
