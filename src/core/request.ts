import { abortable, readJson } from './http.js';
import type { HostPicker } from './hosts.js';
import { pathWithQuery, send as sendCall, type Reader } from './transport.js';

export { pathWithQuery, type Reader } from './transport.js';

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
 * TTL cache and in-flight de-dup over the transport (transport.ts: host selection, timeout, and
 * one retry on another host after a network error, a timeout, a 5xx or a malformed answer).
 */
export function createRequester(options: RequestOptions, hosts: HostPicker): Requester {
  const { appName, host: pinned, cacheTtl, cacheSize } = options;
  const cache = new Map<string, [number, unknown]>();
  const flights = new Map<string, Flight>();

  const send = <T>(operation: string, path: string, query: object, read: Reader<T>, signal: AbortSignal) =>
    sendCall(options, hosts, pinned, { operation, path, query, read, signal });

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
      const answer = send(operation, path, query, read, controller.signal)
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
