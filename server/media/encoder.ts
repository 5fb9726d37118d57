/**
 * Runs track encodes off the event loop: one worker thread per encode (an encode takes
 * seconds, so a worker's start-up is small beside it, and a crash cannot poison a pool).
 */
import { Worker } from 'node:worker_threads';
import type { TrackTraits } from './synth.js';
import { expectedSize } from './mp3.js';

/** What the media cache needs from an encoder; tests substitute their own. */
export interface TrackEncoder {
  /** The finished MP3 file of a track. */
  encode(track: TrackTraits): Promise<Uint8Array>;
  /** The size a good file of the track has, to tell a stale or truncated cache entry. */
  sizeOf(track: TrackTraits): number;
  /** Stops every running encode; their promises reject. */
  close(): Promise<void>;
}

// Under tsx (how the service runs) this module is a .ts file. Node 20 ignores a loader given
// in a worker's execArgv (nodejs/node#47747, fixed in 22.2), so the worker starts from a
// small bootstrap that registers tsx's loader through its API and then imports the entry.
const runningAsTs = import.meta.url.endsWith('.ts');
const workerEntry = new URL(runningAsTs ? './encode-worker.ts' : './encode-worker.js', import.meta.url);
const tsBootstrap = runningAsTs
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(workerEntry.href)}); })`
  : undefined;

function startWorker(workerData: TrackTraits): Worker {
  return tsBootstrap === undefined ? new Worker(workerEntry, { workerData }) : new Worker(tsBootstrap, { eval: true, execArgv: [], workerData });
}

export class WorkerEncoder implements TrackEncoder {
  private readonly running = new Set<Worker>();

  encode(track: TrackTraits): Promise<Uint8Array> {
    const traits: TrackTraits = { id: track.id, genre: track.genre, mood: track.mood, duration: track.duration };
    return new Promise((resolve, reject) => {
      const worker = startWorker(traits);
      this.running.add(worker);
      let result: Uint8Array | undefined;
      worker.once('message', (bytes: Uint8Array) => (result = bytes));
      worker.once('error', (error) => reject(error));
      worker.once('exit', (code) => {
        this.running.delete(worker);
        if (result) resolve(result);
        else reject(new Error(`Encoder for track ${track.id} stopped (exit code ${code}) without a result`));
      });
    });
  }

  sizeOf(track: TrackTraits): number {
    return expectedSize(track.duration);
  }

  async close(): Promise<void> {
    await Promise.all([...this.running].map((worker) => worker.terminate()));
  }
}
