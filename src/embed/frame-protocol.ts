/**
 * The embed page's side of the embed control API (src/embed-api.ts; the protocol in
 * docs/embeds.md). It takes commands from the parent window alone (and, when the embed URL has
 * `origin=`, from that origin alone), acts through the page's element (`[data-embed]`) and audio
 * engine, and posts events and answers only to the origin of the parent's first valid message.
 *
 * Messages reach it through the inbox the page's bootstrap fills
 * (`globalThis[Symbol.for('service-kit.embed.inbox')]`, an array of MessageEvents until the kit
 * runs): it handles what waited there and takes the inbox over, adding no listener of its own.
 */
import { getAudioEngine } from '../core/audio-engine.js';
import type { PlayerState } from '../core/audio-types.js';
import type { Track } from '../core/types.js';

/** What the protocol uses of the page's element: the playing elements have all of it. */
interface EmbedElement extends HTMLElement {
  play?(): Promise<void>;
  pause?(): void;
  seekTo?(ms: number): Promise<void>;
  track?: Track;
  tracks?: readonly Track[];
  updateComplete?: Promise<unknown>;
}

type Inbox = { push(event: MessageEvent): unknown };
const INBOX = Symbol.for('service-kit.embed.inbox');

/** The URL options `load` passes on from this page to the next: its look and its `origin` rule. */
const KEPT = ['size', 'theme', 'lang', 'origin'];

/** A number from the parent, or NaN: a string or an object is no position. */
const num = (value: unknown) => (typeof value == 'number' ? value : NaN);
const ms = (seconds: number) => Math.round(seconds * 1000);
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'none';
  }
};

/** The embed URL (this origin's `/embed/<kind>/<id>?…`) for a public or embed URL, with `options` as URL options. */
async function embedUrl(url: string, options: unknown): Promise<string> {
  const given = new URL(url, location.href);
  let path = given.origin == location.origin && given.pathname.startsWith('/embed/') ? given.pathname : undefined;
  if (!path) {
    // The service's own resolve answers with a redirect to /v1/<kind>s/<id>.
    const response = await fetch(`/v1/resolve?app_name=service-embed&url=${encodeURIComponent(url)}`);
    const [, , kinds, id] = new URL(response.url).pathname.split('/');
    if (!response.ok || !id) throw new Error(`Nothing to embed at ${url}`);
    path = `/embed/${kinds!.slice(0, -1)}/${id}`;
  }
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(location.search)) if (KEPT.includes(key)) params.set(key, value);
  for (const [key, value] of given.pathname == path ? given.searchParams : []) params.set(key, value);
  for (const [key, value] of Object.entries(options && typeof options == 'object' ? options : {})) {
    params.set(key, value === true ? '1' : value === false ? '0' : String(value));
  }
  return `${path}?${params}`;
}

/**
 * Starts the protocol on this page, once: nothing on a page that is not in a frame or has no
 * embedded element (a public page loads the same kit).
 */
