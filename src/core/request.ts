import { abortable, readJson, timedFetch } from './http.js';
import { withFailover, type HostPicker } from './hosts.js';

/** Options every method takes. */
export interface CallOptions {
  /** Cancels this call; other n sharing the same request are not affected. */
  signal?: AbortSignal;
}

export interface RequestOptions {
  appName?: string;
  host?: string;
  timeout: number;
  cacheTtl: number;
  cacheSize: number;
  fetch?: typeof fetch;
}

/** Turns a response into the method's result; throws a ServiceError for a bad one. */
export type Reader<T> = (res: Response) => Promise<T>;

/**
 * The one request function and the cache's invalidate(prefix?). A request names its operation
 * (for errors), its path and its query: the caller's options (`signal` aside) and the
 * operation's own parameters.
 */
export type Requester = [
  request: <T, Query extends CallOptions = CallOptions>(operation: string, path: string, query?: Query, read?: Reader<T>, cached?: boolean) => Promise<T>,
  invalidate: (prefix?: string) => void,
];

/**
 * A request in flight, shared by every caller of the same `path?query`: joining it counts the
 * caller in and gives the answer under the caller's signal; the last caller to abort cancels it.
 */
type Flight = (operation: string, signal?: AbortSignal) => Promise<unknown>;

/**
 * Builds `path?query` with `app_name` last; the result is also the cache and de-dup key.
 * The query is `params` minus `signal`, camelCase keys in snake_case, undefined values left out.
 */
export const pathWithQuery = (path: string, params: object, appName?: string) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, app_name: appName }))
    if (value !== undefined && name != 'signal') query.set(name.replace(/[A-Z]/g, (letter) => '_' + letter.toLowerCase()), value);
  return path + '?' + query;
};

/**
 * TTL cache, in-flight de-dup, host selection, timeout, and one retry on another host after
 * a network error, a timeout, a 5xx or a malformed answer.
 */
export function createRequester({ appName, host: pinned, timeout, cacheTtl, cacheSize, fetch: fetcher }: RequestOptions, hosts: HostPicker): Requester {
  const cache = new Map<string, [number, unknown]>();
  const flights = new Map<string, Flight>();

  const send = <T>(operation: string, key: string, read: Reader<T>, signal: AbortSignal) =>
    withFailover(hosts, pinned, (host) => timedFetch(host + '/v1' + key, timeout, operation, read, signal, fetcher));

  const request = <T>(operation: string, path: string, query: CallOptions = {}, read: Reader<T> = readJson<T>(operation), cached = true) => {
    const key = pathWithQuery(path, query, appName);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      // A hit moves last: the Map's order is the eviction order, least recently used first.
      if (hit[0] > Date.now()) return cache.set(key, hit), abortable(Promise.resolve(hit[1] as T), operation, query.signal);
    }
    let join = flights.get(key);
    if (!join) {
      const controller = new AbortController();
      let callers = 0;
      const answer = send(operation, key, read, controller.signal)
        .then((value) => {
          if (cached && cacheTtl > 0 && flights.get(key) == join && cache.set(key, [Date.now() + cacheTtl, value]).size > cacheSize)
            cache.delete(cache.keys().next().value!);
          return value;
        })
        .finally(() => flights.get(key) == join && flights.delete(key));
      flights.set(
        key,
        (join = (callerOperation, signal) => {
          callers++;
          // The shared request is cancelled only when every caller has aborted.
          return abortable(answer, callerOperation, signal, () => {
            if (!--callers) {
              flights.delete(key);
              controller.abort();
            }
          });
        }),
      );
    }
    return join(operation, query.signal) as Promise<T>;
  };

  // Also forgets matching requests in flight, so their answers are not cached.
  const invalidate = (prefix = '') => {
    for (const key of [...cache.keys(), ...flights.keys()])
      if (key.startsWith(prefix)) {
        cache.delete(key);
        flights.delete(key);
      }
  };

  return [request, invalidate];
}
