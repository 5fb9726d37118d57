/** Settings of a client; `configure()` (client.ts) sets the page's defaults. */
export interface ClientOptions {
  /** The application's unique name, sent as `app_name` with every request. */
  appName?: string;
  /** The application's API key, for the login flow. */
  apiKey?: string;
  /** Where the list of API hosts is read (contract 4.1). */
  hostListUrl?: string;
  /** Origin of the login prompt page (contract 4.2). */
  authUrl?: string;
  /** Pins one API host and skips host selection. */
  host?: string;
  /** Milliseconds before a request (or a host probe) gives up; default 10000. */
  timeout?: number;
  /** Milliseconds an answer stays cached; default 30000, 0 turns the cache off. */
  cacheTtl?: number;
  /** Most answers kept in the cache; default 100. */
  cacheSize?: number;
  /** Milliseconds a failed host is left out of selection; default 60000. */
  badHostTtl?: number;
  /** Hosts probed at once during selection; default 3. */
  probes?: number;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/** A client's settings with every default filled in. */
export type Settings = ClientOptions & Required<Pick<ClientOptions, 'timeout' | 'cacheTtl' | 'cacheSize' | 'badHostTtl' | 'probes'>>;

/**
 * The page's defaults, set by `configure()`. Kept apart from the client so that the login
 * flow's slim client (login/client.ts) reads them without loading the typed client.
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
 * One `make(settings)` per set of settings (undefined, null and '' count as unset), so the
 * elements and logins that share settings share one client: its cache, in-flight requests and
 * host choice. After `configure()` changes the page's defaults, clients are made anew, as
 * `getClient()`'s is. With no settings at all, `none()` answers when given.
 */
export function perSettings<T>(make: (options: ClientOptions) => T, none?: () => T): (options?: ClientOptions) => T {
  const made = new Map<string, T>();
  let madeWith = defaults;
  return (options = {}) => {
    if (madeWith != defaults) {
      made.clear();
      madeWith = defaults;
    }
    const set = Object.entries(options).filter(([, value]) => value != null && value !== '');
    if (!set.length && none) return none();
    const key = JSON.stringify(set.sort(([a], [b]) => (a < b ? -1 : 1)));
    let client = made.get(key);
    if (!client) made.set(key, (client = make(Object.fromEntries(set))));
    return client;
  };
}

/**
 * The URL when it is http(s), else undefined: the one check for every URL the kit opens,
 * fetches or puts into `src` or `href`, from a setting or an API answer, so none can be a
 * `javascript:` (or any other scheme's) URL.
 */
export const safeUrl = (url?: string | null): string | undefined => (/^https?:\/\//i.test(url!) ? url! : undefined);
