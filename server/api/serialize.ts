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

/** A tracks row; its owner is read through the serializer's owner lookup. */
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
  owner_id: number;
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
  owner_id: number;
}

/** The users columns a user answer is made of. */
export const USER_COLUMNS = [
  'id', 'handle', 'name', 'bio', 'location', 'is_verified', 'profile_picture', 'cover_photo',
  'album_count', 'followee_count', 'follower_count', 'playlist_count', 'repost_count', 'track_count',
].map((c) => `u.${c}`).join(', ');

/** Turns stored image maps (JSON, values absolute or relative to the service) into URL maps. */
export class Serializer {
  /** `userRow` reads an owner's row; owners are kept once made (user rows do not change while the service runs). */
  constructor(
    private readonly baseUrl: () => string,
    private readonly userRow: (id: number) => UserRow | undefined,
  ) {}

  // Image maps repeat across answers (an owner on every track): parsed maps are kept per base URL,
  // and so are owners, whose pictures are URLs on that base.
  private readonly parsedImages = new Map<string, Record<string, string>>();
  private readonly owners = new Map<number, User>();
  private imagesBase = '';

  private sameBase(): string {
    const base = this.baseUrl();
    if (base !== this.imagesBase) {
      this.parsedImages.clear();
      this.owners.clear();
      this.imagesBase = base;
    }
    return base;
  }

  images<T extends object>(json: string | null): T | undefined {
    if (!json) return undefined;
    const base = this.sameBase();
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

  /** The owner of a track or playlist row. Shared between answers: serialized, never changed. */
  owner(row: TrackRow | PlaylistRow): User {
    this.sameBase();
    let user = this.owners.get(row.owner_id);
    if (!user) {
      const found = this.userRow(row.owner_id);
      if (!found) throw new Error(`No owner ${row.owner_id} for ${row.id}`);
      user = this.user(found);
      if (this.owners.size >= 50_000) this.owners.clear();
      this.owners.set(row.owner_id, user);
    }
    return user;
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
