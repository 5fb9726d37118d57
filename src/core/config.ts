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
