import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getAudioEngine, type AudioEngine, type PlayerState } from '../core/audio.js';

/**
 * Subscribes an element to an audio engine (the page's, unless `use` gives another) while it
 * is connected, re-rendering it when the state changes. `select` narrows what counts as a
 * change (a card cares about its own track, not every time update).
 */
export class AudioController implements ReactiveController {
  engine: AudioEngine = getAudioEngine();
  state: PlayerState = this.engine.state;
  private unsubscribe?: () => void;
  private last: unknown;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly select: (state: PlayerState) => unknown = (s) => s,
  ) {
    host.addController(this);
  }

  /** Follows `engine` from now on. */
  use(engine: AudioEngine): void {
    const connected = !!this.unsubscribe;
    this.hostDisconnected();
    this.state = (this.engine = engine).state;
    if (connected) this.hostConnected();
    this.host.requestUpdate();
  }

  hostConnected(): void {
    this.unsubscribe = this.engine.subscribe((state) => {
      this.state = state;
      const selected = this.select(state);
      if (!shallowEqual(selected, this.last)) {
        this.last = selected;
        this.host.requestUpdate();
      }
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
