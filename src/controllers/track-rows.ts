import type { TemplateResult } from 'lit';
import type { Track } from '../core/index.js';
import type { ServiceElement } from '../components/shared/service-element.js';
import { trackItem, trackList } from '../components/shared/track-rows.js';
import { AudioController } from './audio-controller.js';
import { earlyTrackId } from '../core/audio-engine.js';

/**
 * A list element's link to the page's audio engine: it re-renders the element when the current
 * track, the play state or the whole second changes, renders the `<ol>` of rows, and plays the
 * row a click hit, with the list queued.
 */
export class TrackRows extends AudioController {
  constructor(private readonly list: ServiceElement) {
    // What a row shows: the current track, whether it plays, its time in whole seconds.
    super(list, (s) => [s.track?.id, !s.paused, Math.floor(s.currentTime), s.duration]);
  }

  readonly #seek = (seconds: number) => this.engine.seek(seconds);

  /** One row, marked current and playing from the engine's state. */
  item(track: Track, number?: number): TemplateResult {
    return trackItem(track, number, this.state, this.#seek, this.list.i18n.t, this.list.i18n.lang);
  }

  /**
   * The `<ol part="list">`: a row for each of `queue`, numbered from 1 with `numbered`, or `items`
   * in their place. A click on a row (its play button or anywhere else on it) plays its track with `queue` queued.
   */
  render(label: string, queue: readonly Track[], numbered = false, items: unknown = queue.map((t, i) => this.item(t, numbered ? i + 1 : undefined))): TemplateResult {
    return trackList(label, items, (event) => this.#onClick(event, queue));
  }

  /** Plays `track` with `queue` queued (with `toggle`, pauses it when it is playing); a failure is a `service-error`. */
  play(track: Track, queue: readonly Track[], toggle?: boolean): void {
    const options = { queue, client: this.list.client };
    (toggle ? this.engine.toggle(track, options) : this.engine.play(track, options)).catch((error) => this.list.emitError(error, 'play'));
  }

  /** Play pressed on one of `queue` in an embed page before the kit arrived: the engine takes that audio over, `queue` queued, playing on. */
  adoptEarly(queue: readonly Track[]): void {
    const id = earlyTrackId();
    const track = id && queue.find((t) => t.id === id);
    if (track) void this.engine.load(track, { queue, client: this.list.client });
  }

  /** Toggles the track whose row the click hit, if any: anywhere on it but its slider. */
  #onClick(event: Event, queue: readonly Track[]): void {
    for (const node of event.composedPath()) {
      if (node instanceof HTMLInputElement) return;
      const id = (node as HTMLElement).dataset?.trackId;
      const track = id && queue.find((t) => t.id === id);
      if (track) return this.play(track, queue, true);
      if (id || node === event.currentTarget) return;
    }
  }
}

