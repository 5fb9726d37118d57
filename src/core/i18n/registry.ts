import type { Strings } from './en.js';

/** The page's translations and the re-render hooks of its connected elements, shared by every copy of the kit loaded on the page. */
export interface Translations {
  /** The tables by lower-case language tag (`fr`, `pt-br`); English is built in, not here. */
  tables: Record<string, Strings>;
  /** What re-renders each connected element: called when a table arrives or a `lang` or `dir` in the page changes. */
  listeners: Set<() => void>;
  /** The page's one observer of `lang` and `dir`, once an element listens (see listen). */
  observer?: MutationObserver;
}

const KEY = Symbol.for('service-kit.translations');

/** The page's translations: one registry whichever copy of the kit, or translation file, loads first. */
export const translations = (): Translations =>
  ((globalThis as { [KEY]?: Translations })[KEY] ??= { tables: {}, listeners: new Set() });

/**
 * Calls `listener` whenever a translation arrives or a `lang` or `dir` in the page changes (on
 * `<html>`, an ancestor or an element itself), until the function it gives back is called. The
 * first listener starts the page's one observer.
 */
export function listen(listener: () => void): () => void {
  const page = translations();
  const { listeners } = page;
  if (!page.observer) (page.observer = new MutationObserver(() => listeners.forEach((each) => each()))).observe(document.documentElement, { attributeFilter: ['lang', 'dir'], subtree: true });
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds the strings of one language (`fr`, `pt-BR`), over any it had; keys it lacks fall back to
 * the base language (`pt` for `pt-BR`), then English. Elements already on the page re-render.
 */
export function registerTranslation(lang: string, strings: Strings): void {
  const { tables, listeners } = translations();
  const code = lang.toLowerCase();
  tables[code] = { ...tables[code], ...strings };
  for (const listener of listeners) listener();
}
