/**
 * A stream's body: bytes `start`..`end` of a computed file, made chunk by chunk as the socket
 * takes them, one chunk per turn of the event loop.
 *
 * Why the turns: on loopback (and any fast link) the kernel takes megabytes of a socket's
 * writes at once, so a body made synchronously while the socket accepts is written whole, in
 * one turn, before the service reads the next request. Twenty first plays at once then
 * answered in queue order, each waiting for the whole files of those before it (measured:
 * 1-2.4 MB per response in its first turn, the twentieth first byte at 87 ms). Made one chunk
 * per turn, every response gets its headers and first audio in the turn that read its
 * request, later chunks take turns with every other stream, and API requests are read between.
 */
import { Readable } from 'node:stream';

/** Bytes of the first chunk, sent with the headers in the request's own turn: about 2.7 s of audio. */
export const FIRST_CHUNK = 16 * 1024;
/** Bytes of each later chunk, and the most a stream holds before the socket takes it. */
export const CHUNK = 64 * 1024;

/** Copies bytes `start`..`end` (inclusive) of the file into `target` at `at`. */
export type CopyBytes = (start: number, end: number, target: Uint8Array, at?: number) => void;

export class BodyStream extends Readable {
  private next: NodeJS.Immediate | undefined;
  private started = false;

  constructor(
    private readonly copy: CopyBytes,
    private position: number,
    private readonly end: number,
  ) {
    super({ highWaterMark: CHUNK });
  }

  override _read(): void {
    if (!this.started) {
      this.started = true;
      this.pushChunk(FIRST_CHUNK);
      return;
    }
    this.next ??= setImmediate(() => {
      this.next = undefined;
      this.pushChunk(CHUNK);
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.next) clearImmediate(this.next);
    this.next = undefined;
    callback(error);
  }

  private pushChunk(size: number): void {
    if (this.destroyed) return;
    const last = Math.min(this.end, this.position + size - 1);
    const chunk = Buffer.allocUnsafe(last - this.position + 1);
    this.copy(this.position, last, chunk);
    this.position = last + 1;
    this.push(chunk);
    if (this.position > this.end) this.push(null);
  }
}
