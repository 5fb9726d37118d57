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

/**
 * Input between posts: a quarter second of audio, about 5 ms of encoding on an idle core, so
 * the first bytes of a stream are out within a few milliseconds of its start and a listener
 * never waits long for the next. (Slicing finer costs no throughput: LAME buffers its input.)
 */
const SLICE_SAMPLES = Math.round(SAMPLE_RATE / 4);

const port = parentPort!;
const reply = (message: EncodeReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// A few seconds of encoding while idle gets the hot paths compiled before a listener waits (a
// cold first second of audio takes several times as long as a warm one). It runs a slice per
// turn of the event loop and stops as soon as real work arrives, so it never delays any.
const WARM_UP: TrackTraits = { id: 0, genre: null, mood: null, duration: 4 };
let warmUp: Iterator<Uint8Array> | undefined = encodeMp3Chunks(synthesize(WARM_UP), WARM_UP.duration, SLICE_SAMPLES);
const warmStep = () => {
  if (warmUp && !warmUp.next().done) setImmediate(warmStep);
  else warmUp = undefined;
};
setImmediate(warmStep);

port.on('message', ({ job, track }: EncodeRequest) => {
  warmUp = undefined;
  try {
    for (const bytes of encodeMp3Chunks(synthesize(track), track.duration, SLICE_SAMPLES)) {
      reply({ job, type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
    }
    reply({ job, type: 'done' });
  } catch (error) {
    reply({ job, type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
