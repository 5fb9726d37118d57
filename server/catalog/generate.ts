/**
 * The generated catalog: `seedCatalog(db, { scale })` fills an empty database with a realistic,
 * deterministic catalog (same content for a scale on every run; times are `now - a drawn age`),
 * then its counts, full-text index and trending lists.
 *
 * - default: 300 users, 2,000 tracks, 150 playlists, ~150k plays (well under 2 s)
 * - large: 10,000 users, 100,000 tracks, 5,000 playlists, ~2.2M plays
 */
import type { Db } from '../db/open.js';
import { setMeta } from '../db/open.js';
import { BatchInserter, catalogIsEmpty, inBulkTransaction, withoutSecondaryIndexes } from './bulk.js';
import { recountCatalog, rebuildSearchIndex } from './derive.js';
import {
  buildPlaylists, buildTracks, buildUsers, eventTime, SCALES,
  type GenPlaylist, type GenTrack, type GenUser, type Scale, type ScaleSpec,
} from './model.js';
import { pareto, Rng, WeightedPicker } from './random.js';
import { imagePaths } from './slug.js';
import { computeTrending } from './trending.js';

export type { Scale };

export interface SeedOptions {
  scale: Scale;
  /** Unix seconds that every generated time is relative to; the current time by default. */
  now?: number;
}

export interface SeedStats {
  scale: Scale;
  /** Rows written per table. */
  counts: Record<string, number>;
  /** Milliseconds in total, and per phase. */
  ms: number;
  phases: Record<string, number>;
}

const SEED = 0x5eed_2024;

/** Seeds an empty catalog database. Throws when the database already holds users or tracks. */
export function seedCatalog(db: Db, options: SeedOptions): SeedStats {
  const started = performance.now();
  const spec = SCALES[options.scale];
  if (!spec) throw new Error(`unknown scale ${JSON.stringify(options.scale)}: use default or large`);
  if (!catalogIsEmpty(db)) throw new Error('seedCatalog needs an empty catalog (clearCatalog removes one)');
  const now = Math.floor(options.now ?? Date.now() / 1000);
  const rng = new Rng(SEED);
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const t = performance.now();
    phases[name] = Math.round(t - mark);
    mark = t;
  };

  const users = buildUsers(rng, spec, now);
  const tracks = buildTracks(rng, spec, users, now);
  const playlists = buildPlaylists(rng, spec, users, tracks, now);
  lap('model');

  const counts = inBulkTransaction(db, () => {
    const written = withoutSecondaryIndexes(db, () => {
      const rows = writeResources(db, users, tracks, playlists);
      lap('resources');
      Object.assign(rows, writeActivity(db, rng, spec, users, tracks, playlists, now));
      lap('activity');
      rows.plays = writePlays(db, rng, spec, tracks, now);
      lap('plays');
      recountCatalog(db);
      lap('recount');
      return rows;
    });
    lap('indexes');
    rebuildSearchIndex(db);
    lap('search');
    written.trending = computeTrending(db, now).rows;
    lap('trending');
    setMeta(db, 'seeded_at', new Date(now * 1000).toISOString());
    setMeta(db, 'scale', options.scale);
    return written;
  });
  lap('commit');
  return { scale: options.scale, counts, ms: Math.round(performance.now() - started), phases };
}

function writeResources(db: Db, users: GenUser[], tracks: GenTrack[], playlists: GenPlaylist[]): Record<string, number> {
  const u = new BatchInserter(db, 'users', ['id', 'handle', 'name', 'bio', 'location', 'is_verified', 'profile_picture', 'cover_photo', 'created_at', 'email']);
  for (const x of users) {
    u.add(x.id, x.handle, x.name, x.bio, x.location, x.verified ? 1 : 0, x.picture ? imagePaths('profile', x.id) : null,
      x.cover ? imagePaths('cover', x.id) : null, x.createdAt, `${x.handle.toLowerCase()}@example.com`);
  }
  const t = new BatchInserter(db, 'tracks', ['id', 'owner_id', 'title', 'slug', 'duration', 'description', 'genre', 'mood', 'release_date', 'tags', 'downloadable', 'artwork', 'created_at']);
  const r = new BatchInserter(db, 'track_remixes', ['track_id', 'parent_track_id']);
  for (const x of tracks) {
    t.add(x.id, x.ownerId, x.title, x.slug, x.duration, x.description, x.genre, x.mood, x.releaseDate, x.tags,
      x.downloadable, x.artwork ? imagePaths('artwork', x.id) : null, x.createdAt);
    for (const parent of [...x.parents].sort((a, b) => a - b)) r.add(x.id, parent);
  }
  const p = new BatchInserter(db, 'playlists', ['id', 'owner_id', 'playlist_name', 'slug', 'is_album', 'description', 'artwork', 'created_at']);
  const pt = new BatchInserter(db, 'playlist_tracks', ['playlist_id', 'position', 'track_id']);
  for (const x of playlists) {
    p.add(x.id, x.ownerId, x.name, x.slug, x.isAlbum ? 1 : 0, x.description, x.artwork ? imagePaths('playlist', x.id) : null, x.createdAt);
    x.trackIds.forEach((trackId, position) => pt.add(x.id, position, trackId));
  }
  for (const inserter of [u, t, r, p, pt]) inserter.flush();
  return { users: u.count, tracks: t.count, track_remixes: r.count, playlists: p.count, playlist_tracks: pt.count };
}

