import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FavoriteState, FavoritesStore } from '../core/favorites-store.js';

export interface FavoritesControllerOptions {
  /** The store the element reads: its own `favorites` property, else the page's for its session. */
  store(): FavoritesStore;
  /** The track the element shows; undefined while it has none. */
  trackId(): string | undefined;
}

/**
 * Subscribes an element to a favourites store while it is connected and re-renders it when its
 * track's state changes (or everyone's, on a sign-in or sign-out). It holds no state: `state` is
 * the store's, read when the element renders. A store that changes with the element's settings
 * is followed from the next update.
 */
export class FavoritesController implements ReactiveController {
  #store?: FavoritesStore;
  #unsubscribe?: () => void;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: FavoritesControllerOptions,
  ) {
    host.addController(this);
  }

  /** The store followed now: undefined while the element is not on the page (a server render reads the fetched track alone). */
  get store(): FavoritesStore | undefined {
    return this.#store;
  }

  /** The store's state of the element's track: empty without a track or a store. */
  get state(): FavoriteState {
    const id = this.options.trackId();
    return (id && this.#store?.get(id)) || {};
  }

  hostConnected(): void {
    this.#follow();
  }

  hostUpdate(): void {
    this.#follow();
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = this.#store = undefined;
  }

  #follow(): void {
    const store = this.options.store();
    if (store == this.#store) return;
    this.#unsubscribe?.();
    this.#store = store;
    this.#unsubscribe = store.subscribe((trackId) => {
      if (!trackId || trackId == this.options.trackId()) this.host.requestUpdate();
    });
  }
}
