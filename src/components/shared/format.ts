import { html, type TemplateResult } from 'lit';
import { safeUrl as httpUrl } from '../../core/config.js';
import { formatCount, type Translate } from '../../core/i18n/translate.js';
import type { Key } from '../../core/i18n/en.js';

/** `65` → `1:05`; `3725` → `1:02:05`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** A count setting (`limit`, `page-size`) as a whole number from 1 to `max`; `fallback` when unset or not a number. */
export const countSetting = (value: unknown, max: number, fallback: number): number => {
  const n = Math.floor(Number(value ?? NaN));
  return Number.isFinite(n) ? Math.min(max, Math.max(1, n)) : fallback;
};

/** Counts in an element's language (src/core/i18n/translate.ts). */
export { formatCount };

/**
 * A count as seen (`3.9K`) and as heard (`3.9K plays`, in the language's order and plural form).
 */
export const stat = (t: Translate, key: Key, n: number, lang: string): TemplateResult =>
  html`<span aria-hidden="true">${formatCount(n, lang)}</span><span class="visually-hidden">${t(key, { n })}</span>`;

/**
 * A count and its words (`1.2K followers`, in the language's order and plural form), the count in
 * `<strong>`. A form that spells its number out (Arabic's `ألبوم واحد`, one album) is its words alone.
 */
export const counted = (t: Translate, key: Key, n: number, lang: string): TemplateResult | string => {
  const count = formatCount(n, lang);
  const words = t(key, { n });
  const at = words.indexOf(count);
  return at < 0 ? words : html`${words.slice(0, at)}<strong>${count}</strong>${words.slice(at + count.length)}`;
};

/**
 * The URL when it is http(s), else undefined: src/core/config.ts's check, for artwork and links
 * (a function of this module, so every element's graph keeps sharing one chunk with it).
 */
export const safeUrl: typeof httpUrl = httpUrl;
