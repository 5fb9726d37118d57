/**
 * The JWT flow's answer, loaded by `login()` once the popup is open (and by the redirect flow):
 * the popup's answer, checked for where it comes from and its state, and the token verified.
 */
import { authClientFor } from './client.js';
import { CANCELLED, fail, failed, pageUrl, refused, STATE_MISMATCH, type AuthClient, type LoginParams, type LoginResult } from './shared.js';
import { awaitPopup } from './popup.js';

/**
 * The outcome of the popup `login()` opened with `query`. `loginOrigin` is the prompt page's
 * origin; unknown (the popup is blank) until a host is selected, then the popup goes there.
 * @internal
 */
export function awaitAnswer(popup: Window, client: AuthClient, query: LoginParams, loginOrigin: string | undefined): Promise<LoginResult> {
  // Opened blank, the popup goes to the prompt page once a host is selected, and its origin is the one to hear.
  const address = loginOrigin ? undefined : client.selectHost().then((host) => ((loginOrigin = new URL(host).origin), pageUrl(host, query)));
  return awaitPopup(
    popup,
    ({ origin, data }) => {
      // Only from the login page's origin (none is heard before it is known), with an answer in it.
      if (origin !== loginOrigin || (!('token' in data) && !('error' in data))) return undefined;
      if (data.state !== query.state) return fail('state-mismatch', STATE_MISMATCH);
      return typeof data.token == 'string' ? verifyToken(data.token, client) : fail('cancelled', String(data.error_description || CANCELLED));
    },
    address,
  );
}

/** Checks a login token with the verify endpoint (contract 4.3) through the core client (host selection, one retry). */
export async function verifyToken(token: string, client: AuthClient = authClientFor()): Promise<LoginResult> {
  try {
    return { status: 'success', profile: await client.verifyToken(token), token };
  } catch (error) {
    return refused(error) ? fail('invalid-token', 'The service refused the login token: ' + (error as Error).message) : failed(error, 'Could not verify the login with the service: ');
  }
}
