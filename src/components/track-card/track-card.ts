import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { Track } from '../../core/index.js';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask, resolveAs } from '../../controllers/data-task.js';
import { AudioController } from '../../controllers/audio-controller.js';
import { earlyTrackId } from '../../core/audio-engine.js';
import { FavoritesController } from '../../controllers/favorites-controller.js';
import { getFavorites, type FavoritesStore } from '../../core/favorites-store.js';
import { getSession } from '../../core/login/session.js';
import { theme } from '../shared/theme.js';
import { safeUrl, stat } from '../shared/format.js';
import { downloadIcon, heartIcon, pauseIcon, playIcon, playsIcon, repostIcon, shareIcon, verifiedIcon } from '../shared/icons.js';
import { levelOf, picture, taskView } from '../shared/states.js';
import { progress, progressStyles } from '../shared/progress.js';
import { trackCardStyles } from './track-card.styles.js';
import { define } from '../shared/configured-element.js';
import { FirstPlay, playFrom } from '../shared/first-play.js';
import { announce } from '../../core/announcer.js';
import { shareLink, type Shared } from './share.js';

/**
 * One track: artwork, title, artist, counts, genre, mood and tags, with a play/pause button bound
 * to the page's one audio engine and, while it plays, a progress bar with the elapsed and total
 * time that seeks (a slider: pointer, arrow keys, Home and End). The card keeps one height for its
 * size whatever the track: the title ends in an ellipsis after two lines (one in compact and
 * tiny) and stays whole in the accessible name; every other line is one line.
 *
 * @summary A track with a play button.
 * @fires service-error - The track could not be loaded. Detail: `{ message, status, operation, kind }`.
 * @fires service-autoplay-blocked - The browser refused to start playback without a gesture (`autoplay`): the card shows Play. Detail: `{ trackId }`.
 * @csspart card - The card's box.
 * @csspart artwork - The artwork image.
 * @csspart title - The track's title.
 * @csspart artist - The artist's name.
 * @csspart actions - The play/pause button with the share button and download link.
 * @csspart play-button - The play/pause button.
 * @csspart progress - The progress row: the seek slider (or, before the track plays, a still bar) and the time.
 * @csspart seek - The seek slider, while the track is the one playing or paused.
 * @csspart time - The elapsed and total time.
 * @csspart stats - The play, favorite and repost counts.
 * @csspart tags - The list of tags.
 * @csspart link - The title's link to the track's public page, when the service names one (`permalink`).
 * @csspart badge - The genre, mood, remix and downloadable marks.
 * @csspart share - The share button (the system's share sheet, else copies the public page's URL), when the service names one (`permalink`); not in tiny.
 * @csspart download - The download link, for a downloadable track; not in tiny.
 * @csspart share-note - "Link copied", for 2 s after the share button copied the link; or, where the clipboard refused, the link itself in a selected read-only field.
 * @csspart loading - The loading skeleton.
 * @csspart error - The error message.
 * @csspart retry - Retry, where asking again can help: a host that failed or could not be reached (not an item the service does not have).
 * @csspart empty - Shown when there is no track to show.
 * @cssproperty [--service-accent=#6a14b8] - Play button and verified badge colour.
 * @cssproperty [--service-text=#17171c] - Text colour.
 * @cssproperty [--service-muted=#55555f] - Secondary text colour.
 * @cssproperty [--service-background=#ffffff] - Card background.
 * @cssproperty [--service-surface=#f1f0f5] - Badge and placeholder background.
 * @cssproperty [--service-border=#d9d7e0] - Card border colour.
 * @cssproperty [--service-radius=10px] - Corner radius.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceTrackCard extends ServiceElement {
  static override styles = [theme, progressStyles, trackCardStyles];
  static override properties: PropertyDeclarations = {
    trackId: { attribute: 'track-id' },
    url: {},
    size: { reflect: true },
    loading: { reflect: true },
    headingLevel: { type: Number, attribute: 'heading-level' },
    favorites: { attribute: false },
    t: {},
    autoplay: { type: Boolean },
    shared: { state: true },
  };

  /** The track's public id. */
  trackId?: string;
  /** A public URL or path of the track (`/handle/slug`), used when `track-id` is not set. */
  url?: string;
  /** `card` (default), `compact` or `tiny`. */
  size: 'card' | 'compact' | 'tiny' = 'card';
  /** `lazy` waits until the card comes into view before fetching. */
  loading: 'lazy' | 'eager' = 'eager';
  /**
   * The level of the heading that holds the track's title, 2 to 6 (default 3): set it to fit
   * the page's outline, e.g. `3` under the page's `h2`. Another value means 3.
   */
  headingLevel = 3;
  /** The favourites store whose count the card shows over the fetched one; default the page's for its settings' session (the favourite buttons'). */
  favorites?: FavoritesStore;
  /** Where the first play starts: seconds (`90`), a clock (`1:30`) or units (`1m30s`); another value is ignored. */
  t?: string;
  /** Plays the track once it is loaded (once per element); where the browser refuses, fires `service-autoplay-blocked`. */
  autoplay = false;
  /** What the last share came to, while its note shows. */
  protected shared?: Shared;

  readonly #first = new FirstPlay(this);

  readonly #data = new DataTask(this, {
    operation: 'getTrack',
    args: () => [this.trackId, this.url] as const,
    fetch: ([trackId, url], client, signal): Promise<Track> | undefined => {
      const track = trackId ? client.getTrack(trackId, { signal }) : url ? resolveAs(client, url, 'track', signal) : undefined;
      return track?.then((loaded) => (this.#favorites.store?.learn(loaded), loaded));
    },
    failed: () => this.i18n.t('Could not load the track card.'),
  });

  // A favourite anywhere on the page shows here: the store's count wins over the fetched one.
  readonly #favorites = new FavoritesController(this, {
    store: () => this.favorites ?? getFavorites(getSession(this.client)),
    trackId: (): string | undefined => this.track?.id,
  });

  // A time update re-renders the card only when its own track is current, once a second.
  readonly #audio = new AudioController(this, (s) => {
    const current = !!s.track && s.track.id === this.#data.value?.id;
    return [s.track?.id, s.paused, s.status, current && Math.floor(s.currentTime), current && s.duration];
  });

  /** The loaded track, once there is one. */
  get track(): Track | undefined {
    return this.#data.value;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // Play pressed in an embed page before the kit arrived: the engine takes that audio over, playing on.
    const track = this.track;
    if (track && track.id === earlyTrackId()) {
      this.#first.spent = true;
      void this.#audio.engine.load(track, { client: this.client });
    } else void this.#first.autoplay(this.#audio.engine, track, { client: this.client });
  }

  /** Plays the card's track once it is loaded, as its play button does. */
  async play(): Promise<void> {
    const track = await this.#loaded();
    if (track) await this.#first.play(this.#audio.engine, track, { client: this.client });
  }

  /** Pauses the card's track if it is the one playing. */
  pause(): void {
    if (this.#audio.engine.state.track?.id === this.track?.id) this.#audio.engine.pause();
  }

  /** Moves the card's track to `ms` milliseconds; a track not yet current is made current there, paused. */
  async seekTo(ms: number): Promise<void> {
    const track = await this.#loaded();
    const { engine } = this.#audio;
    if (track && engine.state.track?.id !== track.id) await engine.load(track, { client: this.client });
    if (track) engine.seek(ms / 1000);
  }

  /** The track once the card's data has settled (undefined when it failed). */
  #loaded = () => this.updateComplete.then(() => this.#data.taskComplete).then(() => this.track, () => undefined);

  protected override render() {
    const { t } = this.i18n;
    return taskView(this.#data, (track) => this.#renderTrack(track), {
      loading: 'Loading track',
      empty: 'No track to show.',
      missing: 'This track is not available.',
      rows: this.size === 'tiny' ? 1 : this.size === 'compact' ? 2 : 3, // within the loaded card's height
    }, t);
  }

  // A click on the still bar plays the track from there, as SoundCloud's waveform does.
  #startAt(track: Track, seconds: number) {
    this.#first.spent = true;
    void playFrom(this.#audio.engine, track, { client: this.client }, seconds);
  }

  #toggle(track: Track) {
    const { engine } = this.#audio;
    if (engine.state.track?.id === track.id) void engine.toggle(track, { client: this.client });
    else void this.#first.play(engine, track, { client: this.client });
  }

  async #share(track: Track, url: string) {
    const { t, lang } = this.i18n;
    const shared = (this.shared = await shareLink(track.title, url));
    if (shared === 'copied') {
      announce(t('Link copied'), lang);
      setTimeout(() => this.shared === shared && (this.shared = undefined), 2000); // unless another share's outcome replaced it
    }
    await this.updateComplete;
    const field = this.renderRoot.querySelector<HTMLInputElement>('input.note');
    field?.focus(); // not every engine's select() moves the focus
    field?.select();
  }

  #renderTrack(track: Track) {
    const { state } = this.#audio;
    const { t, lang } = this.i18n;
    const current = state.track?.id === track.id;
    const playing = current && !state.paused;
    const tiny = this.size === 'tiny';
    const artwork = safeUrl(track.artwork?.['480x480'] ?? track.artwork?.['150x150']);
    const tags = (track.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const download = track.downloadable ? safeUrl(track.download?.url ?? undefined) : undefined;
    const bar = progress(track.title, current, state.currentTime, current ? state.duration : track.duration, (seconds) => this.#audio.engine.seek(seconds), t, lang,
      (seconds) => this.#startAt(track, seconds));
    return html`
      <article part="card" class="card" aria-label=${t('{title} by {artist}', { title: track.title, artist: track.user.name })}>
        ${picture('artwork', artwork)}
        <div class="body">
          <div part="title" class="title" dir="auto" role="heading" aria-level=${levelOf(this.headingLevel, 3)}>${track.link ? html`<a part="link" href=${track.link}>${track.title}</a>` : track.title}</div>
          ${tiny && current
            ? bar
            : html`<div part="artist" class="artist" dir="auto">
                <span>${track.user.name}</span>${track.user.is_verified ? verifiedIcon(t) : nothing}
              </div>`}
          <div class="line">
            <ul part="stats" class="stats">
              <li>${playsIcon()} ${stat(t, '{n} play|{n} plays', track.play_count, lang)}</li>
              <li>${heartIcon()} ${stat(t, '{n} favorite|{n} favorites', this.#favorites.state.count ?? track.favorite_count, lang)}</li>
              <li>${repostIcon()} ${stat(t, '{n} repost|{n} reposts', track.repost_count, lang)}</li>
            </ul>
            <ul class="meta">
              ${track.genre ? html`<li part="badge" class="badge">${track.genre}</li>` : nothing}
              ${track.mood ? html`<li part="badge" class="badge">${track.mood}</li>` : nothing}
              ${track.remix_of?.tracks?.length ? html`<li part="badge" class="badge">${t('Remix')}</li>` : nothing}
              ${track.downloadable ? html`<li part="badge" class="badge">${downloadIcon()} ${t('Downloadable')}</li>` : nothing}
            </ul>
          </div>
          ${tags.length ? html`<ul part="tags" class="tags" aria-label=${t('Tags')}>${tags.map((t) => html`<li dir="auto">${t}</li>`)}</ul>` : nothing}
          ${tiny ? nothing : bar}
        </div>
        <div part="actions" class="actions">
          <button
            part="play-button"
            class="play"
            aria-label=${t(playing ? 'Pause {title}' : 'Play {title}', { title: track.title })}
            aria-busy=${current && state.status === 'loading' ? 'true' : 'false'}
            @click=${() => this.#toggle(track)}
          >
            ${playing ? pauseIcon() : playIcon()}
          </button>
          <div class="tools">
            ${track.link ? html`<button part="share" class="tool" aria-label=${t('Share {title}', { title: track.title })} @click=${() => this.#share(track, track.link!)}>${shareIcon()}</button>` : nothing}
            ${download ? html`<a part="download" class="tool" href=${download} download aria-label=${t('Download {title}', { title: track.title })}>${downloadIcon()}</a>` : nothing}
          </div>
        </div>
        ${this.#note(track)}
      </article>
    `;
  }

  /** "Link copied"; or the link, selected, where it could not be copied (until focus leaves it). */
  #note(track: Track) {
    const { t } = this.i18n;
    if (this.shared === 'copied') return html`<span part="share-note" class="note">${t('Link copied')}</span>`;
    if (this.shared !== 'failed') return nothing;
    return html`<input part="share-note" class="note" readonly .value=${track.link ?? ''} aria-label=${t('Link to {title}', { title: track.title })}
      @blur=${() => (this.shared = undefined)}>`;
  }
}

define('service-track-card', ServiceTrackCard);

declare global {
  interface GlobalEventHandlersEventMap {
    /** `autoplay` was refused by the browser: the element shows Play (components/shared/first-play.ts). */
    'service-autoplay-blocked': CustomEvent<{ trackId: string }>;
  }
  interface HTMLElementTagNameMap {
    'service-track-card': ServiceTrackCard;
  }
}
