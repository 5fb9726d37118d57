/** The audio engine's state and API (src/core/audio-engine.ts implements them). */
import type { Client } from './client.js';
import type { Track } from './types.js';

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
  /** Seconds; the track's own duration until the audio knows better, 0 with no track. */
  duration: number;
  /** 0..1 */
  volume: number;
  muted: boolean;
  /** Why playback failed, for status `error`. */
  error?: string;
  /** The browser refused to start playback before a gesture (its autoplay policy): paused, not failed, until it plays. */
  blocked?: boolean;
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

/** What the engine uses of an `<audio>` element: a test or a Node script may pass a stand-in. */
export type MediaOutput = Pick<
  HTMLMediaElement,
  | 'addEventListener' | 'play' | 'pause' | 'load' | 'getAttribute' | 'removeAttribute' | 'src' | 'preload' | 'currentTime'
  | 'duration' | 'paused' | 'ended' | 'error' | 'readyState' | 'volume' | 'muted' | 'seeking'
>;

export interface AudioEngineOptions {
  /** Makes the media element the engine plays into, on first use; `new Audio()` by default. */
  media?: () => MediaOutput;
  /**
   * A media element already holding a track's stream (a page's Play before its script), taken over as the
   * engine's own on first use.
   */
  adopt?: () => { media: MediaOutput; trackId: string } | undefined;
}

/** The sentence for a track that could not be played, whatever the engine said. */
export const COULD_NOT_PLAY = 'The track could not be played.';

/** Where an embed page's bootstrap (server/embed/frame-bootstrap.js) leaves the audio it plays before the kit arrived. @internal */
export const EARLY_AUDIO = Symbol.for('service-kit.embed.audio');
/** @internal */
export type EarlyHolder = { [EARLY_AUDIO]?: { audio: HTMLAudioElement; id: string } };

/** What the engine lends its media side (audio-media.ts): its options, state and client. @internal */
export interface MediaHost {
  readonly options: AudioEngineOptions;
  /** The page's engine (`getAudioEngine()`): it takes over an embed's early audio and plays one at a time with the page's others. */
  readonly page: boolean;
  readonly engine: AudioEngine;
  readonly state: PlayerState;
  set(patch: Partial<PlayerState>): void;
  /** The client that serves the streams: the last play's, else the page's. */
  client(): Client;
}

/** The engine's media side, fetched once an element that plays subscribes (src/core/audio-media.ts). @internal */
export interface MediaPart {
  /** Loads `queue[index]` into the element and plays it unless `autoplay` is false. */
  start(index: number, queue: readonly Track[], autoplay: boolean): Promise<void>;
  /** Plays the loaded track again; undefined at once when there is none to play (none loaded, or it failed). */
  resume(): Promise<void> | undefined;
  pause(): void;
  seek(seconds: number): void;
  /** Gives the element the state's volume and muting. */
  sound(): void;
}
