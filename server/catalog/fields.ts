/** Field checks for catalog files: each failure names the record and the field. */
import { COVER_SIZES, SQUARE_SIZES } from './slug.js';

/** A catalog file that cannot be loaded; the message names the bad record, e.g. `tracks[12] (id "t-9"): ...`. */
export class CatalogError extends Error {
  override name = 'CatalogError';
}

// Counts the loader derives from the lists; a file that sets one is told so instead of "unknown field".
const COMPUTED = new Set([
  'album_count', 'followee_count', 'follower_count', 'playlist_count', 'repost_count', 'track_count',
  'play_count', 'favorite_count', 'total_play_count',
]);

const HANDLE = /^[A-Za-z0-9_]{1,30}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A calendar date as YYYY-MM-DD that exists (no 2023-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** One record of a list, e.g. `tracks[12] (id "t-9")`; its getters check one field each. */
export class Rec {
  label: string;

  constructor(list: string, index: number, readonly data: Record<string, unknown>, allowed: readonly string[]) {
    this.label = `${list}[${index}]`;
    if (typeof data.id === 'string' && data.id !== '') this.label += ` (id ${JSON.stringify(data.id.slice(0, 200))})`;
    for (const key of Object.keys(data)) {
      if (allowed.includes(key)) continue;
      if (COMPUTED.has(key)) this.fail(`${key} is computed from the catalog's lists; leave it out`);
      if (key === 'user') this.fail('user must be given as user_id (the id of a users[] record)');
      this.fail(`unknown field ${JSON.stringify(key)} (allowed: ${allowed.join(', ')})`);
    }
  }

  fail(message: string): never {
    throw new CatalogError(`${this.label}: ${message}`);
  }

  /** The record's own key: a non-empty string (the label names it from the start). */
  id(): string {
    return this.str('id', true, 200);
  }

  /** A string field; `null` and absence both mean "not given" for optional fields. */
  str(key: string, required: true, maxLength?: number): string;
  str(key: string, required?: false, maxLength?: number): string | null;
  str(key: string, required = false, maxLength = 10_000): string | null {
    const value = this.data[key];
    if (value === undefined || value === null) {
      if (required) this.fail(`${key} is required`);
      return null;
    }
    if (typeof value !== 'string') this.fail(`${key} must be a string`);
    if (required && value.trim() === '') this.fail(`${key} must not be empty`);
    if (value.length > maxLength) this.fail(`${key} must be at most ${maxLength} characters`);
    return value;
  }

  /** An optional string that, when given, is not blank (genre, mood). */
  nonBlank(key: string): string | null {
    const value = this.str(key, false, 200);
    if (value !== null && value.trim() === '') this.fail(`${key} must not be empty when given`);
    return value;
  }

  bool(key: string): boolean | null {
    const value = this.data[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'boolean') this.fail(`${key} must be true or false`);
    return value;
  }

  int(key: string, min: number, max: number, required: boolean): number | null {
    const value = this.data[key];
    if (value === undefined || value === null) {
      if (required) this.fail(`${key} is required`);
      return null;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
      this.fail(`${key} must be ${min === 0 ? 'a non-negative integer' : min === 1 ? 'a positive integer' : `an integer >= ${min}`}`);
    }
    if (value > max) this.fail(`${key} must be at most ${max}`);
    return value;
  }

  handle(key: string): string {
    const value = this.str(key, true, 30);
    if (!HANDLE.test(value)) this.fail(`${key} must be 1 to 30 letters, digits or underscores`);
    return value;
  }

  date(key: string): string | null {
    const value = this.str(key, false, 10);
    if (value !== null && !isCalendarDate(value)) this.fail(`${key} must be a date as YYYY-MM-DD`);
    return value;
  }

  /** A time: unix seconds, or ISO 8601 (a date, or a date-time with Z or an offset). Unix seconds out. */
  time(key: string): number | null {
    const value = this.data[key];
    if (value === undefined || value === null) return null;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e11) return value;
    if (typeof value === 'string' && isCalendarDate(value.slice(0, 10)) && (value.length === 10 || DATE_TIME.test(value))) {
      const ms = Date.parse(value);
      if (!Number.isNaN(ms) && ms >= 0) return Math.floor(ms / 1000);
    }
    return this.fail(`${key} must be unix seconds or an ISO 8601 date or date-time with a time zone`);
  }

  /** An image map with the contract's keys; stored as JSON, or null when absent or empty. */
  images(key: string, kind: 'square' | 'cover'): string | null {
    const value = this.data[key];
    if (value === undefined || value === null) return null;
    const sizes: readonly string[] = kind === 'square' ? SQUARE_SIZES : COVER_SIZES;
    if (!isObject(value)) this.fail(`${key} must be an object with keys ${sizes.join(', ')}`);
    const out: Record<string, string> = {};
    for (const size of Object.keys(value)) {
      if (!sizes.includes(size)) this.fail(`${key} has an unknown size ${JSON.stringify(size)} (allowed: ${sizes.join(', ')})`);
    }
    for (const size of sizes) {
      const url = value[size];
      if (url === undefined || url === null) continue;
      if (typeof url !== 'string' || !isImageUrl(url)) {
        this.fail(`${key}["${size}"] must be an http(s) URL or a path starting with "/"`);
      }
      out[size] = url;
    }
    return Object.keys(out).length ? JSON.stringify(out) : null;
  }

  /** An array field (required). */
  array(key: string): unknown[] {
    const value = this.data[key];
    if (!Array.isArray(value)) this.fail(`${key} must be an array`);
    return value;
  }
}

/** An absolute http(s) URL, or a path on the service ("/images/..."; "//host" is not a path). */
export function isImageUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !/\s/.test(url);
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
