/**
 * The model behind one `<service-audio-player>`: what it shows, and which events fire when.
 * It shows the engine's track, or a track of its own cued without playing it (`track-id`):
 * cueing touches nothing the engine plays, and the cued track shows until the engine plays
 * another one. The element renders `view` and re-dispatches the events; the logic is here, so
 * it runs (and is tested) in Node.
 */
import type { Track } from './types.js';
import { COULD_NOT_PLAY, type AudioEngine, type PlaybackStatus, type PlayOptions } from './audio-types.js';
import { getAudioEngine } from './audio-engine.js';

/** What a player shows. */
export interface PlayerView {
  track?: Track;
  /** True unless the shown track is playing (or about to). */
  paused: boolean;
  status: PlaybackStatus;
  /** Seconds: the engine's position, or where the cued track will start. */
  currentTime: number;
  /** Seconds: the shown track's length, 0 with none. */
  duration: number;
  /** Why playback failed, for status `error`. */
  error?: string;
}

/** The events a player fires, by name (the element prefixes `service-`), with their details. */
export interface PlayerEventMap {
  /** The player shows another track. */
  trackchange: { track: Track };
  /** Playback started or resumed. */
  play: { track: Track };
  /** Playback paused (not by a failure). */
  pause: { track: Track };
  /** The playback position changed. */
  timeupdate: { currentTime: number; duration: number };
  /** The track played to its end. */
  ended: { track: Track };
  /** The track could not be loaded or played. */
  error: { message: string; status: number; operation: string };
}

/** One event: its name and detail. */
export type PlayerEvent = { [K in keyof PlayerEventMap]: [type: K, detail: PlayerEventMap[K]] }[keyof PlayerEventMap];

/** Hears every change of the engine's state or of the cue: the view then, and the events it makes. */
export type PlayerListener = (view: PlayerView, events: PlayerEvent[]) => void;

export interface Player {
  readonly engine: AudioEngine;
  /** What the player shows now. */
  readonly view: PlayerView;
  /** The cued track while it is shown instead of the engine's; the engine's queue is not its own. */
  readonly cued?: Track;
  /**
   * Cues the track `id` without playing it: once `track` (the track of that id, when loaded)
   * is given, it shows paused at 0:00, until the engine plays another track than the one it
   * held when `id` was first cued. The engine's track shows meanwhile. No `id`: nothing cued.
   */
  cue(id?: string, track?: Track): void;
  /** Plays the cued track from where `seek` put it, else resumes the engine's track. */
  play(options?: PlayOptions): Promise<void>;
  /** Pauses the engine, unless the cued track (which is not playing) is shown. */
  pause(): void;
  /** Seeks the engine, or moves where the cued track will start. */
  seek(seconds: number): void;
  /**
   * Calls `listener` on every change of the engine's state or of the cue, with the view and the
   * events that change makes, in this order: trackchange, play, pause, timeupdate, ended, error.
   * One listener at a time: it is called at once, with the events of what changed since the
   * last one left (none the first time).
   */
  subscribe(listener: PlayerListener): () => void;
}

/** A player on `engine`, the page's one by default. */
export function createPlayer(engine: AudioEngine = getAudioEngine()): Player {
  let listener: PlayerListener | undefined;
  let cuedId: string | undefined;
  let own: Track | undefined;
  /** The engine's track when `cuedId` was cued: the cued track shows until that changes. */
  let engineTrackAtCue: string | undefined;
  let startAt = 0;
  let last: PlayerView | undefined;

  const cued = (): Track | undefined => {
    const current = engine.state.track?.id;
    return own && current !== own.id && current === engineTrackAtCue ? own : undefined;
  };

  const view = (): PlayerView => {
    const track = cued();
    // The engine's state is a view: its duration is its track's (0 with none) until the audio knows better.
    return track ? { track, paused: true, status: 'idle', currentTime: startAt, duration: track.duration } : engine.state;
  };

  /** Tells the listeners of the view now and of the events for what changed since the last call (none on the first). */
  const sync = () => {
    const now = view();
    const before = last;
    const track = now.track;
    const events: PlayerEvent[] = [];
    last = now;
    if (before && track) {
      if (track.id !== before.track?.id) events.push(['trackchange', { track }]);
      if (before.paused && !now.paused) events.push(['play', { track }]);
      if (!before.paused && now.paused && now.status !== 'error') events.push(['pause', { track }]);
      if (now.currentTime !== before.currentTime) events.push(['timeupdate', { currentTime: now.currentTime, duration: now.duration }]);
      if (now.status === 'ended' && before.status !== 'ended') events.push(['ended', { track }]);
      if (now.status === 'error' && before.status !== 'error') events.push(['error', { message: now.error ?? COULD_NOT_PLAY, status: 0, operation: 'play' }]);
    }
    listener?.(now, events);
  };

  return {
    engine,
    get view() {
      return view();
    },
    get cued() {
      return cued();
    },
    cue(id, track) {
      if (id !== cuedId) {
        cuedId = id;
        engineTrackAtCue = engine.state.track?.id;
        startAt = 0;
      }
      own = track?.id === id ? track : undefined; // with no id no track matches: nothing is cued
      sync();
    },
    async play(options) {
      const track = cued();
      if (!track) return engine.play(undefined, options);
      const at = startAt;
      await engine.play(track, options);
      startAt = 0;
      if (at > 0 && engine.state.track?.id === track.id) engine.seek(at);
    },
    pause() {
      if (!cued()) engine.pause();
    },
    seek(seconds) {
      const track = cued();
      if (!track) return engine.seek(seconds);
      if (Number.isFinite(seconds)) startAt = Math.min(Math.max(0, seconds), track.duration);
      sync();
    },
    subscribe(next) {
      listener = next;
      const stop = engine.subscribe(sync); // it calls back at once: what changed since, if anything
      return () => {
        listener = undefined;
        stop();
      };
    },
  };
}
