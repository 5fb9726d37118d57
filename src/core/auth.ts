/**
 * The login flow's client side (contract 4.2–4.4): the prompt page in a popup with the
 * answer posted back (`redirect_uri=postmessage`, awaited by auth-answer.ts, loaded once the
 * popup is open), or a full-page redirect read back by `handleRedirect()` (auth-redirect.ts,
 * loaded only when a page uses that flow); the token is then checked with the verify
 * endpoint. DOM, but no Lit.
 *
 * Every function here resolves to a {@link LoginResult} and never rejects, so no failure
 * can become an unhandled rejection in the page.
 */
import { authClientFor, type AuthClient } from './auth-client.js';
import type { LoginProfile } from './types.js';
import type { ServiceError } from './errors.js';
import { safeUrl } from './config.js';

export type LoginScope = 'read' | 'write';

/**
 * Why a login failed: `closed` (the popup was closed before an answer), `blocked` (the
 * browser refused the popup), `state-mismatch` (an answer for another request: refused, not
 * verified), `invalid-token` (the verify endpoint refused the token, a 4xx), `network` (the
 * service could not be reached), `cancelled` (the user chose Cancel), `config` (the call or
 * its settings are wrong).
 */
export type LoginErrorReason = 'closed' | 'blocked' | 'state-mismatch' | 'invalid-token' | 'network' | 'cancelled' | 'config';

/** How a login ended; `redirect` means the page is leaving for the prompt page. */
export type LoginResult =
  | { status: 'success'; profile: LoginProfile; token: string }
  | { status: 'error'; reason: LoginErrorReason; message: string }
  | { status: 'redirect'; url: string };

export interface LoginOptions {
  /** `read` (default) or `write`. */
  scope?: LoginScope;
  /** An http(s) URL for the redirect flow; unset (or `postmessage`) opens the popup. */
  redirectUri?: string;
  /** Where the redirect flow puts token and state: `fragment` (default) or `query`. */
  responseMode?: 'fragment' | 'query';
  /** `popup` (default for the popup) or `fullScreen` (default for the redirect flow). */
  display?: 'popup' | 'fullScreen';
  /** When the browser blocks the popup, go to the prompt page by redirect instead. */
  fallbackToRedirect?: boolean;
  /**
   * The client whose settings (`apiKey`, `authUrl` or host) and verify endpoint are used: a
   * `createClient()` client; by default a slim one with the page's `configure()` settings.
   */
  client?: AuthClient;
}

/** The message of reason `closed`, as production words it. */
export const CLOSED_MESSAGE = 'The login popup was closed prematurely.';
/** The sessionStorage key holding the redirect flow's state. */
export const STATE_KEY = 'service-login-state';
const W = 375;
const H = 785;

/** The prompt page's query parameters (contract 4.2). */
export type LoginParams = Record<string, string | undefined>;

/** @internal */
export const fail = (reason: LoginErrorReason, message: string): LoginResult => ({ status: 'error', reason, message });
/** @internal */
export const done = <T>(r: T | Promise<T>) => Promise.resolve(r);

/** 20 random bytes in hex, as production makes `state`. */
const newState = () => Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b.toString(16).padStart(2, '0')).join('');

/** `{base}/oauth/auth?...`, leaving out parameters without a value. @internal */
export const pageUrl = (base: string, params: LoginParams) =>
  base.replace(/\/+$/, '') + '/oauth/auth?' + new URLSearchParams(Object.entries(params).filter((p): p is [string, string] => !!p[1]));

/** Where the redirect flow goes when the prompt page's host is not known yet. @internal */
export const hostFailed = (e: ServiceError) => fail(e.kind == 'config' ? e.kind : 'network', 'Could not find a host for the login page: ' + e.message);

/** Hands the redirect flow to auth-redirect.ts, fetched only now: popup pages never load it. */
const redirect = (client: AuthClient, base: string | undefined, params: LoginParams, redirectUri: string) =>
  import('./auth-redirect.js').then((m) => m.redirect(client, base, params, redirectUri), (e: Error) => fail('network', e.message));

let active: { popup: Window; result: Promise<LoginResult> } | undefined;

/**
 * Opens the login prompt. Call it inside the user's click: the popup opens synchronously,
 * before anything is awaited, so the browser allows it.
 */
export function login(options: LoginOptions = {}): Promise<LoginResult> {
  try {
    return start(options);
  } catch (e) {
    // sessionStorage, window.open or URL can throw (sandboxed frames, a bad authUrl)
    return done(fail('config', (e as Error)?.message || String(e)));
  }
}

function start({ scope = 'read', redirectUri, responseMode, display, fallbackToRedirect, client = authClientFor() }: LoginOptions): Promise<LoginResult> {
  if (active && !active.popup.closed) {
    active.popup.focus();
    return active.result;
  }
  const { apiKey, authUrl, host, hostListUrl } = client.options;
  if (scope !== 'read' && scope !== 'write') return done(fail('config', `The scope must be read or write, not ${JSON.stringify(scope)}.`));
  if (!apiKey) return done(fail('config', 'Logging in needs the app’s API key (apiKey / api-key).'));
  // The prompt page is on authUrl, else on the API host; only a host list makes it asynchronous.
  const base = authUrl || host;
  // Nothing opens or runs from a setting that is not an http(s) URL (a `javascript:` one, say).
  const bad = [authUrl, host, hostListUrl].find((u) => u && !safeUrl(u));
  if (bad || (!base && !hostListUrl)) return done(fail('config', bad ? 'no http(s) URL: ' + bad : 'Logging in needs authUrl, host or hostListUrl.'));
  const params = { scope, api_key: apiKey, state: newState(), response_mode: responseMode };

  if (redirectUri && redirectUri.toLowerCase() != 'postmessage') return redirect(client, base, { ...params, display: display ?? 'fullScreen' }, redirectUri);

  // The browser serializes its own origin; only an opaque one (file:, sandbox) cannot be posted to.
  const origin = location.origin;
  if (!safeUrl(origin)) return done(fail('config', `The login answer cannot be posted to this page’s origin (${origin}); serve it over http or https.`));
  const query = { ...params, redirect_uri: 'postmessage', origin, display: display ?? 'popup' };
  const loginOrigin = base && new URL(base).origin;
  const left = screenX + (outerWidth - W) / 2;
  const top = screenY + (outerHeight - H) / 2;
  // No await before this line: the popup must open inside the click.
  const popup = window.open(base ? pageUrl(base, query) : '', '', `width=${W},height=${H},left=${left},top=${top},resizable,scrollbars`);
  if (!popup) {
    if (fallbackToRedirect) return redirect(client, base, { ...params, display: display ?? 'fullScreen' }, location.href.split('#')[0]!);
    return done(fail('blocked', 'The browser blocked the login popup. Allow popups for this site, then try again.'));
  }

  // The answer is awaited by auth-answer.ts, fetched now: a page that is never clicked never loads it,
  // and no answer can come before the user acts in the popup.
  const result = import('./auth-answer.js')
    .then(
      (m) => m.awaitAnswer(popup, client, query, loginOrigin),
      (e: Error) => {
        popup.close();
        return fail('network', 'Could not load the login flow: ' + e.message);
      },
    )
    .finally(() => active?.popup == popup && (active = undefined));
  active = { popup, result };
  return result;
}
