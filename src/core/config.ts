import type { ClientOptions } from './client.js';

/** A client's settings with every default filled in. */
export type Settings = ClientOptions & Required<Pick<ClientOptions, 'timeout' | 'cacheTtl' | 'cacheSize' | 'badHostTtl' | 'probes'>>;

/**
 * The page's defaults, set by `configure()`. Kept apart from the client so that the login
 * flow (auth-client.ts) reads them without loading the typed client.
 */
export let defaults: ClientOptions = {};

/** Merges `options` into the page's defaults (client.ts's `configure` also drops the page client). */
export const setDefaults = (options: ClientOptions): void => {
  defaults = { ...defaults, ...options };
};

/** `options` over the page's defaults over the built-in settings. */
export const withDefaults = (options: ClientOptions = {}): Settings => ({
  timeout: 1e4,
  cacheTtl: 3e4,
  cacheSize: 100,
  badHostTtl: 6e4,
  probes: 3,
  ...defaults,
  ...options,
});

/**
 * The URL when it is http(s), else undefined: the one check for every URL the kit opens,
 * fetches or puts into `src` or `href`, from a setting or an API answer, so none can be a
 * `javascript:` (or any other scheme's) URL.
 */
export const safeUrl = (url?: string | null): string | undefined => (/^https?:\/\//i.test(url!) ? url! : undefined);
