/**
 * The one way the core reaches the service: the client's reads (request.ts adds the cache and
 * de-duplication), verify, the code flow's token, `/v1/me` and revoke calls, and the bearer
 * writes. Every call has the client's timeout, the caller's AbortSignal, failover where it is
 * safe, a typed answer (its reader) and rejects only with a ServiceError. URLs are built here.
 */
import { withFailover, type HostPicker } from './hosts.js';
import { timedFetch } from './http.js';

/** Turns a response into the call's result; throws a ServiceError for a bad one. */
export type Reader<T> = (res: Response) => Promise<T>;

/** What a call needs of a client's settings. */
export interface TransportOptions {
  /** Sent as `app_name` (last in the query); none for the OAuth endpoints. */
  appName?: string;
  /** Milliseconds before the call gives up, its answer's body included. */
  timeout: number;
  fetch?: typeof fetch;
}

/** One request to the service. */
export interface ServiceCall<T> {
  /** Named in the ServiceError, e.g. `getTrack`, `refreshToken`. */
  operation: string;
  /** The path under `/v1`, built by {@link apiPath} (so its segments are encoded). */
  path: string;
  /** The query: camelCase keys sent in snake_case, undefined values and `signal` left out. */
  query?: object;
  /** `GET` (default), or a write's method (`POST`, `DELETE`…). */
  method?: string;
  /** A JSON body: an object, or its text. */
  body?: object | string;
  /** The user's bearer token. */
  token?: string;
  /** More headers (the server-only writes' API key and secret). */
  headers?: Record<string, string>;
  read: Reader<T>;
  signal?: AbortSignal;
}

/** `/a/b/c` from path segments, each encoded: an id holding `/`, `?` or `#` stays one segment. */
export const apiPath = (...segments: string[]): string => segments.map((segment) => '/' + encodeURIComponent(segment)).join('');

/**
 * Builds `path?query` with `app_name` last; the result is also the cache and de-dup key.
 * The query is `params` minus `signal`, camelCase keys in snake_case, undefined values left out.
 */
export const pathWithQuery = (path: string, params: object, appName?: string): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, app_name: appName }))
    if (value !== undefined && name != 'signal') query.set(name.replace(/[A-Z]/g, (letter) => '_' + letter.toLowerCase()), value);
  const text = String(query);
  return path + (text ? '?' + text : '');
};

/** The full URL of `path?query` on `host`. */
export const apiUrl = (host: string, path: string, query: object = {}, appName?: string): string => host + '/v1' + pathWithQuery(path, query, appName);

/**
 * Sends `call` to the host `hosts` selects and reads its answer. After a network error, a
 * timeout, a 5xx or a malformed answer the host is marked bad; a GET is then sent once more to
 * another host unless `pinned`. A write (POST, DELETE) is sent once: it may have been received
 * before the failure, and a code or a refresh token spent twice fails (a reused refresh token
 * revokes the sign-in).
 */
export function send<T>(options: TransportOptions, hosts: HostPicker, pinned: unknown, call: ServiceCall<T>): Promise<T> {
  const { body, token } = call;
  const method = call.method?.toUpperCase() || 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (body) headers['content-type'] = 'application/json';
  if (token) headers.authorization = 'Bearer ' + token;
  const init: RequestInit = { method, headers, body: typeof body == 'string' ? body : body && JSON.stringify(body) };
  return withFailover(hosts, pinned || method != 'GET', (host) =>
    timedFetch(apiUrl(host, call.path, call.query, options.appName), options.timeout, call.operation, call.read, call.signal, options.fetch, init),
  );
}
