/**
 * The code flow's network half (authorization code + PKCE, production's current login), loaded
 * by `login()` once the popup is open, or by `handleRedirect()` on a page a full-page login came
 * back to: the S256 challenge, the authorize page, the popup's answer, and the exchange of the
 * code for tokens that start the page's session.
 */
import { authClientFor } from './client.js';
import { awaitPopup } from './popup.js';
import { getSession } from './session.js';
import { fetchProfile, requestTokens } from './tokens.js';
import { CANCELLED, CODE_KEY, CODE_MESSAGE, base64url, fail, failed, leavePage, pageUrl, refused, STATE_MISMATCH, type AuthClient, type LoginResult, type TokenStorage } from './shared.js';

/** What a code login needs to finish: kept in memory for a popup, in sessionStorage across a full-page redirect. @internal */
export interface CodeLogin {
  state: string;
  verifier: string;
  redirectUri: string;
  scope: string;
  responseMode?: string;
  display?: string;
  tokenStorage?: TokenStorage;
  /** The sign-in page's language. */
  lang?: string;
}


/**
 * Sends `popup` (or, without one, the whole page) to the authorize page, and for a popup awaits
 * its answer. `base` is the authorize page's host when known without selecting one.
 * @internal
 */
export function startCodeLogin(client: AuthClient, base: string | undefined, login: CodeLogin, popup: Window | null): Promise<LoginResult> {
  const url = Promise.all([base || client.selectHost(), crypto.subtle.digest('SHA-256', new TextEncoder().encode(login.verifier))]).then(([host, hash]) =>
    pageUrl(
      host,
      {
        response_type: 'code',
        api_key: client.options.apiKey,
        redirect_uri: login.redirectUri,
        scope: login.scope,
        state: login.state,
        code_challenge: base64url(new Uint8Array(hash)),
        code_challenge_method: 'S256',
        response_mode: login.responseMode,
        display: login.display ?? (popup ? 'popup' : 'fullScreen'),
        origin: location.origin,
        lang: login.lang,
      },
      '/v1/oauth/authorize',
    ),
  );
  if (!popup) return leavePage(url, CODE_KEY, JSON.stringify(login));
  // The redirect page is the app's own: its handleRedirect() posts to this origin only.
  return awaitPopup(popup, ({ origin, data }) => (origin == location.origin && data.type == CODE_MESSAGE ? finishCodeLogin(login, data, client) : undefined), url);
}

/** The authorize page's answer (`code` or `error`, and `state`) for `login`: checked, then exchanged (by default with the page's client). @internal */
export async function finishCodeLogin(login: CodeLogin, answer: Record<string, string | null | undefined>, client: AuthClient = authClientFor()): Promise<LoginResult> {
  if (!answer.state || answer.state !== login.state) return fail('state', STATE_MISMATCH);
  if (!answer.code) return fail(answer.error == 'access_denied' || !answer.error ? 'cancelled' : 'config', answer.error_description || CANCELLED);
  try {
    // Through the transport: within the client's timeout, and sent to one host only (a code is spent by its first exchange).
    const tokens = await requestTokens(client, { grant_type: 'authorization_code', code: answer.code, code_verifier: login.verifier, client_id: client.options.apiKey, redirect_uri: login.redirectUri, scope: login.scope });
    const profile = await fetchProfile(client, tokens.access);
    getSession(client).start(tokens, profile, login.tokenStorage);
    return { status: 'success', profile, token: tokens.access };
  } catch (error) {
    // A refusal (4xx) is `exchange`; no answer, a timeout, a 5xx or a malformed answer is `network`.
    return refused(error) ? failed(error, '', 'exchange') : failed(error, 'Could not reach the service to finish the login: ');
  }
}
