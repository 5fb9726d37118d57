/**
 * The page's favourites, one store per session: for each track, its favourite count and whether
 * the signed-in user has favourited it. The favourite button writes here and every element that
 * shows a track's favourite count reads here, so one click shows everywhere at once. The store
 * holds the logic only; the requests are favorites.ts's (`favoriteTracks`, `setFavorite`).
 * Plain TypeScript: in a page it follows the session's sign-ins; in Node, call `sync()`.
 */
import { favoriteTracks, setFavorite } from './favorites.js';
import { getSession, type Session } from './login/session.js';

/** What the store knows of one track. */
export interface FavoriteState {
  /** Whether the signed-in user has favourited the track: false when signed out, undefined until read. */
  readonly favorited?: boolean;
  /** The track's favourite count; undefined until an element fetched the track or a write set it. */
  readonly count?: number;
  /** A write for the track is on its way (the state above already shows it). */
  readonly pending?: boolean;
}

/** Called with the track whose state changed, or with none when every track's may have (a sign-in or sign-out). */
export type FavoritesListener = (trackId?: string) => void;

/** Where the store reads and writes: the session's requests, or another transport (a test, an app's own). */
export interface FavoritesSource {
  /** The signed-in user's id now; undefined when signed out. */
  user(): unknown;
  /** The ids of the tracks the user has favourited. */
  favoriteTracks(): Promise<Set<string>>;
  /** Favourites (`on`) or unfavourites a track as the user; rejects when the service refuses. */
  setFavorite(trackId: string, on: boolean): Promise<void>;
}

export interface FavoritesStore {
  /** What the store knows of the track now. */
  get(trackId: string): FavoriteState;
  /** Takes a fetched track's count, unless the store knows one already (a write's is newer than a cached answer). */
  learn(track: { id: string; favorite_count?: number }): void;
  /** Reads which tracks the signed-in user has favourited (once per user); rejects when the read fails. */
  loadFavorited(): Promise<void>;
  /**
   * Favourites or unfavourites a track: shown at once to every listener, rolled back if the
   * service refuses (then rejects with its error). Resolves with the track's state after the write.
   */
  setFavorited(trackId: string, favorited: boolean): Promise<FavoriteState>;
  /** Re-reads who is signed in: another user's favourites are not this one's, so they are dropped and every listener told. */
  sync(): void;
  /** Calls `listener` after every change, until the returned function is called. */
  subscribe(listener: FavoritesListener): () => void;
}

/** A store of its own over `source`. The page shares one per session: `getFavorites()`. */
export function createFavoritesStore(source: FavoritesSource): FavoritesStore {
  const listeners = new Set<FavoritesListener>();
  const tracks = new Map<string, FavoriteState>();
  let user = source.user();
  /** The user's favourite track ids, once read. */
  let ids: Set<string> | undefined;

  const tell = (trackId?: string) => {
    for (const listener of [...listeners]) {
      try {
        listener(trackId);
      } catch (error) {
        queueMicrotask(() => console.error(error)); // one bad subscriber must not stop the others
      }
    }
  };
  const put = (trackId: string, state: FavoriteState | undefined) => {
    if (state) tracks.set(trackId, state);
    else tracks.delete(trackId);
    tell(trackId);
  };

  const store: FavoritesStore = {
    get(trackId) {
      const known = tracks.get(trackId);
      return { ...known, favorited: known?.favorited ?? (user == null ? false : ids?.has(trackId)) };
    },

    learn({ id, favorite_count }) {
      const known = tracks.get(id);
      if (known?.count == null && typeof favorite_count == 'number') put(id, { ...known, count: favorite_count });
    },

    async loadFavorited() {
      store.sync();
      const asked = user;
      if (asked == null || ids) return;
      const read = await source.favoriteTracks();
      if (asked !== user) return; // signed out or changed user meanwhile
      ids = read;
      tell();
    },

    async setFavorited(trackId, favorited) {
      const before = tracks.get(trackId);
      const now = store.get(trackId);
      const step = favorited == now.favorited ? 0 : favorited ? 1 : -1; // twice is once, on the service too
      const mine: FavoriteState = { favorited, count: now.count == null ? undefined : Math.max(0, now.count + step), pending: true };
      put(trackId, mine);
      try {
        await source.setFavorite(trackId, favorited);
      } catch (error) {
        // Rolled back only if nothing changed the track since: a later write's state stands.
        if (tracks.get(trackId) === mine) put(trackId, before);
        throw error;
      }
      if (tracks.get(trackId) === mine) put(trackId, { favorited, count: mine.count });
      return store.get(trackId);
    },

    sync() {
      const now = source.user();
      if (now === user) return;
      user = now;
      ids = undefined;
      for (const [trackId, state] of tracks) tracks.set(trackId, { count: state.count });
      tell();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return store;
}

/** The session's requests (favorites.ts) as a store's source. */
export const sessionSource = (session: Session): FavoritesSource => ({
  user: () => session.profile?.userId,
  favoriteTracks: () => favoriteTracks(session),
  setFavorite: (trackId, on) => setFavorite(session, trackId, on),
});

/** The page's stores by session, shared by every copy of the kit loaded on the page (as the sessions are). */
const stores: WeakMap<Session, FavoritesStore> = ((globalThis as { [key: symbol]: WeakMap<Session, FavoritesStore> })[
  Symbol.for('service-kit.favorites')
] ??= new WeakMap());

/** The page's favourites store for a session (by default the page's own), following its sign-ins and sign-outs. */
export function getFavorites(session: Session = getSession()): FavoritesStore {
  let store = stores.get(session);
  if (!store) {
    stores.set(session, (store = createFavoritesStore(sessionSource(session))));
    const follow = store.sync;
    globalThis.document?.addEventListener('service-session-change', (event) => event.detail.key == session.key && follow());
  }
  return store;
}
