/**
 * Precomputed trending, with production's formula (reference-notes, "Trending"):
 *
 * - week / month / year: `(plays_in_window + 50 * reposts_in_window + saves_in_window
 *   + 0.25 * total_reposts + 0.01 * total_saves) * karma`, and for a track older than the window
 *   also `* max(1e-5, 100000 ^ max(-10, 1 - age_days / window_days))`; windows are 7, 30 and 365 days.
 * - allTime: `(plays + 0.25 * reposts + 0.01 * saves) * karma`.
 * - karma: the sum of the follower counts of the distinct users who reposted or saved the track,
 *   counting only users with a profile picture, a cover photo and a bio.
 * - A track whose owner has fewer than 3 followers scores 0.
 *
 * Each list holds the top 100 by score (ties: more plays first, then the older id); the overall
 * list has genre '', and every genre of the catalog has its own list (exact match on `genre`).
 * Tracks that score 0 still fill a list that has room, so a small genre is never empty. Totals
 * and follower counts come from the denormalized counts (run recountCatalog first); the
 * windows are counted from the plays, reposts and saves rows in (now - window, now].
 */
import type { Db } from '../db/open.js';
import type { TrendingTime } from '../../src/core/types.js';

/** The contract's windows, and `year`, which production also answers (`--compat production`). */
export type TrendingWindow = TrendingTime | 'year';
export const TRENDING_TIMES: readonly TrendingWindow[] = ['week', 'month', 'year', 'allTime'];
export const TRENDING_LIMIT = 100;
const WINDOW_DAYS = { week: 7, month: 30, year: 365 } as const;
const DAY = 86_400;
const MIN_OWNER_FOLLOWERS = 3;

interface TrackFacts {
  id: number;
  genre: string | null;
  created_at: number;
  play_count: number;
  repost_count: number;
  favorite_count: number;
  owner_followers: number;
}

export interface TrendingStats {
  rows: number;
  ms: number;
}

/** Recomputes every trending list and replaces the previous ones in one transaction. */
export function computeTrending(db: Db, now = Date.now() / 1000): TrendingStats {
  const started = performance.now();
  const tracks = db
    .prepare(
      `SELECT t.id, t.genre, t.created_at, t.play_count, t.repost_count, t.favorite_count, u.follower_count AS owner_followers
       FROM tracks t JOIN users u ON u.id = t.owner_id ORDER BY t.id`,
    )
    .all() as TrackFacts[];
  const indexOf = new Map<number, number>();
  tracks.forEach((t, i) => indexOf.set(t.id, i));

  const karma = perTrack(db, indexOf, KARMA_SQL, []);
  const insert = db.prepare('INSERT INTO trending (time, genre, rank, track_id, score) VALUES (?, ?, ?, ?, ?)');
  const lists = TRENDING_TIMES.map((time) => ({ time, scores: scores(db, time, tracks, indexOf, karma, now) }));

  let rows = 0;
  db.transaction(() => {
    db.prepare('DELETE FROM trending').run();
    for (const { time, scores: s } of lists) {
      const order = Array.from(tracks.keys()).sort(
        (a, b) => s[b]! - s[a]! || tracks[b]!.play_count - tracks[a]!.play_count || tracks[a]!.id - tracks[b]!.id,
      );
      const ranks = new Map<string, number>();
      for (const i of order) {
        const track = tracks[i]!;
        for (const genre of track.genre ? ['', track.genre] : ['']) {
          const rank = (ranks.get(genre) ?? 0) + 1;
          if (rank > TRENDING_LIMIT) continue;
          ranks.set(genre, rank);
          insert.run(time, genre, rank, track.id, s[i]!);
          rows++;
        }
      }
    }
  })();
  return { rows, ms: performance.now() - started };
}

const KARMA_SQL = `
SELECT x.item_id AS id, sum(u.follower_count) AS n
FROM (SELECT user_id, item_id FROM reposts WHERE item_type = 'track'
      UNION SELECT user_id, item_id FROM saves WHERE item_type = 'track') AS x
JOIN users u ON u.id = x.user_id
WHERE u.profile_picture IS NOT NULL AND u.cover_photo IS NOT NULL AND u.bio IS NOT NULL AND u.bio <> ''
GROUP BY x.item_id`;

const WINDOW_PLAYS_SQL = 'SELECT track_id AS id, count(*) AS n FROM plays WHERE played_at > ? AND played_at <= ? GROUP BY track_id';
const windowItemsSql = (table: string) =>
  `SELECT item_id AS id, count(*) AS n FROM ${table} WHERE item_type = 'track' AND created_at > ? AND created_at <= ? GROUP BY item_id`;

/** A grouped query's `(id, n)` rows as an array aligned with `tracks`. */
function perTrack(db: Db, indexOf: Map<number, number>, sql: string, params: number[]): Float64Array {
  const out = new Float64Array(indexOf.size);
  for (const [id, n] of db.prepare(sql).raw().iterate(...params) as Iterable<[number, number]>) {
    const i = indexOf.get(id);
    if (i !== undefined) out[i] = n;
  }
  return out;
}

function scores(db: Db, time: TrendingWindow, tracks: TrackFacts[], indexOf: Map<number, number>, karma: Float64Array, now: number): Float64Array {
  const out = new Float64Array(tracks.length);
  if (time === 'allTime') {
    tracks.forEach((t, i) => {
      if (t.owner_followers >= MIN_OWNER_FOLLOWERS) out[i] = (t.play_count + 0.25 * t.repost_count + 0.01 * t.favorite_count) * karma[i]!;
    });
    return out;
  }
  const windowDays = WINDOW_DAYS[time];
  const since = now - windowDays * DAY;
  const plays = perTrack(db, indexOf, WINDOW_PLAYS_SQL, [since, now]);
  const reposts = perTrack(db, indexOf, windowItemsSql('reposts'), [since, now]);
  const saves = perTrack(db, indexOf, windowItemsSql('saves'), [since, now]);
  tracks.forEach((t, i) => {
    if (t.owner_followers < MIN_OWNER_FOLLOWERS) return;
    let score = (plays[i]! + 50 * reposts[i]! + saves[i]! + 0.25 * t.repost_count + 0.01 * t.favorite_count) * karma[i]!;
    const ageDays = (now - t.created_at) / DAY;
    if (ageDays > windowDays) score *= Math.max(1e-5, Math.pow(100_000, Math.max(-10, 1 - ageDays / windowDays)));
    out[i] = score;
  });
  return out;
}
