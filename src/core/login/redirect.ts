/**
 * The redirect flow of the login (contract 4.2): the whole page goes to the prompt page and
 * comes back to `redirect_uri` with token and state in the fragment or the query. Split from
 * auth.ts so that pages using the popup never load it (or the redirect-URI rules).
 */
import { authClientFor } from './client.js';
import { checkRedirectUri, checkUrl } from '../redirect-uri.js';
import { CANCELLED, fail, hostFailed, pageUrl, STATE_KEY, STATE_MISMATCH, type AuthClient, type LoginParams, type LoginResult } from './shared.js';
import { verifyToken } from './jwt-answer.js';

/**
 * The kit's pre-check of a redirect URI (and, for `postmessage`, its origin), with the same
 * verdicts as the login page: a sentence saying what is wrong, or undefined when it is fine.
 */
export function redirectUriProblem(redirectUri: string, origin?: string): string | undefined {
  const verdict = checkRedirectUri(redirectUri, origin);
  return verdict.ok ? undefined : `The ${verdict.param == 'origin' ? 'origin' : 'redirect URI'} ${verdict.reason}.`;
}

/**
 * How the page leaves for the prompt page. Tests replace `assign` to read the address: no
 * engine but Chromium (with its Navigation API) lets a page catch and stop its own navigation.
 * @internal
 */
export const pageNavigation = { assign: (url: string): void => location.assign(url) };

/** Keeps `state` for `handleRedirect()` and sends the whole page to the prompt page. @internal */
export function redirect(client: AuthClient, base: string | undefined, params: LoginParams, redirectUri: string): Promise<LoginResult> {
  // Never `postmessage` here: the URL rules alone, so a page's bundle leaves out the origin rules.
  const verdict = checkUrl(redirectUri);
  if (!verdict.ok) return fail('config', `The redirect URI ${verdict.reason}.`);
  sessionStorage.setItem(STATE_KEY, params.state!);
  const go = (host: string): LoginResult => {
    const url = pageUrl(host, { ...params, redirect_uri: redirectUri });
    pageNavigation.assign(url);
    return { status: 'redirect', url };
  };
  return base ? Promise.resolve(go(base)) : client.selectHost().then(go).catch(hostFailed);
}

/**
 * On a page a redirect flow came back to: reads token and state from the fragment or the
 * query, takes them out of the address bar, checks the state against the one this tab sent
 * and verifies the token. Resolves to undefined when the address carries no login answer;
 * never rejects.
 */
export function handleRedirect(options: { client?: AuthClient } = {}): Promise<LoginResult | undefined> {
  try {
    const url = new URL(location.href);
    const hash = new URLSearchParams(url.hash.slice(1));
    const hasAnswer = (params: URLSearchParams) => params.has('token') || params.has('error');
    const found = hasAnswer(hash) ? hash : hasAnswer(url.searchParams) ? url.searchParams : undefined;
    if (!found) return Promise.resolve(undefined);
    const [state, token, error] = ['state', 'token', 'error_description'].map((key) => found.get(key));
    for (const key of ['state', 'token', 'error', 'error_description']) found.delete(key);
    if (found == hash) url.hash = String(hash);
    // The token leaves the address bar (and so history and bookmarks) before anything else.
    history.replaceState(history.state, '', url);
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    if (!expected || state !== expected) {
      return fail('state-mismatch', STATE_MISMATCH);
    }
    return token ? verifyToken(token, options.client ?? authClientFor()) : fail('cancelled', error || CANCELLED);
  } catch (error) {
    return fail('config', (error as Error)?.message || String(error));
  }
}
