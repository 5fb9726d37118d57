/**
 * The page's one audio engine: one `<audio>`, a queue, one track playing at a time for
 * every card, list and player on the page. Elements send it requests and render the state
 * it publishes; none holds audio of its own. Stream URLs come from the core client, so
 * seeking is a Range request to the selected host.
 */
import type { Track } from './types.js';
import { getClient, type Client } from './client.js';
import { COULD_NOT_PLAY, type AudioEngine, type AudioEngineOptions, type MediaOutput, type PlayerState } from './audio-types.js';
import { showInMediaSession } from './media-session.js';

type Listener = (state: PlayerState) => void;

/**
 * The element's duration once it has measured the stream, if it agrees with the catalog's to
 * within 2 s: for an MP3 that is still arriving WebKit reports a guess from the bytes so far
 * (0.0016 s, later 74 s of 98), where the others report NaN or Infinity.
 */
const measured = (media: MediaOutput, track?: Track): number | undefined =>
  Number.isFinite(media.duration) && media.duration > 0 && (!track || Math.abs(media.duration - track.duration) < 2) ? media.duration : undefined;

/** How long the clock may stand still after an error during playback before the track counts as failed. */
const STALL_MS = 3000;

/**
 * A new audio engine with a media element of its own (made on first use). The page shares one,
 * `getAudioEngine()`; make another for a player that must not follow the page's, or to run the
 * engine where there is no `<audio>` (Node, a test) by passing `media`.
 */
