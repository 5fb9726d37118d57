/**
 * The audio engine's media side, fetched once an element that plays is on the page (a page with
 * none never fetches it; the CDN files fetch it beside them, `audio-media.js`, scripts/build/lazy-parts.ts):
 * the `<audio>` element and its events, a track's load and its watchdog, an early element taken
 * over, seeking, the system's media controls, and playing one at a time with the page's others.
 * The engine (audio-engine.ts) keeps the state and the queue and lends them here; nothing here reads a copy of the page's client or engine of its own.
 */
import type { Track } from './types.js';
import { COULD_NOT_PLAY, EARLY_AUDIO, type AudioEngine, type EarlyHolder, type MediaHost, type MediaOutput, type MediaPart } from './audio-types.js';
import { showInMediaSession } from './media-session.js';

/**
 * The element's duration once it has measured the stream, if it agrees with the catalog's to
 * within 2 s: for an MP3 that is still arriving WebKit reports a guess from the bytes so far
 * (0.0016 s, later 74 s of 98), where the others report NaN or Infinity.
 */
const measured = (media: MediaOutput, track?: Track): number | undefined =>
  Number.isFinite(media.duration) && media.duration > 0 && (!track || Math.abs(media.duration - track.duration) < 2) ? media.duration : undefined;

/** How long the clock may stand still after an error during playback before the track counts as failed. */
const STALL_MS = 3000;

