// The contract's section 2 as checks, written from the spec rather than from the server's
// code, so a field the server drops or mistypes fails here.
import assert from 'node:assert/strict';
import { modelFields } from './production-shapes.js';

type Kind = 'string' | 'integer' | 'boolean' | 'object' | 'array' | ((value: unknown, path: string) => void);
type Shape = Record<string, [Kind, 'required' | 'optional']>;

const imageMap = (keys: string[]) => (value: unknown, path: string) => {
  assert.equal(typeof value, 'object', `${path} is an object`);
  for (const [key, url] of Object.entries(value as object)) {
    assert.ok(keys.includes(key), `${path} has only ${keys.join(', ')} keys, not ${key}`);
    assert.match(url as string, /^https?:\/\//, `${path}.${key} is an absolute http(s) URL`);
  }
};

export const USER: Shape = {
  id: ['string', 'required'],
  handle: ['string', 'required'],
  name: ['string', 'required'],
  bio: ['string', 'optional'],
  location: ['string', 'optional'],
  is_verified: ['boolean', 'required'],
  album_count: ['integer', 'required'],
  followee_count: ['integer', 'required'],
  follower_count: ['integer', 'required'],
  playlist_count: ['integer', 'required'],
  repost_count: ['integer', 'required'],
  track_count: ['integer', 'required'],
  cover_photo: [imageMap(['640x', '2000x']), 'optional'],
  profile_picture: [imageMap(['150x150', '480x480', '1000x1000']), 'optional'],
};

const REMIX: Shape = { parent_track_id: ['string', 'required'] };

export const TRACK: Shape = {
  id: ['string', 'required'],
  title: ['string', 'required'],
  user: [(v, p) => checkShape(v, USER, p), 'required'],
  duration: ['integer', 'required'],
  repost_count: ['integer', 'required'],
  favorite_count: ['integer', 'required'],
  play_count: ['integer', 'required'],
  artwork: [imageMap(['150x150', '480x480', '1000x1000']), 'optional'],
  description: ['string', 'optional'],
  genre: ['string', 'optional'],
  mood: ['string', 'optional'],
  release_date: ['string', 'optional'],
  tags: ['string', 'optional'],
  downloadable: ['boolean', 'optional'],
  remix_of: [
    (v, p) => {
      assert.ok(Array.isArray((v as { tracks: unknown }).tracks), `${p}.tracks is an array`);
      for (const t of (v as { tracks: unknown[] }).tracks) checkShape(t, REMIX, `${p}.tracks[]`);
    },
    'optional',
  ],
};

export const PLAYLIST: Shape = {
  id: ['string', 'required'],
  playlist_name: ['string', 'required'],
  is_album: ['boolean', 'required'],
  user: [(v, p) => checkShape(v, USER, p), 'required'],
  repost_count: ['integer', 'required'],
  favorite_count: ['integer', 'required'],
  total_play_count: ['integer', 'required'],
  artwork: [imageMap(['150x150', '480x480', '1000x1000']), 'optional'],
  description: ['string', 'optional'],
};

export const FAVORITE: Shape = {
  favorite_item_id: ['string', 'required'],
  favorite_type: ['string', 'required'],
  user_id: ['string', 'required'],
};

export const ACTIVITY: Shape = {
  timestamp: ['string', 'optional'],
  item_type: ['object', 'optional'],
  item: ['object', 'optional'],
};

export const METRIC: Shape = {
  name: ['string', 'optional'],
  count: ['integer', 'optional'],
};

/**
 * Fields beyond the contract are additive (production-shapes.md): a resource may carry its
 * production model's fields, and no others; their types are production-shapes.test.ts's business.
 */
const ADDITIVE = new Map<Shape, Set<string>>([
  [USER, modelFields('User')],
  [TRACK, modelFields('Track')],
  [PLAYLIST, modelFields('Playlist')],
  [FAVORITE, modelFields('Favorite')],
  [ACTIVITY, modelFields('Activity')],
  [REMIX, modelFields('Remix')],
]);

/** Asserts `value` has every required field, only the contract's (or production's) fields, each contract field of its type. */
export function checkShape(value: unknown, shape: Shape, path = 'value'): void {
  assert.ok(value && typeof value === 'object' && !Array.isArray(value), `${path} is an object`);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    assert.ok(key in shape || ADDITIVE.get(shape)?.has(key), `${path} has no field outside the contract or production's model: ${key}`);
  }
  for (const [key, [kind, presence]] of Object.entries(shape)) {
    if (!(key in record)) {
      assert.ok(presence === 'optional', `${path}.${key} is required`);
      continue;
    }
    const field = record[key];
    const where = `${path}.${key}`;
    if (typeof kind === 'function') kind(field, where);
    else if (kind === 'integer') assert.ok(Number.isInteger(field), `${where} is an integer, got ${JSON.stringify(field)}`);
    else if (kind === 'array') assert.ok(Array.isArray(field), `${where} is an array`);
    else if (kind === 'object') assert.ok(field !== null && typeof field === 'object', `${where} is an object`);
    else assert.equal(typeof field, kind, `${where} is a ${kind}`);
  }
}

export function checkList(value: unknown, shape: Shape, path = 'data'): unknown[] {
  assert.ok(Array.isArray(value), `${path} is an array`);
  value.forEach((item, i) => checkShape(item, shape, `${path}[${i}]`));
  return value;
}
