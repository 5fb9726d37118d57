/**
 * The redirect part of both flows: the JWT flow's full-page redirect (contract 4.2: the whole
 * page goes to the prompt page and comes back to `redirect_uri` with token and state in the
 * fragment or the query), and `handleRedirect()`, the one function a redirect page calls for
 * either flow. Split from login.ts so that pages using the JWT popup never load it. The
 * redirect-URI rules are the prompt page's; `redirectUriProblem` gives apps their verdict up front.
 */
import { checkRedirectUri } from '../redirect-uri.js';
import { safeUrl } from '../config.js';
import { CANCELLED, CODE_KEY, CODE_MESSAGE, fail, failed, leavePage, pageUrl, STATE_KEY, STATE_MISMATCH, type AuthClient, type LoginParams, type LoginResult } from './shared.js';
import { verifyToken } from './jwt-answer.js';
import type { CodeLogin } from './code.js';

export { pageNavigation } from './shared.js';

/**
 * The kit's pre-check of a redirect URI (and, for `postmessage`, its origin), with the same
 * verdicts as the login page: a sentence saying what is wrong, or undefined when it is fine.
 */
export function redirectUriProblem(redirectUri: string, origin?: string): string | undefined {
  const verdict = checkRedirectUri(redirectUri, origin);
  return verdict.ok ? undefined : `The ${verdict.param == 'origin' ? 'origin' : 'redirect URI'} ${verdict.reason}.`;
}

/** Keeps `state` for `handleRedirect()` and sends the whole page to the prompt page. @internal */
export function redirect(client: AuthClient, base: string | undefined, params: LoginParams, redirectUri: string): Promise<LoginResult> {
  // Only http(s) here, as for the code flow and the popup's origin: the prompt page checks the rules and names any problem.
  if (!safeUrl(redirectUri)) return fail('config', 'The redirect URI must be an http(s) URL.');
  const address = Promise.resolve(base || client.selectHost()).then((host) => pageUrl(host, { ...params, redirect_uri: redirectUri }));
  return leavePage(address, STATE_KEY, params.state!);
}

/**
 * On a page a login came back to, for either flow. Reads the answer from the fragment or the
 * query and takes it out of the address bar first. JWT flow: checks the state against the one
 * this tab sent and verifies the token. Code flow: in the popup it opened, hands `code` (or
 * `error`) and `state` to the opener (this page's origin only) and closes the popup, resolving
 * to undefined; after a full-page login, checks the state and exchanges the code, starting the
 * page's session. Resolves to undefined when the address carries no login answer; never rejects.
 */
export function handleRedirect(options: { client?: AuthClient } = {}): Promise<LoginResult | undefined> {
  try {
    const url = new URL(location.href);
    const hash = new URLSearchParams(url.hash.slice(1));
    const hasAnswer = (params: URLSearchParams) => params.has('token') || params.has('error') || params.has('code');
    const found = hasAnswer(hash) ? hash : hasAnswer(url.searchParams) ? url.searchParams : undefined;
    if (!found) return Promise.resolve(undefined);
    const keys = ['state', 'token', 'error_description', 'code', 'error'];
    const [state, token, error, code, errorCode] = keys.map((key) => found.get(key));
    for (const key of keys) found.delete(key);
    if (found == hash) url.hash = String(hash);
    // The token or code leaves the address bar (and so history and bookmarks) before anything else.
    history.replaceState(history.state, '', url);
    const expected = sessionStorage.getItem(STATE_KEY);
    const kept = sessionStorage.getItem(CODE_KEY);
    const opener = window.opener as Window | null;
    if (!token && (code || kept || (opener && !expected))) {
      const login = JSON.parse(kept!) as CodeLogin | null;
      const answer = { state, code, error: errorCode, error_description: error };
      if (login?.state == state) {
        sessionStorage.removeItem(CODE_KEY);
        return import('./code.js').then((module) => module.finishCodeLogin(login!, answer, options.client));
      }
      // A popup: the code goes to the page that opened it, on this origin only, and the popup closes at once (a Cancel too).
      if (opener) {
        opener.postMessage({ ...answer, type: CODE_MESSAGE }, location.origin);
        close();
        return Promise.resolve(undefined);
      }
      return fail('state', STATE_MISMATCH);
    }
    sessionStorage.removeItem(STATE_KEY);
    if (!expected || state !== expected) {
      return fail('state-mismatch', STATE_MISMATCH);
    }
    return token ? verifyToken(token, options.client) : fail('cancelled', error || CANCELLED);
  } catch (error) {
    return failed(error, '', 'config');
  }
}