export function createAudioEngine(options: AudioEngineOptions = {}): AudioEngine {
  const listeners = new Set<Listener>();
  let audio: MediaOutput | undefined;
  let client: Client | undefined;
  let loadId = 0;
  let pausedLoad = -1; // the load the listener paused before it could play
  let pendingSeek: number | undefined; // a seek past WebKit's guessed duration, made once it knows
  let clockAt = NaN; // the position at the last timeupdate; NaN after a seek
  let adopted: { trackId: string } | undefined; // what an adopted element holds, until the engine starts a track
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

  // A host that never sends the audio must not leave the page loading forever.
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const clearWatchdog = () => clearTimeout(watchdog);

  /** Playback failed, for `error`: paused, and the load's watchdog stands down (it has its answer). */
  const failWith = (error: string) => {
    clearWatchdog();
    set({ status: 'error', paused: true, error });
  };

  /**
   * Playing failed with `error`, in words: a source the engine cannot play (NotSupportedError; WebKit
   * rejects `play()` with it before the element's error event) is the same sentence in every engine.
   * An AbortError is no failure: a pause or another track came first (WebKit says so more often than the others).
   * A NotAllowedError is the browser's autoplay policy: paused, `blocked`, waiting for the reader's gesture.
   */
  const playFailed = (error: unknown) => {
    const { name, message } = (error ?? {}) as Error;
    if (name === 'NotAllowedError') {
      clearWatchdog(); // a browser that blocks may also hold the data back (iOS) until the gesture: no timeout
      set({ status: 'paused', paused: true, blocked: true });
    } else if (name !== 'AbortError') failWith((name !== 'NotSupportedError' && message) || COULD_NOT_PLAY);
  };

  // An error the element reported while it went on playing (see the `error` listener).
  let erredWhilePlaying = false;
  const fail = () => {
    erredWhilePlaying = false;
    failWith(COULD_NOT_PLAY);
  };

  const element = (): MediaOutput => {
    if (audio) return audio;
    const early = options.adopt?.();
    adopted = early;
    const media = (audio = early?.media ?? options.media?.() ?? new Audio());
    media.preload = 'auto';
    // WebKit may learn the whole duration with no durationchange event: look on each of these.
    const measure = () => {
      const duration = measured(media, state.track);
      if (duration === undefined) return;
      if (duration !== state.duration) set({ duration });
      if (pendingSeek !== undefined) engine.seek(pendingSeek);
    };
    const on: Record<string, () => unknown> = {
      loadeddata: clearWatchdog,
      playing: () => set({ status: 'playing', paused: false, blocked: undefined }),
      // WebKit pauses after the error event (or play()'s rejection): the error stays.
      pause: () => media.ended || state.status === 'error' || set({ status: state.status === 'loading' ? 'loading' : 'paused', paused: true }),
      waiting: () => (erredWhilePlaying ? fail() : set({ status: 'loading' })),
      seeking: () => (clockAt = NaN),
      timeupdate: () => {
        measure();
        // WebKit may resume after a seek made while paused with no `playing` event, readyState stuck
        // at HAVE_CURRENT_DATA while the clock runs: a clock that moves as playback does is playing.
        const step = media.currentTime - clockAt;
        clockAt = media.currentTime;
        const moving = state.status === 'loading' && !media.paused && step > 0 && step < 1;
        set(moving ? { status: 'playing', paused: false, currentTime: media.currentTime } : { currentTime: pendingSeek ?? media.currentTime });
      },
      durationchange: measure,
      progress: measure,
      suspend: measure,
      canplaythrough: measure,
      // WebKit keeps the volume as a float: 0.5 reads back as 0.50000119. The value set stands.
      volumechange: () => set({ volume: Math.abs(media.volume - state.volume) < 1e-4 ? state.volume : media.volume, muted: media.muted }),
      ended: () => {
        set({ status: 'ended', paused: true });
        void engine.next(); // when there is a next track
      },
      error: () => {
        if (!media.getAttribute('src')) return;
        // Only a network failure says the host is bad; a missing or undecodable track does not.
        if (media.error?.code === 2 /* MEDIA_ERR_NETWORK; no MediaError global outside browsers */ && client) client.markHostBad(new URL(media.src).origin);
        // Firefox with no sound device reports a decode error while the track plays on. An error
        // while the element plays is fatal only once playback stops: it waits for data that will
        // not come, or its clock stands still. Before the track played, it is fatal at once.
        if (state.status !== 'playing' || media.paused) return fail();
        erredWhilePlaying = true;
        const [id, at] = [loadId, media.currentTime];
        setTimeout(() => id === loadId && !media.paused && media.currentTime === at && fail(), STALL_MS);
      },
    };
    for (const type in on) media.addEventListener(type, on[type]!);
    return media;
  };

  const start = async (index: number, queue: readonly Track[], autoplay = true) => {
    const track = queue[index]!;
    const media = element();
    const id = ++loadId;
    erredWhilePlaying = false;
    pendingSeek = undefined;
    const held = adopted;
    adopted = undefined;
    if (held?.trackId === track.id) return adopt(media, track, queue, index, autoplay);
    media.pause();
    set({
      track, queue, index, status: autoplay ? 'loading' : 'paused', paused: !autoplay,
      currentTime: 0, duration: track.duration, error: undefined, blocked: undefined,
    });
    showInMediaSession(engine, track);
    try {
      const stream = client ?? getClient(); // the host that serves it is the one marked bad if it stalls
      const src = await stream.getStreamUrl(track.id);
      if (id !== loadId) return; // another track was asked for meanwhile
      media.src = src;
      clearWatchdog();
      watchdog = setTimeout(() => {
        if (id !== loadId || media.readyState >= 2) return;
        stream.markHostBad(new URL(src).origin);
        media.removeAttribute('src');
        media.load();
        failWith('The track did not load in time.');
      }, stream.options.timeout);
      if (autoplay && pausedLoad !== id) await media.play();
    } catch (error) {
      if (id === loadId) playFailed(error);
    }
  };

  /** Takes over `media`, already loading or playing `track`: no new request, its position and state kept. */
  const adopt = async (media: MediaOutput, track: Track, queue: readonly Track[], index: number, autoplay: boolean) => {
    const status = media.paused ? 'paused' : media.readyState > 2 ? 'playing' : 'loading';
    set({ track, queue, index, status, paused: media.paused, currentTime: media.currentTime, duration: measured(media, track) ?? track.duration, error: undefined });
    showInMediaSession(engine, track);
    if (autoplay && media.paused) await media.play().catch(playFailed);
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
      return () => listeners.delete(listener);
    },
    async play(track = state.track, options = {}) {
      client = options.client ?? client;
      if (!track) return;
      if (track.id !== state.track?.id) return startTrack(track, options.queue);
      // The current track played from another list takes that list as its queue.
      const index = options.queue?.findIndex((t) => t.id === track.id) ?? -1;
      if (index >= 0) set({ queue: options.queue, index });
      if (state.status === 'error' || !audio?.getAttribute('src')) return start(state.index, state.queue);
      await element().play().catch(playFailed);
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
      client = options.client ?? client;
      if (track.id !== state.track?.id) return startTrack(track, options.queue, false);
    },
    async toggle(track, options) {
      if (state.track?.id === track.id && !state.paused) engine.pause();
      else return engine.play(track, options);
    },
    seek(seconds) {
      if (!audio || !Number.isFinite(seconds)) return;
      const known = measured(audio, state.track);
      const target = Math.min(Math.max(0, seconds), known ?? state.duration);
      // WebKit would clamp the seek to its guess (0.0016 s: the track ends at once), or drop it
      // before it knows any duration (a still bar clicked on a track just loaded): it waits for
      // the element's duration to agree with the catalog's (see measure).
      pendingSeek = known === undefined && !(audio.duration >= target) ? target : undefined;
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

const KEY = Symbol.for('service-kit.audio-engine');

/**
 * The page's audio engine, shared by every copy of the kit loaded on the page. Pages of one
 * origin play one at a time too (the service's embeds, each in its frame, on one site's page):
 * when one starts, the others pause.
 */
export function getAudioEngine(): AudioEngine {
  const holder = globalThis as { [KEY]?: AudioEngine };
  return (holder[KEY] ??= oneAtATime(createAudioEngine({ adopt: takeEarlyAudio })));
}

const EARLY = Symbol.for('service-kit.embed.audio');
type EarlyHolder = { [EARLY]?: { audio: HTMLAudioElement; id: string } };

/** The track an embed page's bootstrap (server/embed/frame-bootstrap.js) plays before the kit arrived, if any: the page's engine takes it over. */
export const earlyTrackId = (): string | undefined => (globalThis as EarlyHolder)[EARLY]?.id;

/** That audio, handed over once: the bootstrap stands down when it is gone. */
function takeEarlyAudio() {
  const holder = globalThis as EarlyHolder;
  const early = holder[EARLY];
  delete holder[EARLY];
  return early && { media: early.audio, trackId: early.id };
}

/**
 * Says over a BroadcastChannel when `engine` starts playing, and pauses it when another page
 * says so. The channel opens at the first start: a page that never played has nothing to pause.
 * Browsers partition channels by top-level site: embeds on two sites' pages stay apart. A page
 * whose body has `data-single="0"` (an embed with `single=0`) stays out: it pauses no other, and
 * none pauses it.
 */
function oneAtATime(engine: AudioEngine): AudioEngine {
  let channel: BroadcastChannel | undefined;
  let playing = false;
  engine.subscribe(({ status }) => {
    if (status == 'playing' && !playing && typeof BroadcastChannel == 'function' && globalThis.document?.body?.dataset.single !== '0') {
      channel ??= Object.assign(new BroadcastChannel('service-kit.playback'), { onmessage: () => engine.pause() });
      channel.postMessage(0);
    }
    playing = status == 'playing';
  });
  return engine;
}
