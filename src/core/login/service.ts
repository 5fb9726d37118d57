/**
 * The network half of the login's slim client (auth-client.ts): host selection and the verify
 * request. Loaded on first use, once the popup is open, so a page that only shows the login
 * button does not load it up front.
 */
import type { AuthClient } from './shared.js';
import type { Settings } from '../config.js';
import { createHostPicker, withFailover } from '../hosts.js';
import { readData, timedFetch } from '../http.js';
import type { LoginProfile } from '../types.js';

const OP = 'verifyToken';

/** Host selection, and verify with one retry on another host, as the full client does. */
export function createAuthService(settings: Settings): Omit<AuthClient, 'options'> {
  const hosts = createHostPicker(settings);
  // The contract's verify body is the bare profile; production wraps it in `data`: accept both, as it came.
  const read = readData<LoginProfile>(OP, true);
  return {
    selectHost: hosts[0],
    verifyToken: (token, { signal } = {}) => {
      const query = new URLSearchParams({ token: String(token) });
      if (settings.appName) query.set('app_name', settings.appName);
      return withFailover(hosts, settings.host, (host) => timedFetch(`${host}/v1/users/verify_token?${query}`, settings.timeout, OP, read, signal, settings.fetch));
    },
  };
}
