/**
 * The part of a client the login flow uses: its settings, host selection and the verify
 * endpoint (contract 4.1, 4.3). A full `Client` is one; `authClientFor()` makes a slim one
 * without the typed operations and the cache, whose network code (auth-service.ts) loads on
 * first use, so the login button's page loads neither to draw the button.
 */
import { defaults, withDefaults, type ClientOptions } from './config.js';
import type { AuthClient } from './auth-shared.js';

export type { AuthClient } from './auth-shared.js';

/** A slim client for logging in; `options` over the page's defaults, as `createClient()`. */
export function createAuthClient(options: ClientOptions = {}): AuthClient {
  const settings = withDefaults(options);
  let service: Promise<Omit<AuthClient, 'options'>> | undefined;
  // Loaded once, when the first login needs a host or a verify; a failed load is tried again next time.
  const load = () =>
    (service ??= import('./auth-service.js').then(
      (module) => module.createAuthService(settings),
      (error) => {
        service = undefined;
        throw error;
      },
    ));
  return {
    options: settings,
    selectHost: () => load().then((loaded) => loaded.selectHost()),
    verifyToken: (token, callOptions) => load().then((loaded) => loaded.verifyToken(token, callOptions)),
  };
}

const clients = new Map<string, AuthClient>();
let madeWith = defaults;

/**
 * The slim client for a set of settings over the page's defaults, one per set (so a login
 * selects its host once); no settings means the page's own.
 */
export function authClientFor(options: ClientOptions = {}): AuthClient {
  // After configure(), the slim clients follow the new defaults, as getClient() does.
  if (madeWith != defaults) {
    clients.clear();
    madeWith = defaults;
  }
  const set = Object.entries(options).filter(([, value]) => value != null && value !== '');
  const key = JSON.stringify(set.sort(([a], [b]) => (a < b ? -1 : 1)));
  let client = clients.get(key);
  if (!client) clients.set(key, (client = createAuthClient(Object.fromEntries(set))));
  return client;
}
