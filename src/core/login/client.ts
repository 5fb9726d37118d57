/**
 * The part of a client the login flow uses: its settings, host selection and the verify
 * endpoint (contract 4.1, 4.3). A full `Client` is one; `authClientFor()` makes a slim one
 * without the typed operations and the cache, so the login button carries neither.
 */
import { perSettings, withDefaults, type ClientOptions } from '../config.js';
import { createHostPicker } from '../hosts.js';
import { readData } from '../http.js';
import { send } from '../transport.js';
import type { LoginProfile } from '../types.js';
import type { AuthClient } from './shared.js';

export type { AuthClient } from './shared.js';

/** A slim client for logging in; `options` over the page's defaults, as `createClient()`. */
export function createAuthClient(options: ClientOptions = {}): AuthClient {
  const settings = withDefaults(options);
  const hosts = createHostPicker(settings);
  // The contract's verify body is the bare profile; production wraps it in `data`: accept both, as it came.
  const read = readData<LoginProfile>('verifyToken', true);
  return {
    options: settings,
    selectHost: hosts[0],
    markHostBad: hosts[1],
    // Host selection, and one retry on another host, as the full client does.
    verifyToken: (token, { signal } = {}) => send(settings, hosts, settings.host, { operation: 'verifyToken', path: '/users/verify_token', query: { token: String(token) }, read, signal }),
  };
}

/**
 * The slim client for a set of settings over the page's defaults, one per set (so a login
 * selects its host once); no settings means the page's own. all.js swaps this module for
 * full.ts, whose clients are the elements' own (scripts/build/cdn.ts).
 */
export const authClientFor = /* @__PURE__ */ perSettings(createAuthClient);
