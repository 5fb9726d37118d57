import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getAudioEngine, type AudioEngine, type PlayerState } from '../core/audio.js';

/**
 * Subscribes an element to the page's audio engine while it is connected, re-rendering
 * it when the state changes. `select` narrows what counts as a change (a card cares about
 * its own track, not every time update).
 */
export class AudioController implements ReactiveController {
  readonly engine: AudioEngine = getAudioEngine();
  state: PlayerState = this.engine.state;
  private unsubscribe?: () => void;
  private last: unknown;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly select: (state: PlayerState) => unknown = (s) => s,
    private readonly onChange?: (state: PlayerState, previous: PlayerState) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribe = this.engine.subscribe((state) => {
      const previous = this.state;
      this.state = state;
      const selected = this.select(state);
      if (!shallowEqual(selected, this.last)) {
        this.last = selected;
        this.host.requestUpdate();
      }
      this.onChange?.(state, previous);
    });
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}
