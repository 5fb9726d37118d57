import type { Key } from '../../src/core/i18n/en.js';
import { translate } from '../../src/core/i18n/translate.js';
import { pageLang, SHIPPED_LANGS } from '../languages.js';
import type { EmbedKind } from './kinds.js';

/** The embed page's brand line in each language the embeds speak; the rest of its words are the kit's. */
const LISTEN_ON: Record<string, string> = {
  en: 'Listen on {provider}',
  fr: 'Écouter sur {provider}',
  es: 'Escuchar en {provider}',
  de: 'Auf {provider} anhören',
  pt: 'Ouvir no {provider}',
  ja: '{provider}で聴く',
  ar: 'استمع على {provider}',
};

/** The kit's own words for a resource that is not there (its elements say them too). */
const MISSING: Record<EmbedKind, Key> = {
  track: 'This track is not available.',
  playlist: 'This playlist is not available.',
  user: 'This user is not available.',
};

/** The language an embed speaks for a `lang=` it was given: a shipped one, or its base language (`pt` for `pt-BR`), else English. */
export const embedLang = (asked: string | undefined): string => pageLang(SHIPPED_LANGS, asked);

/** The brand line in `lang` (one embedLang gave). */
export const listenOn = (lang: string, provider: string): string => (LISTEN_ON[lang] ?? LISTEN_ON.en!).replace('{provider}', provider);

/** A not-found page's message in `lang` (one embedLang gave), from the kit's translations. */
export const missingText = (lang: string, kind: EmbedKind): string => translate(lang, MISSING[kind]);
