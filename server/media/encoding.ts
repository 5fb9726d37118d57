/**
 * A track's file while it is being encoded: a buffer of the file's final size (known ahead:
 * the stream is CBR) that fills from the front as the encoder hands over chunks, and readers
 * that stream any byte range of it while it fills. A reader of [a, b] sends what is there,
 * waits for more, and ends at b. Once the file is in the cache the buffer is dropped and
 * unfinished readers continue from the file, so a slow listener does not pin the memory.
 * The file's last byte is held back until the file is cached, so a response that has ended
 * means the cache has the file (the next request reads it, with the same validators).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

export interface MediaFile {
  path: string;
  size: number;
  mtime: Date;
}

/** The most a reader pushes at once. */
const READ_CHUNK = 64 * 1024;

export class Encoding {
  /** Bytes encoded so far: [0, filled) of the file. */
  filled = 0;
  /** Set when the encode failed: readers stop with this error. */
  error: Error | undefined;
  /** Set once the whole file is in the cache. */
  file: MediaFile | undefined;
  /** Resolves with the cached file, or rejects if encoding or writing it failed. */
  readonly done: Promise<MediaFile>;
  /** Allocated at the first chunk (an encode queued for a slot holds no memory); dropped once cached. */
  private bytes: Uint8Array | undefined;
  /** Readers may take the last byte from memory: the file could not be cached. */
  private lastByteFree = false;
  private readonly listeners = new Set<() => void>();
  private settle!: { resolve: (file: MediaFile) => void; reject: (error: Error) => void };

  /** `mtime`: the time the cached file will be stamped with, so validators are known now. */
  constructor(
    readonly size: number,
    readonly mtime: Date,
  ) {
    this.done = new Promise<MediaFile>((resolve, reject) => (this.settle = { resolve, reject }));
    this.done.catch(() => undefined); // the owner reports failures; nobody need be waiting
  }

  /** Appends the next chunk; throws if it would run past the expected size. */
  append(chunk: Uint8Array): void {
    if (this.error || this.file) throw new Error('Encoding is no longer accepting bytes');
    if (this.filled + chunk.length > this.size) {
      throw new Error(`Encoder produced more than the expected ${this.size} bytes`);
    }
    this.bytes ??= new Uint8Array(this.size);
    this.bytes.set(chunk, this.filled);
    this.filled += chunk.length;
    this.notify();
  }

  /** The whole file, once every byte has arrived; throws if the encoder stopped short. */
  complete(): Uint8Array {
    if (!this.bytes || this.filled !== this.size) {
      throw new Error(`Encoder produced ${this.filled} bytes, not the expected ${this.size}`);
    }
    return this.bytes;
  }

  /** The file is in the cache: readers continue from it and the buffer is let go. */
  commit(file: MediaFile): void {
    this.file = file;
    this.bytes = undefined;
    this.settle.resolve(file);
    this.notify();
  }

  /** The encode failed: readers stop with `error`. */
  fail(error: Error): void {
    this.error = error;
    this.bytes = undefined;
    this.settle.reject(error);
    this.notify();
  }

  /** The bytes are whole but could not be cached: readers already streaming finish from memory. */
  abandon(error: Error): void {
    this.lastByteFree = true;
    this.settle.reject(error);
    this.notify();
  }

  /** A view of encoded bytes from `start`, at most `max` of them; undefined if none are in memory. */
  view(start: number, max: number): Buffer | undefined {
    const available = this.lastByteFree ? this.filled : Math.min(this.filled, this.size - 1);
    if (!this.bytes || start >= available) return undefined;
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, Math.min(max, available - start));
  }

  /** Bytes `start`..`end` (inclusive) as they become available. `onFirstRead` runs when streaming begins. */
  reader(start: number, end: number, onFirstRead?: () => void): Readable {
    return new EncodingReader(this, start, end, onFirstRead);
  }

  /** Calls `listener` once, at the next change: more bytes, the cached file, or a failure. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  offChange(listener: () => void): void {
    this.listeners.delete(listener);
  }

  private notify(): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener();
  }
}

class EncodingReader extends Readable {
  private position: number;
  private handle: FileHandle | undefined;

  constructor(
    private readonly source: Encoding,
    start: number,
    private readonly end: number,
    private onFirstRead: (() => void) | undefined,
  ) {
    super({ highWaterMark: READ_CHUNK });
    this.position = start;
  }

  override _read(): void {
    const first = this.onFirstRead;
    this.onFirstRead = undefined;
    first?.();
    this.pump();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.source.offChange(this.pump);
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return callback(error);
    handle.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  /** Pushes the next piece, or waits for the encoder; one piece per call, as `_read` asks. */
  private readonly pump = (): void => {
    if (this.destroyed) return;
    if (this.position > this.end) {
      this.push(null);
      return;
    }
    const source = this.source;
    if (source.error) {
      this.destroy(source.error);
      return;
    }
    const piece = source.view(this.position, Math.min(READ_CHUNK, this.end + 1 - this.position));
    if (piece) {
      this.position += piece.length;
      this.push(piece);
      if (this.position > this.end) this.push(null);
    } else if (source.file) {
      void this.readFile(source.file);
    } else {
      source.onChange(this.pump);
    }
  };

  private async readFile(file: MediaFile): Promise<void> {
    try {
      if (!this.handle) {
        const handle = await open(file.path, 'r');
        if (this.destroyed) {
          await handle.close();
          return;
        }
        this.handle = handle;
      }
      const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, this.end + 1 - this.position));
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, this.position);
      if (this.destroyed) return;
      if (bytesRead === 0) throw new Error(`Media file ${file.path} ended at ${this.position}, before byte ${this.end}`);
      this.position += bytesRead;
      this.push(buffer.subarray(0, bytesRead));
      if (this.position > this.end) this.push(null);
    } catch (error) {
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
