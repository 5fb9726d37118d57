// The code flow as a browser and an app go through it, for the protocol tests (issue 26).
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_APP } from '../../server/auth/store/apps.js';
import { GENERATED_PASSWORD } from '../../server/auth/store/accounts.js';
import { Browser, formFields, type AuthService } from './auth-fixture.js';

/** The demo app may redirect to any loopback URL. */
export const REDIRECT = 'http://127.0.0.1:5173/callback';

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  return `/v1/oauth/authorize?${query.toString()}`;
}

/** A code request's parameters as production's client library sends them. */
export function codeParams(challenge: string, overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    scope: 'write',
    state: 'st-1',
    redirect_uri: REDIRECT,
    origin: 'http://127.0.0.1:5173',
    response_mode: 'query',
    api_key: DEMO_APP.apiKey,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    display: 'popup',
    ...overrides,
  };
}

/** Where the browser is sent after a decision on the consent screen, and its parameters (query or fragment). */
export interface Outcome {
  location: string;
  params: URLSearchParams;
}

export function outcomeOf(res: LightMyRequestResponse): Outcome {
  assert.equal(res.statusCode, 302, res.body);
  const location = res.headers.location as string;
  const url = new URL(location);
  return { location, params: url.hash ? new URLSearchParams(url.hash.slice(1)) : url.searchParams };
}

/**
 * Opens /v1/oauth/authorize, signs in as `login`, and decides on the consent screen. Gives
 * back the redirect to the app.
 */
export async function consent(
  service: AuthService,
  params: Record<string, string | undefined>,
  { login = 'riley', decision = 'authorize' }: { login?: string; decision?: 'authorize' | 'cancel' } = {},
): Promise<Outcome> {
  const browser = new Browser(service.app);
  const entry = await browser.get(authorizeUrl(params));
  assert.equal(entry.statusCode, 302, entry.body);
  const pagePath = entry.headers.location as string;
  assert.match(pagePath, /^\/oauth\/auth\?/);
  const page = await browser.get(pagePath);
  assert.equal(page.statusCode, 200, page.body);
  const signedIn = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login, password: GENERATED_PASSWORD });
  assert.equal(signedIn.statusCode, 303, signedIn.body);
  const screen = await browser.get(signedIn.headers.location as string);
  assert.match(screen.body, /Allow .* to (use|see) your account/);
  return outcomeOf(await browser.post('/oauth/authorize', { ...formFields(screen.body, '/oauth/authorize'), decision }));
}

export interface TokenReply {
  status: number;
  body: Record<string, unknown>;
  headers: LightMyRequestResponse['headers'];
}

/** POST /v1/oauth/token (or another path) with a JSON or form body. */
export async function post(service: AuthService, url: string, fields: Record<string, unknown>, as: 'json' | 'form' = 'json'): Promise<TokenReply> {
  const res = await service.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': as === 'json' ? 'application/json' : 'application/x-www-form-urlencoded', origin: 'http://localhost:5173' },
    payload: as === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields as Record<string, string>).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

export const exchange = (service: AuthService, code: string, verifier: string, overrides: Record<string, unknown> = {}, as: 'json' | 'form' = 'json') =>
  post(service, '/v1/oauth/token', { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: DEMO_APP.apiKey, redirect_uri: REDIRECT, ...overrides }, as);

export const refresh = (service: AuthService, refreshToken: unknown, clientId: string = DEMO_APP.apiKey) =>
  post(service, '/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

/** Signs `login` in with `scope` and exchanges the code: the token answer. */
export async function signIn(service: AuthService, { login = 'riley', scope = 'write' } = {}): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const { verifier, challenge } = pkce();
  const { params } = await consent(service, codeParams(challenge, { scope }), { login });
  const res = await exchange(service, params.get('code')!, verifier);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { access_token: string; refresh_token: string; scope: string };
}

/** GET /v1/me with `token` as the bearer (or `authorization` as the whole header). */
export async function me(service: AuthService, token: string | undefined, authorization = token === undefined ? undefined : `Bearer ${token}`) {
  const res = await service.app.inject({ url: '/v1/me', headers: authorization === undefined ? {} : { authorization } });
  return { status: res.statusCode, body: res.json() as { data?: Record<string, unknown>; error?: string }, headers: res.headers };
}
