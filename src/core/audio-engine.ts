/**
 * The page's one audio engine: one `<audio>`, a queue, one track playing at a time for
 * every card, list and player on the page. Elements send it requests and render the state
 * it publishes; none holds audio of its own. Stream URLs come from the core client, so
 * seeking is a Range request to the selected host. The media side (the element, its events,
 * a track's load) is audio-media.ts, fetched once an element that plays subscribes.
 */
import type { Track } from './types.js';
import { getClient, type Client } from './client.js';
import { COULD_NOT_PLAY, EARLY_AUDIO, type AudioEngine, type AudioEngineOptions, type EarlyHolder, type MediaHost, type MediaPart, type PlayerState } from './audio-types.js';

type Listener = (state: PlayerState) => void;

/**
 * A new audio engine with a media element of its own (made on first use). The page shares one,
 * `getAudioEngine()`; make another for a player that must not follow the page's, or to run the
 * engine where there is no `<audio>` (Node, a test) by passing `media`.
 */
export const createAudioEngine = (options: AudioEngineOptions = {}): AudioEngine => makeEngine(options, false);

/** An engine; `page` for the page's own (see MediaHost). */
function makeEngine(options: AudioEngineOptions, page: boolean): AudioEngine {
  const listeners = new Set<Listener>();
  let client: Client | undefined;
  let media: MediaPart | undefined;
  let code: typeof import('./audio-media.js') | undefined; // the media side's module, once fetched
  let loading: Promise<unknown> | undefined;
  let pauses = 0; // pauses asked for, so that one asked while the media side loads is kept
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

  /** The media side's module, fetched once (again after a failure). */
  const fetchMedia = () => (loading ??= import('./audio-media.js').then((module) => (code = module), () => (loading = undefined)));

  /** The media side, made once its module is at hand. */
  const made = () => (media ??= code?.mediaPart(host));

  /** The media side once fetched; a part that cannot be fetched fails the track asked for, as a stream that cannot be. */
  const fetched = async (track: Track, queue: readonly Track[], index: number, autoplay: boolean) => {
    // Said at once, as a start with the part at hand says it.
    set({ track, queue, index, status: autoplay ? 'loading' : 'paused', paused: !autoplay, error: undefined });
    await fetchMedia();
    return made() ?? set({ track, queue, index, status: 'error', paused: true, error: COULD_NOT_PLAY });
  };

  /** Plays `queue[index]` (with `autoplay` false, loads it); a pause asked for meanwhile holds. */
  const start = async (index: number, queue: readonly Track[], autoplay = true) => {
    const asked = pauses;
    // A module already fetched makes the part in the reader's click, so that play() keeps the gesture (WebKit wants it close).
    const part = made() ?? (await fetched(queue[index]!, queue, index, autoplay));
    return part?.start(index, queue, autoplay && asked == pauses);
  };

  /** Plays `track` (or with `autoplay` false, loads it) in `queue` when it holds the track, else first before `queue`. */
  const startTrack = (track: Track, queue: readonly Track[] = [], autoplay?: boolean) => {
    const index = queue.findIndex((t) => t.id === track.id);
    return index < 0 ? start(0, [track, ...queue], autoplay) : start(index, queue, autoplay);
  };

  const engine: AudioEngine = {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(state);
      // An element that plays is on the page: the media side is fetched now, not at the first Play.
      if (page) void fetchMedia();
      return () => listeners.delete(listener);
    },
    async play(track = state.track, options = {}) {
      client = options.client ?? client;
      if (!track) return;
      if (track.id !== state.track?.id) return startTrack(track, options.queue);
      // The current track played from another list takes that list as its queue.
      const index = options.queue?.findIndex((t) => t.id === track.id) ?? -1;
      if (index >= 0) set({ queue: options.queue, index });
      // Synchronous up to a new start, as a first play: a listener never hears the old error after play() returned.
      const resumed = media?.resume();
      if (!resumed) return start(state.index, state.queue);
      await resumed;
    },
    pause() {
      pauses++;
      if (media) media.pause();
      else if (state.status === 'loading') set({ status: 'paused', paused: true }); // while the media side is fetched
    },
    async load(track, options = {}) {
      client = options.client ?? client;
      if (track.id !== state.track?.id) return startTrack(track, options.queue, false);
    },
    async toggle(track, options) {
      if (state.track?.id === track.id && !state.paused) engine.pause();
      else return engine.play(track, options);
    },
    seek(seconds) {
      media?.seek(seconds);
    },
    setVolume(volume) {
      if (!Number.isFinite(volume)) return;
      set({ volume: Math.min(Math.max(0, volume), 1) });
      media?.sound();
    },
    setMuted(muted) {
      set({ muted });
      media?.sound();
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
  // What the media side reads and writes of the engine.
  const host: MediaHost = {
    options,
    page,
    engine,
    get state() {
      return state;
    },
    set,
    client: () => client ?? getClient(),
  };
  return engine;
}

const KEY = Symbol.for('service-kit.audio-engine');

/**
 * The page's audio engine, shared by every copy of the kit loaded on the page. Pages of one
 * origin play one at a time too (the service's embeds, each in its frame, on one site's page):
 * when one starts, the others pause (audio-media.ts).
 */
export function getAudioEngine(): AudioEngine {
  const holder = globalThis as { [KEY]?: AudioEngine };
  return (holder[KEY] ??= makeEngine({}, true));
}

/** The track an embed page's bootstrap (server/embed/frame-bootstrap.js) plays before the kit arrived, if any: the page's engine takes it over. */
export const earlyTrackId = (): string | undefined => (globalThis as EarlyHolder)[EARLY_AUDIO]?.id;
