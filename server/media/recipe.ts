/**
 * A track's MP3, computed rather than stored: a sequence of palette phrases (one bar each)
 * chosen by the track's id, genre and mood, then silent frames up to its duration. Every
 * frame is 144 bytes, so the file's size, and which palette bytes any byte range is, follow
 * by arithmetic: a HEAD, a Range anywhere or a whole file costs the same for every track,
 * played before or not, and nothing is kept per track.
 *
 * The arrangement, in bars: a four-bar intro of light and soft bars (tracks of 16 bars or
 * more), then eight-bar sections alternating the track's two four-bar loops (every fourth
 * section a break of light and soft bars), and two soft bars to end (16 bars or more).
 */
import { BodyStream, type CopyBytes } from './body.js';
import { Rng, hashSeed } from './prng.js';
import { FRAME_BYTES } from './mp3.js';
import type { Palette, Phrase } from './palette.js';
import { FRAME_SAMPLES, FULL, LIGHT, SAMPLE_RATE, SOFT, STYLES, type TrackTraits } from './synth.js';

export interface TrackAudio {
  /** Bytes of the whole file. */
  size: number;
  frames: number;
  /** A strong validator: the same bytes always, and only those, have it. */
  etag: string;
  /** Copies bytes `start`..`end` (inclusive) into `target` at `at`. */
  copy: CopyBytes;
  /** Bytes `start`..`end` (inclusive), made as the reader takes them, a chunk per turn of the event loop. */
  read(start: number, end: number): BodyStream;
}

/**
 * Frames of a track of `duration` seconds (at least one second): rounded up, so the audio is never
 * shorter than the listed duration (a player shows both) and at most one frame (24 ms) longer.
 */
export function frameCount(duration: number): number {
  return Math.ceil((Math.max(1, duration) * SAMPLE_RATE) / FRAME_SAMPLES);
}

/** The style a genre plays: the first whose genres match, else one chosen by the genre's name. */
function styleOf(track: TrackTraits): number {
  const matched = STYLES.findIndex((style) => style.genres.test(track.genre ?? ''));
  return matched >= 0 ? matched : hashSeed(`genre|${track.genre ?? ''}`) % STYLES.length;
}

export function trackAudio(palette: Palette, track: TrackTraits): TrackAudio {
  const rng = new Rng(hashSeed(`${track.id}|${track.genre ?? ''}|${track.mood ?? ''}`));
  const style = styleOf(track);
  const phrases = palette.phrases[style]!;
  const bar = phrases[0]!.frames;
  const frames = frameCount(track.duration);
  const bars = Math.floor(frames / bar);
  const framed = bars >= 16;
  const intro = framed ? 4 : 0;
  const outro = framed ? 2 : 0;
  const loop = () => Array.from({ length: 4 }, () => rng.int(0, FULL - 1));
  const loops = [loop(), loop()];
  const quiet = Array.from({ length: 4 }, () => rng.pick([LIGHT, LIGHT, SOFT]));

  /** The phrase of bar `n` (0 <= n < bars). */
  const phraseAt = (n: number): Phrase => {
    if (n < intro) return phrases[quiet[n]!]!;
    if (n >= bars - outro) return phrases[SOFT]!;
    const section = Math.floor((n - intro) / 8);
    const step = (n - intro) % 4;
    if (section % 4 === 3) return phrases[quiet[step]!]!;
    return phrases[loops[section % 2]![step]!]!;
  };

  /** Where frame `frame` is in the palette, and how many frames from it on are contiguous there. */
  const locate = (frame: number): { offset: number; run: number } => {
    const n = Math.floor(frame / bar);
    if (n < bars) {
      const within = frame - n * bar;
      return { offset: phraseAt(n).offset + within * FRAME_BYTES, run: bar - within };
    }
    // After the last whole bar: silence; a track shorter than a bar plays the start of its first phrase.
    if (bars === 0) return { offset: phrases[loops[0]![0]!]!.offset + frame * FRAME_BYTES, run: frames - frame };
    return { offset: palette.silence, run: 1 };
  };

  const copy: CopyBytes = (start, end, target, at = 0) => {
    for (let position = start; position <= end; ) {
      const frame = Math.floor(position / FRAME_BYTES);
      const { offset, run } = locate(frame);
      const from = offset + (position - frame * FRAME_BYTES);
      const length = Math.min(offset + run * FRAME_BYTES - from, end + 1 - position);
      target.set(palette.bytes.subarray(from, from + length), at + position - start);
      position += length;
    }
  };

  const size = frames * FRAME_BYTES;
  const recipe = `${style}|${loops.join(';')}|${quiet.join()}`;
  return {
    size,
    frames,
    etag: `"${palette.hash}-${(hashSeed(recipe) >>> 0).toString(16)}-${size.toString(16)}"`,
    copy,
    read: (start, end) => new BodyStream(copy, start, end),
  };
}
