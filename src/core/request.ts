import { abortable, readJson, timedFetch } from './http.js';
import { withFailover, type HostPicker } from './hosts.js';

/** Options every method takes. */
export interface CallOptions {
  /** Cancels this call; other callers sharing the same request are not affected. */
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

/** The one request function (op, path, params, read?, cached?) and the cache's invalidate(prefix?). */
export type Requester = [
  request: <T>(op: string, path: string, params?: CallOptions & object, read?: Reader<T>, cached?: boolean) => Promise<T>,
  invalidate: (prefix?: string) => void,
];

interface Flight {
  p: Promise<unknown>;
  /** callers still waiting */
  n: number;
  c: AbortController;
}

/**
 * Builds `path?query` with `app_name` last; the result is also the cache and de-dup key.
 * The query is `params` minus `signal`, camelCase keys in snake_case, undefined values left out.
 */
export const pathWithQuery = (path: string, params: object, appName?: string) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...params, app_name: appName }))
    if (v !== undefined && k != 'signal') q.set(k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()), v);
  return path + '?' + q;
};

/**
 * TTL cache, in-flight de-dup, host selection, timeout, and one retry on another host after
 * a network error, a timeout, a 5xx or a malformed answer.
 */
export function createRequester({ appName, host: pinned, timeout, cacheTtl, cacheSize, fetch: fetcher }: RequestOptions, hosts: HostPicker): Requester {
  const cache = new Map<string, [number, unknown]>();
  const flights = new Map<string, Flight>();

  const send = <T>(op: string, key: string, read: Reader<T>, signal: AbortSignal) =>
    withFailover(hosts, pinned, (host) => timedFetch(host + '/v1' + key, timeout, op, read, signal, fetcher));

  const request = <T>(op: string, path: string, params: CallOptions & object = {}, read: Reader<T> = readJson<T>(op), cached = true) => {
    const key = pathWithQuery(path, params, appName);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      // A hit moves last: the Map's order is the eviction order, least recently used first.
      if (hit[0] > Date.now()) return cache.set(key, hit), abortable(Promise.resolve(hit[1] as T), op, params.signal);
    }
    let flight = flights.get(key);
    if (!flight) {
      const c = new AbortController();
      const p = send(op, key, read, c.signal).then((v) => {
        if (cached && cacheTtl > 0 && flights.get(key) == flight && cache.set(key, [Date.now() + cacheTtl, v]).size > cacheSize)
          cache.delete(cache.keys().next().value!);
        return v;
      });
      flights.set(key, (flight = { n: 0, c, p: p.finally(() => flights.get(key) == flight && flights.delete(key)) }));
    }
    const f = flight;
    f.n++;
    // The shared request is cancelled only when every caller has aborted.
    return abortable(f.p as Promise<T>, op, params.signal, () => {
      if (!--f.n) {
        flights.delete(key);
        f.c.abort();
      }
    });
  };

  // Also forgets matching requests in flight, so their answers are not cached.
  const invalidate = (prefix = '') => {
    for (const k of [...cache.keys(), ...flights.keys()])
      if (k.startsWith(prefix)) {
        cache.delete(k);
        flights.delete(k);
      }
  };

  return [request, invalidate];
}