/** How many of something a user does: heavy-tailed around `mean`. */
const howMany = (rng: Rng, mean: number, cap: number) => Math.min(cap, Math.round((pareto(rng, 1.5, 1, 100) * mean) / 3));
const between = (rng: Rng, from: number, now: number) => Math.floor(from + (now - from) * rng.next());

/** Follows (popular artists gather most), and saves and reposts of tracks, playlists and albums. */
function writeActivity(db: Db, rng: Rng, spec: ScaleSpec, users: GenUser[], tracks: GenTrack[], playlists: GenPlaylist[], now: number) {
  const f = new BatchInserter(db, 'follows', ['follower_id', 'followee_id', 'created_at']);
  const s = new BatchInserter(db, 'saves', ['user_id', 'item_type', 'item_id', 'created_at']);
  const r = new BatchInserter(db, 'reposts', ['user_id', 'item_type', 'item_id', 'created_at']);
  const followees = new WeightedPicker(users.map((u) => u.weight));
  const popularTracks = new WeightedPicker(tracks.map((t) => t.weight));
  const popularPlaylists = new WeightedPicker(playlists.map((p) => p.weight));
  const demo = users[0]!;

  for (const user of users) {
    const isDemo = user.id === demo.id;
    // Follows: the first few users after the demo listener follow it, so its counts are not empty.
    const follow = new Set<number>(user.id >= 2 && user.id <= 7 ? [demo.id] : []);
    const wantFollows = isDemo ? 12 : howMany(rng, spec.follows, users.length - 1);
    for (let tries = 0; follow.size < wantFollows && tries < wantFollows * 4; tries++) {
      const id = users[followees.pick(rng)]!.id;
      if (id !== user.id) follow.add(id);
    }
    for (const id of [...follow].sort((a, b) => a - b)) {
      f.add(user.id, id, between(rng, Math.max(user.createdAt, users[id - 1]!.createdAt), now));
    }

    // Track saves and reposts, timed by the track's own popularity curve.
    for (const [inserter, want] of [[s, isDemo ? 15 : howMany(rng, spec.saves, 2000)], [r, isDemo ? 5 : howMany(rng, spec.reposts, 500)]] as const) {
      const items = new Set<number>();
      for (let tries = 0; items.size < want && tries < want * 4; tries++) items.add(popularTracks.pick(rng));
      for (const i of [...items].sort((a, b) => a - b)) {
        const track = tracks[i]!;
        const from = Math.max(user.createdAt, track.createdAt);
        let at = eventTime(rng, track, now);
        if (at < from) at = between(rng, from, now);
        inserter.add(user.id, 'track', track.id, at);
      }
    }

    // Playlist and album saves and reposts; not one's own.
    for (const [inserter, want] of [[s, isDemo ? 2 : rng.chance(0.35) ? rng.int(1, 4) : 0], [r, isDemo ? 1 : rng.chance(0.12) ? rng.int(1, 2) : 0]] as const) {
      const items = new Set<number>();
      for (let tries = 0; items.size < want && tries < want * 4; tries++) {
        const i = popularPlaylists.pick(rng);
        if (playlists[i]!.ownerId !== user.id) items.add(i);
      }
      for (const i of [...items].sort((a, b) => a - b)) {
        const playlist = playlists[i]!;
        const at = between(rng, Math.max(user.createdAt, playlist.createdAt), now);
        inserter.add(user.id, playlist.isAlbum ? 'album' : 'playlist', playlist.id, at);
      }
    }
  }
  for (const inserter of [f, s, r]) inserter.flush();
  return { follows: f.count, saves: s.count, reposts: r.count };
}

/** Play events: the total spread over tracks by popularity, each timed by the track's profile. */
function writePlays(db: Db, rng: Rng, spec: ScaleSpec, tracks: GenTrack[], now: number): number {
  const plays = new BatchInserter(db, 'plays', ['track_id', 'played_at'], 500);
  const total = tracks.reduce((sum, t) => sum + t.weight, 0);
  for (const track of tracks) {
    const expected = (spec.plays * track.weight) / total;
    const count = Math.floor(expected) + (rng.next() < expected % 1 ? 1 : 0);
    for (let i = 0; i < count; i++) plays.add(track.id, eventTime(rng, track, now));
  }
  plays.flush();
  return plays.count;
}
