import type { Key } from '../../core/i18n/en.js';
import { html, nothing, type PropertyDeclarations } from 'lit';
import type { Track, TrendingTime } from '../../core/index.js';
import { GENRES } from '../../core/types.js';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask } from '../../controllers/data-task.js';
import { taskView } from '../shared/states.js';
import { theme } from '../shared/theme.js';
import { countSetting } from '../shared/format.js';
import { TrackRows } from '../../controllers/track-rows.js';
import { trackRowStyles } from '../shared/track-rows.js';
import { trendingListStyles } from './trending-list.styles.js';
import { define } from '../shared/configured-element.js';

/** Detail of `service-trending-change`: the window and genre the user picked. */
export interface TrendingChangeDetail {
  time: TrendingTime;
  /** The genre, or undefined for all genres. */
  genre?: string;
}

/** The windows and the names of their labels. */
const WINDOWS: ReadonlyArray<readonly [TrendingTime, Key]> = [
  ['week', 'This week'],
  ['month', 'This month'],
  ['allTime', 'All time'],
];

/**
 * The top tracks by popularity as a ranked list. Each item plays through the page's audio
 * engine with the rest of the list queued after it. With `controls`, the user switches the
 * window and the genre.
 *
 * @summary The ranked trending tracks, playable.
 * @fires service-error - The list could not be loaded. Detail: `{ message, status, operation, kind }`.
 * @fires service-trending-change - The user picked another window or genre (cancelable: cancel to keep the list). Detail: `{ time, genre }`.
 * @csspart list - The `<ol>` of tracks.
 * @csspart item - One `<li>` track; the engine's current track has `aria-current="true"`.
 * @csspart rank - An item's rank number.
 * @csspart item-artwork - An item's small artwork.
 * @csspart item-title - An item's title.
 * @csspart item-artist - An item's artist name.
 * @csspart item-duration - An item's duration.
 * @csspart item-play - An item's play/pause button.
 * @csspart controls - The window and genre controls (with `controls`).
 * @csspart window-button - One window button (This week, This month, All time).
 * @csspart genre-select - The genre `<select>`.
 * @csspart loading - The loading skeleton.
 * @csspart error - The error message.
 * @csspart retry - Retry, where asking again can help: a host that failed or could not be reached (not an item the service does not have).
 * @csspart empty - Shown when no track is trending.
 * @cssproperty [--service-accent=#6a14b8] - Current item, pressed window and play button colour.
 * @cssproperty [--service-on-accent=#ffffff] - Text on the accent colour.
 * @cssproperty [--service-text=#17171c] - Text colour.
 * @cssproperty [--service-muted=#55555f] - Rank, artist and duration colour.
 * @cssproperty [--service-background=#ffffff] - Background.
 * @cssproperty [--service-surface=#f1f0f5] - Current item and placeholder background.
 * @cssproperty [--service-border=#d9d7e0] - Border colour.
 * @cssproperty [--service-radius=10px] - Corner radius.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceTrendingList extends ServiceElement {
  static override styles = [theme, trackRowStyles, trendingListStyles];
  static override properties: PropertyDeclarations = {
    time: { reflect: true },
    genre: { reflect: true },
    limit: { type: Number },
    controls: { type: Boolean, reflect: true },
    loading: { reflect: true },
  };

  /** The window: `week` (default), `month` or `allTime`. */
  time: TrendingTime = 'week';
  /** Only tracks of this genre (one of the service's genres); all genres when unset. */
  genre?: string;
  /** How many tracks, 1 to 100 (default 100). */
  limit = 100;
  /** Shows the window switcher and the genre picker. */
  controls = false;
  /** `lazy` waits until the list comes into view before fetching. */
  loading: 'lazy' | 'eager' = 'eager';

  readonly #data = new DataTask(this, {
    operation: 'getTrendingTracks',
    args: () => [this.time, this.genre || undefined, countSetting(this.limit, 100, 100)] as const,
    fetch: ([time, genre, limit], client, signal) => client.getTrendingTracks({ time, genre, limit, signal }),
    loaded: (tracks) => this.i18n.t('{n} track loaded|{n} tracks loaded', { n: tracks.length }),
    failed: () => this.i18n.t('Could not load the trending list.'),
  });

  readonly #rows = new TrackRows(this);

  /** The loaded tracks, in rank order. */
  get tracks(): readonly Track[] {
    return this.#data.value ?? [];
  }

  protected override render() {
    const { t } = this.i18n;
    return html`<div class="box">
      ${this.controls ? this.#renderControls() : nothing}
      ${taskView(this.#data, (tracks) => this.#renderList(tracks), {
        missing: 'Trending tracks are not available.',
        loading: 'Loading trending tracks',
        empty: 'No trending tracks for this genre',
        isEmpty: (tracks) => tracks.length === 0,
        rows: 6,
      }, t)}
    </div>`;
  }

  #renderList(tracks: readonly Track[]) {
    const label = WINDOWS.find(([t]) => t === this.time)?.[1];
    const { t } = this.i18n;
    const list = this.genre ? t('Trending tracks in {genre}', { genre: this.genre }) : t('Trending tracks');
    return this.#rows.render(label ? t('{list}, {window}', { list, window: t(label).toLocaleLowerCase(this.i18n.lang) }) : list, tracks, true);
  }

  #renderControls() {
    const genres: readonly string[] = GENRES;
    const genre = this.genre ?? '';
    const { t } = this.i18n;
    return html`<div part="controls" class="controls">
      <div class="windows" role="group" aria-label=${t('Trending window')}>
        ${WINDOWS.map(
          ([time, label]) => html`<button
            part="window-button"
            aria-pressed=${this.time === time ? 'true' : 'false'}
            @click=${() => this.#change(time, this.genre)}
          >${t(label)}</button>`,
        )}
      </div>
      <label class="genre">
        ${t('Genre')}
        <select part="genre-select" .value=${genre} @change=${(e: Event) => this.#change(this.time, (e.target as HTMLSelectElement).value || undefined)}>
          <option value="" ?selected=${!genre}>${t('All genres')}</option>
          ${genre && !genres.includes(genre) ? html`<option value=${genre} selected>${genre}</option>` : nothing}
          ${genres.map((g) => html`<option value=${g} ?selected=${g === genre}>${g}</option>`)}
        </select>
      </label>
    </div>`;
  }

  #change(time: TrendingTime, genre: string | undefined): void {
    if (time === this.time && genre === (this.genre || undefined)) return;
    if (!this.emit('service-trending-change', { time, genre })) {
      this.requestUpdate(); // puts a cancelled choice back on the controls
      return;
    }
    this.time = time;
    this.genre = genre;
  }
}

define('service-trending-list', ServiceTrendingList);

declare global {
  interface HTMLElementTagNameMap {
    'service-trending-list': ServiceTrendingList;
  }
  interface GlobalEventHandlersEventMap {
    'service-trending-change': CustomEvent<TrendingChangeDetail>;
  }
}
