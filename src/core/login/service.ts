/**
 * The network half of the login's slim client (client.ts): host selection and the verify
 * request. Loaded on first use, once the popup is open, so a page that only shows the login
 * button does not load it up front.
 */
import type { AuthClient } from './shared.js';
import type { Settings } from '../config.js';
import { createHostPicker } from '../hosts.js';
import { readData } from '../http.js';
import { send } from '../transport.js';
import type { LoginProfile } from '../types.js';

const OP = 'verifyToken';

/** Host selection, and verify with one retry on another host, as the full client does. */
export function createAuthService(settings: Settings): Omit<AuthClient, 'options'> {
  const hosts = createHostPicker(settings);
  // The contract's verify body is the bare profile; production wraps it in `data`: accept both, as it came.
  const read = readData<LoginProfile>(OP, true);
  return {
    selectHost: hosts[0],
    markHostBad: hosts[1],
    verifyToken: (token, { signal } = {}) => send(settings, hosts, settings.host, { operation: OP, path: '/users/verify_token', query: { token: String(token) }, read, signal }),
  };
}
