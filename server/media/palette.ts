/**
 * The audio palette: every style's phrases (synth.ts) encoded to MP3 frames once, plus one
 * silent frame, in one buffer that every stream copies from. It is made when the service first
 * starts on a data directory and kept there as `media/palette-<hash>.mp3` (about 0.5 MB; the
 * hash is of the phrases' PCM and the encoder, so a change to either makes a new one). Later
 * starts only synthesize the PCM to hash it and read the file. Nothing else is ever written to
 * `media/`: files left there by older versions (a per-track MP3 cache) are removed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BITRATE_KBPS, FRAME_BYTES, encodePhrases, isFrameHeader } from './mp3.js';
import { FRAME_SAMPLES, PHRASES_PER_STYLE, SAMPLE_RATE, STYLES, barFrames, renderPhrase } from './synth.js';

/** Bump when the layout of the palette file changes without its PCM changing. */
const FORMAT = 'palette 1';

export interface Phrase {
  /** Byte offset of its first frame in `Palette.bytes`. */
  offset: number;
  frames: number;
}

export interface Palette {
  bytes: Buffer;
  /** `phrases[style][index]`, styles in synth.ts's STYLES order. */
  phrases: Phrase[][];
  /** Byte offset of the silent frame. */
  silence: number;
  /** 16 hex digits naming this palette: part of every stream's ETag. */
  hash: string;
  /** When the palette file was made (whole seconds): every stream's Last-Modified. */
  made: Date;
  /** How it came to be, for the start-up line and the bench: encoded now, or read. */
  source: { encoded: boolean; ms: number };
}

/** The palette's layout: each style's phrases in order, then the silent frame. */
function layout(): { phrases: Phrase[][]; silence: number; size: number } {
  let offset = 0;
  const phrases = STYLES.map((style) =>
    Array.from({ length: PHRASES_PER_STYLE }, () => {
      const phrase = { offset, frames: barFrames(style) };
      offset += phrase.frames * FRAME_BYTES;
      return phrase;
    }),
  );
  return { phrases, silence: offset, size: offset + FRAME_BYTES };
}

/** Encoded palettes by hash: a process making several services (tests) encodes once. */
const encoded = new Map<string, Buffer>();

const STALE = /^(\d+\.mp3|.*\.tmp|palette-[0-9a-f]+\.mp3)$/;

/** The palette of `dataDir`: read from `media/`, or encoded and written there (a failure to write is only reported). */
export function loadPalette(dataDir: string, onWriteError?: (error: Error) => void): Palette {
  const started = performance.now();
  const pcm = STYLES.flatMap((style) => Array.from({ length: PHRASES_PER_STYLE }, (_, i) => renderPhrase(style, i)));
  pcm.push(new Int16Array(FRAME_SAMPLES)); // the silent frame
  const digest = createHash('sha256').update(`${FORMAT}|lamejs|${SAMPLE_RATE}|${BITRATE_KBPS}`);
  for (const block of pcm) digest.update(new Uint8Array(block.buffer, block.byteOffset, block.byteLength));
  const hash = digest.digest('hex').slice(0, 16);
  const { phrases, silence, size } = layout();

  const dir = join(dataDir, 'media');
  const path = join(dir, `palette-${hash}.mp3`);
  let bytes = readValid(path, size);
  const fromFile = bytes !== undefined;
  let made = false;
  let stamp = new Date();
  if (!bytes) {
    bytes = encoded.get(hash);
    if (!bytes) {
      bytes = Buffer.concat(encodePhrases(pcm));
      encoded.set(hash, bytes);
      made = true;
    }
  }
  try {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      if (name !== `palette-${hash}.mp3` && STALE.test(name)) rmSync(join(dir, name), { force: true });
    }
    if (!fromFile) {
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      writeFileSync(temp, bytes);
      renameSync(temp, path); // atomic: another service on this directory reads all of it or none
    }
    stamp = statSync(path).mtime;
  } catch (error) {
    // A data directory the service cannot write to costs the next start an encode, nothing more.
    onWriteError?.(error instanceof Error ? error : new Error(String(error)));
  }
  return {
    bytes,
    phrases,
    silence,
    hash,
    made: new Date(Math.floor(stamp.getTime() / 1000) * 1000),
    source: { encoded: made, ms: performance.now() - started },
  };
}

/** The file's bytes if it is a whole palette of this layout: the right size, a frame every 144 bytes. */
function readValid(path: string, size: number): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  if (bytes.length !== size) return undefined;
  for (let offset = 0; offset < size; offset += FRAME_BYTES) if (!isFrameHeader(bytes, offset)) return undefined;
  return bytes;
}
