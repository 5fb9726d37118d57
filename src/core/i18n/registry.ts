import type { Strings } from './en.js';

/** The page's translations and the re-render hooks of its connected elements, shared by every copy of the kit loaded on the page. */
export interface Translations {
  /** The tables by lower-case language tag (`fr`, `pt-br`); English is built in, not here. */
  tables: Record<string, Strings>;
  /** What re-renders each connected element: called when a table arrives or `<html lang>` changes. */
  listeners: Set<() => void>;
  /** The page's one observer of `<html lang>` and `dir` (src/controllers/language.ts makes it). */
  observer?: unknown;
}

const KEY = Symbol.for('service-kit.translations');

/** The page's translations: one registry whichever copy of the kit, or translation file, loads first. */
export const translations = (): Translations =>
  ((globalThis as { [KEY]?: Translations })[KEY] ??= { tables: {}, listeners: new Set() });

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
