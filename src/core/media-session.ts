import type { AudioEngine, PlayerState } from './audio-types.js';
import type { Track } from './types.js';

/**
 * Shows `track` in the system's media controls (lock screen, media keys) and routes their
 * actions to `engine`. Does nothing where there is no Media Session API (Node, older browsers).
 */
export function showInMediaSession(engine: AudioEngine, track: Track): void {
  const session = globalThis.navigator?.mediaSession;
  if (!session) return; // MediaMetadata comes with it, in every engine that has it
  // No `type`: the reference service's artwork is SVG, production's JPEG; the browser reads the image itself.
  const artwork = Object.entries(track.artwork ?? {}).map(([size, src]) => ({ src, sizes: size }));
  session.metadata = new MediaMetadata({ title: track.title, artist: track.user.name, artwork });
  const handlers: Partial<Record<MediaSessionAction, MediaSessionActionHandler>> = {
    play: () => void engine.play(),
    pause: () => engine.pause(),
    previoustrack: () => void engine.previous(),
    nexttrack: () => void engine.next(),
    seekto: (details) => engine.seek(details.seekTime ?? NaN), // seek ignores NaN
    seekbackward: (details) => engine.seek(engine.state.currentTime - (details.seekOffset ?? 10)),
    seekforward: (details) => engine.seek(engine.state.currentTime + (details.seekOffset ?? 10)),
  };
  followPosition(engine, session);
  for (const action in handlers) {
    try {
      session.setActionHandler(action as MediaSessionAction, handlers[action as MediaSessionAction]!);
    } catch {
      // an action this browser does not support
    }
  }
}

const following = new WeakSet<AudioEngine>();

/**
 * Keeps the system's position (lock screen, notification) in step with `engine`: at each play,
 * pause, seek and new duration, and once a second of playback (the system runs the clock between);
 * cleared when nothing plays. Some engines throw on a state they dislike: a position is never worth an error.
 */
function followPosition(engine: AudioEngine, session: MediaSession): void {
  if (following.has(engine) || !session.setPositionState) return;
  following.add(engine);
  let told: PlayerState | undefined;
  engine.subscribe((state) => {
    const { track, status, paused, currentTime: position, duration } = state;
    const live = !!track && status !== 'idle' && status !== 'ended' && status !== 'error' && duration > 0 && Number.isFinite(duration);
    const same = told && live && track === told.track && paused === told.paused && duration === told.duration;
    if (same && position >= told!.currentTime && position < told!.currentTime + 1) return;
    try {
      if (live) session.setPositionState({ duration, playbackRate: 1, position: Math.min(Math.max(0, position), duration) || 0 });
      else if (told) session.setPositionState();
    } catch {
      // a value this engine refused, or no position support
    }
    told = live ? state : undefined;
  });
}
