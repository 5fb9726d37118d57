import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import type { Track } from '../../core/index.js';
import type { PlaybackStatus } from '../../core/audio.js';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask } from '../../controllers/data-task.js';
import { AudioController } from '../../controllers/audio-controller.js';
import { picture } from '../shared/states.js';
import { theme } from '../shared/theme.js';
import { formatDuration, safeUrl } from '../shared/format.js';
import { mutedIcon, nextIcon, pauseIcon, playIcon, previousIcon, volumeIcon } from '../shared/icons.js';
import { audioPlayerStyles } from './audio-player.styles.js';
import { commandFor } from './audio-player.keys.js';

/** Detail of `service-play`, `service-pause`, `service-trackchange` and `service-ended`. */
export interface PlayerTrackDetail {
  track: Track;
}

/** Detail of `service-timeupdate`. */
export interface PlayerTimeDetail {
  /** Seconds. */
  currentTime: number;
  /** Seconds. */
  duration: number;
}

/** What the player shows; events fire when it changes. */
interface View {
  track?: Track;
  paused: boolean;
  status: PlaybackStatus;
  currentTime: number;
  error?: string;
}

const SEEK_STEP = 5;

/**
 * The page's player: it shows and controls whatever the page's one audio engine plays,
 * whichever card or list started it. `track-id` loads one track of its own: the player
 * shows it, and its play button plays it, until something else is played.
 *
 * Keyboard shortcuts while focus is in the player: Space or K play/pause; ArrowLeft and
 * ArrowRight seek 5 seconds back and forward (on the seek and volume sliders the arrows
 * move the slider instead); M mutes and unmutes; N next track; P previous track.
 *
 * @summary The page's audio player, with a media-element-like API.
 * @fires service-play - Playback started or resumed. Detail: `{ track }`.
 * @fires service-pause - Playback paused. Detail: `{ track }`.
 * @fires service-timeupdate - The playback position changed. Detail: `{ currentTime, duration }` in seconds.
 * @fires service-trackchange - The player shows another track. Detail: `{ track }`.
 * @fires service-ended - The track played to its end. Detail: `{ track }`.
 * @fires service-error - The track could not be loaded or played. Detail: `{ message, status, operation }`.
 * @csspart player - The player's box.
 * @csspart artwork - The artwork image.
 * @csspart title - The track's title.
 * @csspart artist - The artist's name.
 * @csspart play-button - The play/pause button.
 * @csspart previous-button - The previous track button.
 * @csspart next-button - The next track button.
 * @csspart seek - The seek slider.
 * @csspart time - The elapsed and total time.
 * @csspart volume - The volume slider.
 * @csspart mute-button - The mute button.
 * @csspart message - The playback error message.
 * @csspart loading - The skeleton while `track-id` loads.
 * @csspart error - Shown when `track-id` could not be loaded.
 * @csspart retry - The retry button.
 * @cssproperty [--service-accent=#6a14b8] - Play button and slider colour.
 * @cssproperty [--service-on-accent=#ffffff] - Play icon colour.
 * @cssproperty [--service-text=#17171c] - Text colour.
 * @cssproperty [--service-muted=#55555f] - Secondary text colour.
 * @cssproperty [--service-background=#ffffff] - Player background.
 * @cssproperty [--service-surface=#f1f0f5] - Button hover and placeholder background.
 * @cssproperty [--service-border=#d9d7e0] - Border colour.
 * @cssproperty [--service-radius=10px] - Corner radius.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceAudioPlayer extends ServiceElement {
  static override styles = [theme, audioPlayerStyles];
  static override shadowRootOptions = { ...ServiceElement.shadowRootOptions, delegatesFocus: true };
  static override properties: PropertyDeclarations = {
    trackId: { attribute: 'track-id' },
    scrub: { state: true },
    startAt: { state: true },
  };

  /** A track to load (not play) on its own; shown until something else is played. */
  trackId?: string;

  /** Where the seek slider is while the user drags it. */
  private scrub?: number;
  /** Where the `track-id` track starts when played (set by seeking before playing). */
  private startAt = 0;

  readonly #data = new DataTask(this, {
    operation: 'getTrack',
    args: () => [this.trackId] as const,
    fetch: ([trackId], client, signal) => (trackId ? client.getTrack(trackId, { signal }) : undefined),
  });

  readonly #audio = new AudioController(this, undefined, () => this.#sync());
  /** The engine's track when `track-id` was set: the own track shows until it changes. */
  #engineTrackAtCue?: string;
  #view?: View;

  constructor() {
    super();
    this.addEventListener('keydown', (event) => this.#onKeydown(event));
  }

  /** True unless the shown track is playing (or about to). */
  get paused(): boolean {
    return this.#currentView().paused;
  }

  /** The playback position in seconds; setting it seeks. */
  get currentTime(): number {
    return this.#currentView().currentTime;
  }
  set currentTime(seconds: number) {
    this.#seekTo(seconds);
  }

  /** The shown track's length in seconds, 0 with none. */
  get duration(): number {
    const cued = this.#cued;
    if (cued) return cued.duration;
    const { track, duration } = this.#audio.engine.state;
    return track ? duration || track.duration : 0;
  }

  /** The page's volume, 0 to 1. */
  get volume(): number {
    return this.#audio.engine.state.volume;
  }
  set volume(volume: number) {
    this.#audio.engine.setVolume(volume);
  }

  /** Whether the page's audio is muted. */
  get muted(): boolean {
    return this.#audio.engine.state.muted;
  }
  set muted(muted: boolean) {
    this.#audio.engine.setMuted(Boolean(muted));
  }

  /** The shown track, if any. */
  get track(): Track | undefined {
    return this.#cued ?? this.#audio.engine.state.track;
  }

  /** Plays the shown track (waiting for `track-id` to load first). Never rejects. */
  async play(): Promise<void> {
    try {
      if (this.trackId && this.#data.task.value?.id !== this.trackId) await this.#data.task.taskComplete.catch(() => undefined);
      const cued = this.#cued;
      const engine = this.#audio.engine;
      if (!cued) return await engine.play(undefined, { client: this.client });
      const startAt = this.startAt;
      await engine.play(cued, { client: this.client });
      this.startAt = 0;
      if (startAt > 0 && engine.state.track?.id === cued.id) engine.seek(startAt);
    } catch (error) {
      this.emitError(error, 'play');
    }
  }

  /** Pauses playback. */
  pause(): void {
    if (!this.#cued) this.#audio.engine.pause();
  }

  /** The `track-id` track while it is shown rather than the engine's. */
  get #cued(): Track | undefined {
    const own = this.#data.task.value;
    const current = this.#audio.engine.state.track?.id;
    if (!own || !this.trackId || own.id !== this.trackId || current === own.id) return undefined;
    return current === this.#engineTrackAtCue ? own : undefined;
  }

  #currentView(): View {
    const cued = this.#cued;
    return cued ? { track: cued, paused: true, status: 'idle', currentTime: this.startAt } : this.#audio.engine.state;
  }

  #seekTo(seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    if (this.#cued) this.startAt = Math.min(Math.max(0, seconds), this.duration);
    else this.#audio.engine.seek(seconds);
  }

  /** Fires the events for what changed in the view since the last call. */
  #sync(): void {
    const now = this.#currentView();
    const before = this.#view;
    this.#view = now;
    if (!before || !this.isConnected) return;
    const track = now.track;
    if (track && track.id !== before.track?.id) this.emit('service-trackchange', { track });
    if (!track) return;
    if (before.paused && !now.paused) this.emit('service-play', { track });
    if (!before.paused && now.paused && now.status !== 'error') this.emit('service-pause', { track });
    if (now.currentTime !== before.currentTime) this.emit('service-timeupdate', { currentTime: now.currentTime, duration: this.duration });
    if (now.status === 'ended' && before.status !== 'ended') this.emit('service-ended', { track });
    if (now.status === 'error' && before.status !== 'error') {
      this.emit('service-error', { message: now.error ?? 'The track could not be played.', status: 0, operation: 'play' });
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('trackId')) {
      this.#engineTrackAtCue = this.#audio.engine.state.track?.id;
      this.startAt = 0;
    }
  }

  protected override updated(): void {
    this.#sync(); // the own track landing changes the view without an engine change
  }

  #onKeydown(event: KeyboardEvent): void {
    const command = commandFor(event);
    if (!command) return;
    event.preventDefault();
    const engine = this.#audio.engine;
    if (command === 'toggle') void this.#toggle();
    else if (command === 'back' || command === 'forward') this.#seekTo(this.currentTime + (command === 'back' ? -SEEK_STEP : SEEK_STEP));
    else if (command === 'mute') this.muted = !engine.state.muted;
    else if (this.#cued) return; // the queue is the engine's: not the own track's
    else if (command === 'next') void engine.next();
    else void engine.previous();
  }

  #toggle(): Promise<void> {
    if (this.paused) return this.play();
    this.pause();
    return Promise.resolve();
  }

  protected override render() {
    const state = this.#audio.engine.state;
    const view = this.#currentView();
    const { track } = view;
    const duration = this.duration;
    const time = this.scrub ?? view.currentTime;
    const own = !!this.#cued;
    const playing = !view.paused;
    const valueText = `${formatDuration(time)} of ${formatDuration(duration)}`;
    return html`
      <section part="player" class="player" aria-label="Audio player">
        <div class="now">${track ? this.#renderTrack(track) : this.#renderNoTrack()}</div>
        <div class="transport">
          <button part="previous-button" class="icon-button" aria-label="Previous track" ?disabled=${!track || own}
            @click=${() => void this.#audio.engine.previous()}>${previousIcon()}</button>
          <button part="play-button" class="icon-button play" aria-label=${playing ? 'Pause' : 'Play'} ?disabled=${!track}
            aria-busy=${!own && track && view.status === 'loading' ? 'true' : 'false'} @click=${() => void this.#toggle()}>
            ${playing ? pauseIcon() : playIcon()}
          </button>
          <button part="next-button" class="icon-button" aria-label="Next track" ?disabled=${!track || own || state.index + 1 >= state.queue.length}
            @click=${() => void this.#audio.engine.next()}>${nextIcon()}</button>
        </div>
        <div class="timeline">
          <input part="seek" class="seek" type="range" aria-label="Seek" min="0" max=${Math.max(duration, 0)} step="1"
            .value=${String(Math.min(time, duration))} aria-valuetext=${valueText} ?disabled=${!track}
            @input=${(e: Event) => (this.scrub = (e.target as HTMLInputElement).valueAsNumber)}
            @change=${(e: Event) => this.#commitSeek((e.target as HTMLInputElement).valueAsNumber)} />
          <span part="time" class="time">
            <span class="visually-hidden">Elapsed </span>${formatDuration(time)}<span aria-hidden="true"> / </span><span class="visually-hidden">, total </span>${formatDuration(duration)}
          </span>
        </div>
        ${view.status === 'error' ? html`<div part="message" class="message" role="alert">${view.error ?? 'The track could not be played.'}</div>` : nothing}
        <div class="volume-group">
          <button part="mute-button" class="icon-button" aria-label="Mute" aria-pressed=${state.muted ? 'true' : 'false'} ?disabled=${!track}
            @click=${() => this.#audio.engine.setMuted(!state.muted)}>${state.muted ? mutedIcon() : volumeIcon()}</button>
          <input part="volume" class="volume" type="range" aria-label="Volume" min="0" max="1" step="0.05" .value=${String(state.volume)}
            aria-valuetext=${`${Math.round(state.volume * 100)}%`} ?disabled=${!track}
            @input=${(e: Event) => this.#audio.engine.setVolume((e.target as HTMLInputElement).valueAsNumber)} />
        </div>
      </section>
    `;
  }

  #commitSeek(seconds: number): void {
    this.scrub = undefined;
    this.#seekTo(seconds);
  }

  #renderTrack(track: Track) {
    const artwork = safeUrl(track.artwork?.['150x150'] ?? track.artwork?.['480x480']);
    return html`
      ${picture('artwork', artwork)}
      <div class="text">
        <div part="title" class="title">${track.title}</div>
        <div part="artist" class="artist">${track.user.name}</div>
      </div>
    `;
  }

  #renderNoTrack() {
    const idle = html`<div class="idle">Nothing playing</div>`;
    if (!this.trackId) return idle;
    return this.#data.render(() => idle, { loading: 'Loading track', empty: 'Nothing playing', rows: 2 });
  }
}

// Loaded twice (say from the CDN and from npm), the first definition stays.
if (!customElements.get('service-audio-player')) customElements.define('service-audio-player', ServiceAudioPlayer);

declare global {
  interface HTMLElementTagNameMap {
    'service-audio-player': ServiceAudioPlayer;
  }
  interface GlobalEventHandlersEventMap {
    'service-play': CustomEvent<PlayerTrackDetail>;
    'service-pause': CustomEvent<PlayerTrackDetail>;
    'service-timeupdate': CustomEvent<PlayerTimeDetail>;
    'service-trackchange': CustomEvent<PlayerTrackDetail>;
    'service-ended': CustomEvent<PlayerTrackDetail>;
  }
}
