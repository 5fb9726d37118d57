/**
 * Server-only write operations (contract 5.4): favorite and unfavorite a track for a user
 * who granted the app `write`, authenticated with the app's API key and secret. The secret
 * must never reach a browser, so this module refuses to load in one.
 *
 * ```ts
 * import { createWriteClient } from 'service-kit/node';
 * const writer = createWriteClient({ apiKey, apiSecret: process.env.SERVICE_API_SECRET!, host });
 * await writer.favoriteTrack(profile.userId, trackId);
 * ```
 */
import { ServiceError } from '../core/errors.js';
import { createHostPicker } from '../core/hosts.js';
import { readJson } from '../core/http.js';
import { apiPath, send as sendCall } from '../core/transport.js';

const BROWSER_MESSAGE =
  'service-kit/node is for servers only: it holds the app’s API secret, which must never be sent to a browser. ' +
  'Call the write operations from your server, after the user granted write in the login flow.';

/** Throws when a browser's globals are present (a bundle, a page, jsdom). */
function refuseBrowser(): void {
  if (typeof window !== 'undefined' || typeof document !== 'undefined') throw new Error(BROWSER_MESSAGE);
}
refuseBrowser();

export interface WriteClientOptions {
  /** The app's API key. */
  apiKey: string;
  /** The app's API secret (keep it in the server's environment). */
  apiSecret: string;
  /** The service's base URL, e.g. `http://127.0.0.1:7700`. */
  host?: string;
  /** Or a host list URL (contract 4.1), when no host is pinned. */
  hostListUrl?: string;
  /** Milliseconds before a request gives up; default 10000. */
  timeout?: number;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/** The answer of a favorite or unfavorite: the state after the call. */
export interface FavoriteResult {
  user_id: string;
  track_id: string;
  favorited: boolean;
  favorite_count: number;
}

export interface WriteOptions {
  signal?: AbortSignal;
}

export interface WriteClient {
  /** Favorites the track for the user; idempotent. Needs the user's write grant (else a 403). */
  favoriteTrack(userId: string, trackId: string, options?: WriteOptions): Promise<FavoriteResult>;
  /** Removes the track from the user's favorites; idempotent. */
  unfavoriteTrack(userId: string, trackId: string, options?: WriteOptions): Promise<FavoriteResult>;
}

/**
 * A client for the write operations. Failures reject with a `ServiceError`: kind `http` with
 * the status (401 bad key or secret, 403 no write grant, 404 unknown user or track), kind
 * `network`, `timeout` or `abort` otherwise.
 */
export function createWriteClient(options: WriteClientOptions): WriteClient {
  refuseBrowser();
  const { apiKey, apiSecret, host, hostListUrl, timeout = 10_000, fetch: fetcher = fetch } = options ?? ({} as WriteClientOptions);
  if (!apiKey || !apiSecret || typeof apiKey != 'string' || typeof apiSecret != 'string') {
    throw new ServiceError('createWriteClient needs the app’s apiKey and apiSecret.', 'config', 'createWriteClient');
  }
  if (!host && !hostListUrl) throw new ServiceError('createWriteClient needs host or hostListUrl.', 'config', 'createWriteClient');
  const hosts = createHostPicker({ host, hostListUrl, timeout, badHostTtl: 60_000, probes: 3, fetch: fetcher });

  // Through the core's transport: a write is sent once, never to a second host; the caller decides whether to send it again.
  async function send(op: string, method: 'POST' | 'DELETE', userId: string, trackId: string, signal?: AbortSignal): Promise<FavoriteResult> {
    for (const [name, value] of [['userId', userId], ['trackId', trackId]]) {
      if (typeof value != 'string' || !value) throw new ServiceError(`${op} needs ${name} as a non-empty string.`, 'config', op);
    }
    const headers = { 'x-api-key': apiKey, 'x-api-secret': apiSecret };
    return sendCall({ timeout, fetch: fetcher }, hosts, true, { operation: op, method, path: apiPath('users', userId, 'favorites', trackId), headers, read: readJson<FavoriteResult>(op), signal });
  }

  return {
    favoriteTrack: (userId, trackId, o) => send('favoriteTrack', 'POST', userId, trackId, o?.signal),
    unfavoriteTrack: (userId, trackId, o) => send('unfavoriteTrack', 'DELETE', userId, trackId, o?.signal),
  };
}

export { ServiceError };
