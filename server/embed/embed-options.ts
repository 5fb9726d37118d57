import type { EmbedKind } from './kinds.js';
import { parseStartTime } from '../../src/core/start-time.js';

/**
 * The embed pages' URL options (`/embed/<kind>/<id>?autoplay=1&t=1:30&color=ff5500&artwork=0…`),
 * read by the embed page and passed on by `/oembed` to its iframe's `src`. One parser for both:
 * a value that is not exactly one this module accepts is dropped without a word (the reader of an
 * embed sees the embed, never an error about its URL), and what is kept is normalised, so nothing
 * of a query reaches the page's HTML or CSS but digits, a `#rrggbb` colour and a checked origin.
 */

/** The parts an option hides: the shown names of the element's `::part()`s (a playlist's and a profile's own names too). */
export const HIDDEN_PARTS = {
  artwork: ['artwork'],
  stats: ['stats', 'counts'],
  user: ['artist', 'owner'],
  share: ['share'],
  download: ['download'],
} as const satisfies Record<string, readonly string[]>;
export type HideOption = keyof typeof HIDDEN_PARTS;
const HIDE_OPTIONS = Object.keys(HIDDEN_PARTS) as HideOption[];

export interface EmbedOptions {
  /** `autoplay=1`: start on load. */
  autoplay?: boolean;
  /** `t=`: where to start, in whole seconds. */
  t?: number;
  /** `start_track=`: the playlist's track to start with, 1-based. */
  startTrack?: number;
  /** `color=`: the accent, as `#rrggbb`. */
  color?: string;
  /** `artwork=0`, `stats=0`, `user=0`, `share=0`, `download=0`: what the frame leaves out. */
  hide: HideOption[];
  /** `single=0`: this frame plays alongside the others instead of pausing them. */
  single?: false;
  /** `origin=`: the only origin whose messages the frame takes (`scheme://host[:port]`). */
  origin?: string;
}

/** The longest start time taken, in seconds: a day. */
const MAX_START = 86_400;

/**
 * Seconds from `90`, `1:30`, `1:02:03` or `1m30s` / `1h2m3s` (the elements' own parser,
 * src/core/start-time.ts), stricter as a URL value: no spaces around it, two digits after each
 * colon, at most a day; undefined for anything else.
 */
export function startSeconds(text: unknown): number | undefined {
  if (typeof text !== 'string' || text.length > 16 || text !== text.trim() || /:\d(?!\d)/.test(text)) return undefined;
  const seconds = parseStartTime(text);
  return seconds !== undefined && seconds <= MAX_START ? seconds : undefined;
}

/** `#rrggbb` (lower case) from `#rgb`, `#rrggbb`, `rgb` or `rrggbb`; undefined for anything else. */
export function hexColour(text: unknown): string | undefined {
  const m = typeof text === 'string' ? /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text) : null;
  if (!m) return undefined;
  const hex = m[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** `http(s)://host[:port]` as the URL standard writes it, from that alone (a trailing `/` allowed); undefined for a path, a query, credentials or another scheme. */
export function originOf(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length > 300 || !/^https?:\/\/[^/?#@\\\s]+\/?$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** The two colours for text on the accent: the light and dark themes' own. */
const ON_LIGHT = '#ffffff';
const ON_DARK = '#17101f';

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The play button's icon colour on `accent`: white or the dark theme's near-black, whichever contrasts more. */
export function onAccent(accent: string): string {
  const l = luminance(accent);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance(ON_DARK) + 0.05) ? ON_LIGHT : ON_DARK;
}

const ON = new Set(['1', 'true']);
const OFF = new Set(['0', 'false']);
/** One value of a query parameter (a repeated one is ignored: it is not one of the values taken). */
const one = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The options of a query, for an embed of `kind`: a track takes `t` and `autoplay`, a playlist also `start_track`, a profile neither. */
export function parseEmbedOptions(query: Record<string, unknown>, kind: EmbedKind): EmbedOptions {
  const options: EmbedOptions = { hide: HIDE_OPTIONS.filter((name) => OFF.has(one(query[name]) ?? '')) };
  if (kind !== 'user') {
    if (ON.has(one(query.autoplay) ?? '')) options.autoplay = true;
    const t = startSeconds(one(query.t));
    if (t) options.t = t;
  }
  const startTrack = one(query.start_track);
  if (kind === 'playlist' && startTrack && /^\d{1,5}$/.test(startTrack) && Number(startTrack) >= 1) options.startTrack = Number(startTrack);
  const color = hexColour(one(query.color));
  if (color) options.color = color;
  if (OFF.has(one(query.single) ?? '')) options.single = false;
  const origin = originOf(one(query.origin));
  if (origin) options.origin = origin;
  return options;
}

/** The options as an embed URL's query pairs, in one order (the oEmbed iframe's `src`). */
export function embedOptionsQuery(options: EmbedOptions): [string, string][] {
  const pairs: [string, string][] = [];
  if (options.autoplay) pairs.push(['autoplay', '1']);
  if (options.t) pairs.push(['t', String(options.t)]);
  if (options.startTrack) pairs.push(['start_track', String(options.startTrack)]);
  if (options.color) pairs.push(['color', options.color.slice(1)]);
  for (const name of options.hide) pairs.push([name, '0']);
  if (options.single === false) pairs.push(['single', '0']);
  if (options.origin) pairs.push(['origin', options.origin]);
  return pairs;
}

/** The element's attributes for the options (part of its server render): `t` in seconds, `autoplay`, `start-track`. */
export function optionAttributes(options: EmbedOptions): Record<string, string | undefined> {
  return {
    t: options.t ? String(options.t) : undefined,
    autoplay: options.autoplay ? '' : undefined,
    'start-track': options.startTrack ? String(options.startTrack) : undefined,
  };
}

/** The body's data attributes: `data-eager` (load the kit at once, to play) and `data-single="0"` (the engine stays out of one-at-a-time). */
export function optionBodyData(options: EmbedOptions): Record<string, string> {
  const data: Record<string, string> = {};
  if (options.autoplay) data['data-eager'] = '';
  if (options.single === false) data['data-single'] = '0';
  return data;
}

/** The page's CSS for the options ('' for none): the accent and what is hidden. Only checked values go in. */
export function optionStyle(options: EmbedOptions): string {
  const rules: string[] = [];
  // body[class] outweighs the themes' .dark / .auto palettes, whatever the order of the styles.
  if (options.color) rules.push(`body[class]{--service-accent:${options.color};--service-on-accent:${onAccent(options.color)};--accent:${options.color}}`);
  const parts = options.hide.flatMap((name) => HIDDEN_PARTS[name]);
  // .frame>[data-embed] outweighs the sizes' own part rules (.tiny service-track-card::part(artwork)).
  if (parts.length) rules.push(`${parts.map((part) => `.frame>[data-embed]::part(${part})`).join(',')}{display:none}`);
  // Without its artwork, the card gives its column to the text.
  // In a narrow frame Play sits where the artwork was, at the top, not below an empty square.
  if (options.hide.includes('artwork')) rules.push('.frame>service-track-card::part(card){grid-template-columns:minmax(0,1fr) auto}', 'body[class] .frame>service-track-card::part(actions){margin-block-start:0}');
  return rules.join('\n');
}
