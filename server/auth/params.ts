import { checkRedirectUri } from '../../src/core/redirect-uri.js';
import type { AppQueries, AppRow } from './apps.js';

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
}

export interface ParamProblem {
  param: string;
  reason: string;
}

export type AuthRequestResult = { ok: true; request: AuthRequest } | { ok: false; problems: ParamProblem[]; display: AuthRequest['display'] };

export const MAX_STATE_LENGTH = 1024;

const PARAMS = ['scope', 'api_key', 'redirect_uri', 'origin', 'state', 'response_mode', 'display'] as const;

/**
 * Reads the login parameters from a query string or a form body. Every problem is reported
 * (parameter and reason), so the error page can name them all.
 */
export function readAuthRequest(input: unknown, apps: AppQueries): AuthRequestResult {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
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

  const scope = values.scope;
  if (!scope) report('scope', 'is required; use read or write');
  else if (scope !== 'read' && scope !== 'write') report('scope', `must be read or write, not ${quote(scope)}`);

  let app: AppRow | undefined;
  if (!values.api_key) report('api_key', 'is required');
  else if (!(app = apps.byKey(values.api_key))) report('api_key', 'is not the API key of a registered app');

  let origin: string | undefined;
  if (!flagged('redirect_uri') && !flagged('origin')) {
    const verdict = checkRedirectUri(values.redirect_uri, values.origin);
    if (!verdict.ok) report(verdict.param, verdict.reason);
    else if (verdict.postMessage) origin = verdict.origin;
  }

  if (values.state !== undefined && values.state.length > MAX_STATE_LENGTH) {
    report('state', `is longer than ${MAX_STATE_LENGTH} characters`);
  }

  const mode = values.response_mode;
  if (mode && mode !== 'fragment' && mode !== 'query') report('response_mode', `must be fragment or query, not ${quote(mode)}`);

  if (problems.length > 0 || !app) return { ok: false, problems, display };
  const request: AuthRequest = {
    scope: scope as AuthRequest['scope'],
    app,
    redirectUri: values.redirect_uri!,
    responseMode: mode === 'query' ? 'query' : 'fragment',
    display,
  };
  if (origin !== undefined) request.origin = origin;
  if (values.state !== undefined) request.state = values.state;
  return { ok: true, request };
}

/** The parameters that carry a checked request through the page's forms and redirects. */
export function requestFields(request: AuthRequest): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['scope', request.scope],
    ['api_key', request.app.api_key],
    ['redirect_uri', request.redirectUri],
  ];
  if (request.origin !== undefined) fields.push(['origin', request.origin]);
  if (request.state !== undefined) fields.push(['state', request.state]);
  fields.push(['response_mode', request.responseMode], ['display', request.display]);
  return fields;
}

/** The page's own address for a checked request (relative, so it never leaves the service). */
export function authPath(request: AuthRequest): string {
  return `/oauth/auth?${new URLSearchParams(requestFields(request)).toString()}`;
}

function quote(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}
