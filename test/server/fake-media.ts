/**
 * A stand-in for the browser's `<audio>` element, which Node does not have, for the audio
 * engine's tests (src/core/audio-engine.ts takes it through `createAudioEngine({ media })`).
 * It loads for real: setting `src` asks the service for the stream's first bytes, and the
 * answer decides what a browser would report (loaded, or a media error). Playing, the clock
 * and the end of the track are the test's to drive, as a browser's decoder would.
 */
import type { MediaOutput } from '../../src/core/audio.js';

export class FakeMedia extends EventTarget implements MediaOutput {
  preload: HTMLMediaElement['preload'] = '';
  currentTime = 0;
  duration = NaN;
  paused = true;
  ended = false;
  error: MediaError | null = null;
  readyState = 0;
  volume = 1;
  muted = false;
  seeking = false;
  /** Every `play()` call, and every `src` set, in order. */
  readonly calls: string[] = [];
  /** What the next `play()` rejects with, if anything (as WebKit rejects with NotSupportedError). */
  refusePlay?: Error;
  /** Leaves the stream loading forever, as a host that never sends the audio. */
  stall = false;
  /** Settles when the last `src` set has loaded or failed. */
  loading: Promise<void> = Promise.resolve();
  #src = '';

  get src(): string {
    return this.#src;
  }
  set src(url: string) {
    this.#src = url;
    this.calls.push(`src ${new URL(url).pathname}`);
    Object.assign(this, { readyState: 0, error: null, ended: false, currentTime: 0, duration: NaN });
    this.loading = this.#load(url);
  }

  getAttribute(name: string): string | null {
    return name === 'src' && this.#src ? this.#src : null;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.#src = '';
  }
  load(): void {}

  async play(): Promise<void> {
    this.calls.push('play');
    const refusal = this.refusePlay;
    this.refusePlay = undefined;
    if (refusal) throw refusal;
    if (!this.paused) return;
    this.paused = false;
    this.#fire('play');
    if (this.readyState >= 2) this.#fire('playing');
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.#fire('pause');
  }

  /** The decoder moved on to `seconds`. */
  tick(seconds: number): void {
    this.currentTime = seconds;
    this.#fire('timeupdate');
  }

  /** The track played to its end: the events in a browser's order. */
  finish(): void {
    this.paused = true;
    this.ended = true;
    for (const type of ['timeupdate', 'pause', 'ended']) this.#fire(type);
  }

  /** A media error of `code` (2 network, 3 decode, 4 source not supported). */
  fail(code: number): void {
    this.error = { code } as MediaError;
    this.#fire('error');
  }

  async #load(url: string): Promise<void> {
    if (this.stall) return;
    let status = 0;
    try {
      const res = await fetch(url, { headers: { range: 'bytes=0-1' } });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      // no answer: a network error
    }
    if (url !== this.#src || this.error) return; // another source came meanwhile, or it failed
    if (status !== 200 && status !== 206) return this.fail(status ? 4 : 2);
    this.readyState = 4;
    this.#fire('loadeddata');
    if (!this.paused) this.#fire('playing');
  }

  #fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }
}
