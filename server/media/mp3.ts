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
 * Encodes PCM blocks (mono, SAMPLE_RATE) to MP3. The encoder adds about two frames of delay
 * and pads the end; the trailing frames beyond the input's length are cut (the synthesized
 * tail is silence), so the decoded length is the input length rounded up to a whole frame.
 */
export function encodeMp3(blocks: Iterable<Int16Array>, duration: number): Uint8Array {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const parts: Uint8Array[] = [];
  let size = 0;
  const keep = (chunk: Uint8Array) => {
    if (chunk.length === 0) return;
    parts.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    size += chunk.length;
  };
  for (const block of blocks) keep(encoder.encodeBuffer(block));
  keep(encoder.flush());

  const mp3 = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    mp3.set(part, at);
    at += part.length;
  }
  const frames = parseFrames(mp3);
  const wanted = frameCount(duration);
  return frames.length > wanted ? mp3.slice(0, frames[wanted].offset) : mp3;
}
