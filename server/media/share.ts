/**
 * The share image (1200 × 630, what link previews show as `og:image`): a track's or playlist's
 * artwork over the service's mark, or a user's profile picture and display name over their
 * cover. Every picture in it is the one `artSvg` draws for that kind and id, so a preview shows
 * the artwork the pages show. The display name is the only text from the database: it is
 * escaped, stripped of what XML cannot hold and shortened to fit.
 */
import { escapeHtml } from '../../src/ssr/escape-html.js';
import { PROVIDER } from '../embed/document.js';
import { artSvg } from './art.js';
import { MARK_PATH } from './mark.js';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
/** The share image's size name in `/images/<kind>/<id>/<size>.jpg`. */
export const SHARE_SIZE = `${SHARE_WIDTH}x${SHARE_HEIGHT}`;

export type ShareKind = 'artwork' | 'playlist' | 'profile';

const ACCENT = '#c58cff';
const FONT = `font-family="DejaVu Sans, Noto Sans, Liberation Sans, Arial, sans-serif"`;

const mark = (x: number, y: number, size: number, fill: string): string =>
  `<path transform="translate(${x} ${y}) scale(${size / 24})" d="${MARK_PATH}" fill="${fill}"/>`;

/** The mark and the service's name, left-aligned at (x, baseline y). */
const lockup = (x: number, y: number, size: number): string =>
  mark(x, y - size * 0.85, size, ACCENT) +
  `<text x="${x + size * 1.3}" y="${y}" ${FONT} font-size="${size * 0.72}" font-weight="700" fill="#fff">${escapeHtml(PROVIDER)}</text>`;

/**
 * A soft shadow under a rounded square: rings of faint black growing outwards. A Gaussian blur
 * filter looks the same but costs librsvg about 100 ms at this size, more than the rest together.
 */
function shadow(x: number, y: number, size: number, radius: number): string {
  let rings = '';
  for (let spread = 24; spread > 0; spread -= 4) {
    rings += `<rect x="${x - spread}" y="${y - spread + 10}" width="${size + spread * 2}" height="${size + spread * 2}" rx="${radius + spread}" fill="#000" opacity="0.07"/>`;
  }
  return rings;
}

/** A picture of this kind and id, drawn at (x, y) in a `size` square with rounded corners, over a soft shadow. */
function framed(kind: 'artwork' | 'playlist' | 'profile', id: number, x: number, y: number, size: number, radius: number): string {
  return (
    shadow(x, y, size, radius) +
    `<clipPath id="frame"><rect width="${size}" height="${size}" rx="${radius}"/></clipPath>` +
    `<g transform="translate(${x} ${y})" clip-path="url(#frame)">${artSvg(kind, id, size, size, 'f')}</g>`
  );
}

/** The background: the same picture at 1200 × 630 under a dark scrim that keeps text readable. */
function backdrop(kind: 'artwork' | 'playlist' | 'cover', id: number): string {
  return (
    artSvg(kind, id, SHARE_WIDTH, SHARE_HEIGHT, 'b') +
    `<linearGradient id="scrim" x2="1"><stop offset="0" stop-color="#0b0910" stop-opacity="0.72"/><stop offset="1" stop-color="#0b0910" stop-opacity="0.9"/></linearGradient>` +
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#scrim)"/>`
  );
}

const document = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">${body}</svg>`;

/** A track's (`artwork`) or a playlist's or album's (`playlist`) share image. */
export function itemShareSvg(kind: 'artwork' | 'playlist', id: number): string {
  const size = 490;
  const top = (SHARE_HEIGHT - size) / 2;
  // A playlist's artwork sits on a stack of two cards: a collection, not one track.
  const stack =
    kind === 'playlist'
      ? [2, 1].map((n) => `<rect x="${70 + n * 22}" y="${top - n * 16}" width="${size}" height="${size}" rx="20" fill="#fff" opacity="${0.12 + 0.1 * (2 - n)}"/>`).join('')
      : '';
  return document(
    backdrop(kind, id) +
      stack +
      framed(kind, id, 70, top, size, 20) +
      mark(880 - 90, 150, 180, ACCENT) +
      `<text x="880" y="420" text-anchor="middle" ${FONT} font-size="54" font-weight="700" fill="#fff">${escapeHtml(PROVIDER)}</text>`,
  );
}

/** Control characters (XML cannot hold most of them, and none belongs in a name) and the two non-characters XML refuses. */
const xmlSafe = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return code >= 0x20 && code !== 0x7f && code !== 0xfffe && code !== 0xffff;
};
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` cut to `max` graphemes with an ellipsis, so a long name ends in "…" rather than off the image. */
function shortened(text: string, max: number): string {
  const parts = [...graphemes.segment(text)].map((s) => s.segment);
  return parts.length <= max ? text : `${parts.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A font size that fits `text` (bold sans, about 0.62 em a character) in `width`, between `min` and `max`, and the text cut to fit at `min`. */
function fitted(text: string, width: number, min: number, max: number): { size: number; text: string } {
  const length = [...graphemes.segment(text)].length;
  const size = Math.max(min, Math.min(max, Math.floor(width / (length * 0.62))));
  return { size, text: shortened(text, Math.floor(width / (size * 0.62))) };
}

/** A user's share image: their profile picture and display name (and handle) over their cover. */
export function profileShareSvg(id: number, name: string, handle: string): string {
  const clean = (text: string) => [...text.replace(/\s+/g, ' ')].filter(xmlSafe).join('').trim();
  const title = fitted(clean(name) || clean(handle), 560, 40, 76);
  const at = fitted(`@${clean(handle)}`, 560, 26, 34);
  const r = 190;
  const cx = 70 + r;
  const cy = SHARE_HEIGHT / 2;
  return document(
    backdrop('cover', id) +
      `<radialGradient id="halo"><stop offset="${(r / (r + 30)).toFixed(3)}" stop-color="#000" stop-opacity="0.5"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
      `<circle cx="${cx}" cy="${cy + 10}" r="${r + 30}" fill="url(#halo)"/>` +
      `<clipPath id="disc"><circle cx="${r}" cy="${r}" r="${r}"/></clipPath>` +
      `<g transform="translate(${cx - r} ${cy - r})" clip-path="url(#disc)">${artSvg('profile', id, r * 2, r * 2, 'f')}</g>` +
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="6"/>` +
      `<text x="560" y="${cy - 6}" ${FONT} font-size="${title.size}" font-weight="700" fill="#fff">${escapeHtml(title.text)}</text>` +
      `<text x="562" y="${cy + 50}" ${FONT} font-size="${at.size}" fill="#fff" fill-opacity="0.75">${escapeHtml(at.text)}</text>` +
      lockup(SHARE_WIDTH - 380, SHARE_HEIGHT - 56, 44),
  );
}
