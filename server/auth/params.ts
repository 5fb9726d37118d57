import { checkRedirectUri, isPostMessage } from '../../src/core/redirect-uri.js';
import type { AppQueries, AppRow } from './store/apps.js';
import { isS256Challenge } from './tokens/pkce.js';
import { authLang, type AuthLang } from './pages/words.js';

/** A login request whose every parameter (contract 4.2) has been checked. */
export interface AuthRequest {
  scope: 'read' | 'write';
  app: AppRow;
  redirectUri: string;
  /** Set for redirect_uri `postmessage`: the serialized origin to post to. */
  origin?: string;
  /** Present only when the request carried one (an empty string counts). */
  state?: string;
  responseMode: 'fragment' | 'query';
  display: 'popup' | 'fullScreen';
  /**
   * Set for the code flow (`response_type=code`, issue 26): the S256 challenge the code is
   * bound to. Without it the page runs the contract's flow and delivers a signed token.
   */
  codeChallenge?: string;
  /**
   * The pages' language (issue 28): `lang` if it names a shipped language, else the best of
   * Accept-Language, else English. Never a problem, and never sent back to the app.
   */
  lang: AuthLang;
}

export interface ParamProblem {
  param: string;
  reason: string;
}

/**
 * A refused request. `redirect` is set when the app and its redirect URI are known good (a
 * code-flow request): RFC 6749 §4.1.2.1 then sends the error back to the app; otherwise the
 * user sees an error page and nothing goes anywhere.
 */
export type AuthRequestResult =
  | { ok: true; request: AuthRequest }
  | { ok: false; problems: ParamProblem[]; display: AuthRequest['display']; lang: AuthLang; redirect?: Pick<AuthRequest, 'redirectUri' | 'responseMode' | 'state'> };

export const MAX_STATE_LENGTH = 1024;

const PARAMS = [
  'scope',
  'api_key',
  'redirect_uri',
  'origin',
  'state',
  'response_mode',
  'display',
  'response_type',
  'code_challenge',
  'code_challenge_method',
] as const;

/**
 * Reads the login parameters from a query string or a form body. Every problem is reported
 * (parameter and reason), so the error page can name them all. `acceptLanguage` (the
 * request's header) chooses the language when `lang` names none.
 */
export function readAuthRequest(input: unknown, apps: AppQueries, acceptLanguage: string | undefined): AuthRequestResult {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const lang = authLang(source.lang, acceptLanguage);
  const problems: ParamProblem[] = [];
  const values: Partial<Record<(typeof PARAMS)[number], string>> = {};
  for (const name of PARAMS) {
    const value = source[name];
    if (Array.isArray(value)) problems.push({ param: name, reason: 'was given more than once' });
    else if (typeof value === 'string') values[name] = value;
  }
  const flagged = (name: string) => problems.some((p) => p.param === name);
  const report = (param: string, reason: string) => void (flagged(param) || problems.push({ param, reason }));

  const display = values.display === 'fullScreen' ? 'fullScreen' : 'popup';
  if (values.display && values.display !== 'popup' && values.display !== 'fullScreen') {
    report('display', `must be popup or fullScreen, not ${quote(values.display)}`);
  }

  const code = values.response_type === 'code';
  if (values.response_type !== undefined && !code) report('response_type', `must be code (or absent for the token flow), not ${quote(values.response_type)}`);

  // The code flow takes production's joined scopes ("read write"); write includes read.
  const words = code && values.scope !== undefined ? values.scope.split(/[ +]/).filter(Boolean) : [values.scope];
  const scope = words.includes('write') ? 'write' : words[0];
  if (!values.scope) report('scope', 'is required; use read or write');
  else if (!words.every((word) => word === 'read' || word === 'write')) report('scope', `must be read or write, not ${quote(values.scope)}`);

  let app: AppRow | undefined;
  if (!values.api_key) report('api_key', 'is required');
  else if (!(app = apps.byKey(values.api_key))) report('api_key', 'is not the API key of a registered app');

  let origin: string | undefined;
  if (!flagged('redirect_uri') && !flagged('origin')) {
    const verdict = checkRedirectUri(values.redirect_uri, values.origin);
    if (!verdict.ok) report(verdict.param, verdict.reason);
    else if (verdict.postMessage) origin = verdict.origin;
  }

  // The code flow sends users only to a registered redirect URI, never by window message.
  if (code && app && !flagged('redirect_uri') && values.redirect_uri) {
    if (isPostMessage(values.redirect_uri)) report('redirect_uri', 'must be a registered URL in the code flow, not postmessage');
    else if (!flagged('origin') && !apps.allowsRedirect(app.api_key, values.redirect_uri)) report('redirect_uri', 'is not registered for this app');
  }
  const trusted = code && app && !flagged('api_key') && !flagged('redirect_uri') && values.redirect_uri !== undefined && !isPostMessage(values.redirect_uri);

  if (code) {
    const method = values.code_challenge_method;
    if (method === undefined) report('code_challenge_method', 'is required; use S256');
    else if (method !== 'S256') report('code_challenge_method', `must be S256, not ${quote(method)}`);
    if (values.code_challenge === undefined) report('code_challenge', 'is required (PKCE, S256)');
    else if (!isS256Challenge(values.code_challenge)) report('code_challenge', 'must be the base64url SHA-256 of the code verifier (43 characters)');
  }

  if (values.state !== undefined && values.state.length > MAX_STATE_LENGTH) {
    report('state', `is longer than ${MAX_STATE_LENGTH} characters`);
  }

  const mode = values.response_mode;
  if (mode && mode !== 'fragment' && mode !== 'query') report('response_mode', `must be fragment or query, not ${quote(mode)}`);

  // The code flow answers in the query unless asked for the fragment; the token flow the other way round.
  const responseMode = mode === 'query' || mode === 'fragment' ? mode : code ? 'query' : 'fragment';
  if (problems.length > 0 || !app) {
    if (!trusted) return { ok: false, problems, display, lang };
    const redirect: NonNullable<Extract<AuthRequestResult, { ok: false }>['redirect']> = { redirectUri: values.redirect_uri!, responseMode };
    if (values.state !== undefined && !flagged('state')) redirect.state = values.state;
    return { ok: false, problems, display, lang, redirect };
  }
  const request: AuthRequest = {
    scope: scope as AuthRequest['scope'],
    app,
    redirectUri: values.redirect_uri!,
    responseMode,
    display,
    lang,
  };
  if (code) request.codeChallenge = values.code_challenge!;
  else if (origin !== undefined) request.origin = origin;
  if (values.state !== undefined) request.state = values.state;
  return { ok: true, request };
}

/** The parameters that carry a checked request, its language included, through the page's own forms and redirects (never to the app). */
export function requestFields(request: AuthRequest): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['scope', request.scope],
    ['api_key', request.app.api_key],
    ['redirect_uri', request.redirectUri],
  ];
  if (request.origin !== undefined) fields.push(['origin', request.origin]);
  if (request.state !== undefined) fields.push(['state', request.state]);
  fields.push(['response_mode', request.responseMode], ['display', request.display]);
  if (request.codeChallenge !== undefined) {
    fields.push(['response_type', 'code'], ['code_challenge', request.codeChallenge], ['code_challenge_method', 'S256']);
  }
  fields.push(['lang', request.lang]);
  return fields;
}

/** The page's own address for a checked request (relative, so it never leaves the service). */
export function authPath(request: AuthRequest): string {
  return `/oauth/auth?${new URLSearchParams(requestFields(request)).toString()}`;
}

function quote(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}
