import type { Playlist, Track, User } from '../../src/core/types.js';
import { encodeId } from '../ids.js';

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
  album_count: number;
  followee_count: number;
  follower_count: number;
  playlist_count: number;
  repost_count: number;
  track_count: number;
}

/** A tracks row joined with its owner (owner columns prefixed `u_`). */
export interface TrackRow {
  id: number;
  title: string;
  duration: number;
  description: string | null;
  genre: string | null;
  mood: string | null;
  release_date: string | null;
  tags: string | null;
  downloadable: number | null;
  artwork: string | null;
  play_count: number;
  repost_count: number;
  favorite_count: number;
  remix_parents: string | null; // comma-separated parent ids
  [ownerColumn: `u_${string}`]: unknown;
}

export interface PlaylistRow {
  id: number;
  playlist_name: string;
  is_album: number;
  description: string | null;
  artwork: string | null;
  repost_count: number;
  favorite_count: number;
  total_play_count: number;
  [ownerColumn: `u_${string}`]: unknown;
}

/** The owner columns every track and playlist query selects, prefixed `u_`. */
export const OWNER_COLUMNS = [
  'id', 'handle', 'name', 'bio', 'location', 'is_verified', 'profile_picture', 'cover_photo',
  'album_count', 'followee_count', 'follower_count', 'playlist_count', 'repost_count', 'track_count',
].map((c) => `u.${c} AS u_${c}`).join(', ');

export const USER_COLUMNS = OWNER_COLUMNS.replace(/ AS u_\w+/g, '');

/** Turns stored image maps (JSON, values absolute or relative to the service) into URL maps. */
export class Serializer {
  constructor(private readonly baseUrl: () => string) {}

  // Image maps repeat across answers (an owner on every track): parsed maps are kept per base URL.
  private readonly parsedImages = new Map<string, Record<string, string>>();
  private imagesBase = '';

  images<T extends object>(json: string | null): T | undefined {
    if (!json) return undefined;
    const base = this.baseUrl();
    if (base !== this.imagesBase) {
      this.parsedImages.clear();
      this.imagesBase = base;
    }
    let out = this.parsedImages.get(json);
    if (!out) {
      const map = JSON.parse(json) as Record<string, string>;
      out = {};
      for (const key in map) out[key] = map[key]!.startsWith('/') ? base + map[key] : map[key]!;
      if (this.parsedImages.size >= 50_000) this.parsedImages.clear();
      this.parsedImages.set(json, out);
    }
    return { ...out } as T;
  }

  user(row: UserRow): User {
    const user: User = {
      id: encodeId(row.id),
      handle: row.handle,
      name: row.name,
      is_verified: row.is_verified === 1,
      album_count: row.album_count,
      followee_count: row.followee_count,
      follower_count: row.follower_count,
      playlist_count: row.playlist_count,
      repost_count: row.repost_count,
      track_count: row.track_count,
    };
    if (row.bio !== null) user.bio = row.bio;
    if (row.location !== null) user.location = row.location;
    const cover = this.images<User['cover_photo'] & object>(row.cover_photo);
    if (cover) user.cover_photo = cover;
    const picture = this.images<User['profile_picture'] & object>(row.profile_picture);
    if (picture) user.profile_picture = picture;
    return user;
  }

  /** The owner of a track or playlist row, from its `u_` columns. */
  owner(row: TrackRow | PlaylistRow): User {
    const r = row as unknown as Record<string, unknown>;
    return this.user({
      id: r.u_id, handle: r.u_handle, name: r.u_name, bio: r.u_bio, location: r.u_location,
      is_verified: r.u_is_verified, profile_picture: r.u_profile_picture, cover_photo: r.u_cover_photo,
      album_count: r.u_album_count, followee_count: r.u_followee_count, follower_count: r.u_follower_count,
      playlist_count: r.u_playlist_count, repost_count: r.u_repost_count, track_count: r.u_track_count,
    } as UserRow);
  }

  track(row: TrackRow): Track {
    const track: Track = {
      id: encodeId(row.id),
      title: row.title,
      user: this.owner(row),
      duration: row.duration,
      repost_count: row.repost_count,
      favorite_count: row.favorite_count,
      play_count: row.play_count,
    };
    const artwork = this.images<Track['artwork'] & object>(row.artwork);
    if (artwork) track.artwork = artwork;
    if (row.description !== null) track.description = row.description;
    if (row.genre !== null) track.genre = row.genre;
    if (row.mood !== null) track.mood = row.mood;
    if (row.release_date !== null) track.release_date = row.release_date;
    if (row.tags !== null) track.tags = row.tags;
    if (row.downloadable !== null) track.downloadable = row.downloadable === 1;
    if (row.remix_parents) {
      track.remix_of = { tracks: row.remix_parents.split(',').map((id) => ({ parent_track_id: encodeId(Number(id)) })) };
    }
    return track;
  }

  playlist(row: PlaylistRow): Playlist {
    const playlist: Playlist = {
      id: encodeId(row.id),
      playlist_name: row.playlist_name,
      is_album: row.is_album === 1,
      user: this.owner(row),
      repost_count: row.repost_count,
      favorite_count: row.favorite_count,
      total_play_count: row.total_play_count,
    };
    const artwork = this.images<Playlist['artwork'] & object>(row.artwork);
    if (artwork) playlist.artwork = artwork;
    if (row.description !== null) playlist.description = row.description;
    return playlist;
  }
}
