/**
 * Worker entry: encodes tracks one at a time, as the parent asks. For each track it posts
 * the MP3's bytes in order as chunks of whole frames (transferred, not copied), then `done`;
 * or `error` if the encode threw. See encoder.ts for the protocol's other side.
 */
import { parentPort } from 'node:worker_threads';
import { synthesize, SAMPLE_RATE, type TrackTraits } from './synth.js';
import { encodeMp3Chunks } from './mp3.js';

export type EncodeRequest = { job: number; track: TrackTraits };
export type EncodeReply =
  | { job: number; type: 'chunk'; bytes: Uint8Array }
  | { job: number; type: 'done' }
  | { job: number; type: 'error'; message: string };

/** Input slice between posts: a second of audio, about 20 ms of encoding here. */
const SLICE_SAMPLES = SAMPLE_RATE;

const port = parentPort!;
const reply = (message: EncodeReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// Runs a tiny encode first so the encoder's hot paths are compiled before a listener waits.
for (const chunk of encodeMp3Chunks(synthesize({ id: 0, genre: null, mood: null, duration: 1 }), 1)) void chunk;

port.on('message', ({ job, track }: EncodeRequest) => {
  try {
    for (const bytes of encodeMp3Chunks(synthesize(track), track.duration, SLICE_SAMPLES)) {
      reply({ job, type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
    }
    reply({ job, type: 'done' });
  } catch (error) {
    reply({ job, type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
