import type { ReactiveControllerHost } from 'lit';
import { createPlayer, type AudioEngine, type Player, type PlayerListener } from '../core/audio.js';
import { AudioController } from './audio-controller.js';

/**
 * An audio player element's link to its engine: it re-renders the element on every change of
 * the engine's state, and hands the player model's events (src/core/player.ts) to `onEvent`
 * while the element is connected.
 */
export class PlayerController extends AudioController {
  /** The model: what the element shows, and its own cued track. */
  player: Player = createPlayer(this.engine);
  #stop?: () => void;

  constructor(
    host: ReactiveControllerHost,
    private readonly onEvent: PlayerListener,
  ) {
    super(host);
  }

  /** Plays on `engine` from now on (the cue starts afresh). */
  override use(engine: AudioEngine): void {
    this.player = createPlayer(engine);
    super.use(engine);
  }

  override hostConnected(): void {
    super.hostConnected();
    this.#stop = this.player.subscribe(this.onEvent);
  }

  override hostDisconnected(): void {
    super.hostDisconnected();
    this.#stop?.();
  }
}
