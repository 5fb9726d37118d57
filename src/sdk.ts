/**
 * The contract's client-library API (4.4) for web apps: `init`, `renderButton`, `login`,
 * `verifyToken` and `handleRedirect`; for the code flow also `getSession` and `logout`. Nothing here throws into the page: every mistake and
 * every failed login reaches `errorCallback` (or, for `verifyToken`, the resolved result).
 */
import { authClientFor, type AuthClient } from './core/login/client.js';
import type { LoginProfile } from './core/types.js';
import { login as coreLogin, type LoginErrorReason, type LoginFlow, type LoginResult, type LoginScope, type TokenStorage } from './core/login/login.js';
import { getSession as coreSession, type Session } from './core/login/session.js';
import { fail } from './core/login/shared.js';
import { ServiceLoginButton } from './components/login-button/login-button.js';

export type { LoginErrorReason, LoginFlow, LoginResult, LoginScope, TokenStorage } from './core/login/login.js';
export type { Session } from './core/login/session.js';
export type { LoginProfile } from './core/types.js';

/** What `errorCallback` receives: a message and a stable `reason` code. */
export class LoginError extends Error {
  override name = 'LoginError';
  constructor(
    message: string,
    /** `closed`, `blocked`, `cancelled`, `network`, `config`; JWT flow `state-mismatch`, `invalid-token`; code flow `state`, `exchange`. */
    readonly reason: LoginErrorReason,
  ) {
    super(message);
  }
}

export interface InitOptions {
  /** The app's API key (from the developer app in the service's settings). */
  apiKey: string;
  /** The app's unique name, sent as `app_name`. */
  appName: string;
  /** Called with the profile and the token after every successful login (code flow: the profile from /v1/me, no email, and the access token). */
  successCallback: (profile: LoginProfile, token: string) => void;
  /** Called with a {@link LoginError} when a login fails or a call is wrong. */
  errorCallback: (error: LoginError) => void;
  /** Where the list of API hosts is read. */
  hostListUrl?: string;
  /** Origin of the login prompt page; the API host when unset. */
  authUrl?: string;
  /** Pins one API host. */
  host?: string;
  /** Code flow: where tokens are kept, `memory` (default), `session` or `local`. */
  tokenStorage?: TokenStorage;
}

export interface LoginCallOptions {
  /** `read` (default) or `write`. */
  scope?: LoginScope;
  /** `jwt` (default) or `code` (authorization code + PKCE; needs `redirectUri`). */
  flow?: LoginFlow;
  /** Code flow: the app's registered redirect page, which calls `handleRedirect()`. */
  redirectUri?: string;
  /** Code flow: `popup` (default) or `fullScreen` (a full-page redirect). */
  display?: 'popup' | 'fullScreen';
}

export interface ButtonOptions {
  /** `small`, `medium` (default) or `large`. */
  size?: 'small' | 'medium' | 'large';
  /** `default` or `pill`. */
  corners?: 'default' | 'pill';
  /** The button's text, shown as text. */
  customText?: string;
  fullWidth?: boolean;
  disabled?: boolean;
}

export interface RenderButtonOptions {
  /** The element the button replaces. */
  element: Element | null | undefined;
  /** `read` or `write`. */
  scope?: LoginScope;
  buttonOptions?: ButtonOptions;
}

/** The id of the rendered button, on the element that stands in the page (contract 4.4). */
export const BUTTON_ID = 'service-login-button';

let settings: InitOptions | undefined;
let client: AuthClient | undefined;
/** The app's identity and where the service is, from the last complete `init`. */
let identity: Pick<InitOptions, 'apiKey' | 'appName' | 'hostListUrl' | 'authUrl' | 'host'> = { apiKey: '', appName: '' };

const SCOPES = ['read', 'write'];
const FLOWS = ['jwt', 'code'];
const SIZES = ['small', 'medium', 'large'];
const CORNERS = ['default', 'pill'];
const oneOf = (value: unknown, allowed: string[], name: string) =>
  value === undefined || allowed.includes(value as string) ? '' : `${name} must be ${allowed.join(' or ')}, not ${JSON.stringify(value)}.`;

/** Reports through errorCallback, or the console without one; a throwing callback stays contained. */
function report(message: string, reason: LoginErrorReason): void {
  const error = new LoginError(message, reason);
  try {
    if (typeof settings?.errorCallback == 'function') settings.errorCallback(error);
    else console.error(error);
  } catch (callbackError) {
    console.error(callbackError);
  }
}

function deliver(result: LoginResult | undefined): void {
  if (result?.status == 'error') return report(result.message, result.reason);
  if (result?.status != 'success') return;
  try {
    settings!.successCallback(result.profile, result.token);
  } catch (callbackError) {
    console.error(callbackError);
  }
}

