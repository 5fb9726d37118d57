import type { AudioEngine } from './audio-types.js';
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
  for (const action in handlers) {
    try {
      session.setActionHandler(action as MediaSessionAction, handlers[action as MediaSessionAction]!);
    } catch {
      // an action this browser does not support
    }
  }
}
