import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import type { Activity, Playlist, Track, User } from '../../core/index.js';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask, TaskStatus } from '../../controllers/data-task.js';
import { levelOf, picture, taskView } from '../shared/states.js';
import { theme } from '../shared/theme.js';
import { counted, countSetting, safeUrl } from '../shared/format.js';
import type { Key } from '../../core/i18n/en.js';
import { personIcon, verifiedIcon } from '../shared/icons.js';
import { TrackRows } from '../../controllers/track-rows.js';
import { readsRtl } from '../../controllers/language.js';
import { trackRowStyles } from '../shared/track-rows.js';
import { favoritesPage, loadProfile, repostedTracks, repostsPage, tracksPage, type Page, type Profile, type Tab } from './user-card-data.js';
import { userCardStyles } from './user-card.styles.js';
import { define } from '../shared/configured-element.js';

const TABS: ReadonlyArray<readonly [Tab, Key, Key, Key]> = [
  ['tracks', 'Tracks', 'Loading tracks', 'No tracks yet.'],
  ['favorites', 'Favorites', 'Loading favorites', 'No favorite tracks yet.'],
  ['reposts', 'Reposts', 'Loading reposts', 'No reposts yet.'],
];

/**
 * A user's profile: cover photo, picture, name, handle, verified badge, bio, location, counts
 * and top tags, with tabs (WAI-ARIA tabs: arrow keys, Home and End move between them) for
 * their tracks (newest first, paged), favorite tracks and reposts. Tracks play through the
 * page's audio engine with the rest of the tab's page queued.
 *
 * @summary A user's profile with their tracks, favorites and reposts.
 * @fires service-error - The user or a tab could not be loaded. Detail: `{ message, status, operation, kind }`.
 * @csspart card - The card's box.
 * @csspart cover - The cover photo.
 * @csspart avatar - The profile picture.
 * @csspart name - The user's name (with the verified badge).
 * @csspart handle - The `@handle`.
 * @csspart bio - The bio, as plain text.
 * @csspart location - The location.
 * @csspart counts - The follower, following, track, playlist, album and repost counts.
 * @csspart tags - The list of top tags.
 * @csspart tabs - The tab list.
 * @csspart tab - One tab button; the open one has `aria-selected="true"`.
 * @csspart panel - A tab panel.
 * @csspart list - The `<ol>` of a tab's items.
 * @csspart item - One `<li>` track, playlist or album; the engine's current track has `aria-current="true"`.
 * @csspart item-artwork - An item's small artwork.
 * @csspart item-title - An item's title.
 * @csspart item-artist - An item's artist name.
 * @csspart item-duration - An item's duration.
 * @csspart item-play - An item's play/pause button.
 * @csspart item-kind - The Playlist or Album mark of a reposted playlist.
 * @csspart pager - The Previous and Next page buttons and the page number.
 * @csspart loading - A loading skeleton.
 * @csspart error - An error message.
 * @csspart retry - Retry, where asking again can help: a host that failed or could not be reached (not an item the service does not have).
 * @csspart empty - Shown when there is no user, or a tab has nothing.
 * @cssproperty [--service-accent=#6a14b8] - Selected tab, current item and verified badge colour.
 * @cssproperty [--service-on-accent=#ffffff] - Text on the accent colour.
 * @cssproperty [--service-text=#17171c] - Text colour.
 * @cssproperty [--service-muted=#55555f] - Secondary text colour.
 * @cssproperty [--service-background=#ffffff] - Card background.
 * @cssproperty [--service-surface=#f1f0f5] - Tag, cover and placeholder background.
 * @cssproperty [--service-border=#d9d7e0] - Border colour.
 * @cssproperty [--service-radius=10px] - Corner radius.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceUserCard extends ServiceElement {
  static override styles = [theme, trackRowStyles, userCardStyles];
  static override properties: PropertyDeclarations = {
    userId: { attribute: 'user-id' },
    handle: {},
    tab: { reflect: true },
    pageSize: { type: Number, attribute: 'page-size' },
    loading: { reflect: true },
    offsets: { state: true },
    headingLevel: { type: Number, attribute: 'heading-level' },
  };

  /** The user's public id. */
  userId?: string;
  /** The user's handle (with or without `@`), resolved through the public URL `/<handle>`; used when `user-id` is not set. */
  handle?: string;
  /** The open tab: `tracks` (default), `favorites` or `reposts`. */
  tab: Tab = 'tracks';
  /** Items per page in the tabs, 1 to 100 (default 10). */
  pageSize = 10;
  /** `lazy` waits until the card comes into view before fetching. */
  loading: 'lazy' | 'eager' = 'eager';
  /**
   * The level of the heading that holds the user's name, 2 to 6 (default 2): set it to fit
   * the page's outline, e.g. `3` under the page's `h2`. Another value means 2.
   */
  headingLevel = 2;

  /** Where each tab's current page starts; a tab not in it is on its first page. */
  private offsets: Partial<Record<Tab, number>> = {};

  readonly #profile = new DataTask(this, {
    operation: 'getUser',
    args: () => [this.userId, this.handle] as const,
    fetch: ([id, handle], client, signal) => (id || handle ? loadProfile(client, id, handle, signal) : undefined),
    failed: () => this.i18n.t('Could not load the user card.'),
  });

  readonly #panels = {
    tracks: this.#panelTask('tracks', 'getUserTracks', tracksPage),
    favorites: this.#panelTask('favorites', 'getUserFavorites', favoritesPage),
    reposts: this.#panelTask('reposts', 'getUserReposts', repostsPage),
  };

  readonly #rows = new TrackRows(this);

  /** The loaded user, once there is one. */
  get user(): User | undefined {
    return this.#profile.value?.user;
  }

  get #size(): number {
    return countSetting(this.pageSize, 100, 10);
  }

  /** The open tab; an unknown `tab` value opens Tracks. */
  get #openTab(): Tab {
    return TABS.some(([t]) => t === this.tab) ? this.tab : 'tracks';
  }

  /** The id the tabs read: known at once from `user-id`, after resolve from `handle`. */
  get #loadedUserId(): string | undefined {
    if (this.userId) return this.userId;
    return this.#profile.status === TaskStatus.COMPLETE ? this.#profile.value?.user.id : undefined;
  }

  /** A tab's data: fetched only while the tab is open. */
  #panelTask<T>(tab: Tab, operation: string, fetchPage: (...a: Parameters<typeof tracksPage>) => Promise<Page<T>>) {
    return new DataTask(this, {
      operation,
      args: () => [this.#loadedUserId, this.#openTab === tab, this.offsets[tab] ?? 0, this.#size] as const,
      fetch: ([id, open, offset, size], client, signal) => (id && open ? fetchPage(client, id, offset, size, signal) : undefined),
      loaded: ({ items }) => this.i18n.t(tab == 'reposts' ? '{n} repost loaded|{n} reposts loaded' : '{n} track loaded|{n} tracks loaded', { n: items.length }),
      failed: () => (this.user ? this.i18n.t('Could not load the music of {name}.', { name: this.user.name }) : this.i18n.t('Could not load the user card.')),
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another user or page size starts every tab on its first page.
    if (changed.has('userId') || changed.has('handle') || changed.has('pageSize')) this.offsets = {};
  }

  protected override render() {
    const { t } = this.i18n;
    return taskView(this.#profile, (profile) => this.#renderCard(profile), { loading: 'Loading profile', empty: 'No user to show.', missing: 'This user is not available.', rows: 5 }, t);
  }

  #renderCard({ user, tags }: Profile) {
    const cover = safeUrl(user.cover_photo?.['640x'] ?? user.cover_photo?.['2000x']);
    const avatar = safeUrl(user.profile_picture?.['150x150'] ?? user.profile_picture?.['480x480']);
    const { t, lang } = this.i18n;
    const counts: Array<[number, Key]> = [
      [user.follower_count, '{n} follower|{n} followers'],
      [user.followee_count, '{n} following'],
      [user.track_count, '{n} track|{n} tracks'],
      [user.playlist_count, '{n} playlist|{n} playlists'],
      [user.album_count, '{n} album|{n} albums'],
      [user.repost_count, '{n} repost|{n} reposts'],
    ];
    return html`<article part="card" class="card" aria-label=${user.name}>
      ${picture('cover', cover, nothing)}
      <div class="head">
        ${picture('avatar', avatar, personIcon())}
        <div class="who">
          <div part="name" class="name" dir="auto" role="heading" aria-level=${levelOf(this.headingLevel, 2)}><span>${user.name}</span>${user.is_verified ? verifiedIcon(t) : nothing}</div>
          <span part="handle" class="handle" dir="auto">@${user.handle}</span>
        </div>
      </div>
      ${user.bio ? html`<p part="bio" class="bio" dir="auto">${user.bio}</p>` : nothing}
      ${user.location ? html`<p part="location" class="location"><span class="visually-hidden">${t('Location:')} </span>${user.location}</p>` : nothing}
      <ul part="counts" class="counts">
        ${counts.map(([n, key]) => html`<li>${counted(t, key, n, lang)}</li>`)}
      </ul>
      ${tags.length ? html`<ul part="tags" class="tags" aria-label=${t('Top tags')}>${tags.map((t) => html`<li dir="auto">${t}</li>`)}</ul>` : nothing}
      <div part="tabs" class="tabs" role="tablist" aria-label=${t('{name}: music', { name: user.name })} @keydown=${this.#onTabKey}>
        ${TABS.map(
          ([tab, label]) => html`<button
            part="tab"
            role="tab"
            id="tab-${tab}"
            aria-controls="panel-${tab}"
            aria-selected=${this.#openTab === tab ? 'true' : 'false'}
            tabindex=${this.#openTab === tab ? '0' : '-1'}
            @click=${() => (this.tab = tab)}
          >${t(label)}</button>`,
        )}
      </div>
      ${TABS.map(
        ([tab]) => html`<div part="panel" class="panel" role="tabpanel" id="panel-${tab}" aria-labelledby="tab-${tab}" tabindex="0" ?hidden=${this.#openTab !== tab}>
          ${this.#openTab === tab ? this.#renderPanel(tab) : nothing}
        </div>`,
      )}
    </article>`;
  }

  #renderPanel(tab: Tab) {
    const task = this.#panels[tab] as DataTask<readonly unknown[], Page<Track | Activity>>;
    const { t } = this.i18n;
    const [, name, loading, empty] = TABS.find(([name]) => name === tab)!;
    const label = t(name);
    // The page shown tells: the task's, or the one a server render embedded.
    let more = task.value?.more ?? false;
    const body = taskView(task, (page) => ((more = page.more), tab === 'reposts' ? this.#renderReposts(page.items as Activity[]) : this.#rows.render(label, page.items as Track[])), {
      loading: loading,
      missing: 'This user is not available.',
      empty: empty,
      isEmpty: (page) => page.items.length === 0,
    }, t);
    const offset = this.offsets[tab] ?? 0;
    if (offset === 0 && !more) return body;
    const size = this.#size;
    // A pager button: disabled (yet focusable) where there is no page that way; while a page loads, it waits.
    const turn = (label: Key, can: boolean, to: number) =>
      html`<button aria-disabled=${can ? 'false' : 'true'} @click=${() => {
        if (can && task.status !== TaskStatus.PENDING) this.offsets = { ...this.offsets, [tab]: to };
      }}>${t(label)}</button>`;
    return html`${body}
      <div part="pager" class="pager" role="group" aria-label=${t('{what}: pages', { what: label })}>
        ${turn('Previous', offset > 0, offset - size)}
        <span>${t('Page {n}', { n: Math.floor(offset / size) + 1 })}</span>
        ${turn('Next', more, offset + size)}
      </div>`;
  }

  #renderReposts(reposts: Activity[]) {
    const { t } = this.i18n;
    return this.#rows.render(
      t('Reposts'),
      repostedTracks(reposts),
      false,
      reposts.map((activity) => {
        if (!activity.item) return nothing;
        if (activity.item_type?.kind === 'track') return this.#rows.item(activity.item as Track);
        const playlist = activity.item as Playlist;
        const artwork = safeUrl(playlist.artwork?.['150x150']);
        return html`<li part="item" class="item">
          ${picture('item-artwork', artwork)}
          <span class="text">
            <span part="item-title" class="title" dir="auto">${playlist.playlist_name}</span>
            <span part="item-artist" class="artist" dir="auto">${playlist.user?.name}</span>
          </span>
          <span part="item-kind" class="kind">${t(activity.item_type?.kind === 'album' || playlist.is_album ? 'Album' : 'Playlist')}</span>
        </li>`;
      }),
    );
  }

  /** WAI-ARIA tabs with automatic activation: arrows wrap (and point the other way right to left), Home and End jump. */
  #onTabKey = async (event: KeyboardEvent) => {
    const i = TABS.findIndex(([t]) => t === this.#openTab);
    const step = readsRtl(this) ? -1 : 1;
    const to = { ArrowRight: i + step, ArrowLeft: i - step, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.tab = TABS[(to + TABS.length) % TABS.length]![0];
    await this.updateComplete;
    this.shadowRoot?.querySelector<HTMLButtonElement>(`#tab-${this.tab}`)?.focus();
  };
}

define('service-user-card', ServiceUserCard);

declare global {
  interface HTMLElementTagNameMap {
    'service-user-card': ServiceUserCard;
  }
}