/** The media side of the engine `host` lends its state to. */
export function mediaPart(host: MediaHost): MediaPart {
  const { options, engine, set } = host;
  let loadId = 0;
  let pausedLoad = -1; // the load the listener paused before it could play
  let pendingSeek: number | undefined; // a seek WebKit cannot take yet (past its guessed duration, or another in flight)
  let clockAt = NaN; // the position at the last timeupdate; NaN after a seek
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

  // What an adopted element holds, until the engine starts a track.
  const early = (options.adopt ?? (host.page ? takeEarlyAudio : undefined))?.();
  let adopted = early && { trackId: early.trackId };
  const media: MediaOutput = early?.media ?? options.media?.() ?? new Audio();
  media.preload = 'auto';
  const { state } = host;
  // A volume or muting set before the first play.
  if (state.volume != 1 || state.muted) Object.assign(media, { volume: state.volume, muted: state.muted });
  // WebKit may learn the whole duration with no durationchange event: look on each of these.
  const measure = () => {
    const duration = measured(media, host.state.track);
    if (duration === undefined) return;
    if (duration !== host.state.duration) set({ duration });
    if (pendingSeek !== undefined) part.seek(pendingSeek);
  };
  const on: Record<string, () => unknown> = {
    loadeddata: clearWatchdog,
    playing: () => set({ status: 'playing', paused: false, blocked: undefined }),
    // WebKit pauses after the error event (or play()'s rejection): the error stays.
    pause: () => media.ended || host.state.status === 'error' || set({ status: host.state.status === 'loading' ? 'loading' : 'paused', paused: true }),
    waiting: () => (erredWhilePlaying ? fail() : set({ status: 'loading' })),
    seeking: () => (clockAt = NaN),
    seeked: () => pendingSeek !== undefined && part.seek(pendingSeek),
    timeupdate: () => {
      measure();
      // WebKit may resume after a seek made while paused with no `playing` event, readyState stuck
      // at HAVE_CURRENT_DATA while the clock runs: a clock that moves as playback does is playing.
      const step = media.currentTime - clockAt;
      clockAt = media.currentTime;
      const moving = host.state.status === 'loading' && !media.paused && step > 0 && step < 1;
      set(moving ? { status: 'playing', paused: false, currentTime: media.currentTime } : { currentTime: pendingSeek ?? media.currentTime });
    },
    durationchange: measure,
    progress: measure,
    suspend: measure,
    canplaythrough: measure,
    // WebKit keeps the volume as a float: 0.5 reads back as 0.50000119. The value set stands.
    volumechange: () => set({ volume: Math.abs(media.volume - host.state.volume) < 1e-4 ? host.state.volume : media.volume, muted: media.muted }),
    ended: () => {
      set({ status: 'ended', paused: true });
      void engine.next(); // when there is a next track
    },
    error: () => {
      if (!media.getAttribute('src')) return;
      // Only a network failure says the host is bad; a missing or undecodable track does not.
      if (media.error?.code === 2 /* MEDIA_ERR_NETWORK; no MediaError global outside browsers */) host.client().markHostBad(new URL(media.src).origin);
      // Firefox with no sound device reports a decode error while the track plays on. An error
      // while the element plays is fatal only once playback stops: it waits for data that will
      // not come, or its clock stands still. Before the track played, it is fatal at once.
      if (host.state.status !== 'playing' || media.paused) return fail();
      erredWhilePlaying = true;
      const [id, at] = [loadId, media.currentTime];
      setTimeout(() => id === loadId && !media.paused && media.currentTime === at && fail(), STALL_MS);
    },
  };
  for (const type in on) media.addEventListener(type, on[type]!);

  /** Takes over `media`, already loading or playing `track`: no new request, its position and state kept. */
  const adopt = async (track: Track, queue: readonly Track[], index: number, autoplay: boolean) => {
    const status = media.paused ? 'paused' : media.readyState > 2 ? 'playing' : 'loading';
    set({ track, queue, index, status, paused: media.paused, currentTime: media.currentTime, duration: measured(media, track) ?? track.duration, error: undefined });
    showInMediaSession(engine, track);
    if (autoplay && media.paused) await media.play().catch(playFailed);
  };

  const part: MediaPart = {
    async start(index, queue, autoplay) {
      const track = queue[index]!;
      const id = ++loadId;
      erredWhilePlaying = false;
      pendingSeek = undefined;
      const held = adopted;
      adopted = undefined;
      if (held?.trackId === track.id) return adopt(track, queue, index, autoplay);
      media.pause();
      set({
        track, queue, index, status: autoplay ? 'loading' : 'paused', paused: !autoplay,
        currentTime: 0, duration: track.duration, error: undefined, blocked: undefined,
      });
      showInMediaSession(engine, track);
      try {
        const stream = host.client(); // the host that serves it is the one marked bad if it stalls
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
    },
    resume() {
      if (host.state.status === 'error' || !media.getAttribute('src')) return undefined;
      return media.play().catch(playFailed);
    },
    pause() {
      media.pause();
      // Paused while the track loads or waits for data (WebKit waits after a seek more often):
      // the listener asked for a pause, so it is paused, not loading; start() then plays nothing.
      if (host.state.status !== 'loading') return;
      pausedLoad = loadId;
      set({ status: 'paused', paused: true });
    },
    seek(seconds) {
      if (!Number.isFinite(seconds)) return;
      const known = measured(media, host.state.track);
      const target = Math.min(Math.max(0, seconds), known ?? host.state.duration);
      // WebKit would clamp the seek to its guess (0.0016 s: the track ends at once), or drop it
      // before it knows any duration (a still bar clicked on a track just loaded): it waits for
      // the element's duration to agree with the catalog's (see measure). A seek landing on one in
      // flight can leave WebKit standing still, playing: the last one asked waits for `seeked`.
      pendingSeek = (known === undefined && !(media.duration >= target)) || media.seeking ? target : undefined;
      if (pendingSeek === undefined) media.currentTime = target;
      set({ currentTime: pendingSeek ?? media.currentTime });
    },
    sound() {
      media.volume = host.state.volume;
      media.muted = host.state.muted;
    },
  };
  if (host.page) oneAtATime(engine);
  return part;
}

/** The audio an embed page's bootstrap played before the kit arrived, handed over once: the bootstrap stands down when it is gone. */
function takeEarlyAudio() {
  const holder = globalThis as EarlyHolder;
  const early = holder[EARLY_AUDIO];
  delete holder[EARLY_AUDIO];
  return early && { media: early.audio, trackId: early.id };
}

/**
 * Says over a BroadcastChannel when `engine` starts playing, and pauses it when another page
 * says so. The channel opens at the first start: a page that never played has nothing to pause.
 * Browsers partition channels by top-level site: embeds on two sites' pages stay apart. A page
 * whose body has `data-single="0"` (an embed with `single=0`) stays out: it pauses no other, and
 * none pauses it.
 */
function oneAtATime(engine: AudioEngine): void {
  let channel: BroadcastChannel | undefined;
  let playing = false;
  engine.subscribe(({ status }) => {
    if (status == 'playing' && !playing && typeof BroadcastChannel == 'function' && globalThis.document?.body?.dataset.single !== '0') {
      channel ??= Object.assign(new BroadcastChannel('service-kit.playback'), { onmessage: () => engine.pause() });
      channel.postMessage(0);
    }
    playing = status == 'playing';
  });
}
