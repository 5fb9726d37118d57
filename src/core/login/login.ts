/**
 * `login()`: both flows' start, and the part they share. The JWT flow (contract 4.2–4.4): the
 * prompt page in a popup with the answer posted back (`redirect_uri=postmessage`, awaited by
 * jwt-answer.ts), or a full-page redirect read back by `handleRedirect()` (redirect.ts); the
 * token is then checked with the verify endpoint. The code flow (authorization code + PKCE):
 * the authorize page in a popup or by full-page redirect to the app's `redirectUri`, whose
 * `handleRedirect()` hands the code back; code.ts exchanges it and starts the page's session.
 * What runs here is what must run inside the click (the popup opens synchronously); the rest
 * loads once the popup is open. DOM, but no Lit.
 *
 * Every function here resolves to a {@link LoginResult} and never rejects, so no failure
 * can become an unhandled rejection in the page.
 */
import { authClientFor } from './client.js';
import { fail, failed, pageUrl, randomText, type AuthClient, type CodeOptions, type LoginResult, type LoginScope } from './shared.js';
import { safeUrl } from '../config.js';

export { CLOSED_MESSAGE, STATE_KEY } from './shared.js';
export type { LoginErrorReason, LoginFlow, LoginResult, LoginScope, TokenStorage } from './shared.js';

export interface LoginOptions extends CodeOptions {
  /** `read` (default) or `write`. */
  scope?: LoginScope;
  /**
   * JWT flow: an http(s) URL for the redirect flow; unset (or `postmessage`) opens the popup.
   * Code flow (required): the app's registered redirect page, which calls `handleRedirect()`.
   */
  redirectUri?: string;
  /** Where the redirect flow puts its answer: `fragment` (the JWT flow's default) or `query` (the code flow's). */
  responseMode?: 'fragment' | 'query';
  /** `popup` (default for the popup) or `fullScreen` (default for the redirect flow; in the code flow, a full-page redirect). */
  display?: 'popup' | 'fullScreen';
  /** When the browser blocks the popup, go to the prompt page by redirect instead. */
  fallbackToRedirect?: boolean;
  /** The language of the service's sign-in and consent pages (`fr`, `pt-BR`); by default the page's `<html lang>`, else the browser's. */
  lang?: string;
  /**
   * The client whose settings (`apiKey`, `authUrl` or host) and verify endpoint are used: a
   * `createClient()` client; by default a slim one with the page's `configure()` settings.
   */
  client?: AuthClient;
}

/** The popup's size, as production opens it. */
const POPUP_WIDTH = 375;
const POPUP_HEIGHT = 785;

/** 20 random bytes in hex, as production made the JWT flow's `state`. */
const newState = () => Array.from(crypto.getRandomValues(new Uint8Array(20)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const loadFailed = (popup: Window | null) => (error: Error) => {
  popup?.close();
  return fail('network', 'Could not load the login flow: ' + error.message);
};

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
    return failed(error, '', 'config');
  }
}

function start({ flow, scope = 'read', redirectUri, responseMode, display, fallbackToRedirect, tokenStorage, lang = document.documentElement.lang, client = authClientFor() }: LoginOptions): Promise<LoginResult> {
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
  const code = flow == 'code';
  if (code && !safeUrl(redirectUri)) return fail('config', 'The code flow needs redirectUri, an http(s) URL.');
  const params = { scope, api_key: apiKey, state: newState(), response_mode: responseMode, lang };
  // The JWT flow's full-page login, to `back`: redirect.ts, fetched only now (popup pages never load it).
  const toRedirect = (back: string) =>
    import('./redirect.js').then((module) => module.redirect(client, base, { ...params, display: display ?? 'fullScreen' }, back), (error: Error) => fail('network', error.message));
  if (!code && redirectUri && redirectUri.toLowerCase() != 'postmessage') return toRedirect(redirectUri);

  // The browser serializes its own origin; only an opaque one (file:, sandbox) cannot be posted to.
  const origin = location.origin;
  if (!safeUrl(origin)) return fail('config', `The login answer cannot be posted to this page’s origin (${origin}); serve it over http or https.`);
  const query = { ...params, redirect_uri: 'postmessage', origin, display: display ?? 'popup' };
  const loginOrigin = base && new URL(base).origin;
  const left = screenX + (outerWidth - POPUP_WIDTH) / 2;
  const top = screenY + (outerHeight - POPUP_HEIGHT) / 2;
  // The code flow's full page opens nothing; its popup opens blank (the PKCE challenge is hashed asynchronously) and then goes there.
  const fullPage = code && display == 'fullScreen';
  // No await before this line: the popup must open inside the click.
  const popup = fullPage ? null : window.open(base && !code ? pageUrl(base, query) : '', '', `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},resizable,scrollbars`);
  if (!popup && !fullPage) {
    if (!fallbackToRedirect) return fail('blocked', 'The browser blocked the login popup. Allow popups for this site, then try again.');
    // The code flow falls back below: without a popup, startCodeLogin sends the whole page.
    if (!code) return toRedirect(location.href.split('#')[0]!);
  }

  // The rest of either flow is fetched now: a page that is never clicked never loads it,
  // and no answer can come before the user acts in the popup.
  const result = (
    code
      ? import('./code.js').then(
          (module) => module.startCodeLogin(client, base, { state: randomText(16), verifier: randomText(32), redirectUri: redirectUri!, scope, responseMode, display, tokenStorage, lang }, popup),
          loadFailed(popup),
        )
      : import('./jwt-answer.js').then((module) => module.awaitAnswer(popup!, client, query, loginOrigin), loadFailed(popup))
  ).finally(() => active?.popup == popup && (active = undefined));
  if (popup) active = { popup, result };
  return result;
}
