/**
 * Runs track encodes off the event loop, in worker threads. Starting a worker costs about half
 * a second here (most of it tsx's loader, below), as long as a listener would wait for the
 * first second of a stream, so workers are kept: up to `keepIdle` wait between encodes, and
 * `prewarm` starts them ahead of the first request. A worker encodes one track at a time; one
 * that fails or crashes is thrown away, never reused.
 */
import { Worker } from 'node:worker_threads';
import type { TrackTraits } from './synth.js';
import { expectedSize } from './mp3.js';
import type { EncodeReply, EncodeRequest } from './encode-worker.js';

/** What the media cache needs from an encoder; tests substitute their own. */
export interface TrackEncoder {
  /**
   * Encodes a track's MP3 file, handing its bytes to `onChunk` in order as they are made;
   * resolves once all are handed over. If `onChunk` throws, the encode stops and rejects.
   */
  encode(track: TrackTraits, onChunk: (bytes: Uint8Array) => void): Promise<void>;
  /** The size a good file of the track has: known before encoding, and checked after. */
  sizeOf(track: TrackTraits): number;
  /** Gets ready to encode without a start-up delay (optional). */
  prewarm?(): void;
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

function startWorker(): Worker {
  return tsBootstrap === undefined ? new Worker(workerEntry) : new Worker(tsBootstrap, { eval: true, execArgv: [] });
}

interface Job {
  id: number;
  track: TrackTraits;
  onChunk: (bytes: Uint8Array) => void;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class WorkerEncoder implements TrackEncoder {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private nextJob = 1;
  private closed = false;

  /** `keepIdle`: how many workers wait for work between encodes (and `prewarm` starts). */
  constructor(private readonly keepIdle = 2) {}

  encode(track: TrackTraits, onChunk: (bytes: Uint8Array) => void): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Encoder is closed'));
    const traits: TrackTraits = { id: track.id, genre: track.genre, mood: track.mood, duration: track.duration };
    return new Promise((resolve, reject) => {
      const worker = this.idle.pop() ?? this.spawn();
      const job: Job = { id: this.nextJob++, track: traits, onChunk, resolve, reject };
      this.busy.set(worker, job);
      worker.ref(); // an encode under way keeps the process alive; an idle worker does not
      worker.postMessage({ job: job.id, track: traits } satisfies EncodeRequest);
    });
  }

  sizeOf(track: TrackTraits): number {
    return expectedSize(track.duration);
  }

  prewarm(): void {
    while (!this.closed && this.idle.length + this.busy.size < this.keepIdle) this.idle.push(this.spawn());
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private spawn(): Worker {
    const worker = startWorker();
    worker.unref();
    worker.on('message', (message: EncodeReply) => this.receive(worker, message));
    worker.on('error', (error) => this.discard(worker, error));
    worker.on('exit', (code) => this.discard(worker, new Error(`worker stopped (exit code ${code}) before finishing`)));
    return worker;
  }

  private receive(worker: Worker, message: EncodeReply): void {
    const job = this.busy.get(worker);
    if (!job || job.id !== message.job) return;
    if (message.type === 'chunk') {
      try {
        job.onChunk(message.bytes);
      } catch (error) {
        // The rest of this encode is unwanted: stop the worker rather than wait for it.
        this.discard(worker, error instanceof Error ? error : new Error(String(error)));
      }
      return;
    }
    this.busy.delete(worker);
    if (message.type === 'done') {
      job.resolve();
      this.release(worker);
    } else {
      job.reject(new Error(`Encoder for track ${job.track.id}: ${message.message}`));
      void worker.terminate();
    }
  }

  /** A worker that finished cleanly waits for the next encode, or stops if enough wait already. */
  private release(worker: Worker): void {
    if (this.closed || this.idle.length >= this.keepIdle) {
      void worker.terminate();
      return;
    }
    worker.unref();
    this.idle.push(worker);
  }

  /** Drops a worker that erred, exited or misbehaved; its encode, if any, rejects. */
  private discard(worker: Worker, error: Error): void {
    const waiting = this.idle.indexOf(worker);
    if (waiting >= 0) this.idle.splice(waiting, 1);
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    if (job) job.reject(new Error(`Encoder for track ${job.track.id}: ${error.message}`, { cause: error }));
    void worker.terminate();
  }
}
