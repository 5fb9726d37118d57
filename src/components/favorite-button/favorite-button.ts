import { html, nothing, type PropertyDeclarations } from 'lit';
import { ServiceElement } from '../shared/service-element.js';
import { define } from '../shared/configured-element.js';
import { langAsked } from '../../controllers/language.js';
import { DataTask } from '../../controllers/data-task.js';
import { FavoritesController } from '../../controllers/favorites-controller.js';
import { theme } from '../shared/theme.js';
import { heartIcon } from '../shared/icons.js';
import { formatCount } from '../shared/format.js';
import { login } from '../../core/login/login.js';
import { getSession, type Session } from '../../core/login/session.js';
import { fail, type LoginResult, type TokenStorage } from '../../core/login/shared.js';
import { getFavorites, type FavoritesStore } from '../../core/favorites-store.js';
import { favoriteButtonStyles } from './favorite-button.styles.js';

/** Detail of `service-favorite-change`. */
export interface FavoriteChangeDetail {
  trackId: string;
  /** Whether the signed-in user now has the track among their favourites. */
  favorited: boolean;
  /** The track's favourite count after the change. */
  count: number;
}

/**
 * A heart with the track's favourite count that the listener can press: `aria-pressed` says
 * whether the signed-in user has favourited the track. A click while signed out (or signed in
 * without `write`) opens the code-flow login with `write` in a popup, then favourites. The
 * toggle shows at once and is rolled back if the write fails. Writes go with the user's own
 * bearer token (the page's session, `getSession()`), so the page needs no server of its own.
 *
 * @summary A favourite (like) button for a track, with its count.
 * @fires service-favorite-change - The user favourited or unfavourited the track (the service confirmed it). Detail: `{ trackId, favorited, count }`.
 * @fires service-error - The count could not be loaded, or a write failed (the toggle is rolled back). Detail: `{ message, status, operation, kind }`.
 * @fires service-login-error - The login a signed-out click started failed. Detail: `{ message, reason }`.
 * @csspart button - The button.
 * @csspart count - The count.
 * @cssproperty [--service-accent=#6a14b8] - The heart's colour when pressed.
 * @cssproperty [--service-text=#17171c] - Text and outline heart colour.
 * @cssproperty [--service-background=#ffffff] - Background.
 * @cssproperty [--service-border=#d9d7e0] - Border.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceFavoriteButton extends ServiceElement {
  static override styles = [theme, favoriteButtonStyles];
  static override properties: PropertyDeclarations = {
    trackId: { attribute: 'track-id', reflect: true },
    redirectUri: { attribute: 'redirect-uri' },
    tokenStorage: { attribute: 'token-storage' },
    favorites: { attribute: false },
  };

  /** The track's id. */
  trackId?: string;
  /** The app's registered redirect page for the login a signed-out click starts; default this page's address (origin and path). */
  redirectUri?: string;
  /** Where that login keeps its tokens: `memory` (default), `session` or `local`. */
  tokenStorage?: TokenStorage;
  /** The favourites store the button writes and shows; default the page's for its session, shared with every element of the same settings. */
  favorites?: FavoritesStore;
  /** The track's title, once fetched: the button's name says which track it favourites. */
  #title?: string;
  /** A login this button started is open: a second click opens no second popup. */
  #loggingIn = false;

  readonly #favorites = new FavoritesController(this, { store: () => this.#store, trackId: () => this.trackId });

  constructor() {
    super();
    // Reads into the store (the count, the user's favourites); the button shows what the store holds.
    new DataTask(this, {
      operation: 'getTrack',
      // The user is an arg so that a sign-in reads their favourites (the store reads none while signed out).
      args: () => [this.trackId, this.session.profile?.userId, this.#store] as const,
      fetch: ([id, , store], client, signal) =>
        id ? Promise.all([store.loadFavorited(), client.getTrack(id, { signal }).then((track) => ((this.#title = track.title), store.learn(track)))]) : undefined,
      failed: () => this.i18n.t('Could not load the favorite button.'),
    });
  }

  /** The page's session for this element's settings, shared with every element and login that has them. */
  get session(): Session {
    return getSession(this.client);
  }

  get #store(): FavoritesStore {
    return this.favorites ?? getFavorites(this.session);
  }

  /** Whether the signed-in user has favourited the track (false when signed out); undefined until loaded. */
  get favorited(): boolean | undefined {
    return this.#favorites.state.favorited;
  }

  /** The track's favourite count; undefined until loaded. */
  get count(): number | undefined {
    return this.#favorites.state.count;
  }

  protected override willUpdate(): void {
    // In the login popup this page may be the redirect page (the default): hand the code to the opener.
    // Only in a popup: this button starts no full-page login, so such an answer is a login button's.
    if (!this.hasUpdated && opener && /[#?&](code|error)=/.test(location.href)) {
      // A part that could not be fetched (the CDN's login-flow.js) is a failed login, not a rejection in the page.
      import('../../core/login/redirect.js')
        .then((module) => module.handleRedirect({ client: this.client }), (error: Error) => fail('network', error.message))
        .then((result) => this.#loginFailed(result));
    }
  }

  protected override render() {
    const { favorited, count } = this.#favorites.state;
    const { t } = this.i18n;
    const title = this.#title;
    // "Favorite The Crystal Letters, 108 favorites": the visible "Favorite 108" with the track it is for.
    const name = !title ? undefined : count == null ? t('Favorite {title}', { title }) : t('Favorite {title}, {n} favorite|Favorite {title}, {n} favorites', { title, n: count });
    return html`<button part="button" type="button" aria-label=${name ?? nothing} aria-pressed=${!!favorited} @click=${this.#click}>
      ${heartIcon()}<span>${this.i18n.t('Favorite')}</span> <b part="count">${count == null ? '' : formatCount(count, this.i18n.lang)}</b>
    </button>`;
  }

  #click(): void {
    const id = this.trackId;
    const store = this.#store;
    if (this.#loggingIn || !id || store.get(id).pending) return;
    const session = this.session;
    if (/write/.test(session.scope!)) return void this.#toggle(store, id, !store.get(id).favorited);
    this.#loggingIn = true;
    // Synchronously inside the click, so the browser lets the popup open.
    login({ flow: 'code', scope: 'write', redirectUri: this.redirectUri || location.origin + location.pathname, tokenStorage: this.tokenStorage, lang: langAsked(this), client: this.client }).then(
      async (result) => {
        this.#loggingIn = false;
        if (this.#loginFailed(result) || result.status != 'success') return;
        // Signed in: favourite, unless the user had already.
        await store.loadFavorited().catch(() => {});
        if (!store.get(id).favorited) await this.#toggle(store, id, true);
      },
    );
  }

  #loginFailed(result?: LoginResult): boolean {
    return result?.status == 'error' && (this.emit('service-login-error', { message: result.message, reason: result.reason }), true);
  }

  /** Writes through the store, which shows the change at once on every element and rolls it back if the service refuses. */
  async #toggle(store: FavoritesStore, trackId: string, favorited: boolean): Promise<void> {
    try {
      const after = await store.setFavorited(trackId, favorited);
      this.emit('service-favorite-change', { trackId, favorited, count: after.count ?? 0 });
    } catch (error) {
      this.emitError(error, favorited ? 'favoriteTrack' : 'unfavoriteTrack');
    }
  }
}

define('service-favorite-button', ServiceFavoriteButton);

declare global {
  interface HTMLElementTagNameMap {
    'service-favorite-button': ServiceFavoriteButton;
  }
  interface GlobalEventHandlersEventMap {
    'service-favorite-change': CustomEvent<FavoriteChangeDetail>;
  }
}
