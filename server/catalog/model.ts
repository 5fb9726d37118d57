/**
 * The generated catalog's resources, built in memory before they are written: users, tracks
 * (with remixes) and playlists (with albums). Everything comes from one seeded generator, and
 * every time is `now - a drawn age`, so a scale always yields the same catalog.
 */
import { MOODS } from '../../src/core/types.js';
import { pareto, WeightedPicker, type Rng } from './random.js';
import { SlugBook } from './slug.js';
import * as T from './text.js';

export type Scale = 'default' | 'large';

export interface ScaleSpec {
  users: number;
  tracks: number;
  playlists: number;
  plays: number;
  /** Mean follows, track saves and track reposts per user. */
  follows: number;
  saves: number;
  reposts: number;
}

export const SCALES: Record<Scale, ScaleSpec> = {
  default: { users: 300, tracks: 2_000, playlists: 150, plays: 150_000, follows: 15, saves: 20, reposts: 6 },
  large: { users: 10_000, tracks: 100_000, playlists: 5_000, plays: 2_200_000, follows: 20, saves: 25, reposts: 8 },
};

export const DAY = 86_400;

/** How a track's plays spread over time; it decides where it lands in week, month and allTime trending. */
export type Profile = 'hotWeek' | 'hotMonth' | 'classic' | 'faded' | 'steady';

export interface GenUser {
  id: number;
  name: string;
  handle: string;
  bio: string | null;
  location: string | null;
  verified: boolean;
  picture: boolean;
  cover: boolean;
  createdAt: number;
  artist: boolean;
  /** Popularity: how likely others follow the user and play the user's tracks. */
  weight: number;
  genre: string;
}

export interface GenTrack {
  id: number;
  ownerId: number;
  title: string;
  slug: string;
  duration: number;
  description: string | null;
  genre: string | null;
  mood: string | null;
  releaseDate: string | null;
  tags: string | null;
  downloadable: 0 | 1 | null;
  artwork: boolean;
  createdAt: number;
  profile: Profile;
  weight: number;
  parents: number[];
}

export interface GenPlaylist {
  id: number;
  ownerId: number;
  name: string;
  slug: string;
  isAlbum: boolean;
  description: string | null;
  artwork: boolean;
  createdAt: number;
  trackIds: number[];
  weight: number;
}

const PROFILES: ReadonlyArray<readonly [Profile, number]> = [
  ['hotWeek', 0.015], ['hotMonth', 0.03], ['classic', 0.05], ['faded', 0.3], ['steady', 1],
];
const BOOST: Record<Profile, number> = { hotWeek: 4, hotMonth: 3, classic: 15, faded: 1, steady: 1 };
const LONG_FORM = new Set(['Podcasts', 'Audiobooks', 'Spoken Word', 'Comedy']);
const TWO_YEARS = 730 * DAY;

const days = (rng: Rng, min: number, max: number) => Math.floor(rng.range(min, max) * DAY);
const ctx = (rng: Rng, user: GenUser, now: number) => ({
  genre: user.genre, city: T.city(rng), name: user.name, handle: user.handle,
  year: new Date((now - days(rng, 0, 3000)) * 1000).getUTCFullYear(),
});

/** Users by id (index 0 is id 1, the demo listener); the rest ordered by sign-up time. */
export function buildUsers(rng: Rng, spec: ScaleSpec, now: number): GenUser[] {
  const drafts = [];
  for (let i = 1; i < spec.users; i++) {
    const artist = rng.chance(0.4);
    const name = artist ? T.artistName(rng) : T.personName(rng);
    const createdAt = now - (artist ? days(rng, 30, 1400) : days(rng, 3, 1400));
    drafts.push({ artist, name, createdAt, weight: artist ? pareto(rng, 1.1, 1, 5000) : 0.3, genre: T.pickGenre(rng) });
  }
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const demo: GenUser = {
    id: 1, name: 'Demo Listener', handle: 'demo', createdAt: now - 1095 * DAY, artist: true, weight: 2,
    bio: 'Just here for the music. The demo account of the reference service 🎧', location: 'Berlin, Germany',
    verified: false, picture: true, cover: true, genre: 'Electronic',
  };
  const taken = new Set(['demo']);
  const users = [demo];
  for (const d of drafts) {
    let handle = '';
    for (let attempt = 0; taken.has((handle = T.handleCandidate(d.name.handleBase, attempt)).toLowerCase()); attempt++);
    taken.add(handle.toLowerCase());
    const user: GenUser = {
      id: users.length + 1, name: d.name.name, handle, createdAt: d.createdAt, artist: d.artist,
      weight: d.weight, genre: d.genre, verified: false, bio: null, location: null,
      picture: rng.chance(0.92), cover: rng.chance(d.artist ? 0.85 : 0.65),
    };
    if (rng.chance(d.artist ? 0.85 : 0.55)) user.bio = T.bio(rng, d.artist, ctx(rng, user, now));
    if (rng.chance(d.artist ? 0.75 : 0.45)) user.location = T.city(rng);
    users.push(user);
  }
  // About 8% verified: the most followed artists, and a few others.
  const byWeight = users.slice(1).filter((u) => u.artist).sort((a, b) => b.weight - a.weight || a.id - b.id);
  byWeight.slice(0, Math.ceil(spec.users * 0.05)).forEach((u) => (u.verified = true));
  for (const u of users.slice(1)) if (rng.chance(0.032)) u.verified = true;
  return users;
}