/** A part of the login that could not be loaded, as a result: nothing here rejects. */
const loadFailed = (error: Error): Promise<LoginResult> => fail('network', 'Could not load the login flow: ' + error.message);

/** Sets the app's identity and callbacks; call it before the others (again to change them). */
export function init(options: InitOptions): void {
  settings = (options ?? {}) as InitOptions;
  client = undefined;
  const problems = [
    ...(['apiKey', 'appName'] as const).filter((key) => typeof settings![key] != 'string' || !settings![key]),
    ...(['successCallback', 'errorCallback'] as const).filter((key) => typeof settings![key] != 'function').map((key) => `${key} (a function)`),
  ];
  if (problems.length) return report(`init needs ${problems.join(', ')}.`, 'config');
  const { apiKey, appName, hostListUrl, authUrl, host } = settings;
  identity = { apiKey, appName, hostListUrl, authUrl, host };
  // Host selection and the verify endpoint are all logging in needs: not the whole REST client. The
  // rendered button, given the same settings, gets this same client (one host selection).
  client = authClientFor(identity);
}

/** The client after a complete init, else undefined after reporting why. */
function ready(call: string): AuthClient | undefined {
  if (!client) report(`Call init({ apiKey, appName, successCallback, errorCallback }) before ${call}.`, 'config');
  return client;
}

/**
 * Replaces `element` with a `<service-login-button>` that has the id `service-login-button`
 * (on the element itself, so `document.getElementById` finds it). Returns the button, or
 * undefined after reporting the problem.
 */
export function renderButton({ element, scope = 'read', buttonOptions = {} } = {} as RenderButtonOptions): ServiceLoginButton | undefined {
  if (!ready('renderButton')) return undefined;
  if (!(element instanceof Element) || !element.parentNode) {
    return void report('renderButton needs an element that is in the page, to replace with the button.', 'config');
  }
  const options = buttonOptions ?? {};
  const problem = oneOf(scope, SCOPES, 'scope') || oneOf(options.size, SIZES, 'buttonOptions.size') || oneOf(options.corners, CORNERS, 'buttonOptions.corners');
  if (problem) return void report(problem, 'config');
  const button = Object.assign(document.createElement('service-login-button'), identity, {
    id: BUTTON_ID,
    scope,
    size: options.size ?? 'medium',
    corners: options.corners ?? 'default',
    customText: options.customText == null ? undefined : String(options.customText),
    fullWidth: !!options.fullWidth,
    disabled: !!options.disabled,
  });
  button.addEventListener('service-login-success', (event) => deliver({ status: 'success', ...event.detail }));
  button.addEventListener('service-login-error', (event) => deliver({ status: 'error', ...event.detail }));
  element.replaceWith(button);
  return button;
}

/**
 * Opens the login prompt, for apps that draw their own button. Call it inside the click
 * handler: the popup opens synchronously. The outcome goes to the callbacks.
 */
export function login({ scope = 'read', flow, redirectUri, display }: LoginCallOptions = {}): Promise<LoginResult | undefined> {
  const loginClient = ready('login');
  if (!loginClient) return Promise.resolve(undefined);
  const problem = oneOf(scope, SCOPES, 'scope') || oneOf(flow, FLOWS, 'flow');
  if (problem) return report(problem, 'config'), Promise.resolve(undefined);
  const result = coreLogin({ scope, flow, redirectUri, display, tokenStorage: settings?.tokenStorage, client: loginClient });
  void result.then(deliver);
  return result;
}

/** The code flow's session for the app's settings (signed in or not), shared with the page's elements. */
export function getSession(): Session | undefined {
  return client && coreSession(client);
}

/** Signs the code flow's user out: forgets the tokens and revokes them. */
export function logout(): Promise<void> {
  return getSession()?.logout() ?? Promise.resolve();
}

/** Verifies a token with the service (contract 4.3); resolves to the result, never rejects. */
export function verifyToken(token: string): Promise<LoginResult> {
  if (!client) return fail('config', 'Call init before verifyToken.');
  // Loaded when used, as the login's own parts (a page may only verify, or only come back from a redirect).
  const verifyClient = client;
  return import('./core/login/jwt-answer.js').then((module) => module.verifyToken(String(token ?? ''), verifyClient), loadFailed);
}

/** On the page a redirect flow came back to: reports its answer to the callbacks. */
export function handleRedirect(): Promise<LoginResult | undefined> {
  const redirectClient = ready('handleRedirect');
  if (!redirectClient) return Promise.resolve(undefined);
  const result = import('./core/login/redirect.js').then((module) => module.handleRedirect({ client: redirectClient }), loadFailed);
  void result.then(deliver);
  return result;
}

// Registers the element even if a bundler would drop an import used only as a type.
void ServiceLoginButton;
