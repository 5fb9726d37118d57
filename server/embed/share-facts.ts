import type { CatalogQueries } from '../api/queries.js';
import type { TrackRow, UserRow } from '../api/serialize.js';
import type { FoundResource } from '../routes/resolve.js';
import { encodeId } from '../ids.js';
import { FRAME_SIZES, PROVIDER } from './document.js';
import { EMBED_APP_NAME } from './render.js';

/**
 * What a shared link's preview is made of, read from the rows the page already renders: the
 * facts alone, so the tags (share-tags.ts) and the tests see one plain object.
 */

/** The share image's size: what X, Facebook, LinkedIn and Slack crop least (1.91:1). */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** The square raster sizes production names, smallest first. */
export const SQUARE_SIZES = [150, 480, 1000] as const;

/** The image kinds of `/images/<kind>/<id>/<size>.jpg`. */
export type ImageKind = 'artwork' | 'playlist' | 'profile';

export interface SharedSong {
  name: string;
  url: string;
  /** Seconds. */
  duration: number;
}

export interface ShareFacts {
  kind: 'track' | 'playlist' | 'album' | 'user';
  /** The item's own name: a track's title, a playlist's, a user's. */
  name: string;
  /** og:title: "Title by Artist", or a user's name. */
  title: string;
  /** The item's own description, else a sentence of its facts. */
  description: string;
  /** The canonical public URL. */
  url: string;
  image: { url: string; width: number; height: number; type: string; alt: string };
  /** A square picture (a user's summary card). */
  square: string;
  /** The embed page a player card frames, with its size (none for a user: a summary card). */
  player?: { url: string; width: number; height: number };
  /** A track's stream URL that plays as is. */
  audio?: string;
  /** Seconds. */
  duration?: number;
  /** The artist or owner: name, public URL, handle. */
  artist: { name: string; url: string; handle: string; group: boolean };
  /** A playlist's or album's first songs, and how many it has. */
  songs?: SharedSong[];
  trackCount?: number;
}

/** How many songs a playlist's tags name (music:song, JSON-LD). */
const SONGS_NAMED = 10;
/** A playlist's length is summed over at most this many tracks (the catalog's lists are far shorter). */
const SONGS_SUMMED = 500;

const count = new Intl.NumberFormat('en');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** "3:07", or "1:02:07" past an hour. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return hours ? `${hours}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** A raster image of the service, `/images/<kind>/<id>/<size>.jpg`. */
export const imageUrl = (origin: string, kind: ImageKind, publicId: string, size: string) => `${origin}/images/${kind}/${publicId}/${size}.jpg`;

/** The largest square raster size within `maxwidth` × `maxheight`, or undefined when none fits. */
export function squareWithin(maxwidth = Infinity, maxheight = Infinity): number | undefined {
  return SQUARE_SIZES.filter((size) => size <= maxwidth && size <= maxheight).at(-1);
}

/** The image kind of a resource's picture. */
export const IMAGE_KIND_OF = { track: 'artwork', playlist: 'playlist', user: 'profile' } as const satisfies Record<FoundResource['kind'], ImageKind>;

/** Text for a description tag: one line, at most `max` characters. */
const oneLine = (text: string | null | undefined, max = 300) => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

/** The facts of a track, playlist, album or user for its shared link, on the public `origin`. */
export function shareFacts(resource: FoundResource, queries: CatalogQueries, origin: string): ShareFacts {
  const userUrl = (user: UserRow) => `${origin}/${encodeURIComponent(user.handle)}`;
  const artistOf = (user: UserRow) => ({ name: user.name, url: userUrl(user), handle: user.handle, group: user.track_count > 0 });
  const trackUrl = (track: TrackRow, owner: UserRow | undefined) => `${origin}/${encodeURIComponent(owner?.handle ?? '')}/${encodeURIComponent(track.slug)}`;
  const id = encodeId(resource.row.id);
  const share = (kind: ImageKind, alt: string) => ({ url: imageUrl(origin, kind, id, `${SHARE_IMAGE.width}x${SHARE_IMAGE.height}`), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, type: SHARE_IMAGE.type, alt });

  if (resource.kind === 'user') {
    const user = resource.row;
    const facts = [plural(user.track_count, 'track', 'tracks'), plural(user.playlist_count, 'playlist', 'playlists'), plural(user.follower_count, 'follower', 'followers')];
    return {
      kind: 'user',
      name: user.name,
      title: user.name,
      description: oneLine(user.bio) || `${user.name} on ${PROVIDER} · ${facts.join(' · ')}`,
      url: userUrl(user),
      image: share('profile', `Profile picture of ${user.name}`),
      square: imageUrl(origin, 'profile', id, '480x480'),
      artist: artistOf(user),
    };
  }

  const owner = queries.userById(resource.row.owner_id);
  const artist = owner ? artistOf(owner) : { name: '', url: `${origin}/`, handle: '', group: false };
  const frame = FRAME_SIZES[resource.kind].card;
  const player = { url: `${origin}/embed/${resource.kind}/${id}?size=card`, ...frame };

  if (resource.kind === 'track') {
    const track = resource.row;
    const title = `${track.title} by ${artist.name}`;
    return {
      kind: 'track',
      name: track.title,
      title,
      description: oneLine(track.description) || `Track by ${artist.name} · ${clockTime(track.duration)} · ${plural(track.play_count, 'play', 'plays')}`,
      url: trackUrl(track, owner),
      image: share('artwork', `Artwork of ${title}`),
      square: imageUrl(origin, 'artwork', id, '480x480'),
      player,
      audio: `${origin}/v1/tracks/${id}/stream?app_name=${EMBED_APP_NAME}`,
      duration: track.duration,
      artist,
    };
  }

  const list = resource.row;
  const album = list.is_album === 1;
  const ids = (list.track_ids ?? '').split(',').filter(Boolean).map(Number);
  const songs: SharedSong[] = [];
  let duration = 0;
  for (const [index, trackId] of ids.slice(0, SONGS_SUMMED).entries()) {
    const track = queries.trackById(trackId);
    if (!track) continue;
    duration += track.duration;
    if (index < SONGS_NAMED) songs.push({ name: track.title, url: trackUrl(track, queries.userById(track.owner_id)), duration: track.duration });
  }
  const title = `${list.playlist_name} by ${artist.name}`;
  const facts = [plural(ids.length, 'track', 'tracks'), clockTime(duration), plural(list.total_play_count, 'play', 'plays')];
  return {
    kind: album ? 'album' : 'playlist',
    name: list.playlist_name,
    title,
    description: oneLine(list.description) || `${album ? 'Album' : 'Playlist'} by ${artist.name} · ${facts.join(' · ')}`,
    url: `${origin}/${encodeURIComponent(artist.handle)}/${album ? 'album' : 'playlist'}/${encodeURIComponent(list.slug)}`,
    image: share('playlist', `Artwork of ${title}`),
    square: imageUrl(origin, 'playlist', id, '480x480'),
    player,
    duration,
    artist,
    songs,
    trackCount: ids.length,
  };
}
