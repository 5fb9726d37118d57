/**
 * The embed control API (`dist/cdn/embed-api.js`, `service-kit/embed-api`): a site steers the
 * service's embed frames through `embed(iframe)` (also `window.serviceKitEmbed`). Standalone: no
 * Lit, no kit; it speaks the frame's message protocol (src/embed/frame-protocol.ts, docs/embeds.md).
 * It takes messages only from its iframe's window and the origin of the iframe's `src`, and posts
 * only to that origin.
 */

/** The events a controller fires, with what each listener receives. */
export interface EmbedEvents {
  ready: undefined;
  play: undefined;
  pause: undefined;
  finish: undefined;
  /** Milliseconds, at least 4 times a second while playing. */
  progress: { position: number; duration: number };
  seek: { position: number };
  error: { reason: string };
  autoplayblocked: undefined;
}

/** URL options of the embed page (`autoplay`, `t`, `color`, …), as docs/embeds.md lists them; `true` is `1`, `false` is `0`. */
export type EmbedOptions = Record<string, string | number | boolean>;

export interface EmbedController {
  play(): Promise<void>;
  pause(): Promise<void>;
  toggle(): Promise<void>;
  /** Milliseconds from the track's start. */
  seekTo(ms: number): Promise<void>;
  /** 0 to 100. */
  setVolume(volume: number): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  /** Shows another resource in the frame (a public URL of the service, or an embed URL); `ready` fires again. */
  load(url: string, options?: EmbedOptions): Promise<void>;
  /** Milliseconds. */
  getPosition(): Promise<number>;
  /** Milliseconds. */
  getDuration(): Promise<number>;
  /** 0 to 100. */
  getVolume(): Promise<number>;
  /** The current track (or the one the frame shows), as the kit's `Track` type has it. */
  getCurrentTrack(): Promise<unknown>;
  isPaused(): Promise<boolean>;
  on<K extends keyof EmbedEvents>(event: K, listener: (data: EmbedEvents[K]) => void): void;
  off<K extends keyof EmbedEvents>(event: K, listener: (data: EmbedEvents[K]) => void): void;
  /** Stops listening to the frame: pending calls reject, the controller is forgotten (the iframe stays). */
  destroy(): void;
}

export interface EmbedSettings {
  /** How long a call waits for the frame's answer, in ms (default 10 000), then rejects. */
  timeout?: number;
}

type Listener = (data: unknown) => void;
interface Call {
  id: number;
  method: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const controllers = new WeakMap<HTMLIFrameElement, EmbedController>();
let ids = 0;

/** The controller of `iframe` (an embed of the service): the same object each time for one iframe. */
export function embed(iframe: HTMLIFrameElement, { timeout = 10_000 }: EmbedSettings = {}): EmbedController {
  if (iframe?.localName != 'iframe') throw new TypeError('embed() takes the <iframe> of an embed of the service.');
  const known = controllers.get(iframe);
  if (known) return known;
  const listeners = new Map<string, Set<Listener>>();
  const waiting = new Map<number, Call>();
  const queue: Call[] = [];
  // `listen` carries a generation: a `ready` answering an older one (the page before a load) is stale.
  let generation = 0;
  let ready = false;
  let pings: ReturnType<typeof setInterval> | undefined;

  const origin = () => new URL(iframe.src, location.href).origin;
  const post = (message: object) => {
    try {
      iframe.contentWindow?.postMessage(message, origin());
    } catch {
      // A src with no origin to post to (about:blank): the call times out with its clear error.
    }
  };
  const fire = (event: string, data?: unknown) =>
    listeners.get(event)?.forEach((listener) => {
      try {
        listener(data);
      } catch (error) {
        queueMicrotask(() => { throw error; }); // one bad listener must not stop the others
      }
    });

  // The frame may not be there yet (a lazy iframe, a page still loading): ask until it answers.
  const listen = () => {
    const started = Date.now();
    clearInterval(pings);
    const ping = () => (ready || Date.now() - started > timeout ? clearInterval(pings) : post({ method: 'listen', id: generation }));
    pings = setInterval(ping, 250);
    ping();
  };

  const send = (call: Call) => {
    if (!iframe.contentWindow) return call.reject(new Error(`The embed frame is gone: "${call.method}" has no frame to go to.`));
    waiting.set(call.id, call);
    post({ method: call.method, args: call.args, id: call.id });
    // The frame leaves its page for the new one: what follows waits for the new page's `ready`.
    if (call.method === 'load') {
      ready = false;
      generation++;
      listen();
    }
  };

  const flush = () => {
    while (ready && queue.length) send(queue.shift()!);
  };

  const call = <T>(method: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = ++ids;
      const timer = setTimeout(() => done(new Error(`The embed frame did not answer "${method}" within ${timeout} ms.`)), timeout);
      const done = (error?: Error, value?: unknown) => {
        clearTimeout(timer);
        waiting.delete(id);
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        if (error) reject(error);
        else resolve(value as T);
      };
      const entry: Call = { id, method, args, resolve: (value) => done(undefined, value), reject: done };
      queue.push(entry);
      flush();
    });

  const onMessage = ({ source, origin: from, data }: MessageEvent) => {
    if (source !== iframe.contentWindow || from !== origin() || typeof data?.event != 'string') return;
    const { event, id } = data;
    if (event == 'reply') return data.error ? waiting.get(id)?.reject(new Error(data.error)) : waiting.get(id)?.resolve(data.data);
    if (event == 'ready') {
      if (ready || id !== generation) return;
      ready = true;
      flush();
    }
    fire(event, data.data);
  };
  // A page loaded in the frame (the first, or one the site navigated it to) hears `listen` at once.
  const onLoad = () => ready || listen();
  addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);

  const controller: EmbedController = {
    play: () => call('play'),
    pause: () => call('pause'),
    toggle: () => call('toggle'),
    seekTo: (ms) => call('seekTo', ms),
    setVolume: (volume) => call('setVolume', volume),
    next: () => call('next'),
    previous: () => call('previous'),
    load: (url, options) => call('load', url, options),
    getPosition: () => call('getPosition'),
    getDuration: () => call('getDuration'),
    getVolume: () => call('getVolume'),
    getCurrentTrack: () => call('getCurrentTrack'),
    isPaused: () => call('isPaused'),
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener as Listener);
      // A listener that comes after `ready` still learns it.
      if (event == 'ready' && ready) queueMicrotask(() => (listener as Listener)(undefined));
    },
    off: (event, listener) => void listeners.get(event)?.delete(listener as Listener),
    destroy() {
      removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onLoad);
      clearInterval(pings);
      for (const pending of [...waiting.values(), ...queue]) pending.reject(new Error('The embed controller was destroyed.'));
      listeners.clear();
      controllers.delete(iframe);
    },
  };
  controllers.set(iframe, controller);
  listen();
  return controller;
}

declare global {
  interface Window {
    serviceKitEmbed?: typeof embed;
  }
}

if (typeof window == 'object') window.serviceKitEmbed ??= embed;
