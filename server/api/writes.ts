import type { Db } from '../db/open.js';

/**
 * The catalog's writes on a user's behalf, shared by the app-secret write API (write.ts) and
 * the bearer-token one (bearer-write.ts): favorite and repost a track, or undo either. Each is
 * idempotent (twice is once) and keeps the denormalized counts the read API shows current.
 */
export function catalogWrites(db: Db) {
  const userExists = db.prepare<[number], { id: number }>('SELECT id FROM users WHERE id = ?');
  const counts = db.prepare<[number], { favorite_count: number; repost_count: number }>('SELECT favorite_count, repost_count FROM tracks WHERE id = ?');
  const insertSave = db.prepare<[number, number, number]>(
    `INSERT INTO saves (user_id, item_type, item_id, created_at) VALUES (?, 'track', ?, ?) ON CONFLICT DO NOTHING`,
  );
  const deleteSave = db.prepare<[number, number]>(`DELETE FROM saves WHERE user_id = ? AND item_type = 'track' AND item_id = ?`);
  const bumpFavorites = db.prepare<[number, number]>('UPDATE tracks SET favorite_count = max(0, favorite_count + ?) WHERE id = ?');
  const insertRepost = db.prepare<[number, number, number]>(
    `INSERT INTO reposts (user_id, item_type, item_id, created_at) VALUES (?, 'track', ?, ?) ON CONFLICT DO NOTHING`,
  );
  const deleteRepost = db.prepare<[number, number]>(`DELETE FROM reposts WHERE user_id = ? AND item_type = 'track' AND item_id = ?`);
  const bumpTrackReposts = db.prepare<[number, number]>('UPDATE tracks SET repost_count = max(0, repost_count + ?) WHERE id = ?');
  const bumpUserReposts = db.prepare<[number, number]>('UPDATE users SET repost_count = max(0, repost_count + ?) WHERE id = ?');
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  return {
    userExists: (userId: number) => userExists.get(userId) !== undefined,
    trackExists: (trackId: number) => counts.get(trackId) !== undefined,

    /** Favorites (or unfavorites) the track for the user; gives back the track's favorite count. */
    setFavorite: db.transaction((userId: number, trackId: number, favorited: boolean): number => {
      const changed = favorited ? insertSave.run(userId, trackId, nowSeconds()).changes : deleteSave.run(userId, trackId).changes;
      if (changed > 0) bumpFavorites.run(favorited ? 1 : -1, trackId);
      return counts.get(trackId)!.favorite_count;
    }),

    /** Reposts (or un-reposts) the track for the user; gives back the track's repost count. */
    setRepost: db.transaction((userId: number, trackId: number, reposted: boolean): number => {
      const changed = reposted ? insertRepost.run(userId, trackId, nowSeconds()).changes : deleteRepost.run(userId, trackId).changes;
      if (changed > 0) {
        bumpTrackReposts.run(reposted ? 1 : -1, trackId);
        bumpUserReposts.run(reposted ? 1 : -1, userId);
      }
      return counts.get(trackId)!.repost_count;
    }),
  };
}

export type CatalogWrites = ReturnType<typeof catalogWrites>;
