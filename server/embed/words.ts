import type { EmbedKind } from './document.js';
import { pageLang, SHIPPED_LANGS } from '../languages.js';

/** The embed page's own words (the brand line, a not-found message) in each language the embeds speak; the elements' are the kit's. */
const WORDS: Record<string, { listenOn: string; missing: Record<EmbedKind, string> }> = {
  en: { listenOn: 'Listen on {provider}', missing: { track: 'This track is not available.', playlist: 'This playlist is not available.', user: 'This profile is not available.' } },
  fr: { listenOn: 'Écouter sur {provider}', missing: { track: 'Ce morceau n’est pas disponible.', playlist: 'Cette playlist n’est pas disponible.', user: 'Ce profil n’est pas disponible.' } },
  es: { listenOn: 'Escuchar en {provider}', missing: { track: 'Esta pista no está disponible.', playlist: 'Esta lista no está disponible.', user: 'Este perfil no está disponible.' } },
  de: { listenOn: 'Auf {provider} anhören', missing: { track: 'Dieser Titel ist nicht verfügbar.', playlist: 'Diese Playlist ist nicht verfügbar.', user: 'Dieses Profil ist nicht verfügbar.' } },
  pt: { listenOn: 'Ouvir no {provider}', missing: { track: 'Esta faixa não está disponível.', playlist: 'Esta playlist não está disponível.', user: 'Este perfil não está disponível.' } },
  ja: { listenOn: '{provider}で聴く', missing: { track: 'このトラックは利用できません。', playlist: 'このプレイリストは利用できません。', user: 'このプロフィールは利用できません。' } },
  ar: { listenOn: 'استمع على {provider}', missing: { track: 'هذا المقطع غير متاح.', playlist: 'قائمة التشغيل هذه غير متاحة.', user: 'هذا الملف الشخصي غير متاح.' } },
};

/** The language an embed speaks for a `lang=` it was given: a shipped one, or its base language (`pt` for `pt-BR`), else English. */
export const embedLang = (asked: string | undefined): string => pageLang(SHIPPED_LANGS, asked);

/** The page's own words in `lang` (one embedLang gave). */
export const wordsOf = (lang: string) => WORDS[lang] ?? WORDS.en!;

