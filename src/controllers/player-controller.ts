import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createPlayer, type AudioEngine, type Player, type PlayerEvent } from '../core/audio.js';

/**
 * An audio player element's link to its model (src/core/player.ts): while the element is
 * connected it re-renders on every change and hands each of the model's events to `onEvent`.
 */
export class PlayerController implements ReactiveController {
  /** The model, on the page's engine until `use` gives another. */
  player: Player = createPlayer();
  #stop?: () => void;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onEvent: (event: PlayerEvent) => void,
  ) {
    host.addController(this);
  }

  /** Plays on `engine` from now on (the cue starts afresh). */
  use(engine: AudioEngine): void {
    const connected = this.#stop;
    this.hostDisconnected();
    this.player = createPlayer(engine);
    if (connected) this.hostConnected();
    this.host.requestUpdate();
  }

  hostConnected(): void {
    this.#stop = this.player.subscribe((_, events) => {
      this.host.requestUpdate();
      events.forEach(this.onEvent);
    });
  }

  hostDisconnected(): void {
    this.#stop?.();
    this.#stop = undefined;
  }
}
