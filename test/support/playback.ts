/**
 * Waits for playback tests, on the page's audio engine's own state changes: never on a clock.
 * A wait gives up after WAIT_LIMIT saying what it waited for and the state it saw last. A wait
 * for anything but an error ends with the engine's message when playback fails instead.
 */
import { getAudioEngine, type PlayerState } from '../../src/core/audio.js';
import { WAIT_LIMIT } from './waits.js';

/** Resolves with the engine's state once `accept` holds for it (at once if it does now). */
export function engineState(accept: (state: PlayerState) => boolean, what = 'the awaited playback state'): Promise<PlayerState> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let last: PlayerState | undefined;
    const settle = (finish: () => void) => {
      settled = true;
      clearTimeout(limit);
      finish();
      queueMicrotask(() => stop()); // subscribe() calls back before it returns the unsubscriber
    };
    const limit = setTimeout(() => settle(() => reject(new Error(`waited ${WAIT_LIMIT} ms for ${what}; the engine was ${last?.status}, track ${last?.track?.id}`))), WAIT_LIMIT);
    const stop = getAudioEngine().subscribe((state) => {
      last = state;
      if (settled) return;
      if (accept(state)) settle(() => resolve(state));
      else if (state.status === 'error') settle(() => reject(new Error(`waiting for ${what}, playback failed: ${state.error}`)));
    });
  });
}

/** The track `id` is playing. */
export const playing = (id: string): Promise<PlayerState> =>
  engineState((s) => s.status === 'playing' && s.track?.id === id, `track ${id} to play`);
