// What the page's live region says of playback (src/core/announcer.ts), in Node: the engine's states
// as a listener lives them, each event said once, none for the moments between.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { playbackWords } from '../../src/core/announcer.js';
import type { PlayerState } from '../../src/core/audio.js';
import type { Track } from '../../src/core/index.js';
import '../../src/translations/fr.js';

const track = (id: string, title: string): Track => ({ id, title, user: { name: 'Ada' } }) as Track;
const a = track('a', 'Velocity 84');
const b = track('b', 'Analog Hours');
const state = (patch: Partial<PlayerState>): PlayerState =>
  ({ queue: [a, b], index: 0, status: 'idle', paused: true, currentTime: 0, duration: 100, volume: 1, muted: false, ...patch }) as PlayerState;

/** What the states say, one after the other, as the page's region would. */
function said(states: PlayerState[], lang = 'en'): string[] {
  const words = playbackWords();
  return states.map((now) => words(now, lang)).filter((message): message is string => !!message);
}

describe('playback announcements', () => {
  test('play, pause, the next track by itself: each once, none for loading or the end', () => {
    assert.deepEqual(
      said([
        state({}),
        state({ track: a, status: 'loading', paused: false }),
        state({ track: a, status: 'playing', paused: false }),
        state({ track: a, status: 'paused', paused: true }),
        state({ track: a, status: 'playing', paused: false }),
        state({ track: a, status: 'ended', paused: true }),
        state({ track: b, status: 'loading', paused: false }),
        state({ track: b, status: 'loading', paused: true }), // the old track's pause event while the next loads
        state({ track: b, status: 'playing', paused: false }),
      ]),
      ['Playing Velocity 84 by Ada', 'Paused', 'Playing Velocity 84 by Ada', 'Playing Analog Hours by Ada'],
    );
  });

  test('a failure names the track, once; French words in French', () => {
    assert.deepEqual(
      said([state({}), state({ track: a, status: 'loading', paused: false }), state({ track: a, status: 'error', paused: true }), state({ track: a, status: 'error', paused: true, currentTime: 1 })], 'fr'),
      ['Lecture de Velocity 84 par Ada', 'Impossible de lire Velocity 84.'],
    );
  });
});
