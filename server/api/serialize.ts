import { encodeId } from '../ids.js';
import { blockAt, isoTime, PLAYLIST_FIXED, TRACK_FIXED, USER_FIXED, type RemixParentRow } from './production.js';

/** A users row as the queries select it. */
export interface UserRow {
  id: number;
  handle: string;
  name: string;
  bio: string | null;
  location: string | null;
  is_verified: number;
  profile_picture: string | null;
  cover_photo: string | null;
  created_at: number;
  wallet: string | null;
  album_count: number;
  followee_count: number;
  follower_count: number;
  playlist_count: number;
  repost_count: number;
  track_count: number;
}

/** A tracks row; its owner is read through the serializer's owner lookup. */
export interface TrackRow {
  id: number;
  title: string;
  slug: string;
  duration: number;
  description: string | null;
  genre: string | null;
  mood: string | null;
  release_date: string | null;
  tags: string | null;
  downloadable: number | null;
  artwork: string | null;
  created_at: number;
  play_count: number;
  repost_count: number;
  favorite_count: number;
  /** 1 when the track remixes another. */
  is_remix: number;
  owner_id: number;
}

export interface PlaylistRow {
  id: number;
  playlist_name: string;
  slug: string;
  is_album: number;
  description: string | null;
  artwork: string | null;
  created_at: number;
  repost_count: number;
  favorite_count: number;
  total_play_count: number;
  /** The playlist's track ids in order, comma-separated. */
  track_ids: string | null;
  owner_id: number;
}

/** The users columns a user answer is made of. */
export const USER_COLUMNS = [
  'id', 'handle', 'name', 'bio', 'location', 'is_verified', 'profile_picture', 'cover_photo', 'created_at', 'wallet',
  'album_count', 'followee_count', 'follower_count', 'playlist_count', 'repost_count', 'track_count',
].map((c) => `u.${c}`).join(', ');

/** A user as JSON text, with the id and handle a track or playlist of theirs needs. */
interface Owner {
  id: string;
  handle: string;
  json: string;
}

/** The parts of a track's JSON that stay while the service runs (counts and URLs do not). */
interface TrackParts {
  head: string;
  body: string;
  streamUrl: string;
  downloadable: boolean;
}

const text = (value: string): string => JSON.stringify(value);
const optional = (key: string, value: string | null): string => (value === null ? '' : `,"${key}":${text(value)}`);
const KEPT_MAX = 50_000;

/**
 * Builds every answer's resources as JSON text: the contract's fields first, then production's
 * (production.ts). Users and the fixed parts of tracks are built once and kept (the catalog's
 * rows do not change while the service runs, but for counts, which are read fresh every time).
 */
export class Serializer {
  constructor(
    private readonly baseUrl: () => string,
    private readonly userRow: (id: number) => UserRow | undefined,
    private readonly remixParents: (trackId: number) => RemixParentRow[],
    /** `--compat production`: the service's own images named `.jpg`, as production names its files. */
    private readonly jpegImages = false,
  ) {}

  // Image maps, owners and track parts hold URLs on the base: they are kept per base URL.
  private readonly parsedImages = new Map<string, Record<string, string>>();
  private readonly owners = new Map<number, Owner>();
  private readonly tracks = new Map<number, TrackParts>();
  private imagesBase = '';

  private sameBase(): string {
    const base = this.baseUrl();
    if (base !== this.imagesBase) {
      this.parsedImages.clear();
      this.owners.clear();
      this.tracks.clear();
      this.imagesBase = base;
    }
    return base;
  }

  /** A stored image map (JSON, values absolute or relative to the service) as a URL map. */
  images<T extends object>(json: string | null): T | undefined {
    if (!json) return undefined;
    const base = this.sameBase();
    let out = this.parsedImages.get(json);
    if (!out) {
      const map = JSON.parse(json) as Record<string, string>;
      out = {};
      for (const key in map) out[key] = map[key]!.startsWith('/') ? base + this.ownImage(map[key]!) : map[key]!;
      if (this.parsedImages.size >= KEPT_MAX) this.parsedImages.clear();
      this.parsedImages.set(json, out);
    }
    return { ...out } as T;
  }

  /** A path the media routes serve, in the mode's format: `/images/…/480x480.svg` is `…/480x480.jpg` for production. */
  private ownImage(path: string): string {
    return this.jpegImages && path.startsWith('/images/') ? path.replace(/\.svg$/, '.jpg') : path;
  }

  private imagesJson(key: string, json: string | null): string {
    const map = this.images(json);
    return map ? `,"${key}":${JSON.stringify(map)}` : '';
  }

  /** A user, from its row; kept by id. */
  user(row: UserRow): string {
    return this.owner(row.id, row).json;
  }

  private owner(id: number, known?: UserRow): Owner {
    this.sameBase();
    let owner = this.owners.get(id);
    if (!owner) {
      const row = known ?? this.userRow(id);
      if (!row) throw new Error(`No user ${id}`);
      owner = { id: encodeId(row.id), handle: row.handle, json: this.userJson(row) };
      if (this.owners.size >= KEPT_MAX) this.owners.clear();
      this.owners.set(id, owner);
    }
    return owner;
  }

