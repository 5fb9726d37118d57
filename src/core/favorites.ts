/**
 * The signed-in user's favourite tracks, for the favourite button: read once per session user
 * (every button on the page shares one read) and kept current by `setFavorite`, which writes
 * with the user's bearer token (production's `POST`/`DELETE /v1/tracks/{id}/favorites?user_id=`).
 */
import { readJson } from './http.js';
import { apiPath } from './transport.js';
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
          .request({ operation: 'getUserFavorites', path: apiPath('users', String(user), 'favorites'), query: { limit: 500 }, read: readJson<Favorite[]>('getUserFavorites') })
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
  // A write: sent once, to one host, within the client's timeout (transport.ts).
  await session.request({ operation, method: on ? 'POST' : 'DELETE', path: apiPath('tracks', trackId, 'favorites'), query: { userId: session.profile?.userId }, read: readJson(operation, true) });
  (await favoriteTracks(session))[on ? 'add' : 'delete'](trackId);
}
