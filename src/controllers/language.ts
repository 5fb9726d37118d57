import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { translations } from '../core/i18n/registry.js';
import { translate, validLang, type Translate } from '../core/i18n/translate.js';

/**
 * The language an element speaks: its own `lang`, else its nearest ancestor's (across shadow
 * roots), else `<html lang>`, else English.
 */
export function langOf(el: HTMLElement): string {
  // The element's own property first: a framework may set it before the attribute exists.
  let lang: string | null | undefined = el.lang;
  // A server render's DOM has no closest: there, the element's own lang or English.
  for (let node: Element | undefined = el; !lang && node?.closest; node = (node.getRootNode() as ShadowRoot).host) {
    lang = node.closest('[lang]')?.getAttribute('lang');
  }
  return validLang(lang);
}

/** Whether a `dir` above the element (an ancestor's, across shadow roots, or the page's) says which way it reads. */
function dirAbove(el: Element): boolean {
  for (let node: Element | undefined = el.parentElement ?? (el.parentNode as ShadowRoot | null)?.host; node; node = (node.getRootNode() as ShadowRoot).host) {
    if (node.closest('[dir]')) return true;
  }
  return false;
}

/** Languages written right to left. */
const RTL = /^(ar|fa|he|ur|yi|ps|sd|ug|dv|ckb)\b/i;

/**
 * Links an element to the page's translations: re-renders it when a translation arrives or
 * `<html lang>` or `dir` changes (one observer for the page, kept in the shared registry), and
 * gives it `t`, its strings in its language, which it reads once per update.
 */
export class Language implements ReactiveController {
  #lang?: string;
  /** The `dir` this controller gave its host from the language (the host's own `dir` wins). */
  #dir = '';
  readonly #update = () => this.host.requestUpdate();

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
    const page = translations();
    page.listeners.add(this.#update);
    if (page.observer) return;
    const observer = (page.observer = new MutationObserver(() => page.listeners.forEach((listener) => listener())));
    observer.observe(document.documentElement, { attributeFilter: ['lang', 'dir'] });
  }

  hostUpdate(): void {
    this.#lang = undefined;
    // Which way the element reads: its own dir, an ancestor's or the page's; else its language's.
    const { host } = this;
    if (host.dir != this.#dir) return;
    this.#dir = !dirAbove(host) && RTL.test(this.lang) ? 'rtl' : '';
    if (this.#dir) host.dir = this.#dir;
    else host.removeAttribute('dir');
  }

  hostDisconnected(): void {
    translations().listeners.delete(this.#update);
  }
}
