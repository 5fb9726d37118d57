import { escapeHtml } from '../../src/ssr/escape-html.js';
import { PROVIDER } from './document.js';
import type { ShareFacts } from './share-facts.js';

/**
 * The head tags a pasted link is previewed from: Open Graph (with its music vocabulary) for
 * Mastodon, Facebook, LinkedIn, Slack and iMessage; X's card (a player for what plays, a summary
 * for a user); the meta description; and schema.org JSON-LD for search engines.
 */

/** The service's colour, for `<meta name="theme-color">` (the embeds' accent). */
export const THEME_COLOR = '#6a14b8';

const OG_TYPE: Record<ShareFacts['kind'], string> = { track: 'music.song', playlist: 'music.playlist', album: 'music.album', user: 'profile' };

/** A URL when it is https (for the `secure_url` tags), else undefined. */
const secure = (url: string | undefined) => (url?.startsWith('https:') ? url : undefined);

/** ISO 8601 duration, "PT3M7S". */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${s % 60 || !(hours || minutes) ? `${s % 60}S` : ''}`;
}

/** JSON for a `<script>` data block: `<`, `>`, `&` and the JS line separators escaped, so no text can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The schema.org description of the item: MusicRecording, MusicPlaylist, MusicAlbum, MusicGroup or Person. */
export function structuredData(facts: ShareFacts): Record<string, unknown> {
  const artist = { '@type': facts.artist.group ? 'MusicGroup' : 'Person', name: facts.artist.name, url: facts.artist.url };
  const base = { '@context': 'https://schema.org', name: facts.name, url: facts.url, image: facts.image.url, description: facts.description };
  if (facts.kind === 'user') return { ...base, '@type': artist['@type'] };
  if (facts.kind === 'track') return { ...base, '@type': 'MusicRecording', duration: isoDuration(facts.duration ?? 0), byArtist: artist };
  const track = (facts.songs ?? []).map((song, index) => ({ '@type': 'MusicRecording', position: index + 1, name: song.name, url: song.url, duration: isoDuration(song.duration) }));
  return {
    ...base,
    '@type': facts.kind === 'album' ? 'MusicAlbum' : 'MusicPlaylist',
    numTracks: facts.trackCount ?? track.length,
    duration: isoDuration(facts.duration ?? 0),
    [facts.kind === 'album' ? 'byArtist' : 'author']: artist,
    track,
  };
}

/** The share tags as `[attribute, name, content]`: Open Graph and music:* use `property`, the others `name`. */
export function shareMeta(facts: ShareFacts): Array<['property' | 'name', string, string]> {
  const tags: Array<['property' | 'name', string, string | number | undefined]> = [
    ['name', 'description', facts.description],
    ['name', 'theme-color', THEME_COLOR],
    ['property', 'og:site_name', PROVIDER],
    ['property', 'og:type', OG_TYPE[facts.kind]],
    ['property', 'og:title', facts.title],
    ['property', 'og:description', facts.description],
    ['property', 'og:url', facts.url],
    ['property', 'og:image', facts.image.url],
    // Facebook's readers take the https copy from its own tag.
    ['property', 'og:image:secure_url', secure(facts.image.url)],
    ['property', 'og:image:width', facts.image.width],
    ['property', 'og:image:height', facts.image.height],
    ['property', 'og:image:type', facts.image.type],
    ['property', 'og:image:alt', facts.image.alt],
  ];
  if (facts.kind === 'track') {
    tags.push(
      ['property', 'og:audio', facts.audio],
      ['property', 'og:audio:secure_url', secure(facts.audio)],
      ['property', 'og:audio:type', 'audio/mpeg'],
      ['property', 'music:duration', Math.round(facts.duration ?? 0)],
      ['property', 'music:musician', facts.artist.url],
    );
  } else if (facts.kind === 'user') {
    tags.push(['property', 'profile:username', facts.artist.handle]);
  } else {
    for (const [index, song] of (facts.songs ?? []).entries()) tags.push(['property', 'music:song', song.url], ['property', 'music:song:track', index + 1]);
    if (facts.kind === 'album') tags.push(['property', 'music:musician', facts.artist.url]);
    tags.push(['property', 'music:creator', facts.artist.url]);
  }
  if (facts.player) {
    tags.push(
      ['name', 'twitter:card', 'player'],
      ['name', 'twitter:player', facts.player.url],
      ['name', 'twitter:player:width', facts.player.width],
      ['name', 'twitter:player:height', facts.player.height],
      ['name', 'twitter:image', facts.image.url],
    );
  } else {
    tags.push(['name', 'twitter:card', 'summary'], ['name', 'twitter:image', facts.square]);
  }
  tags.push(['name', 'twitter:image:alt', facts.image.alt], ['name', 'twitter:title', facts.title], ['name', 'twitter:description', facts.description]);
  return tags.filter((tag): tag is ['property' | 'name', string, string | number] => tag[2] !== undefined).map(([attribute, name, content]) => [attribute, name, String(content)]);
}

/** The head's share tags as HTML: every value escaped, the JSON-LD unable to close its element. */
export function shareTags(facts: ShareFacts): string {
  const meta = shareMeta(facts).map(([attribute, name, content]) => `<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(content)}">`);
  return `${meta.join('\n')}\n<script type="application/ld+json">${scriptJson(structuredData(facts))}</script>`;
}
