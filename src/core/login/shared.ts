/**
 * What the login flow's modules share: the result types, production's wording and the small
 * helpers. A leaf: it imports nothing from the other auth modules, so auth.ts can load
 * auth-answer.ts and auth-redirect.ts lazily without either importing it back.
 */
import type { CallOptions } from '../request.js';
import type { ClientOptions } from '../config.js';
import type { ServiceError } from '../errors.js';
import type { LoginProfile } from '../types.js';

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

/** The prompt page's query parameters (contract 4.2). */
export type LoginParams = Record<string, string | undefined>;

/** What logging in uses of a client: `createClient()`'s clients have it all. */
export interface AuthClient {
  /** The settings in force: the API key, and where the prompt page and the API are. */
  readonly options: Readonly<Pick<ClientOptions, 'appName' | 'apiKey' | 'hostListUrl' | 'authUrl' | 'host'>>;
  /** The API host requests go to now, selected on first use. */
  selectHost(): Promise<string>;
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

/** A failed login, already settled: every login function resolves and never rejects. @internal */
export const fail = (reason: LoginErrorReason, message: string): Promise<LoginResult> => Promise.resolve({ status: 'error', reason, message });

/** `{base}/oauth/auth?...`, leaving out parameters without a value. @internal */
export const pageUrl = (base: string, params: LoginParams) =>
  base.replace(/\/+$/, '') + '/oauth/auth?' + new URLSearchParams(Object.entries(params).filter((p): p is [string, string] => !!p[1]));

/** Where the redirect flow goes when the prompt page's host is not known yet. @internal */
export const hostFailed = (error: ServiceError) =>
  fail(error.kind == 'config' ? error.kind : 'network', 'Could not find a host for the login page: ' + error.message);
