/**
 * The signed-in user's favourite tracks, for the favourite button: read once per session user
 * (every button on the page shares one read) and kept current by `setFavorite`, which writes
 * with the user's bearer token (production's `POST`/`DELETE /v1/tracks/{id}/favorites?user_id=`).
 */
import { readJson } from './http.js';
import type { Favorite } from './types.js';
import type { Session } from './login/session.js';

const read = new WeakMap<Session, [user: unknown, ids: Promise<Set<string>>]>();

/** The ids of the tracks the session's user has favourited, their 500 newest (none when signed out). */
export function favoriteTracks(session: Session): Promise<Set<string>> {
  const user = session.profile?.userId;
  let entry = read.get(session);
  if (entry?.[0] != user) {
    const ids = user
      ? session
          .fetch(`/v1/users/${user}/favorites?limit=500`)
          .then(readJson<Favorite[]>('getUserFavorites'))
          .then((list) => new Set(list.filter((f) => /track/.test(f.favorite_type)).map((f) => f.favorite_item_id)))
      : Promise.resolve(new Set<string>());
    // A failed read is tried again by the next caller.
    ids.catch(() => read.delete(session));
    read.set(session, (entry = [user, ids]));
  }
  return entry![1];
}

/** Favourites (`on`) or unfavourites a track as the session's user; rejects with a ServiceError when the service refuses. */
export async function setFavorite(session: Session, trackId: string, on: boolean): Promise<void> {
  const operation = on ? 'favoriteTrack' : 'unfavoriteTrack';
  await session.fetch(`/v1/tracks/${encodeURIComponent(trackId)}/favorites?user_id=${session.profile?.userId}`, { method: on ? 'POST' : 'DELETE' }).then(readJson(operation, true));
  (await favoriteTracks(session))[on ? 'add' : 'delete'](trackId);
}
