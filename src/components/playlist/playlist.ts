import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { Client, Playlist, Track } from '../../core/index.js';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask, resolveAs } from '../../controllers/data-task.js';
import { emptyState, levelOf, picture, taskView } from '../shared/states.js';
import { theme } from '../shared/theme.js';
import { safeUrl } from '../shared/format.js';
import { pauseIcon, playIcon, verifiedIcon } from '../shared/icons.js';
import { TrackRows } from '../../controllers/track-rows.js';
import { trackRowStyles } from '../shared/track-rows.js';
import { playlistStyles } from './playlist.styles.js';
import { define } from '../shared/configured-element.js';
import { FirstPlay } from '../shared/first-play.js';

interface PlaylistData {
  playlist: Playlist;
  tracks: Track[];
}

/**
 * The playlist behind an id, or behind a public URL that must name a playlist, with its tracks.
 * `found` hears the playlist as soon as it comes, so that a failure of its tracks can name it.
 */
async function loadPlaylist(client: Client, id: string | undefined, url: string | undefined, signal: AbortSignal, found: (playlist: Playlist) => void): Promise<PlaylistData> {
  const heard = (playlist: Playlist) => (found(playlist), playlist);
  if (id) {
    // Both settle before a failure is told, so that the tracks' failure can name a playlist that came.
    const [playlist, tracks] = await Promise.allSettled([client.getPlaylist(id, { signal }).then(heard), client.getPlaylistTracks(id, { signal })]);
    if (playlist.status == 'rejected') throw playlist.reason;
    if (tracks.status == 'rejected') throw tracks.reason;
    return { playlist: playlist.value, tracks: tracks.value };
  }
  const playlist = heard(await resolveAs(client, url!, 'playlist', signal));
  return { playlist, tracks: await client.getPlaylistTracks(playlist.id, { signal }) };
}

