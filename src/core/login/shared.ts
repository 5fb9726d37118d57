/**
 * What the login flow's modules share: the result types, production's wording and the small
 * helpers. A leaf: it imports nothing from the other login modules, so login.ts can load
 * jwt-answer.ts, code.ts and redirect.ts lazily without any of them importing it back.
 */
import type { CallOptions } from '../request.js';
import type { ClientOptions } from '../config.js';
import { isServiceError, type ServiceError } from '../errors.js';
import type { LoginProfile } from '../types.js';

export type LoginScope = 'read' | 'write';

/**
 * Why a login failed: `closed` (the popup was closed before an answer), `blocked` (the
 * browser refused the popup), `state-mismatch` (JWT flow) or `state` (code flow): an answer for
 * another request, refused, nothing verified or exchanged; `invalid-token` (JWT flow: the
 * verify endpoint refused the token, a 4xx), `exchange` (code flow: the token endpoint refused
 * the code, or /v1/me the token), `network` (the service could not be reached), `cancelled`
 * (the user chose Cancel), `config` (the call or its settings are wrong).
 */
export type LoginErrorReason = 'closed' | 'blocked' | 'state-mismatch' | 'state' | 'invalid-token' | 'exchange' | 'network' | 'cancelled' | 'config';

/** `jwt`: the contract's flow (a signed token, checked with the verify endpoint); `code`: authorization code + PKCE, bearer tokens. */
export type LoginFlow = 'jwt' | 'code';

/** Where the code flow keeps its tokens: `memory` (default), or opted in, `session` or `local` storage. */
export type TokenStorage = 'memory' | 'session' | 'local';

/** How a login ended; `redirect` means the page is leaving for the prompt page. */
export type LoginResult =
  | { status: 'success'; profile: LoginProfile; token: string }
  | { status: 'error'; reason: LoginErrorReason; message: string }
  | { status: 'redirect'; url: string };

/** The prompt page's query parameters (contract 4.2). */
export type LoginParams = Record<string, string | undefined>;

/** What logging in uses of a client: `createClient()`'s clients have it all. */
export interface AuthClient {
  /** The settings in force: the API key, and where the prompt page and the API are. */
  readonly options: Readonly<Pick<ClientOptions, 'appName' | 'apiKey' | 'hostListUrl' | 'authUrl' | 'host' | 'timeout' | 'fetch'>>;
  /** The API host requests go to now, selected on first use. */
  selectHost(): Promise<string>;
  /** Keeps a host that failed a session's call out of selection for a while. */
  markHostBad?(host: string): void;
  /** Verifies a login JWT (contract 4.3); never cached. */
  verifyToken(token: string, options?: CallOptions): Promise<LoginProfile>;
}

/** The message of reason `closed`, as production words it. */
export const CLOSED_MESSAGE = 'The login popup was closed prematurely.';
/** The message of reason `state-mismatch`, for either flow: an answer whose state this tab did not send (forged, or stale). @internal */
export const STATE_MISMATCH = 'The login answer is not for a login this tab started, so it was refused.';
/** The message of reason `cancelled` when the login page gives none. @internal */
export const CANCELLED = 'The login was cancelled.';
/** The sessionStorage key holding the redirect flow's state. */
export const STATE_KEY = 'service-login-state';
/** The sessionStorage key holding a full-page code flow's state, verifier and redirect URI. @internal */
export const CODE_KEY = 'service-login-code';

/** The type of the message a code-flow popup's `handleRedirect()` posts to its opener. @internal */
export const CODE_MESSAGE = 'service-login-code';

/** `n` random bytes, base64url: PKCE's verifier (32) and the code flow's state (16), as production makes them. @internal */
export const randomText = (n: number) => base64url(crypto.getRandomValues(new Uint8Array(n)));

/** Bytes as base64url without padding. @internal */
export const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * How the page leaves for the prompt page. Tests replace `assign` to read the address: no
 * engine but Chromium (with its Navigation API) lets a page catch and stop its own navigation.
 * @internal
 */
export const pageNavigation = { assign: (url: string): void => location.assign(url) };

/**
 * Both flows' full-page login: once `address` is known (a host selected), keeps `value` under
 * `key` for `handleRedirect()` and sends the whole page there. @internal
 */
export const leavePage = (address: Promise<string>, key: string, value: string): Promise<LoginResult> =>
  address.then((url) => {
    sessionStorage.setItem(key, value);
    pageNavigation.assign(url);
    return { status: 'redirect', url } as const;
  }, hostFailed);

/** The code flow's own details of a login: the flow, and where its tokens are kept. */
export interface CodeOptions {
  /** `jwt` (default): the contract's flow; `code`: authorization code + PKCE (needs `redirectUri`). */
  flow?: LoginFlow;
  /** Code flow: `memory` (default), `session` or `local`. */
  tokenStorage?: TokenStorage;
}

/** A failed login, already settled: every login function resolves and never rejects. @internal */
export const fail = (reason: LoginErrorReason, message: string): Promise<LoginResult> => Promise.resolve({ status: 'error', reason, message });

/** `{base}{path}?...` (the JWT flow's `/oauth/auth` by default), leaving out parameters without a value. @internal */
export const pageUrl = (base: string, params: LoginParams, path = '/oauth/auth') =>
  base.replace(/\/+$/, '') + path + '?' + new URLSearchParams(Object.entries(params).filter((p): p is [string, string] => !!p[1]));

/** True for a ServiceError whose host refused the call (a 4xx): the same on every host, so no retry helps. @internal */
export const refused = (error: unknown): boolean => isServiceError(error) && error.kind == 'http' && error.status < 500;

/**
 * A failed login from what was thrown, its message after `prefix`: by default reason `config` for
 * an error of the settings (kind `config`), else `network` (no answer, a timeout, a 5xx). @internal
 */
export const failed = (error: unknown, prefix = '', reason?: LoginErrorReason): Promise<LoginResult> =>
  fail(reason ?? (isServiceError(error) && error.kind == 'config' ? 'config' : 'network'), prefix + ((error as Error)?.message || error));

/** No host for the prompt page could be found. @internal */
export const hostFailed = (error: ServiceError) => failed(error, 'Could not find a host for the login page: ');
