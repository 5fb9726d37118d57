/** The generator's writing desk: names, handles, titles, bios and descriptions from the word lists. */
import { GENRES } from '../../src/core/types.js';
import { fill, skewedIndex, type Rng } from './random.js';
import * as W from './words.js';

export interface Name {
  name: string;
  /** What a handle is built from: ASCII letters and digits, maybe with underscores. */
  handleBase: string;
}

/** Latin letters without their accents, lower case, and only [a-z0-9_] kept. */
export function asciiFold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .replace(/ł/gi, 'l')
    .replace(/ß/g, 'ss')
    .replace(/đ/gi, 'd')
    .replace(/þ/gi, 'th')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '');
}

/** A listener's name: mostly "First Last", now and then in its own script. */
export function personName(rng: Rng): Name {
  if (rng.chance(0.05)) {
    const [name, handleBase] = rng.pick(W.NATIVE_NAMES);
    return { name, handleBase };
  }
  const first = rng.pick(W.FIRST_NAMES);
  const last = rng.pick(W.LAST_NAMES);
  const style = rng.int(0, 3);
  const f = asciiFold(first);
  const l = asciiFold(last);
  const handleBase = style === 0 ? `${f}${l}` : style === 1 ? `${f}_${l}` : style === 2 ? `${f}${l[0] ?? ''}` : `${f[0] ?? ''}${l}`;
  return { name: `${first} ${last}`, handleBase };
}

/** An artist's name: band-like, DJ-like, a real name, or one of the special spellings. */
export function artistName(rng: Rng): Name {
  const adj = rng.pick(W.ARTIST_ADJECTIVES);
  const noun = rng.pick(W.ARTIST_NOUNS);
  const roll = rng.next();
  let name: string;
  if (roll < 0.06) name = rng.pick(W.SPECIAL_ARTIST_NAMES);
  else if (roll < 0.35) name = `${adj} ${noun}`;
  else if (roll < 0.45) name = `The ${adj} ${noun}`;
  else if (roll < 0.55) name = `DJ ${rng.pick(W.FIRST_NAMES)}`;
  else if (roll < 0.6) name = `Lil ${noun}`;
  else if (roll < 0.68) name = `${rng.pick(W.FIRST_NAMES)} & the ${noun}`;
  else if (roll < 0.75) name = `${adj.toLowerCase()}${noun.toLowerCase()}`;
  else return personName(rng);
  let handleBase = asciiFold(name.replace(/&/g, 'and'));
  // Half of the bands spell their handle in CamelCase, as production handles keep their case.
  if (rng.chance(0.4)) handleBase = name.split(/\s+/).map((w) => asciiFold(w).replace(/^./, (c) => c.toUpperCase())).join('');
  if (rng.chance(0.15)) handleBase += rng.pick(['music', 'official', '_beats', 'hq']);
  return { name, handleBase };
}

/** Production handles: letters, digits and underscores, at most 30 characters. */
export function handleCandidate(base: string, attempt: number): string {
  const stem = (base.replace(/[^A-Za-z0-9_]/g, '') || 'user').slice(0, 24);
  return attempt === 0 ? stem : `${stem}${attempt + 1}`;
}

/** A genre with the production list's front (the busiest genres) favoured. */
export function pickGenre(rng: Rng): string {
  return GENRES[skewedIndex(rng, GENRES.length, 1.8)]!;
}

interface Context {
  genre: string;
  city: string;
  name: string;
  handle: string;
  year: number;
}

function values(rng: Rng, ctx: Context): Record<string, string | number> {
  return {
    genre: ctx.genre,
    genreLower: ctx.genre.toLowerCase(),
    city: ctx.city,
    name: ctx.name,
    handle: ctx.handle.toLowerCase(),
    year: ctx.year,
    n: rng.int(2, 12),
    adj: rng.pick(W.TITLE_ADJECTIVES),
    noun: rng.pick(W.TITLE_NOUNS),
    verb: rng.pick(W.TITLE_VERBS),
  };
}

export function bio(rng: Rng, artist: boolean, ctx: Context): string {
  return fill(rng.pick(artist ? W.ARTIST_BIOS : W.LISTENER_BIOS), values(rng, ctx));
}

export function city(rng: Rng): string {
  return rng.pick(W.CITIES);
}

/** A track title from the word lists, now and then in another script or with an emoji. */
export function trackTitle(rng: Rng, featuring: () => string): string {
  const adj = rng.pick(W.TITLE_ADJECTIVES);
  const noun = rng.pick(W.TITLE_NOUNS);
  const roll = rng.next();
  if (roll < 0.06) return rng.pick(W.UNICODE_TITLES);
  if (roll < 0.3) return `${adj} ${noun}`;
  if (roll < 0.42) return `${rng.pick(W.TITLE_VERBS)} ${noun}`;
  if (roll < 0.52) return `${noun} of ${rng.pick(W.TITLE_NOUNS)}`;
  if (roll < 0.6) return `The ${adj} ${noun}`;
  if (roll < 0.68) return noun;
  if (roll < 0.74) return `${adj} ${noun} (feat. ${featuring()})`;
  if (roll < 0.8) return `${noun} ${rng.int(1, 99)}`;
  if (roll < 0.85) return `${adj} ${noun} (Interlude)`;
  if (roll < 0.9) return `${rng.pick(W.TITLE_VERBS)} the ${noun}`;
  if (roll < 0.95) return `${adj} ${noun} ${rng.pick(W.EMOJI)}`;
  return `${adj.toLowerCase()} ${noun.toLowerCase()}`;
}

/** One to five distinct tags, comma-separated as in the contract. */
export function tags(rng: Rng, genre: string | null): string {
  const chosen = new Set<string>();
  if (genre && rng.chance(0.5)) chosen.add(genre.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));
  const count = rng.int(1, 5);
  for (let i = 0; i < count; i++) chosen.add(rng.pick(W.TAG_WORDS));
  return [...chosen].join(',');
}

export function trackDescription(rng: Rng, ctx: Context): string {
  return fill(rng.pick(W.TRACK_DESCRIPTIONS), values(rng, ctx));
}

export function playlistName(rng: Rng, ctx: Context): string {
  return fill(rng.pick(W.PLAYLIST_NAMES), values(rng, ctx));
}

export function playlistDescription(rng: Rng, ctx: Context): string {
  return fill(rng.pick(W.PLAYLIST_DESCRIPTIONS), values(rng, ctx));
}

export function albumName(rng: Rng, ctx: Context): string {
  return fill(rng.pick(W.ALBUM_NAMES), values(rng, ctx));
}

export function albumDescription(rng: Rng, ctx: Context): string {
  return fill(rng.pick(W.ALBUM_DESCRIPTIONS), values(rng, ctx));
}
