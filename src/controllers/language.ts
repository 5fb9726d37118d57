import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { listen } from '../core/i18n/registry.js';
import { RTL_LANG, translate, validLang, type Translate } from '../core/i18n/translate.js';

/**
 * The nearest `name` attribute's value at or above `node`, across shadow roots (a shadow root's
 * host is next), or undefined. A server render's DOM has no `getRootNode`: there, undefined.
 */
export const nearest = (node: Node | null | undefined, name: string): string | null | undefined => {
  let value;
  for (; !value && node?.getRootNode; node = (node.getRootNode() as ShadowRoot).host) value = (node as Element).closest?.(`[${name}]`)?.getAttribute(name);
  return value;
};

/**
 * The language an element speaks: its own `lang`, else its nearest ancestor's (across shadow
 * roots), else `<html lang>`, else English.
 */
export const langOf = (el: HTMLElement): string => validLang(langAsked(el));

/**
 * The `lang` that applies to `el` as written (its own, else the nearest above it), or `''`. Its
 * own attribute is read too: a server render's DOM has no `lang` property.
 */
export const langAsked = (el: HTMLElement): string => el.lang || el.getAttribute('lang') || nearest(el, 'lang') || '';

/**
 * Whether `el` reads right to left, from its computed direction: `:dir()` would throw in the
 * Chrome releases before 120 that the kit supports. False on a server (no styles there).
 */
export const readsRtl = (el: Element): boolean => globalThis.getComputedStyle?.(el).direction == 'rtl';

/**
 * Links an element to the page's translations: re-renders it when a translation arrives or
 * `<html lang>` or `dir` changes (the registry's one observer for the page), and
 * gives it `t`, its strings in its language, which it reads once per update.
 */
export class Language implements ReactiveController {
  #lang?: string;
  /** The `dir` this controller gave its host from the language (the host's own `dir` wins). */
  #dir = '';
  #forget?: () => void;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** The element's language in this update, found once per update (a server render calls no hostUpdate, and renders once). */
  get lang(): string {
    return (this.#lang ??= langOf(this.host));
  }

  /** A string in the element's language. */
  readonly t: Translate = (key, params) => translate(this.lang, key, params);

  hostConnected(): void {
    this.#forget = listen(() => this.host.requestUpdate());
  }

  hostUpdate(): void {
    this.#lang = undefined;
    // Which way the element reads: its own dir, an ancestor's or the page's; else its language's.
    const { host } = this;
    if (host.dir != this.#dir) return;
    const dir = !nearest(host.parentNode, 'dir') && RTL_LANG.test(this.lang) ? 'rtl' : '';
    // Only a change: the page's observer sees every dir written, and would render everything again.
    if (dir != this.#dir) this.#dir = host.dir = dir;
    if (!dir) host.removeAttribute('dir');
  }

  hostDisconnected(): void {
    this.#forget?.();
  }
}