  private userJson(row: UserRow): string {
    const created = isoTime(row.created_at);
    return (
      `{"id":"${encodeId(row.id)}","handle":${text(row.handle)},"name":${text(row.name)},"is_verified":${row.is_verified === 1}` +
      `,"album_count":${row.album_count},"followee_count":${row.followee_count},"follower_count":${row.follower_count}` +
      `,"playlist_count":${row.playlist_count},"repost_count":${row.repost_count},"track_count":${row.track_count}` +
      optional('bio', row.bio) +
      optional('location', row.location) +
      this.imagesJson('cover_photo', row.cover_photo) +
      this.imagesJson('profile_picture', row.profile_picture) +
      `,"handle_lc":${text(row.handle.toLowerCase())},"wallet":${text(row.wallet ?? '')},"erc_wallet":${text(row.wallet ?? '')}` +
      `,"created_at":"${created}","updated_at":"${created}","blocknumber":${blockAt(row.created_at)},${USER_FIXED}}`
    );
  }

  private trackParts(row: TrackRow): TrackParts {
    const base = this.sameBase();
    let parts = this.tracks.get(row.id);
    if (!parts) {
      const id = encodeId(row.id);
      const owner = this.owner(row.owner_id);
      const created = isoTime(row.created_at);
      const downloadable = row.downloadable === 1;
      const permalink = `/${owner.handle}/${row.slug}`;
      const artwork = this.images(row.artwork);
      parts = {
        head: `{"id":"${id}","title":${text(row.title)},"user":${owner.json},"duration":${row.duration}`,
        body:
          `,"artwork":${artwork ? JSON.stringify(artwork) : '{}'}` +
          optional('description', row.description) +
          `,"genre":${text(row.genre ?? '')}` +
          optional('mood', row.mood) +
          optional('release_date', row.release_date) +
          optional('tags', row.tags) +
          (row.downloadable === null ? '' : `,"downloadable":${downloadable}`) +
          `,"is_downloadable":${downloadable},"access":{"stream":true,"download":${downloadable}}` +
          `,"permalink":${text(permalink)},"route_id":${text(permalink.slice(1))},"user_id":"${owner.id}"` +
          `,"created_at":"${created}","updated_at":"${created}","blocknumber":${blockAt(row.created_at)},${TRACK_FIXED}`,
        // A JSON string missing its closing quote: the caller's app_name goes on the end.
        streamUrl: text(`${base}/v1/tracks/${id}/stream`).slice(0, -1),
        downloadable,
      };
      if (this.tracks.size >= KEPT_MAX) this.tracks.clear();
      this.tracks.set(row.id, parts);
    }
    return parts;
  }

  /**
   * A track. `appName` goes into its stream, preview and download URLs, so they play as they
   * are (the contract requires app_name on a stream request).
   */
  track(row: TrackRow, appName: string | undefined): string {
    const parts = this.trackParts(row);
    const url = `${parts.streamUrl}${appName ? `?app_name=${encodeURIComponent(appName)}` : ''}"`;
    const media = `{"url":${url},"mirrors":[]}`;
    return (
      parts.head +
      `,"repost_count":${row.repost_count},"favorite_count":${row.favorite_count},"play_count":${row.play_count}` +
      parts.body +
      `,"remix_of":${row.is_remix ? this.remixOf(row.id) : '{"tracks":[]}'}` +
      `,"stream":${media},"preview":${media},"download":${parts.downloadable ? media : '{"mirrors":[]}'}}`
    );
  }

  /** A remix's parents, each with its owner and whether that owner reposted or saved the remix. */
  private remixOf(trackId: number): string {
    const parents = this.remixParents(trackId).map(
      (p) =>
        `{"parent_track_id":"${encodeId(p.parent_track_id)}","user":${this.owner(p.owner_id).json}` +
        `,"has_remix_author_reposted":${p.reposted === 1},"has_remix_author_saved":${p.saved === 1}}`,
    );
    return `{"tracks":[${parents.join(',')}]}`;
  }

  playlist(row: PlaylistRow): string {
    this.sameBase();
    const owner = this.owner(row.owner_id);
    const created = isoTime(row.created_at);
    const contents = row.track_ids
      ? row.track_ids.split(',').map((id) => `{"timestamp":${row.created_at},"track_id":"${encodeId(Number(id))}","metadata_timestamp":${row.created_at}}`)
      : [];
    const permalink = `/${owner.handle}/${row.is_album ? 'album' : 'playlist'}/${row.slug}`;
    return (
      `{"id":"${encodeId(row.id)}","playlist_name":${text(row.playlist_name)},"is_album":${row.is_album === 1},"user":${owner.json}` +
      `,"repost_count":${row.repost_count},"favorite_count":${row.favorite_count},"total_play_count":${row.total_play_count}` +
      this.imagesJson('artwork', row.artwork) +
      optional('description', row.description) +
      `,"permalink":${text(permalink)},"user_id":"${owner.id}","track_count":${contents.length}` +
      `,"playlist_contents":[${contents.join(',')}],"added_timestamps":[${contents.join(',')}]` +
      `,"created_at":"${created}","updated_at":"${created}","blocknumber":${blockAt(row.created_at)},${PLAYLIST_FIXED}}`
    );
  }
}
