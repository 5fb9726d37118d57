import { html, nothing, type PropertyDeclarations } from 'lit';
import type { Track } from '../../core/index.js';
import { createPlayer, type AudioEngine } from '../../core/audio.js';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask } from '../../controllers/data-task.js';
import { picture, taskView } from '../shared/states.js';
import { theme } from '../shared/theme.js';
import { safeUrl } from '../shared/format.js';
import { elapsedOfTotal, onSeekKey, positionText, SEEK_STEP } from '../shared/progress.js';
import { announcePlayback } from '../../core/announcer.js';
import { mutedIcon, nextIcon, pauseIcon, playIcon, previousIcon, volumeIcon } from '../shared/icons.js';
import { audioPlayerStyles } from './audio-player.styles.js';
import { commandFor } from './audio-player.keys.js';
import { define } from '../shared/configured-element.js';

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

/**
 * The page's player: it shows and controls whatever the page's one audio engine plays,
 * whichever card or list started it. `track-id` loads one track of its own: the player
 * shows it, and its play button plays it, until something else is played.
 *
 * The element is a view: what it shows and which events fire when is the player model of the
 * core (`createPlayer` in `service-kit`), on the page's engine unless `engine` is set, e.g.
 * `player.engine = createAudioEngine()` for a player that does not follow the page's.
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
 * @fires service-error - The track could not be loaded or played. Detail: `{ message, status, operation, kind }`.
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
 * @csspart retry - Retry, where asking again can help: a host that failed or could not be reached (not an item the service does not have).
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
  };

  /** A track to load (not play) on its own; shown until something else is played. */
  trackId?: string;

  /** Where the seek slider is while the user drags it. */
  private scrub?: number;

  readonly #data = new DataTask(this, {
    operation: 'getTrack',
    args: () => [this.trackId] as const,
    fetch: ([trackId], client, signal) => (trackId ? client.getTrack(trackId, { signal }) : undefined),
    failed: () => this.i18n.t('Could not load the track of the audio player.'),
  });

  // The model (src/core/player.ts) holds what shows and which events fire; this element renders it.
  #player = createPlayer();
  #stopListening?: () => void;
  #quiet?: () => void;

  constructor() {
    super();
    this.addController({ hostConnected: () => this.#listen(), hostDisconnected: () => (this.#stopListening?.(), this.#quiet?.()) });
  }

  /**
   * The audio engine the player shows and controls: the page's shared one (`getAudioEngine()`)
   * unless set. A test or an app may give it its own, from `createAudioEngine()`.
   */
  get engine(): AudioEngine {
    return this.#player.engine;
  }
  set engine(engine: AudioEngine) {
    this.#stopListening?.();
    this.#quiet?.();
    this.#player = createPlayer(engine); // the cue starts afresh
    if (this.isConnected) this.#listen();
    this.requestUpdate();
  }

  /** Re-renders on every change of the model, fires its events, and lends its language to the announcements. */
  #listen(): void {
    // What plays is said in the page's live region, once for the engine however many players show it.
    this.#quiet = announcePlayback(this.engine, () => this.i18n.lang);
    this.#stopListening = this.#player.subscribe((_, events) => {
      this.requestUpdate();
      for (const [type, detail] of events) this.emit(`service-${type}`, detail as never);
    });
  }

  /** True unless the shown track is playing (or about to). */
  get paused(): boolean {
    return this.#player.view.paused;
  }

  /** The playback position in seconds; setting it seeks. */
  get currentTime(): number {
    return this.#player.view.currentTime;
  }
  set currentTime(seconds: number) {
    this.#player.seek(seconds);
  }

  /** The shown track's length in seconds, 0 with none. */
  get duration(): number {
    return this.#player.view.duration;
  }

  /** The engine's volume, 0 to 1. */
  get volume(): number {
    return this.engine.state.volume;
  }
  set volume(volume: number) {
    this.engine.setVolume(volume);
  }

  /** Whether the engine's audio is muted. */
  get muted(): boolean {
    return this.engine.state.muted;
  }
  set muted(muted: boolean) {
    this.engine.setMuted(Boolean(muted));
  }

  /** The shown track, if any. */
  get track(): Track | undefined {
    return this.#player.view.track;
  }

  /** Plays the shown track (waiting for `track-id` to load first). Never rejects. */
  async play(): Promise<void> {
    try {
      if (this.trackId && this.#data.value?.id !== this.trackId) await this.#data.taskComplete.catch(() => undefined);
      this.#cue();
      await this.#player.play({ client: this.client });
    } catch (error) {
      this.emitError(error, 'play');
    }
  }

  /** Pauses playback. */
  pause(): void {
    this.#player.pause();
  }

  /** Moves the shown track to `ms` milliseconds, as setting `currentTime` does. */
  seekTo(ms: number): void {
    this.currentTime = ms / 1000;
  }

  /** Hands the model the `track-id` track (once loaded). */
  #cue(): void {
    this.#player.cue(this.trackId, this.#data.value);
  }

  protected override willUpdate(): void {
    this.#cue(); // track-id changed, or its track landed
  }

  #onKeydown(event: KeyboardEvent): void {
    const command = commandFor(event);
    if (!command) return;
    event.preventDefault();
    if (command === 'toggle') this.#toggle();
    else if (command === 'back' || command === 'forward') this.#player.seek(this.currentTime + (command === 'back' ? -SEEK_STEP : SEEK_STEP));
    else if (command === 'mute') this.muted = !this.muted;
    else if (this.#can(command)) void this.engine[command](); // next or previous: the queue is the engine's, not the own track's
  }

  /**
   * Whether Next or Previous has somewhere to go (Previous rewinds first: at the very start of the
   * first track it has nowhere); never for a cued track of its own, whose queue is not the engine's.
   */
  #can(command: 'next' | 'previous'): boolean {
    const { track, index, queue, currentTime } = this.engine.state;
    return !!track && !this.#player.cued && (command == 'previous' ? index > 0 || currentTime >= 1 : index + 1 < queue.length);
  }

  #toggle(): void {
    if (this.paused) void this.play();
    else this.pause();
  }

  protected override render() {
    const engine = this.engine;
    const state = engine.state;
    const view = this.#player.view;
    const { track, duration } = view;
    const time = this.scrub ?? view.currentTime;
    const playing = !view.paused;
    const { t } = this.i18n;
    return html`
      <div part="player" class="player" role="group" aria-label=${t('Audio player')} @keydown=${this.#onKeydown}>
        <div class="now">${track ? this.#renderTrack(track) : this.#renderNoTrack()}</div>
        <div class="transport">
          ${this.#transportButton('previous', t('Previous track'), previousIcon())}
          <button part="play-button" class="icon-button play" aria-label=${track ? t(playing ? 'Pause {title}' : 'Play {title}', { title: track.title }) : t('Play')}
            aria-disabled=${track ? 'false' : 'true'} aria-busy=${view.status === 'loading' ? 'true' : 'false'} @click=${() => track && this.#toggle()}>
            ${playing ? pauseIcon() : playIcon()}
          </button>
          ${this.#transportButton('next', t('Next track'), nextIcon())}
        </div>
        <div class="timeline">
          <input part="seek" class="seek" type="range" aria-label=${track ? t('Seek in {title}', { title: track.title }) : t('Seek')} min="0" max=${Math.max(duration, 0)}
            step="1" .value=${String(Math.min(time, duration))} aria-valuetext=${positionText(time, duration, t, this.i18n.lang)} ?disabled=${!track}
            @keydown=${onSeekKey(duration, (seconds) => this.#player.seek(seconds))}
            @input=${(e: Event) => (this.scrub = (e.target as HTMLInputElement).valueAsNumber)}
            @change=${(e: Event) => this.#commitSeek((e.target as HTMLInputElement).valueAsNumber)} />
          <span part="time" class="time">${elapsedOfTotal(time, duration, t)}</span>
        </div>
        ${view.status === 'error' ? html`<div part="message" class="message">${t('The track could not be played.')}</div>` : nothing}
        <div class="volume-group">
          <button part="mute-button" class="icon-button" aria-label=${t('Mute')} aria-pressed=${state.muted ? 'true' : 'false'} ?disabled=${!track}
            @click=${() => engine.setMuted(!state.muted)}>${state.muted ? mutedIcon() : volumeIcon()}</button>
          <input part="volume" class="volume" type="range" aria-label=${t('Volume')} min="0" max="1" step="0.05" .value=${String(state.volume)}
            aria-valuetext=${new Intl.NumberFormat(this.i18n.lang, { style: 'percent' }).format(state.volume)} ?disabled=${!track}
            @input=${(e: Event) => engine.setVolume((e.target as HTMLInputElement).valueAsNumber)} />
        </div>
      </div>
    `;
  }

  /**
   * Previous or Next: with nowhere to go it stays focusable with `aria-disabled` and ignores a
   * press, so focus never falls to the page when the last track starts.
   */
  #transportButton(command: 'previous' | 'next', label: string, icon: unknown) {
    const can = this.#can(command);
    return html`<button part="${command}-button" class="icon-button" aria-label=${label} aria-disabled=${can ? 'false' : 'true'}
      @click=${() => can && void this.engine[command]()}>${icon}</button>`;
  }

  #commitSeek(seconds: number): void {
    this.scrub = undefined;
    this.#player.seek(seconds);
  }

  #renderTrack(track: Track) {
    const artwork = safeUrl(track.artwork?.['150x150'] ?? track.artwork?.['480x480']);
    return html`
      ${picture('artwork', artwork)}
      <div class="text">
        <div part="title" class="title" dir="auto">${track.title}</div>
        <div part="artist" class="artist" dir="auto">${track.user.name}</div>
      </div>
    `;
  }

  #renderNoTrack() {
    const { t } = this.i18n;
    const idle = html`<div class="idle">${t('Nothing playing')}</div>`;
    if (!this.trackId) return idle;
    return taskView(this.#data, () => idle, { loading: 'Loading track', empty: 'Nothing playing', missing: 'This track is not available.', rows: 2 }, t);
  }
}

define('service-audio-player', ServiceAudioPlayer);

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
