import { MAX_APP_NAME } from './app-name.js';

/**
 * JSON schemas shared by the routes. Fastify validates every path and query parameter
 * against them; nothing is parsed by hand.
 *
 * Paging rule, the same everywhere: `limit` and `offset` are integers; searches take
 * `limit` 1..50 (default 10), other lists 1..500 (default 100), trending 1..100
 * (default 100); `offset` 0..100000 (default 0). A value outside its range is a 400, not
 * clamped, so a client learns about its mistake.
 */

export const SEARCH_LIMIT = { default: 10, max: 50 };
export const LIST_LIMIT = { default: 100, max: 500 };
export const TRENDING_LIMIT = { default: 100, max: 100 };
export const MAX_OFFSET = 100_000;

/** An app's name: 1 to 100 characters, not all of them white space (the full rule: app-name.ts). */
export const appName = { type: 'string', minLength: 1, maxLength: MAX_APP_NAME, pattern: '\\S' } as const;

/** A public id: Hashids use letters and digits only. */
export const publicId = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' } as const;

/** Search text: 1 to 200 characters. */
export const searchText = { type: 'string', minLength: 1, maxLength: 200 } as const;

export function limit(rule: { default: number; max: number }) {
  return { type: 'integer', minimum: 1, maximum: rule.max, default: rule.default } as const;
}

export const offset = { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 } as const;

/** Accepts the usual spellings of a boolean query flag. */
export const flag = { type: 'string', enum: ['true', 'false', '1', '0', ''] } as const;

export function isSet(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

export function query(properties: Record<string, unknown>, required: string[] = []) {
  return {
    type: 'object',
    properties: { app_name: appName, ...properties },
    required: ['app_name', ...required],
    additionalProperties: true,
  } as const;
}

export function params(properties: Record<string, unknown>) {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false } as const;
}
