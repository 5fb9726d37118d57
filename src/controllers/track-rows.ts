import type { TemplateResult } from 'lit';
import type { Track } from '../core/index.js';
import type { ServiceElement } from '../components/shared/service-element.js';
import { rowState, trackItem, trackList } from '../components/shared/track-rows.js';
import { AudioController } from './audio-controller.js';

/**
 * A list element's link to the page's audio engine: it re-renders the element when the current
 * track or the play state changes (not on time updates), renders the `<ol>` of rows, and plays
 * what a click in it hit, with the list queued.
 */
export class TrackRows extends AudioController {
  constructor(private readonly list: ServiceElement) {
    super(list, (state) => Object.values(rowState(state))); // what a row shows: not the time
  }

  /** One row, marked current and playing from the engine's state. */
  item(track: Track, number?: number): TemplateResult {
    return trackItem(track, number, rowState(this.state));
  }

  /**
   * The `<ol part="list">`: a row for each of `queue`, numbered from 1 with `numbered`, or `items`
   * in their place. A row's play button plays its track with `queue` queued.
   */
  render(label: string, queue: readonly Track[], numbered = false, items: unknown = queue.map((t, i) => this.item(t, numbered ? i + 1 : undefined))): TemplateResult {
    return trackList(label, items, (event) => this.#onClick(event, queue));
  }

  /** Plays `track` with `queue` queued (with `toggle`, pauses it when it is playing); a failure is a `service-error`. */
  play(track: Track, queue: readonly Track[], toggle?: boolean): void {
    const options = { queue, client: this.list.client };
    (toggle ? this.engine.toggle(track, options) : this.engine.play(track, options)).catch((error) => this.list.emitError(error, 'play'));
  }

  /** Toggles the track whose play button the click hit, if any. */
  #onClick(event: Event, queue: readonly Track[]): void {
    for (const node of event.composedPath()) {
      const id = (node as HTMLElement).dataset?.trackId;
      const track = id && queue.find((t) => t.id === id);
      if (track) return this.play(track, queue, true);
      if (id || node === event.currentTarget) return;
    }
  }
}

