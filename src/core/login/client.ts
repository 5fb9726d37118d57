/**
 * The part of a client the login flow uses: its settings, host selection and the verify
 * endpoint (contract 4.1, 4.3). A full `Client` is one; `authClientFor()` makes a slim one
 * without the typed operations and the cache, whose network code (service.ts) loads on
 * first use, so the login button's page loads neither to draw the button.
 */
import { perSettings, withDefaults, type ClientOptions } from '../config.js';
import type { AuthClient } from './shared.js';

export type { AuthClient } from './shared.js';

/** A slim client for logging in; `options` over the page's defaults, as `createClient()`. */
export function createAuthClient(options: ClientOptions = {}): AuthClient {
  const settings = withDefaults(options);
  let service: Promise<Omit<AuthClient, 'options'>> | undefined;
  // Loaded once, when the first login needs a host or a verify; a failed load is tried again next time.
  const load = () =>
    (service ??= import('./service.js').then(
      (module) => module.createAuthService(settings),
      (error) => {
        service = undefined;
        throw error;
      },
    ));
  return {
    options: settings,
    selectHost: () => load().then((loaded) => loaded.selectHost()),
    markHostBad: (host) => void load().then((loaded) => loaded.markHostBad?.(host)),
    verifyToken: (token, callOptions) => load().then((loaded) => loaded.verifyToken(token, callOptions)),
  };
}

/**
 * The slim client for a set of settings over the page's defaults, one per set (so a login
 * selects its host once); no settings means the page's own. all.js swaps this module for
 * full.ts, whose clients are the elements' own (scripts/build/cdn.ts).
 */
export const authClientFor = /* @__PURE__ */ perSettings(createAuthClient);
