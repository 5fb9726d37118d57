import type { AudioEngine, PlayOptions } from '../../core/audio.js';
import type { Track } from '../../core/index.js';
import { parseStartTime } from '../../core/start-time.js';
import type { ServiceElement } from './service-element.js';

/** An element with the start options: the track card and the playlist. */
type Host = ServiceElement & { t?: string; autoplay: boolean };

/**
 * Plays `track` from `at` seconds: a track not yet current is loaded and sought first, so it
 * sounds from there. Resolves true when the browser's autoplay policy refused to start it.
 */
export async function playFrom(engine: AudioEngine, track: Track, options: PlayOptions, at = 0): Promise<boolean> {
  if (at > 0) {
    if (engine.state.track?.id !== track.id) await engine.load(track, options);
    engine.seek(at);
  }
  await engine.play(track, options);
  return !!engine.state.blocked && engine.state.track?.id === track.id;
}

/**
 * An element's `t` and `autoplay`: its first play starts at `t`, and `autoplay` makes that play
 * happen as soon as the data is there, once per element. A play the browser refuses leaves the
 * element showing Play and fires `service-autoplay-blocked`.
 */
export class FirstPlay {
  /** The first play has happened (here, or by a row or the still bar): `t` no longer applies. */
  spent = false;
  #autoplayed = false;

  constructor(private readonly host: Host) {}

  /** Plays `track`, from `t` if it is the element's first play. */
  async play(engine: AudioEngine, track: Track, options: PlayOptions): Promise<void> {
    const at = this.spent ? 0 : (parseStartTime(this.host.t) ?? 0);
    this.spent = true;
    if (await playFrom(engine, track, options, at)) this.host.emit('service-autoplay-blocked', { trackId: track.id });
  }

  /** With `autoplay`, plays `track` the first time it is called; never again for this element. */
  async autoplay(engine: AudioEngine, track: Track | undefined, options: PlayOptions): Promise<void> {
    if (!this.host.autoplay || this.#autoplayed || !track) return;
    this.#autoplayed = true;
    await this.host.updateComplete; // the engine's news re-renders the element: not within its update
    await this.play(engine, track, options);
  }
}
