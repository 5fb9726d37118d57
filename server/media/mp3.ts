/**
 * The stream format and its encoder. 24 kHz mono, 48 kbps CBR, MPEG-2 Layer III: every frame
 * is 576 samples (24 ms) in exactly 144 bytes (never a padding byte at this rate), with no
 * ID3 or Xing tag. lamejs runs with the bit reservoir off, so every frame decodes on its own:
 * frames from separately encoded phrases can be joined, and any frame can start a stream.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { FRAME_SAMPLES, SAMPLE_RATE } from './synth.js';

export const BITRATE_KBPS = 48;
/** Bytes per frame: 72 * bitrate / sample rate for MPEG-2 Layer III. */
export const FRAME_BYTES = (72 * BITRATE_KBPS * 1000) / SAMPLE_RATE;

/**
 * LAME delays its output by 576 samples, and a decoder's filter banks by 529 more. Starting the
 * input with the rest of two frames' worth of zeros puts the phrase's first sample at (about:
 * decoders differ by a few ms) the start of the third output frame, where the phrase's frames are
 * taken from. The phrases' quiet ends (synth.ts) absorb the difference.
 */
const DELAY = 576 + 529;
const SKIP_FRAMES = Math.ceil(DELAY / FRAME_SAMPLES);
const PRE_ROLL = SKIP_FRAMES * FRAME_SAMPLES - DELAY;

/** Encodes done in this process: the stream routes never add to it (tests check). */
export const encoderStats = { encodes: 0 };

/** True when a frame header of the stream format starts at `offset`. */
export function isFrameHeader(data: Uint8Array, offset: number): boolean {
  // 0xFFF3: sync, MPEG-2, Layer III, no CRC; then 48 kbps (index 6), 24 kHz (index 1), no padding.
  return data[offset] === 0xff && data[offset + 1] === 0xf3 && data[offset + 2] >> 1 === 0b0110_010;
}

/** Silent frames between phrases in the encoder's input, so no phrase's frames hold another's sound. */
const GAP_FRAMES = 2;

/**
 * Encodes phrases of mono PCM, each a whole number of frames, into exactly that many frames
 * each: the frames whose decoded sound is the phrase, from its first sample on. One encoder
 * takes them all, with silence between, which is much cheaper than one encoder per phrase.
 */
export function encodePhrases(phrases: Int16Array[]): Uint8Array[] {
  encoderStats.encodes++;
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const gap = new Int16Array(GAP_FRAMES * FRAME_SAMPLES);
  const parts = [encoder.encodeBuffer(new Int16Array(PRE_ROLL))];
  for (const pcm of phrases) {
    if (pcm.length % FRAME_SAMPLES !== 0) throw new Error(`PCM of ${pcm.length} samples is not a whole number of frames`);
    parts.push(encoder.encodeBuffer(pcm), encoder.encodeBuffer(gap));
  }
  parts.push(encoder.encodeBuffer(new Int16Array(2 * DELAY)), encoder.flush());
  const all = Buffer.concat(parts.map((part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength)));
  let frame = SKIP_FRAMES;
  return phrases.map((pcm) => {
    const start = frame * FRAME_BYTES;
    const end = start + (pcm.length / FRAME_SAMPLES) * FRAME_BYTES;
    frame += pcm.length / FRAME_SAMPLES + GAP_FRAMES;
    if (all.length < end) throw new Error(`the encoder gave ${all.length} bytes, fewer than ${end}`);
    for (let offset = start; offset < end; offset += FRAME_BYTES) {
      if (!isFrameHeader(all, offset)) throw new Error(`the encoder's output has no frame of the stream format at byte ${offset}`);
    }
    return all.subarray(start, end);
  });
}
