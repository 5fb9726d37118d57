/**
 * The part of a client the login flow uses: its settings, host selection and the verify
 * endpoint (contract 4.1, 4.3). A full `Client` is one; `authClientFor()` makes a slim one
 * without the typed operations and the cache, whose network code (auth-service.ts) loads on
 * first use, so the login button's page loads neither to draw the button.
 */
import type { ClientOptions } from './client.js';
import { defaults, withDefaults } from './config.js';
import type { CallOptions } from './request.js';
import type { LoginProfile } from './types.js';

/** What logging in uses of a client: `createClient()`'s clients have it all. */
export interface AuthClient {
  /** The settings in force: the API key, and where the prompt page and the API are. */
  readonly options: Readonly<Pick<ClientOptions, 'appName' | 'apiKey' | 'hostListUrl' | 'authUrl' | 'host'>>;
  /** The API host requests go to now, selected on first use. */
  selectHost(): Promise<string>;
  /** Verifies a login JWT (contract 4.3); never cached. */
  verifyToken(token: string, o?: CallOptions): Promise<LoginProfile>;
}

/** A slim client for logging in; `options` over the page's defaults, as `createClient()`. */
export function createAuthClient(options: ClientOptions = {}): AuthClient {
  const o = withDefaults(options);
  let service: Promise<Omit<AuthClient, 'options'>> | undefined;
  // Loaded once, when the first login needs a host or a verify; a failed load is tried again next time.
  const load = () =>
    (service ??= import('./auth-service.js').then(
      (m) => m.createAuthService(o),
      (e) => {
        service = undefined;
        throw e;
      },
    ));
  return {
    options: o,
    selectHost: () => load().then((s) => s.selectHost()),
    verifyToken: (token, p) => load().then((s) => s.verifyToken(token, p)),
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
  const set = Object.entries(options).filter(([, v]) => v != null && v !== '');
  const key = JSON.stringify(set.sort(([a], [b]) => (a < b ? -1 : 1)));
  let client = clients.get(key);
  if (!client) clients.set(key, (client = createAuthClient(Object.fromEntries(set))));
  return client;
}
