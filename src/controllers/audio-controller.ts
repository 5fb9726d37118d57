import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getAudioEngine, type AudioEngine, type PlayerState } from '../core/audio.js';

/**
 * Subscribes an element to the page's audio engine while it is connected, re-rendering it when the values `select`
 * picks from the state change (a card cares about its own track, not every time update).
 */
export class AudioController implements ReactiveController {
  readonly engine: AudioEngine = getAudioEngine();
  private unsubscribe?: () => void;
  private last?: unknown[];

  /** The engine's state now. */
  get state(): PlayerState {
    return this.engine.state;
  }

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly select: (state: PlayerState) => unknown[],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribe = this.engine.subscribe((state) => {
      const selected = this.select(state);
      if (selected.some((value, i) => value !== this.last?.[i])) {
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
