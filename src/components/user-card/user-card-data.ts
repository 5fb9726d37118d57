import type { Activity, Client, Track, User } from '../../core/index.js';
import { resolveAs } from '../../controllers/data-task.js';

/** The card's header data: the user and their top tags. */
export interface Profile {
  user: User;
  tags: string[];
}

/** One page of a tab: its items and whether a next page exists. */
export interface Page<T> {
  items: T[];
  more: boolean;
}

export type Tab = 'tracks' | 'favorites' | 'reposts';

/** The user behind an id, or behind a handle through resolve (it must be a user), with their five top tags. */
export async function loadProfile(client: Client, id: string | undefined, handle: string | undefined, signal: AbortSignal): Promise<Profile> {
  if (id) {
    const [user, tags] = await Promise.all([client.getUser(id, { signal }), client.getUserTags(id, { limit: 5, signal })]);
    return { user, tags };
  }
  // One path segment: a handle holding `/` must not resolve to a track.
  const user = await resolveAs(client, '/' + encodeURIComponent(handle!.replace(/^@/, '')), 'user', signal);
  return { user, tags: await client.getUserTags(user.id, { limit: 5, signal }) };
}

/** A page of the user's tracks, newest first; one extra asked for to know whether more exist. */
export async function tracksPage(client: Client, id: string, offset: number, size: number, signal: AbortSignal): Promise<Page<Track>> {
  const tracks = await client.getUserTracks(id, { sort: 'date', limit: size + 1, offset, signal });
  return { items: tracks.slice(0, size), more: tracks.length > size };
}

/**
 * A page of the tracks the user favorited: the favorites list names ids, each page's ids are
 * read with getTrack (the client shares requests and caches them). A favorited track that
 * no longer exists (404) is left out; any other failure fails the page.
 */
export async function favoritesPage(client: Client, id: string, offset: number, size: number, signal: AbortSignal): Promise<Page<Track>> {
  const favorites = await client.getUserFavorites(id, { signal });
  const ids = [...new Set(favorites.filter((f) => f.favorite_type === 'SaveType.track').map((f) => f.favorite_item_id))];
  const settled = await Promise.allSettled(ids.slice(offset, offset + size).map((trackId) => client.getTrack(trackId, { signal })));
  const items: Track[] = [];
  for (const result of settled) {
    if (result.status === 'fulfilled') items.push(result.value);
    else if ((result.reason as { status?: number })?.status !== 404) throw result.reason;
  }
  return { items, more: ids.length > offset + size };
}

/** A page of the user's reposts (tracks, playlists and albums), newest first. */
export async function repostsPage(client: Client, id: string, offset: number, size: number, signal: AbortSignal): Promise<Page<Activity>> {
  const reposts = await client.getUserReposts(id, { limit: size + 1, offset, signal });
  return { items: reposts.slice(0, size), more: reposts.length > size };
}

/** The playable tracks among reposts, in order. */
export const repostedTracks = (reposts: readonly Activity[]): Track[] =>
  reposts.filter((a) => a.item_type?.kind === 'track' && a.item).map((a) => a.item as Track);
