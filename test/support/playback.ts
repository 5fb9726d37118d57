/**
 * Waits for playback tests, on the page's audio engine's own state changes: never on a clock.
 * None has a deadline of its own; the test's timeout bounds a run that hangs. A wait for
 * anything but an error ends with the engine's message when playback fails instead.
 */
import { getAudioEngine, type PlayerState } from '../../src/core/audio.js';

/** Resolves with the engine's state once `accept` holds for it (at once if it does now). */
export function engineState(accept: (state: PlayerState) => boolean, what = 'the awaited playback state'): Promise<PlayerState> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      settled = true;
      finish();
      queueMicrotask(() => stop()); // subscribe() calls back before it returns the unsubscriber
    };
    const stop = getAudioEngine().subscribe((state) => {
      if (settled) return;
      if (accept(state)) settle(() => resolve(state));
      else if (state.status === 'error') settle(() => reject(new Error(`waiting for ${what}, playback failed: ${state.error}`)));
    });
  });
}

/** The track `id` is playing. */
export const playing = (id: string): Promise<PlayerState> =>
  engineState((s) => s.status === 'playing' && s.track?.id === id, `track ${id} to play`);
