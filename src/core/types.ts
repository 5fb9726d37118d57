/**
 * The service's resources, as contract section 2 names them. Shared by the kit and the
 * reference service, so both sides agree on every field.
 */

/** Picture URLs by size; every key is optional. */
export interface SquareImages {
  '150x150'?: string;
  '480x480'?: string;
  '1000x1000'?: string;
}

/** Cover photo URLs by width; every key is optional. */
export interface CoverPhoto {
  '640x'?: string;
  '2000x'?: string;
}

/** 2.1 User */
export interface User {
  id: string;
  handle: string;
  name: string;
  bio?: string;
  location?: string;
  is_verified: boolean;
  album_count: number;
  followee_count: number;
  follower_count: number;
  playlist_count: number;
  repost_count: number;
  track_count: number;
  cover_photo?: CoverPhoto;
  profile_picture?: SquareImages;
}

/** 2.2 Track */
export interface Track {
  id: string;
  title: string;
  user: User;
  duration: number;
  repost_count: number;
  favorite_count: number;
  play_count: number;
  artwork?: SquareImages;
  description?: string;
  genre?: string;
  mood?: string;
  release_date?: string;
  tags?: string;
  downloadable?: boolean;
  /** Production may send `tracks` null or leave it out. */
  remix_of?: { tracks?: Array<{ parent_track_id: string }> | null };
  /** Production's name for `downloadable`; the client copies it there when only it is sent. */
  is_downloadable?: boolean;
  /** The public page's path, `/handle/slug` (production, and the reference service). */
  permalink?: string;
  /** Added by the client: the public page as an absolute URL, when `permalink` is a path. */
  link?: string;
  /** Production's file to download (the reference service's too): its `url` is there for a downloadable track. */
  download?: { url?: string | null; mirrors?: string[] };
}

/** 2.3 Playlist */
export interface Playlist {
  id: string;
  playlist_name: string;
  is_album: boolean;
  user: User;
  repost_count: number;
  favorite_count: number;
  total_play_count: number;
  artwork?: SquareImages;
  description?: string;
  /** The public page's path, `/handle/playlist/slug` or `/handle/album/slug`. */
  permalink?: string;
  /** Added by the client: the public page as an absolute URL, when `permalink` is a path. */
  link?: string;
}

/** 2.4 Favorite; `favorite_type` is `SaveType.track`, `SaveType.playlist` or `SaveType.album`. */
export interface Favorite {
  favorite_item_id: string;
  favorite_type: string;
  user_id: string;
  /** When it was favorited (production; the reference service sends it too). */
  created_at?: string;
}

/** The kinds of item a repost or a resolved URL can name. */
export type ItemKind = 'track' | 'playlist' | 'album';

/**
 * 2.5 Activity, an element of a user's reposts. The contract leaves `item_type` and `item`
 * open; the reference service fills `item_type` with `{ kind }` and `item` with the whole
 * reposted Track (kind `track`) or Playlist (kinds `playlist`, `album`). Production sends the
 * string `track` or `playlist`; the client turns it into `{ kind }` (`album` for an album).
 */
export interface Activity {
  timestamp?: string;
  item_type?: { kind: ItemKind };
  item?: Track | Playlist;
}

/** 2.6 App-name trailing metric */
export interface AppNameMetric {
  name?: string;
  count?: number;
}

/** Windows of the app-name metrics endpoint. */
export type MetricsTimeRange = 'week' | 'month' | 'all_time';

/** Windows of the trending endpoint. */
export type TrendingTime = 'week' | 'month' | 'allTime';

/** Sort modes of a user's tracks. */
export type UserTracksSort = 'date' | 'plays';

/**
 * 2.7 The login profile: the JWT's claims and the verify endpoint's body. The reference
 * service, like production, carries public string ids in `userId` and `sub`, and returns
 * `iat` as a string.
 */
export interface LoginProfile {
  userId: string | number;
  sub: string | number;
  email: string;
  name: string;
  handle: string;
  verified: boolean;
  profilePicture: SquareImages | null;
  apiKey: string | null;
  /** Unix seconds: a string from the verify endpoint (production and the reference service), a number in the token itself. */
  iat: string | number;
}

/** Every error the service answers: one JSON shape for every 4xx and 5xx. */
export interface ErrorBody {
  code: number;
  error: string;
}

/** The production genre list. */
export const GENRES = [
  'Electronic', 'Rock', 'Metal', 'Alternative', 'Hip-Hop/Rap', 'Experimental', 'Punk', 'Folk',
  'Pop', 'Ambient', 'Soundtrack', 'World', 'Jazz', 'Acoustic', 'Funk', 'R&B/Soul', 'Devotional',
  'Classical', 'Reggae', 'Podcasts', 'Country', 'Spoken Word', 'Comedy', 'Blues', 'Kids',
  'Audiobooks', 'Latin', 'Lo-Fi', 'Hyperpop', 'Dancehall', 'Techno', 'Trap', 'House',
  'Tech House', 'Deep House', 'Disco', 'Electro', 'Jungle', 'Progressive House', 'Hardstyle',
  'Glitch Hop', 'Trance', 'Future Bass', 'Future House', 'Tropical House', 'Downtempo',
  'Drum & Bass', 'Dubstep', 'Jersey Club', 'Vaporwave', 'Moombahton',
] as const;

/** The production mood list. */
export const MOODS = [
  'Peaceful', 'Romantic', 'Sentimental', 'Tender', 'Easygoing', 'Yearning', 'Sophisticated',
  'Sensual', 'Cool', 'Gritty', 'Melancholy', 'Serious', 'Brooding', 'Fiery', 'Defiant',
  'Aggressive', 'Rowdy', 'Excited', 'Energizing', 'Empowering', 'Stirring', 'Upbeat', 'Other',
] as const;