export function startFrameProtocol(): void {
  const element = document.querySelector<EmbedElement>('[data-embed]');
  if (window.parent === window || !element) return;
  const engine = getAudioEngine();
  // `origin=https://site.example/` names the origin `https://site.example`; one that is no URL allows nothing.
  const given = new URLSearchParams(location.search).get('origin');
  const allowed = given && originOf(given);
  let parentOrigin: string | undefined;
  let listenId: unknown;
  let ready = false;
  let leaving = false;

  // What happened before the parent first spoke (an autoplay, or its refusal) waits for it, after `ready`; progress is stale by then.
  const held: [string, unknown][] = [];
  const post = (event: string, data?: unknown, id?: unknown) => {
    if (parentOrigin) parent.postMessage({ event, data, id }, parentOrigin);
    else if (event != 'progress' && held.push([event, data]) > 20) held.shift();
  };
  const announce = (id: unknown) => {
    post('ready', undefined, id);
    for (const [event, data] of held.splice(0)) post(event, data);
  };

  const commands: Record<string, (...args: unknown[]) => unknown> = {
    listen: () => undefined,
    // Taken, not awaited to the first sound: a slow stream must not time the call out (`play` says when it plays).
    play: () => void (element.play ? element.play() : engine.play()),
    pause: () => (element.pause ? element.pause() : engine.pause()),
    toggle: () => commands[engine.state.paused ? 'play' : 'pause']!(),
    seekTo: (at) => {
      const target = num(at);
      if (!(target >= 0)) throw new Error('seekTo takes a position in milliseconds.');
      return (element.seekTo ? element.seekTo(target) : engine.seek(target / 1000)) as unknown;
    },
    setVolume: (volume) => engine.setVolume(num(volume) / 100),
    next: () => void engine.next(),
    previous: () => void engine.previous(),
    load: async (url, options) => {
      if (typeof url != 'string') throw new Error('load takes a URL.');
      // The page goes: what comes meanwhile (the controller's `listen`) is for the next one.
      leaving = true;
      try {
        location.replace(await embedUrl(url, options));
      } catch (error) {
        leaving = false; // nothing to go to: the page stays, and answers again
        throw error;
      }
    },
    getPosition: () => ms(engine.state.currentTime),
    getDuration: () => ms(engine.state.track ? engine.state.duration : (element.track ?? element.tracks?.[0])?.duration ?? 0),
    getVolume: () => Math.round(engine.state.volume * 100),
    getCurrentTrack: () => engine.state.track ?? element.track ?? element.tracks?.[0],
    isPaused: () => engine.state.paused,
  };

  const handle = async (event: MessageEvent) => {
    // Only the parent, from the origin the URL names if it names one, and one origin for the page's life.
    if (leaving || event.source !== parent || event.origin == 'null' || (allowed && event.origin !== allowed)) return;
    const { method, args, id } = (event.data ?? {}) as { method?: unknown; args?: unknown; id?: unknown };
    const command = typeof method == 'string' && Object.hasOwn(commands, method) ? commands[method] : undefined;
    if (!command || (parentOrigin ??= event.origin) !== event.origin) return;
    if (method == 'listen') {
      listenId = id;
      return ready && announce(id);
    }
    try {
      post('reply', await command(...(Array.isArray(args) ? args : [])), id);
    } catch (error) {
      parent.postMessage({ event: 'reply', id, error: (error as Error)?.message || String(error) }, parentOrigin);
    }
  };

  // The engine's state, as events: play, pause, finish, error, progress while playing, and a jump as a seek.
  let last: PlayerState = engine.state;
  engine.subscribe((state) => {
    const was = last;
    last = state;
    const position = ms(state.currentTime);
    if (state.status != was.status) {
      if (state.status == 'playing') post('play');
      // A pause while the track still loads is a pause too (WebKit loads longer); making a track current paused is not.
      else if (state.status == 'paused' && !was.paused) post('pause');
      else if (state.status == 'ended') post('finish');
      else if (state.status == 'error') post('error', { reason: state.error });
    }
    if (state.track?.id == was.track?.id && state.currentTime != was.currentTime) {
      const step = state.currentTime - was.currentTime;
      if (step < 0 || step > 1.5) post('seek', { position });
      if (state.status == 'playing') post('progress', { position, duration: ms(state.duration) });
    }
  });
  addEventListener('service-autoplay-blocked', () => post('autoplayblocked'));
  element.addEventListener('service-error', (event) => post('error', { reason: (event as CustomEvent<{ message: string }>).detail.message }));

  void customElements.whenDefined(element.localName).then(() => element.updateComplete).then(() => {
    ready = true;
    if (listenId !== undefined) announce(listenId);
  });

  const holder = globalThis as { [INBOX]?: Inbox | MessageEvent[] };
  const waiting = holder[INBOX];
  // Alone, with no bootstrap before it (it fills the inbox), the protocol listens itself.
  if (!waiting) addEventListener('message', (event) => void handle(event));
  holder[INBOX] = { push: (event: MessageEvent) => void handle(event) };
  if (Array.isArray(waiting)) for (const event of waiting) void handle(event);
}