function pickProfile(rng: Rng): Profile {
  const roll = rng.next();
  let sum = 0;
  for (const [profile, share] of PROFILES) if (roll < (sum += share)) return profile;
  return 'steady';
}

function trackAge(rng: Rng, profile: Profile): number {
  switch (profile) {
    case 'hotWeek': return days(rng, 0.3, 6.5);
    case 'hotMonth': return days(rng, 8, 28);
    case 'classic': return days(rng, 365, 1000);
    case 'faded': return days(rng, 60, 1000);
    case 'steady': return days(rng, 1, 1000);
  }
}

function duration(rng: Rng, genre: string | null): number {
  if (genre && LONG_FORM.has(genre)) return rng.int(600, 3600);
  const roll = rng.next();
  if (roll < 0.03) return rng.int(421, 1800);
  if (roll < 0.04) return rng.int(20, 59);
  return 60 + Math.floor(((rng.next() + rng.next()) / 2) * 360);
}

/** Tracks by id, in creation order (so a remix's parent always has the lower id). */
export function buildTracks(rng: Rng, spec: ScaleSpec, users: GenUser[], now: number): GenTrack[] {
  // Popular artists release more, but not in proportion to their fame.
  const owners = new WeightedPicker(users.map((u) => (u.artist && u.id !== 1 ? Math.min(8, Math.sqrt(u.weight)) : 0)));
  const featuring = () => users[owners.pick(rng)]!.name;
  const drafts: GenTrack[] = [];
  for (let k = 0; k < spec.tracks; k++) {
    const owner = k < 3 ? users[0]! : users[owners.pick(rng)]!;
    const profile = k < 3 ? 'steady' : pickProfile(rng);
    let createdAt = now - trackAge(rng, profile);
    // A track drawn older than its owner's account comes some time after the account instead.
    if (createdAt <= owner.createdAt) createdAt = Math.min(now - 600, owner.createdAt + 3600 + days(rng, 0, (now - owner.createdAt) / DAY));
    const genre = rng.chance(0.02) ? null : rng.chance(0.75) ? owner.genre : T.pickGenre(rng);
    const c = { ...ctx(rng, owner, now), genre: genre ?? owner.genre };
    const roll = rng.next();
    drafts.push({
      id: 0, ownerId: owner.id, title: T.trackTitle(rng, featuring), slug: '', duration: duration(rng, genre),
      description: rng.chance(0.6) ? T.trackDescription(rng, c) : null,
      genre, mood: rng.chance(0.9) ? rng.pick(MOODS) : null,
      releaseDate: rng.chance(0.9) ? new Date((createdAt - days(rng, 0, 2)) * 1000).toISOString().slice(0, 10) : null,
      tags: rng.chance(0.85) ? T.tags(rng, genre) : null,
      downloadable: roll < 0.3 ? 1 : roll < 0.95 ? 0 : null,
      artwork: rng.chance(0.95), createdAt, profile, parents: [],
      weight: pareto(rng, 1.2, 1, 400) * Math.sqrt(owner.weight) * BOOST[profile],
    });
  }
  // One of the demo user's tracks carries markup in its title, so every element can show it is rendered as text.
  drafts[2]!.title = 'Tag Soup <script>alert("title")</script> & <img src=x onerror=alert(1)>';
  const tracks = drafts.map((t, i) => ({ t, i })).sort((a, b) => a.t.createdAt - b.t.createdAt || a.i - b.i).map((x) => x.t);
  tracks.forEach((t, i) => (t.id = i + 1));

  // A few percent are remixes of older tracks by someone else; some mash up two parents.
  for (let i = 20; i < tracks.length; i++) {
    const track = tracks[i]!;
    if (track.ownerId === 1 || !rng.chance(0.03)) continue;
    const parents: GenTrack[] = [];
    for (let attempt = 0; attempt < 8 && parents.length < (rng.chance(0.1) ? 2 : 1); attempt++) {
      const parent = tracks[rng.int(0, i - 1)]!;
      if (parent.ownerId !== track.ownerId && parent.createdAt < track.createdAt && !parents.includes(parent)) parents.push(parent);
    }
    if (parents.length === 0) continue;
    const remixer = users[track.ownerId - 1]!.name;
    track.parents = parents.map((p) => p.id);
    track.title = parents.length === 1
      ? `${parents[0]!.title} (${remixer} Remix)`
      : `${parents[0]!.title} x ${parents[1]!.title} (${remixer} Mashup)`;
  }
  const slugs = new SlugBook();
  for (const t of tracks) t.slug = slugs.claim(t.ownerId, t.title);
  return tracks;
}

