import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getAudioEngine, type AudioEngine, type PlayerState } from '../core/audio.js';
import { announcePlayback } from '../core/announcer.js';
import type { ServiceElement } from '../components/shared/service-element.js';

/**
 * Subscribes an element to the page's audio engine while it is connected, re-rendering it when the values `select`
 * picks from the state change (a card cares about its own track, not every time update). An element
 * with a language also lends it to the page's playback announcements (core/announcer.ts), said once
 * however many elements listen.
 */
export class AudioController implements ReactiveController {
  readonly engine: AudioEngine = getAudioEngine();
  private unsubscribe?: () => void;
  private quiet?: () => void;
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
    const speaker = (this.host as Partial<Pick<ServiceElement, 'i18n'>>).i18n;
    if (speaker) this.quiet = announcePlayback(this.engine, () => speaker.lang);
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
    this.quiet?.();
    this.unsubscribe = this.quiet = undefined;
  }
}
