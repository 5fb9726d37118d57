/**
 * MP3 encoding and frame parsing. The stream format is fixed: 22.05 kHz mono, 48 kbps CBR,
 * MPEG-2 Layer III (576 samples a frame), no ID3 or Xing tag. lamejs disables the bit
 * reservoir, so every frame decodes on its own and a tail can be cut at a frame boundary.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { SAMPLE_RATE, sampleCount } from './synth.js';

export const BITRATE_KBPS = 48;

/** Samples per Layer III frame: 1152 for MPEG-1, 576 for MPEG-2 and 2.5 (our 22.05 kHz). */
const SAMPLES_PER_FRAME = SAMPLE_RATE >= 32000 ? 1152 : 576;

export interface Mp3Frame {
  offset: number;
  length: number;
  samples: number;
  sampleRate: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES_V1 = [44100, 48000, 32000];

/** The Layer III frame whose header starts at `offset`, or undefined if none does. */
export function frameAt(data: Uint8Array, offset: number): Mp3Frame | undefined {
  if (offset + 4 > data.length || data[offset] !== 0xff || (data[offset + 1] & 0xe0) !== 0xe0) return undefined;
  const version = (data[offset + 1] >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
  const layer = (data[offset + 1] >> 1) & 3; // 1 = Layer III
  const bitrateIndex = data[offset + 2] >> 4;
  const rateIndex = (data[offset + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const sampleRate = RATES_V1[rateIndex] / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const bitrate = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex] * 1000;
  const padding = (data[offset + 2] >> 1) & 1;
  const samples = mpeg1 ? 1152 : 576;
  return { offset, length: Math.floor((samples / 8) * bitrate / sampleRate) + padding, samples, sampleRate };
}

/** The frames of a tag-free MP3, in order; stops at the first byte that is not a frame. */
export function parseFrames(data: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  for (let offset = 0; ; ) {
    const frame = frameAt(data, offset);
    if (!frame || frame.offset + frame.length > data.length) return frames;
    frames.push(frame);
    offset += frame.length;
  }
}

/** Frames a track of `duration` seconds has once its encoder tail is trimmed. */
export function frameCount(duration: number): number {
  return Math.ceil(sampleCount(duration) / SAMPLES_PER_FRAME);
}

/**
 * The exact size of a track's file. CBR frames are whole bytes; LAME adds a padding byte
 * to a frame (never the first) whenever the running fractional remainder goes negative.
 */
export function expectedSize(duration: number): number {
  const frames = frameCount(duration);
  const bytesTimesRate = (SAMPLES_PER_FRAME / 8) * BITRATE_KBPS * 1000;
  const fraction = bytesTimesRate % SAMPLE_RATE;
  return frames * Math.floor(bytesTimesRate / SAMPLE_RATE) + Math.ceil((fraction * (frames - 1)) / SAMPLE_RATE);
}

/**
 * Encodes PCM blocks (mono, SAMPLE_RATE) to MP3, yielding whole frames as soon as they are
 * encoded: after every `sliceSamples` of input (so a caller can stream the file while it is
 * being made). The encoder adds about two frames of delay and pads the end; the trailing
 * frames beyond the input's length are cut (the synthesized tail is silence), so the decoded
 * length is the input length rounded up to a whole frame. The chunks concatenated are the
 * same bytes however the input is sliced.
 */
export function* encodeMp3Chunks(blocks: Iterable<Int16Array>, duration: number, sliceSamples = SAMPLE_RATE): Generator<Uint8Array> {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const wanted = frameCount(duration);
  let frames = 0;
  // Encoded bytes not yet yielded: at most a partial frame plus one slice's frames.
  let pending = new Uint8Array(0);

  /** Adds encoder output; returns the whole frames now complete (up to `wanted`), if any. */
  const take = (output: Uint8Array, last: boolean): Uint8Array | undefined => {
    if (frames >= wanted) return undefined;
    if (output.length > 0) {
      const joined = new Uint8Array(pending.length + output.length);
      joined.set(pending);
      joined.set(output, pending.length);
      pending = joined;
    }
    let end = 0;
    for (let frame = frameAt(pending, 0); frame && frame.offset + frame.length <= pending.length && frames < wanted; ) {
      end = frame.offset + frame.length;
      frames++;
      frame = frameAt(pending, end);
    }
    // The flushed tail short of `wanted` frames (never expected) goes out as it is.
    if (last && frames < wanted) end = pending.length;
    const ready = pending.slice(0, end);
    pending = pending.slice(end);
    return ready.length > 0 ? ready : undefined;
  };

  for (const block of blocks) {
    for (let from = 0; from < block.length; from += sliceSamples) {
      const ready = take(encoder.encodeBuffer(block.subarray(from, from + sliceSamples)), false);
      if (ready) yield ready;
    }
  }
  const tail = take(encoder.flush(), true);
  if (tail) yield tail;
}

/** The whole MP3 of `encodeMp3Chunks` in one array. */
export function encodeMp3(blocks: Iterable<Int16Array>, duration: number): Uint8Array {
  const parts = [...encodeMp3Chunks(blocks, duration)];
  const mp3 = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    mp3.set(part, at);
    at += part.length;
  }
  return mp3;
}
