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
import { authClientFor } from './client.js';
import { fail, pageUrl, type AuthClient, type LoginParams, type LoginResult, type LoginScope } from './shared.js';
import { safeUrl } from '../config.js';

export { CLOSED_MESSAGE, STATE_KEY } from './shared.js';
export type { LoginErrorReason, LoginResult, LoginScope } from './shared.js';

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

/** The popup's size, as production opens it. */
const POPUP_WIDTH = 375;
const POPUP_HEIGHT = 785;

/** 20 random bytes in hex, as production makes `state`. */
const newState = () => Array.from(crypto.getRandomValues(new Uint8Array(20)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Hands the redirect flow to auth-redirect.ts, fetched only now: popup pages never load it. */
const redirect = (client: AuthClient, base: string | undefined, params: LoginParams, redirectUri: string) =>
  import('./redirect.js').then((module) => module.redirect(client, base, params, redirectUri), (error: Error) => fail('network', error.message));

let active: { popup: Window; result: Promise<LoginResult> } | undefined;

/**
 * Opens the login prompt. Call it inside the user's click: the popup opens synchronously,
 * before anything is awaited, so the browser allows it.
 */
export function login(options: LoginOptions = {}): Promise<LoginResult> {
  try {
    return start(options);
  } catch (error) {
    // sessionStorage, window.open or URL can throw (sandboxed frames, a bad authUrl)
    return fail('config', (error as Error)?.message || String(error));
  }
}

function start({ scope = 'read', redirectUri, responseMode, display, fallbackToRedirect, client = authClientFor() }: LoginOptions): Promise<LoginResult> {
  if (active && !active.popup.closed) {
    active.popup.focus();
    return active.result;
  }
  const { apiKey, authUrl, host, hostListUrl } = client.options;
  if (scope !== 'read' && scope !== 'write') return fail('config', `The scope must be read or write, not ${JSON.stringify(scope)}.`);
  if (!apiKey) return fail('config', 'Logging in needs the app’s API key (apiKey / api-key).');
  // The prompt page is on authUrl, else on the API host; only a host list makes it asynchronous.
  const base = authUrl || host;
  // Nothing opens or runs from a setting that is not an http(s) URL (a `javascript:` one, say).
  const bad = [authUrl, host, hostListUrl].find((url) => url && !safeUrl(url));
  if (bad || (!base && !hostListUrl)) return fail('config', bad ? 'no http(s) URL: ' + bad : 'Logging in needs authUrl, host or hostListUrl.');
  const params = { scope, api_key: apiKey, state: newState(), response_mode: responseMode };

  if (redirectUri && redirectUri.toLowerCase() != 'postmessage') return redirect(client, base, { ...params, display: display ?? 'fullScreen' }, redirectUri);

  // The browser serializes its own origin; only an opaque one (file:, sandbox) cannot be posted to.
  const origin = location.origin;
  if (!safeUrl(origin)) return fail('config', `The login answer cannot be posted to this page’s origin (${origin}); serve it over http or https.`);
  const query = { ...params, redirect_uri: 'postmessage', origin, display: display ?? 'popup' };
  const loginOrigin = base && new URL(base).origin;
  const left = screenX + (outerWidth - POPUP_WIDTH) / 2;
  const top = screenY + (outerHeight - POPUP_HEIGHT) / 2;
  // No await before this line: the popup must open inside the click.
  const popup = window.open(base ? pageUrl(base, query) : '', '', `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},resizable,scrollbars`);
  if (!popup) {
    if (fallbackToRedirect) return redirect(client, base, { ...params, display: display ?? 'fullScreen' }, location.href.split('#')[0]!);
    return fail('blocked', 'The browser blocked the login popup. Allow popups for this site, then try again.');
  }

  // The answer is awaited by auth-answer.ts, fetched now: a page that is never clicked never loads it,
  // and no answer can come before the user acts in the popup.
  const result = import('./jwt-answer.js')
    .then(
      (module) => module.awaitAnswer(popup, client, query, loginOrigin),
      (error: Error) => {
        popup.close();
        return fail('network', 'Could not load the login flow: ' + error.message);
      },
    )
    .finally(() => active?.popup == popup && (active = undefined));
  active = { popup, result };
  return result;
}