/**
 * A playlist or album: its header (artwork, name, kind, owner, counts, description) and
 * its tracks, each playable through the page's audio engine with the whole list queued (a click
 * anywhere on a row plays it; the playing row has a seek slider), plus a Play all button that
 * pauses while the list plays. Given a height (an embed's frame), the list scrolls in its own
 * region under a header that stays; the name ends in an ellipsis after two lines.
 *
 * @summary A playlist or album with its tracks, playable.
 * @fires service-error - The playlist could not be loaded. Detail: `{ message, status, operation, kind }`.
 * @fires service-autoplay-blocked - The browser refused to start playback without a gesture (`autoplay`): Play all shows. Detail: `{ trackId }`.
 * @csspart header - The header box.
 * @csspart artwork - The playlist's artwork.
 * @csspart kind - The Album or Playlist mark.
 * @csspart name - The playlist's name.
 * @csspart owner - The owner's name.
 * @csspart counts - The track, play, favorite and repost counts.
 * @csspart description - The description, as plain text.
 * @csspart play-all - The Play all button; Pause while a track of the list plays.
 * @csspart progress - The playing row's progress: its seek slider and time.
 * @csspart seek - The playing row's seek slider.
 * @csspart time - The playing row's elapsed and total time.
 * @csspart list - The `<ol>` of tracks.
 * @csspart item - One `<li>` track; the engine's current track has `aria-current="true"`.
 * @csspart rank - An item's position.
 * @csspart item-artwork - An item's small artwork.
 * @csspart item-title - An item's title.
 * @csspart item-artist - An item's artist name.
 * @csspart item-duration - An item's duration.
 * @csspart item-play - An item's play/pause button.
 * @csspart loading - The loading skeleton.
 * @csspart error - The error message.
 * @csspart retry - Retry, where asking again can help: a host that failed or could not be reached (not an item the service does not have).
 * @csspart empty - Shown when there is no playlist, or it has no tracks.
 * @cssproperty [--service-accent=#6a14b8] - Play all, current item and verified badge colour.
 * @cssproperty [--service-on-accent=#ffffff] - Text on the accent colour.
 * @cssproperty [--service-text=#17171c] - Text colour.
 * @cssproperty [--service-muted=#55555f] - Secondary text colour.
 * @cssproperty [--service-background=#ffffff] - Background.
 * @cssproperty [--service-surface=#f1f0f5] - Mark, current item and placeholder background.
 * @cssproperty [--service-border=#d9d7e0] - Border colour.
 * @cssproperty [--service-radius=10px] - Corner radius.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServicePlaylist extends ServiceElement {
  static override styles = [theme, trackRowStyles, playlistStyles];
  static override properties: PropertyDeclarations = {
    playlistId: { attribute: 'playlist-id' },
    url: {},
    loading: { reflect: true },
    headingLevel: { type: Number, attribute: 'heading-level' },
    t: {},
    autoplay: { type: Boolean },
    startTrack: { type: Number, attribute: 'start-track' },
  };

  /** The playlist's public id. */
  playlistId?: string;
  /** A public URL or path of the playlist (`/handle/playlist/slug`, `/handle/album/slug`), used when `playlist-id` is not set. */
  url?: string;
  /** `lazy` waits until the playlist comes into view before fetching. */
  loading: 'lazy' | 'eager' = 'eager';
  /**
   * The level of the heading that holds the playlist's name, 2 to 6 (default 2): set it to fit
   * the page's outline, e.g. `3` under the page's `h2`. Another value means 2.
   */
  headingLevel = 2;
  /** Where the first play (the `start-track`'s) starts: seconds (`90`), a clock (`1:30`) or units (`1m30s`); another value is ignored. */
  t?: string;
  /** Plays the list from `start-track` once it is loaded (once per element); where the browser refuses, fires `service-autoplay-blocked`. */
  autoplay = false;
  /** The track, from 1, that autoplay and the first Play all start with; out of range means the first. */
  startTrack?: number;

  readonly #first = new FirstPlay(this);

  /** The name of the playlist the current run found, if it got that far: what its failure names. */
  #name?: string;

  readonly #data = new DataTask(this, {
    operation: 'getPlaylist',
    args: () => [this.playlistId, this.url] as const,
    fetch: ([id, url], client, signal) => {
      this.#name = undefined;
      return id || url ? loadPlaylist(client, id, url, signal, (playlist) => (this.#name = playlist.playlist_name)) : undefined;
    },
    loaded: ({ tracks }) => this.i18n.t('{n} track loaded|{n} tracks loaded', { n: tracks.length }),
    failed: () => (this.#name ? this.i18n.t('Could not load the playlist {name}.', { name: this.#name }) : this.i18n.t('Could not load the playlist.')),
  });

  readonly #rows = new TrackRows(this);

  /** The loaded playlist, once there is one. */
  get playlist(): Playlist | undefined {
    return this.#data.value?.playlist;
  }

  /** The loaded tracks, in order. */
  get tracks(): readonly Track[] {
    return this.#data.value?.tracks ?? [];
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const { engine } = this.#rows;
    const { tracks } = this;
    this.#rows.adoptEarly(tracks);
    // The first play was a row's: `t` and `start-track` are spent.
    if (tracks.some((t) => t.id === engine.state.track?.id)) this.#first.spent = true;
    void this.#first.autoplay(engine, this.#startsWith(tracks), { queue: tracks, client: this.client });
  }

  /** The `start-track`'s track, when it is one of `tracks` (a whole number in range), else the first. */
  #startsWith(tracks: readonly Track[]): Track | undefined {
    return tracks[(this.startTrack ?? 1) - 1] ?? tracks[0];
  }

  /** Plays the list once it is loaded: resumes its current track, else plays from the first, as Play all. */
  async play(): Promise<void> {
    const tracks = await this.#loaded();
    const current = this.#current(tracks);
    if (current) this.#rows.play(current, tracks);
    else this.#play(tracks);
  }

  /** Pauses playback if a track of the list is the one playing. */
  pause(): void {
    if (this.#current(this.tracks)) this.#rows.engine.pause();
  }

  /** Moves the list's current track to `ms` milliseconds; with none current, the first track is made current there, paused. */
  async seekTo(ms: number): Promise<void> {
    const tracks = await this.#loaded();
    const { engine } = this.#rows;
    if (!this.#current(tracks) && tracks[0]) await engine.load(tracks[0], { queue: tracks, client: this.client });
    if (this.#current(tracks)) engine.seek(ms / 1000);
  }

  /** The engine's current track if it is one of `tracks`. */
  #current = (tracks: readonly Track[]) => tracks.find((t) => t.id === this.#rows.engine.state.track?.id);

  /** The tracks once the list's data has settled (none when it failed). */
  #loaded = () => this.updateComplete.then(() => this.#data.taskComplete).then(() => this.tracks, () => this.tracks);

  protected override render() {
    const { t } = this.i18n;
    return html`<div class="box">
      ${taskView(this.#data, (value) => this.#renderPlaylist(value), { loading: 'Loading playlist', empty: 'No playlist to show.', missing: 'This playlist is not available.', rows: 5 }, t)}
    </div>`;
  }

  #renderPlaylist({ playlist, tracks }: PlaylistData) {
    const artwork = safeUrl(playlist.artwork?.['480x480'] ?? playlist.artwork?.['150x150']);
    const { t } = this.i18n;
    const album = playlist.is_album;
    return html`
      <div part="header" class="header">
        ${picture('artwork', artwork)}
        <div>
          <span part="kind" class="kind">${t(album ? 'Album' : 'Playlist')}</span>
          <div part="name" class="name" dir="auto" role="heading" aria-level=${levelOf(this.headingLevel, 2)}>${playlist.playlist_name}</div>
          <span part="owner" class="owner">
            <span>${t('By {name}', { name: playlist.user.name })}</span>${playlist.user.is_verified ? verifiedIcon(t) : nothing}
          </span>
          <ul part="counts" class="counts">
            ${([
              ['{n} track|{n} tracks', tracks.length],
              ['{n} play|{n} plays', playlist.total_play_count],
              ['{n} favorite|{n} favorites', playlist.favorite_count],
              ['{n} repost|{n} reposts', playlist.repost_count],
            ] as const).map(
              ([key, n]) => html`<li>${t(key, { n })}</li>`,
            )}
          </ul>
        </div>
      </div>
      ${playlist.description ? html`<p part="description" class="description" dir="auto">${playlist.description}</p>` : nothing}
      ${this.#playAll(playlist.playlist_name, tracks)}
      ${tracks.length
        ? this.#rows.render(t('Tracks of {name}', { name: playlist.playlist_name }), tracks, true)
        : emptyState(t(album ? 'This album has no tracks.' : 'This playlist has no tracks.'))}
    `;
  }

  /** Play all, or Pause while one of `tracks` plays; its name says which list ("Play all of Analog Hours"). */
  #playAll(name: string, tracks: readonly Track[]) {
    const { engine } = this.#rows;
    const { track, paused } = engine.state;
    const playing = !paused && !!track && tracks.some((t) => t.id === track.id);
    const { t } = this.i18n;
    return html`<button part="play-all" class="play-all" ?disabled=${tracks.length === 0}
      aria-label=${playing ? t('Pause {title}', { title: name }) : t('Play all of {name}', { name })}
      @click=${() => (playing ? engine.pause() : this.#play(tracks))}>
      ${playing ? pauseIcon() : playIcon()} ${this.i18n.t(playing ? 'Pause' : 'Play all')}
    </button>`;
  }

  /** Plays `tracks` (Play all): the first time from `start-track` at `t`, else the first track from its start. */
  #play(tracks: readonly Track[]): void {
    const { engine } = this.#rows;
    const first = this.#startsWith(tracks);
    if (!first) return;
    const options = { queue: tracks, client: this.client };
    if (!this.#first.spent) return void this.#first.play(engine, first, options);
    // The engine resumes a current track (keeping its queue) rather than restarting it: rewind first.
    if (engine.state.track?.id === tracks[0]!.id) engine.seek(0);
    this.#rows.play(tracks[0]!, tracks);
  }
}

define('service-playlist', ServicePlaylist);

declare global {
  interface GlobalEventHandlersEventMap {
    /** `autoplay` was refused by the browser: the element shows Play (components/shared/first-play.ts). */
    'service-autoplay-blocked': CustomEvent<{ trackId: string }>;
  }
  interface HTMLElementTagNameMap {
    'service-playlist': ServicePlaylist;
  }
}
