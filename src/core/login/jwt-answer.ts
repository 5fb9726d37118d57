/**
 * What comes back from the prompt page, loaded by `login()` once the popup is open (and by the
 * redirect flow): the popup's answer, checked for where it comes from and its state, a closed
 * popup reported, and the token verified.
 */
import { authClientFor } from './client.js';
import type { ServiceError } from '../errors.js';
import { CANCELLED, CLOSED_MESSAGE, fail, hostFailed, pageUrl, STATE_MISMATCH, type AuthClient, type LoginParams, type LoginResult } from './shared.js';

// `closed` is seen twice in a row before it counts (a posted answer may still be queued): ≤ 500 ms.
const POLL_MS = 250;

/**
 * The outcome of the popup `login()` opened with `query`. `loginOrigin` is the prompt page's
 * origin; unknown (the popup is blank) until a host is selected, then the popup goes there.
 * @internal
 */
export function awaitAnswer(popup: Window, client: AuthClient, query: LoginParams, loginOrigin: string | undefined): Promise<LoginResult> {
  return new Promise<LoginResult>((resolve) => {
    let closedSeen = 0;
    const finish = (result: LoginResult | Promise<LoginResult>) => {
      removeEventListener('message', onMessage);
      clearInterval(timer);
      if (!popup.closed) popup.close();
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data;
      // Only the popup, on the login page's origin, with an answer in it.
      if (!loginOrigin || event.origin !== loginOrigin || event.source !== popup || !data || typeof data !== 'object') return;
      if (!('token' in data) && !('error' in data)) return;
      if (data.state !== query.state) finish(fail('state-mismatch', STATE_MISMATCH));
      else if (typeof data.token == 'string') finish(verifyToken(data.token, client));
      else finish(fail('cancelled', String(data.error_description || CANCELLED)));
    };
    addEventListener('message', onMessage);
    const timer = setInterval(() => popup.closed && closedSeen++ && finish(fail('closed', CLOSED_MESSAGE)), POLL_MS);
    if (!loginOrigin) {
      client.selectHost().then(
        (host) => {
          loginOrigin = new URL(host).origin;
          if (!popup.closed) popup.location.href = pageUrl(host, query);
        },
        (error) => finish(hostFailed(error)),
      );
    }
  });
}

/** Checks a login token with the verify endpoint (contract 4.3) through the core client (host selection, one retry). */
export async function verifyToken(token: string, client: AuthClient = authClientFor()): Promise<LoginResult> {
  try {
    return { status: 'success', profile: await client.verifyToken(token), token };
  } catch (error) {
    const { kind, status, message } = error as ServiceError;
    return kind == 'http' && status < 500
      ? fail('invalid-token', 'The service refused the login token: ' + message)
      : fail(kind == 'config' ? 'config' : 'network', 'Could not verify the login with the service: ' + (message || error));
  }
}