/**
 * When an event (a play, a save, a repost) of this track happens, by its profile: hot this
 * week, hot last month, an old classic played mostly long ago, faded since release, or steady.
 */
export function eventTime(rng: Rng, track: GenTrack, now: number): number {
  const c = track.createdAt;
  const from = Math.max(c, now - TWO_YEARS);
  const u = rng.next();
  switch (track.profile) {
    case 'hotWeek': {
      const lo = Math.max(c, now - 7 * DAY);
      return Math.floor(lo + (now - lo) * Math.sqrt(u));
    }
    case 'hotMonth': {
      if (u < 0.2) return Math.floor(now - 7 * DAY + 7 * DAY * rng.next());
      const lo = Math.max(c, now - 30 * DAY);
      return Math.floor(lo + (now - 7 * DAY - lo) * rng.next());
    }
    case 'classic': return Math.floor(from + (now - from) * Math.pow(u, 1.6));
    case 'faded': return Math.floor(from + (now - from) * Math.pow(u, 4));
    case 'steady': return Math.floor(from + (now - from) * u);
  }
}

/** Playlists by id in creation order: about 30% albums of one owner's tracks, the rest mixed. */
export function buildPlaylists(rng: Rng, spec: ScaleSpec, users: GenUser[], tracks: GenTrack[], now: number): GenPlaylist[] {
  const byOwner = new Map<number, GenTrack[]>();
  for (const t of tracks) {
    const own = byOwner.get(t.ownerId);
    if (own) own.push(t);
    else byOwner.set(t.ownerId, [t]);
  }
  const albumOwners = new WeightedPicker(users.map((u) => (u.id !== 1 && (byOwner.get(u.id)?.length ?? 0) >= 3 ? Math.min(8, Math.sqrt(u.weight)) : 0)));
  const popular = new WeightedPicker(tracks.map((t) => t.weight));
  const drafts: GenPlaylist[] = [];
  const albums = Math.round(spec.playlists * 0.3);
  for (let k = 0; k < spec.playlists; k++) {
    const isAlbum = k > 0 && k <= albums;
    const owner = k === 0 ? users[0]! : isAlbum ? users[albumOwners.pick(rng)]! : users[rng.int(1, users.length - 1)]!;
    const c = ctx(rng, owner, now);
    let trackIds: number[];
    let createdAt: number;
    if (isAlbum) {
      const own = byOwner.get(owner.id)!;
      const length = Math.min(own.length, rng.int(3, 12));
      const start = rng.int(0, own.length - length);
      const chosen = own.slice(start, start + length);
      trackIds = chosen.map((t) => t.id);
      createdAt = Math.min(now - 60, chosen[chosen.length - 1]!.createdAt + days(rng, 0, 2));
    } else {
      const ids = new Set<number>();
      const want = rng.int(5, 30);
      for (let tries = 0; ids.size < want && tries < want * 4; tries++) ids.add(tracks[popular.pick(rng)]!.id);
      trackIds = [...ids];
      createdAt = Math.floor(owner.createdAt + (now - owner.createdAt) * rng.next());
    }
    drafts.push({
      id: 0, ownerId: owner.id, isAlbum, trackIds, createdAt, slug: '', artwork: rng.chance(0.9),
      name: k === 0 ? 'Demo Favorites' : isAlbum ? T.albumName(rng, c) : T.playlistName(rng, c),
      description: rng.chance(0.6) ? (isAlbum ? T.albumDescription(rng, c) : T.playlistDescription(rng, c)) : null,
      weight: pareto(rng, 1.2, 1, 200) * (isAlbum ? Math.sqrt(owner.weight) : 1),
    });
  }
  const playlists = drafts.map((p, i) => ({ p, i })).sort((a, b) => a.p.createdAt - b.p.createdAt || a.i - b.i).map((x) => x.p);
  const slugs = new SlugBook();
  playlists.forEach((p, i) => {
    p.id = i + 1;
    p.slug = slugs.claim(`${p.ownerId}/${p.isAlbum ? 'album' : 'playlist'}`, p.name);
  });
  return playlists;
}
