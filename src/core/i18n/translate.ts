import type { Key, Strings } from './en.js';
import { translations } from './registry.js';

/** A string's values, by name: `{title}` in the string takes `params.title`; `n` chooses the plural form. A number is written by `Intl` in the language, compact (`3.9K`, `3,9 k`). */
export type Params = Record<string, string | number>;

/** A string of an element's language. */
export type Translate = (key: Key, params?: Params) => string;

/** `1234567` → `1.2M` in English (`1,2 M` in French): a count in the element's language. */
export const formatCount = (n: number, lang: string): string => new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/**
 * What `lang`'s tables hold for `key` (its English): its own table's, else its base language's
 * (`pt` for `pt-BR`); undefined when neither has it, and English stands.
 */
export const lookup = (lang: string, key: Key): Strings[Key] => {
  const { tables } = translations();
  const code = lang.toLowerCase();
  return tables[code]?.[key] ?? tables[code.split('-')[0]!]?.[key];
};

/**
 * The string `key` (its English) in `lang` (see lookup). A string of plural forms takes the form
 * `Intl.PluralRules` selects for `params.n`; English's own (`singular|plural`) the singular for 1.
 * Numbers are written as counts.
 */
export function translate(lang: string, key: Key, params: Params = {}): string {
  const found = lookup(lang, key) ?? key.replace(params.n == 1 ? /\|.*/ : /.*\|/, '');
  const text = typeof found == 'string' ? found : (found[new Intl.PluralRules(lang).select(+params.n!) as 'other'] ?? found.other);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value == 'number' ? formatCount(value, lang) : String(value);
  });
}

/** Languages written right to left (a tag or its base): the elements' direction and the service's pages' `dir`. */
export const RTL_LANG = /^(ar|fa|he|ur|yi|ps|sd|ug|dv|ckb)\b/i;

/** `lang` when `Intl` knows it as a language tag, else English. */
export function validLang(lang: string | null | undefined): string {
  try {
    return (lang && Intl.getCanonicalLocales(lang)[0]) || 'en';
  } catch {
    return 'en';
  }
}
