import { RTL_LANG } from '../src/core/i18n/translate.js';
import * as ar from '../src/translations/ar.js';
import * as de from '../src/translations/de.js';
import * as es from '../src/translations/es.js';
import * as fr from '../src/translations/fr.js';
import * as ja from '../src/translations/ja.js';
import * as pt from '../src/translations/pt.js';

/**
 * The languages the kit ships and how a page of the service picks one: the embed pages from
 * `lang=`, the login pages from `lang=` and then `Accept-Language`.
 */

/** The kit's translations, English being built in: imported, so the kit's words are in this process too (test/server/translations.test.ts checks none is left out). */
export const KIT_TRANSLATIONS: readonly string[] = [ar, de, es, fr, ja, pt].map((translation) => translation.lang).sort();

/** Every language the kit ships: English, then its translations. */
export const SHIPPED_LANGS: readonly string[] = ['en', ...KIT_TRANSLATIONS];

/** `rtl` for a language written right to left (the kit's own rule), else `ltr`. */
export const dirOf = (lang: string): 'rtl' | 'ltr' => (RTL_LANG.test(lang) ? 'rtl' : 'ltr');

/**
 * The language of `langs` a tag names: the tag itself or its base language (`pt` for `pt-BR`),
 * in any case. Undefined for anything else, a non-string included.
 */
export function namedLang<L extends string>(tag: unknown, langs: readonly L[]): L | undefined {
  if (typeof tag !== 'string') return undefined;
  const code = tag.toLowerCase();
  const base = code.split('-')[0]!;
  return langs.find((lang) => lang === code) ?? langs.find((lang) => lang === base);
}

// RFC 9110 §12.5.4: a language range (or `*`) with an optional weight, q from 0 to 1 in up to three decimals.
const RANGE = /^([a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)(?:[ \t]*;[ \t]*q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?$/i;

/**
 * The language of `langs` an `Accept-Language` header prefers: ranges by weight (ties in the
 * header's order), each matching a language or its base (`de-CH` names `de`); `*` is any
 * language not refused, English first. A range with q=0 refuses that language. Entries that
 * are not well-formed are skipped. Undefined when nothing matches.
 */
export function acceptedLang<L extends string>(header: unknown, langs: readonly L[]): L | undefined {
  if (typeof header !== 'string') return undefined;
  const ranges = header
    .split(',')
    .map((entry) => RANGE.exec(entry.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ range: match[1]!.toLowerCase(), q: match[2] === undefined ? 1 : Number(match[2]) }));
  const refused = new Set(ranges.filter((r) => r.q === 0).map((r) => r.range));
  const acceptable = (lang: L | undefined) => (lang !== undefined && !refused.has(lang) ? lang : undefined);
  // Array.prototype.sort is stable: equal weights keep the header's order.
  for (const { range } of ranges.filter((r) => r.q > 0).sort((a, b) => b.q - a.q)) {
    const found = range === '*' ? langs.find((lang) => acceptable(lang)) : acceptable(namedLang(range, langs));
    if (found) return found;
  }
  return undefined;
}

/**
 * A page's language among `langs` (English among them): the one `asked` names (a `lang=`
 * value), else the one the `Accept-Language` header prefers, else English. Anything
 * malformed is passed over, never refused.
 */
export function pageLang<L extends string>(langs: readonly L[], asked: unknown, acceptLanguage?: unknown): L | 'en' {
  return namedLang(asked, langs) ?? acceptedLang(acceptLanguage, langs) ?? 'en';
}
