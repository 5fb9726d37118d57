/**
 * The page's one audio engine: one `<audio>`, a queue, one track playing at a time for
 * every card, list and player on the page. Elements send it requests and render the state
 * it publishes; none holds audio of its own. Stream URLs come from the core client, so
 * seeking is a Range request to the selected host.
 */
import type { Track } from './types.js';
import { getClient, type Client } from './client.js';

export type PlaybackStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export interface PlayerState {
  /** The current track, if any. */
  track?: Track;
  queue: readonly Track[];
  /** Index of `track` in `queue`, -1 when none. */
  index: number;
  status: PlaybackStatus;
  paused: boolean;
  /** Seconds. */
  currentTime: number;
  /** Seconds; the track's own duration until the audio knows better. */
  duration: number;
  /** 0..1 */
  volume: number;
  muted: boolean;
  /** Why playback failed, for status `error`. */
  error?: string;
}

export interface PlayOptions {
  /** Tracks to play after it (and before it, for `previous`); it is put in when missing. */
  queue?: readonly Track[];
  /** The client whose host serves the stream; the page's default one otherwise. */
  client?: Client;
}

export interface AudioEngine {
  readonly state: PlayerState;
  /** Calls `listener` with the state now and on every change; returns the unsubscribe function. */
  subscribe(listener: (state: PlayerState) => void): () => void;
  /** Plays `track` (from the start, or resumes it if it is current), or resumes the current one. */
  play(track?: Track, options?: PlayOptions): Promise<void>;
  pause(): void;
  /** Makes `track` current without playing it: the stream is loaded, so `seek` works and `play()` starts it. */
  load(track: Track, options?: PlayOptions): Promise<void>;
  /** Pauses `track` if it is playing, plays it otherwise. */
  toggle(track: Track, options?: PlayOptions): Promise<void>;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  next(): Promise<void>;
  previous(): Promise<void>;
}

type Listener = (state: PlayerState) => void;

const COULD_NOT_PLAY = 'The track could not be played.';

/**
 * Why `play()` failed, in words: a source the engine cannot play (NotSupportedError; WebKit
 * rejects `play()` with it before the element's error event) is the same sentence in every engine.
 */
const playFailure = (error: unknown): string =>
  (error as Error)?.name === 'NotSupportedError' ? COULD_NOT_PLAY : (error as Error)?.message || COULD_NOT_PLAY;

/**
 * The element's duration once it has measured the stream, if it agrees with the catalog's to
 * within 2 s: for an MP3 that is still arriving WebKit reports a guess from the bytes so far
 * (0.0016 s, later 74 s of 98), where the others report NaN or Infinity.
 */
const measured = (a: HTMLMediaElement, track?: Track): number | undefined =>
  Number.isFinite(a.duration) && a.duration > 0 && (!track || Math.abs(a.duration - track.duration) < 2) ? a.duration : undefined;

/** How long the clock may stand still after an error during playback before the track counts as failed. */
const STALL_MS = 3000;

