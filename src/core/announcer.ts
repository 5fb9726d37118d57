/**
 * The kit's one polite live region for the page: every element, and every copy of the kit loaded
 * on the page, speaks through the same visually hidden `role=status` in `document.body`, found by
 * its id and a `Symbol.for` global. Plain DOM, no Lit: a React or Vue app may announce through it.
 */
import type { AudioEngine, PlayerState } from './audio-types.js';
import type { Key } from './i18n/en.js';
import { translate } from './i18n/translate.js';

/** The region's id in `document.body`. */
export const ANNOUNCER_ID = 'service-kit-announcer';

interface Announcer {
  /** The messages that wait to be written after the region was cleared, each with its language. */
  queue: Array<[message: string, lang: string]>;
  pending?: ReturnType<typeof setTimeout>;
  /** Each engine's one watcher, with the languages of the elements that asked for it. */
  engines: WeakMap<AudioEngine, { langs: Set<() => string>; stop: () => void }>;
}

const KEY = Symbol.for('service-kit.announcer');
const page = (): Announcer => ((globalThis as { [KEY]?: Announcer })[KEY] ??= { queue: [], engines: new WeakMap() });

// Off screen but in the accessibility tree: the page's styles cannot hide it, so it carries its own
// (set through the CSSOM, which a page's Content-Security-Policy allows, not as a style attribute).
const HIDDEN = 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap';

/** The page's region, made once (empty, so that its first message is a change a screen reader speaks). */
export function announcerRegion(): HTMLElement | undefined {
  if (typeof document == 'undefined' || !document.body) return undefined;
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.style.cssText = HIDDEN;
    document.body.append(region);
  }
  return region;
}

/**
 * Speaks `message` once, in `lang`: the region is cleared, then written a moment later, so the
 * same words as the last message are still spoken as a new event. Messages that come together
 * (two lists loaded at once) are written together, each in its own line and language, none lost.
 * Does nothing without a document (a server render).
 */
export function announce(message: string, lang = ''): void {
  const region = announcerRegion();
  if (!region || !message) return;
  const state = page();
  if (state.pending === undefined) region.textContent = '';
  state.queue.push([message, lang]);
  // A screen reader speaks a change it sees after the clearing, not one folded into it.
  state.pending ??= setTimeout(() => {
    const lines = state.queue.splice(0).map(([text, code]) => {
      const line = document.createElement('div');
      line.textContent = text;
      if (code) line.lang = code;
      return line;
    });
    state.pending = undefined;
    region.replaceChildren(...lines);
  }, 50);
}

/** What a change of the engine's state says, if anything, given what was said last (`said`). */
function playbackMessage(before: PlayerState, now: PlayerState, said: { id?: string; playing: boolean }, lang: string): string | undefined {
  const track = now.track;
  const say = (key: Key) => translate(lang, key, { title: track!.title, artist: track!.user.name });
  if (!track) return undefined;
  if (now.status == 'error') return before.status != 'error' || before.track !== track ? say('Could not play {title}.') : undefined; // a track played again fails anew
  if (!now.paused) return said.playing && said.id == track.id ? undefined : say('Playing {title} by {artist}');
  // Only a pause the listener asked for: not the end, nor a moment of loading the next track.
  return now.status == 'paused' && said.playing && said.id == track.id ? say('Paused') : undefined;
}

/**
 * What an engine's states say, one after the other: each event once, nothing for the moments
 * between (loading, the old track's pause while the next loads, the end). The first state is what
 * plays already: no news.
 */
export function playbackWords(): (now: PlayerState, lang: string) => string | undefined {
  let before: PlayerState | undefined;
  const said = { id: undefined as string | undefined, playing: false };
  return (now, lang) => {
    const message = before ? playbackMessage(before, now, said, lang) : undefined;
    if (!before || message) Object.assign(said, { id: now.track?.id, playing: !now.paused });
    else if (now.paused && now.status != 'loading') said.playing = false;
    before = now;
    return message;
  };
}

/**
 * Announces what `engine` does (a track starts, by itself or by a key; a pause; a failure) once
 * for the page, however many elements ask, in the language of the first one still listening.
 * Gives back the function that stops this element's listening.
 */
export function announcePlayback(engine: AudioEngine, lang: () => string): () => void {
  const { engines } = page();
  let watcher = engines.get(engine);
  if (!watcher) {
    const langs = new Set<() => string>();
    const words = playbackWords();
    const stop = engine.subscribe((now) => {
      const speaker = langs.values().next().value ?? (() => '');
      const message = words(now, speaker());
      if (message) announce(message, speaker());
    });
    engines.set(engine, (watcher = { langs, stop }));
  }
  const { langs } = watcher;
  langs.add(lang);
  return () => {
    langs.delete(lang);
    if (!langs.size && engines.get(engine) == watcher) {
      watcher.stop();
      engines.delete(engine);
    }
  };
}
