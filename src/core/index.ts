/** The kit's core: configuration, host selection and a typed client. No DOM elements, no Lit. */
// Types only: GENRES and MOODS stay in types.ts, outside the size budget, for the pages that need them.
export type * from './types.js';
export { ServiceError, isServiceError, isPartialContent, type ServiceErrorKind } from './errors.js';
export type { CallOptions } from './request.js';
export {
  configure, createClient, getClient, selectHost,
  type Client, type ClientOptions, type SearchOptions, type PageOptions, type LimitOptions,
  type UserTracksOptions, type TrendingOptions, type Resolved,
} from './client.js';
// The elements' languages: a translation of their strings, shared by every copy of the kit on the page.
export { registerTranslation } from './i18n/registry.js';
export type { Key as StringKey, Plural, Strings } from './i18n/en.js';
