/**
 * The stream files: `<dir>/<trackId>.mp3`, encoded on first request and kept across
 * restarts. A file being encoded can be read while it is made (see encoding.ts), so the
 * first listener does not wait for the whole encode. Concurrent requests for one track share
 * one encode, and at most `concurrency` encodes run at once (the rest wait their turn in
 * arrival order).
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { TrackTraits } from './synth.js';
import type { TrackEncoder } from './encoder.js';
import { Encoding, type MediaFile } from './encoding.js';

export type { MediaFile } from './encoding.js';

/** A track's stream, cached or being encoded: its size and validators are final either way. */
export interface MediaEntry {
  size: number;
  /** The file's modification time (for an encode under way, the one the file will get). */
  mtime: Date;
  /** Bytes `start`..`end` inclusive. `onFirstRead` runs when a stream that may wait begins. */
  read(start: number, end: number, onFirstRead?: () => void): Readable;
}

export class MediaCache {
  /** Per track being looked up or encoded: the cached file, or the encode under way. */
  private readonly inFlight = new Map<number, Promise<MediaFile | Encoding>>();
  private readonly waiting: Array<{ start: () => void; cancel: (error: Error) => void }> = [];
  private active = 0;
  private closed = false;

  /** `onFailure` hears of every encode or write that failed (nobody may be listening to it). */
  constructor(
    readonly dir: string,
    private readonly encoder: TrackEncoder,
    private readonly concurrency = 2,
    private readonly onFailure?: (error: Error, track: TrackTraits) => void,
  ) {}

  /** The track's stream at once: its file, or the encode that is making it (started if need be). */
  async open(track: TrackTraits): Promise<MediaEntry> {
    const found = await this.lookup(track);
    if (found instanceof Encoding) {
      return { size: found.size, mtime: found.mtime, read: (start, end, onFirstRead) => found.reader(start, end, onFirstRead) };
    }
    return { size: found.size, mtime: found.mtime, read: (start, end) => createReadStream(found.path, { start, end }) };
  }

  /** The track's file, encoding it first when it is missing or does not have the expected size. */
  async file(track: TrackTraits): Promise<MediaFile> {
    const found = await this.lookup(track);
    return found instanceof Encoding ? found.done : found;
  }

  /** Stops running encodes and refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.cancel(new Error('Media cache is closed'));
    await this.encoder.close();
  }

  private lookup(track: TrackTraits): Promise<MediaFile | Encoding> {
    const known = this.inFlight.get(track.id);
    if (known) return known;
    const pending = this.find(track);
    this.inFlight.set(track.id, pending);
    const forget = () => {
      if (this.inFlight.get(track.id) === pending) this.inFlight.delete(track.id);
    };
    // A found file is forgotten at once; an encode once its file is written (or it failed).
    pending.then((found) => (found instanceof Encoding ? found.done : undefined)).then(forget, forget);
    return pending;
  }

  private async find(track: TrackTraits): Promise<MediaFile | Encoding> {
    const path = join(this.dir, `${track.id}.mp3`);
    const size = this.encoder.sizeOf(track);
    const existing = await this.existing(path);
    // A size mismatch means a crash left a bad file or the track's duration changed.
    if (existing && existing.size === size) return existing;
    if (this.closed) throw new Error('Media cache is closed');

    // Whole seconds: the time survives any file system's timestamps and HTTP dates alike.
    const encoding = new Encoding(size, new Date(Math.floor(Date.now() / 1000) * 1000));
    void this.encode(track, path, encoding);
    return encoding;
  }

  private async encode(track: TrackTraits, path: string, encoding: Encoding): Promise<void> {
    let bytes: Uint8Array;
    try {
      await this.withSlot(() => this.encoder.encode(track, (chunk) => encoding.append(chunk)));
      bytes = encoding.complete();
    } catch (error) {
      const failure = asError(error);
      encoding.fail(failure);
      this.report(failure, track);
      return;
    }
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(temp, bytes);
      await utimes(temp, encoding.mtime, encoding.mtime);
      await rename(temp, path); // atomic: readers see the old file or the whole new one
      const written = await this.existing(path);
      if (!written) throw new Error(`Media file ${path} vanished after writing`);
      encoding.commit(written);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      const failure = asError(error);
      encoding.abandon(failure);
      this.report(failure, track);
    }
  }

  private report(error: Error, track: TrackTraits): void {
    try {
      this.onFailure?.(error, track);
    } catch {
      // A failing reporter must not turn into an unhandled rejection.
    }
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

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
