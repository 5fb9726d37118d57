/**
 * The signed-in user's favourite tracks, for the favourite button: read once per session user
 * (every button on the page shares one read) and kept current by `setFavorite`, which writes
 * with the user's bearer token (production's `POST`/`DELETE /v1/tracks/{id}/favorites?user_id=`).
 */
import { ServiceError } from './errors.js';
import type { Session } from './login/session.js';

const PAGE = 100;
const read = new WeakMap<Session, [user: string, ids: Promise<Set<string>>]>();

const failed = (response: Response, operation: string) =>
  response
    .json()
    .catch(() => 0)
    .then((body) => {
      throw new ServiceError(body?.error_description || body?.error || body?.message || 'HTTP ' + response.status, 'http', operation, response.status);
    });

/** The ids of the tracks the session's user has favourited (none when signed out). */
export function favoriteTracks(session: Session): Promise<Set<string>> {
  const user = session.profile?.userId;
  if (!user) return Promise.resolve(new Set());
  let entry = read.get(session);
  if (entry?.[0] != user) {
    const ids = (async () => {
      const found = new Set<string>();
      for (let offset = 0; offset < 50 * PAGE; offset += PAGE) {
        const response = await session.fetch(`/v1/users/${encodeURIComponent(user)}/favorites?limit=${PAGE}&offset=${offset}`);
        if (!response.ok) return failed(response, 'getUserFavorites');
        const page: { favorite_item_id: string; favorite_type: string }[] = (await response.json()).data ?? [];
        for (const favorite of page) if (/track/.test(favorite.favorite_type)) found.add(favorite.favorite_item_id);
        if (page.length < PAGE) break;
      }
      return found;
    })();
    // A failed read is tried again by the next caller.
    ids.catch(() => read.get(session)?.[1] == ids && read.delete(session));
    read.set(session, (entry = [String(user), ids]));
  }
  return entry[1];
}

/** Favourites (`on`) or unfavourites a track as the session's user; rejects with a ServiceError when the service refuses. */
export async function setFavorite(session: Session, trackId: string, on: boolean): Promise<void> {
  const user = encodeURIComponent(session.profile?.userId ?? '');
  const response = await session.fetch(`/v1/tracks/${encodeURIComponent(trackId)}/favorites?user_id=${user}`, { method: on ? 'POST' : 'DELETE' });
  if (!response.ok) return failed(response, on ? 'favoriteTrack' : 'unfavoriteTrack');
  const ids = await favoriteTracks(session).catch(() => undefined);
  ids?.[on ? 'add' : 'delete'](trackId);
}
