/**
 * The stream files: `<dir>/<trackId>.mp3`, encoded on first request and kept across
 * restarts. Concurrent requests for one track share one encode, and at most `concurrency`
 * encodes run at once (the rest wait their turn in arrival order).
 */
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { TrackTraits } from './synth.js';
import type { TrackEncoder } from './encoder.js';

export interface MediaFile {
  path: string;
  size: number;
  mtime: Date;
}

export class MediaCache {
  private readonly inFlight = new Map<number, Promise<MediaFile>>();
  private readonly waiting: Array<{ start: () => void; cancel: (error: Error) => void }> = [];
  private active = 0;
  private closed = false;

  constructor(
    readonly dir: string,
    private readonly encoder: TrackEncoder,
    private readonly concurrency = 2,
  ) {}

  /** The track's file, encoding it first when it is missing or does not have the expected size. */
  file(track: TrackTraits): Promise<MediaFile> {
    let job = this.inFlight.get(track.id);
    if (!job) {
      job = this.load(track).finally(() => this.inFlight.delete(track.id));
      this.inFlight.set(track.id, job);
    }
    return job;
  }

  /** Stops running encodes and refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.cancel(new Error('Media cache is closed'));
    await this.encoder.close();
  }

  private async load(track: TrackTraits): Promise<MediaFile> {
    const path = join(this.dir, `${track.id}.mp3`);
    const existing = await this.existing(path);
    // A size mismatch means a crash left a bad file or the track's duration changed.
    if (existing && existing.size === this.encoder.sizeOf(track)) return existing;

    const bytes = await this.withSlot(() => this.encoder.encode(track));
    await mkdir(this.dir, { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, path); // atomic: readers see the old file or the whole new one
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    const written = await this.existing(path);
    if (!written) throw new Error(`Media file ${path} vanished after writing`);
    return written;
  }

  private async existing(path: string): Promise<MediaFile | undefined> {
    try {
      const info = await stat(path);
      return info.isFile() ? { path, size: info.size, mtime: info.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Runs `task` in one of the `concurrency` slots; a freed slot passes straight to the next waiter. */
  private async withSlot<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('Media cache is closed');
    if (this.active < this.concurrency) this.active++;
    else await new Promise<void>((start, cancel) => this.waiting.push({ start, cancel }));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.active--;
    }
  }
}