function createAudioEngine(): AudioEngine {
  const listeners = new Set<Listener>();
  let audio: HTMLAudioElement | undefined;
  let client: Client | undefined;
  let loadId = 0;
  let pausedLoad = -1; // the load the listener paused before it could play
  let pendingSeek: number | undefined; // a seek past WebKit's guessed duration, made once it knows
  let clockAt = NaN; // the position at the last timeupdate; NaN after a seek
  let state: PlayerState = {
    queue: [], index: -1, status: 'idle', paused: true, currentTime: 0, duration: 0, volume: 1, muted: false,
  };

  const set = (patch: Partial<PlayerState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) {
      try {
        listener(state);
      } catch (error) {
        queueMicrotask(() => console.error(error)); // one bad subscriber must not stop the others
      }
    }
  };

  // An error the element reported while it went on playing (see the `error` listener).
  let erredWhilePlaying = false;
  const fail = () => {
    erredWhilePlaying = false;
    clearWatchdog(); // the track failed: a watchdog firing later would blame the host
    set({ status: 'error', paused: true, error: COULD_NOT_PLAY });
  };

  // A host that never sends the audio must not leave the page loading forever.
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const clearWatchdog = () => clearTimeout(watchdog);

  const element = (): HTMLAudioElement => {
    if (audio) return audio;
    audio = new Audio();
    audio.preload = 'auto';
    const a = audio;
    a.addEventListener('loadeddata', clearWatchdog);
    a.addEventListener('playing', () => set({ status: 'playing', paused: false }));
    a.addEventListener('pause', () => {
      // WebKit pauses after the error event (or play()'s rejection): the error stays.
      if (!a.ended && state.status !== 'error') set({ status: state.status === 'loading' ? 'loading' : 'paused', paused: true });
    });
    a.addEventListener('waiting', () => (erredWhilePlaying ? fail() : set({ status: 'loading' })));
    // WebKit may learn the whole duration with no durationchange event: look on each of these.
    const measure = () => {
      const duration = measured(a, state.track);
      if (duration === undefined) return;
      if (duration !== state.duration) set({ duration });
      if (pendingSeek !== undefined) engine.seek(pendingSeek);
    };
    for (const type of ['durationchange', 'progress', 'suspend', 'canplaythrough']) a.addEventListener(type, measure);
    a.addEventListener('seeking', () => (clockAt = NaN));
    a.addEventListener('timeupdate', () => {
      measure();
      // WebKit may resume from a paused seek with no `playing` event: a clock that moves is playing.
      const step = a.currentTime - clockAt;
      clockAt = a.currentTime;
      const moving = state.status === 'loading' && !a.paused && step > 0 && step < 1;
      set(moving ? { status: 'playing', paused: false, currentTime: a.currentTime } : { currentTime: pendingSeek ?? a.currentTime });
    });
    // WebKit keeps the volume as a float: 0.5 reads back as 0.50000119. The value set stands.
    a.addEventListener('volumechange', () => set({ volume: Math.abs(a.volume - state.volume) < 1e-4 ? state.volume : a.volume, muted: a.muted }));
    a.addEventListener('ended', () => {
      set({ status: 'ended', paused: true });
      if (state.index + 1 < state.queue.length) void engine.next();
    });
    a.addEventListener('error', () => {
      if (!a.getAttribute('src')) return;
      // Only a network failure says the host is bad; a missing or undecodable track does not.
      if (a.error?.code === MediaError.MEDIA_ERR_NETWORK && client) client.markHostBad(new URL(a.src).origin);
      // Firefox with no sound device reports a decode error while the track plays on. An error
      // while the element plays is fatal only once playback stops: it waits for data that will
      // not come, or its clock stands still. Before the track played, it is fatal at once.
      if (state.status !== 'playing' || a.paused) return fail();
      erredWhilePlaying = true;
      const [id, at] = [loadId, a.currentTime];
      setTimeout(() => id === loadId && !a.paused && a.currentTime === at && fail(), STALL_MS);
    });
    return a;
  };

  const mediaSession = (track: Track) => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session || typeof MediaMetadata === 'undefined') return;
    const artwork = Object.entries(track.artwork ?? {}).map(([size, src]) => ({ src, sizes: size, type: 'image/svg+xml' }));
    session.metadata = new MediaMetadata({ title: track.title, artist: track.user.name, artwork });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void engine.play()],
      ['pause', () => engine.pause()],
      ['previoustrack', () => void engine.previous()],
      ['nexttrack', () => void engine.next()],
      ['seekto', (d) => d.seekTime !== undefined && engine.seek(d.seekTime)],
      ['seekbackward', (d) => engine.seek(state.currentTime - (d.seekOffset ?? 10))],
      ['seekforward', (d) => engine.seek(state.currentTime + (d.seekOffset ?? 10))],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // an action this browser does not support
      }
    }
  };

  const start = async (index: number, queue: readonly Track[], autoplay = true) => {
    const track = queue[index]!;
    const a = element();
    const id = ++loadId;
    erredWhilePlaying = false;
    pendingSeek = undefined;
    a.pause();
    set({
      track, queue, index, status: autoplay ? 'loading' : 'paused', paused: !autoplay,
      currentTime: 0, duration: track.duration, error: undefined,
    });
    mediaSession(track);
    try {
      const src = await (client ?? getClient()).getStreamUrl(track.id);
      if (id !== loadId) return; // another track was asked for meanwhile
      a.src = src;
      const stream = client ?? getClient();
      clearWatchdog();
      watchdog = setTimeout(() => {
        if (id !== loadId || a.readyState >= 2) return;
        stream.markHostBad(new URL(src).origin);
        a.removeAttribute('src');
        a.load();
        set({ status: 'error', paused: true, error: 'The track did not load in time.' });
      }, stream.options.timeout);
      if (autoplay && pausedLoad !== id) await a.play();
    } catch (error) {
      if (id !== loadId || (error as Error)?.name === 'AbortError') return;
      clearWatchdog();
      set({ status: 'error', paused: true, error: playFailure(error) });
    }
  };

  const engine: AudioEngine = {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(state);
      return () => listeners.delete(listener);
    },
    async play(track, options = {}) {
      if (options.client) client = options.client;
      if (!track || track.id === state.track?.id) {
        if (!state.track) return;
        // The current track played from another list takes that list as its queue.
        const index = options.queue?.findIndex((t) => t.id === state.track!.id) ?? -1;
        if (options.queue && index >= 0) set({ queue: options.queue, index });
        if (state.status === 'error' || !audio?.getAttribute('src')) return start(state.index, state.queue);
        try {
          await element().play();
        } catch (error) {
          // AbortError: a pause or another track came first (WebKit says so more often than the others).
          if ((error as Error)?.name !== 'AbortError') set({ status: 'error', paused: true, error: playFailure(error) });
        }
        return;
      }
      const queue = queueWith(track, options.queue);
      return start(queue.findIndex((t) => t.id === track.id), queue);
    },
    pause() {
      audio?.pause();
      // Paused while the track loads or waits for data (WebKit waits after a seek more often):
      // the listener asked for a pause, so it is paused, not loading; start() then plays nothing.
      if (state.status !== 'loading') return;
      pausedLoad = loadId;
      set({ status: 'paused', paused: true });
    },
    async load(track, options = {}) {
      if (options.client) client = options.client;
      if (track.id === state.track?.id) return;
      const queue = queueWith(track, options.queue);
      return start(queue.findIndex((t) => t.id === track.id), queue, false);
    },
    toggle(track, options) {
      if (state.track?.id === track.id && !state.paused) {
        engine.pause();
        return Promise.resolve();
      }
      return engine.play(track, options);
    },
    seek(seconds) {
      if (!audio || !Number.isFinite(seconds)) return;
      const known = measured(audio, state.track);
      const target = Math.min(Math.max(0, seconds), known ?? state.duration);
      // WebKit clamps a seek to its guessed duration (the track ends): it waits for `measure`.
      pendingSeek = known === undefined && audio.duration < target ? target : undefined;
      if (pendingSeek === undefined) audio.currentTime = target;
      set({ currentTime: pendingSeek ?? audio.currentTime });
    },
    setVolume(volume) {
      if (!Number.isFinite(volume)) return;
      const value = Math.min(Math.max(0, volume), 1);
      set({ volume: value });
      element().volume = value;
    },
    setMuted(muted) {
      element().muted = muted;
      set({ muted });
    },
    async next() {
      if (state.index + 1 < state.queue.length) return start(state.index + 1, state.queue);
    },
    async previous() {
      // Like most players: back to the start first, to the previous track when near it.
      if (state.currentTime > 3 || state.index <= 0) return engine.seek(0);
      return start(state.index - 1, state.queue);
    },
  };
  return engine;
}

/** The queue to play `track` in: `queue` when it holds the track, else the track followed by `queue`. */
function queueWith(track: Track, queue?: readonly Track[]): readonly Track[] {
  return queue?.some((t) => t.id === track.id) ? queue : [track, ...(queue ?? [])];
}

const KEY = Symbol.for('service-kit.audio-engine');

/** The page's audio engine, shared by every copy of the kit loaded on the page. */
export function getAudioEngine(): AudioEngine {
  const holder = globalThis as { [KEY]?: AudioEngine };
  return (holder[KEY] ??= createAudioEngine());
}
