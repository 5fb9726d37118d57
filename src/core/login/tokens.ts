/**
 * The code flow's calls to the service: the token endpoint (code and refresh grants), `/v1/me`
 * and revocation. Failures reject with `{ reason, message }`: `exchange` when the service
 * refused (a 4xx), `network` when it could not be reached (or a 5xx).
 */
import type { LoginProfile } from '../types.js';
import type { LoginErrorReason } from './shared.js';

/** A token answer, its lifetimes turned into times (ms since the epoch). */
export interface Tokens {
  access: string;
  refresh?: string;
  /** When the access token is due for a refresh: 60 s before it expires, or at 80 % of a short lifetime. */
  due: number;
  /** When the refresh token expires. */
  ends: number;
  scope: string;
}

/** A failed call: why, in the login's reasons, and the service's words. */
export interface TokenProblem {
  reason: LoginErrorReason;
  message: string;
}

/** `fetch` on `{host}/v1/oauth/{path}` (or `/v1/me`), JSON in and out; rejects with a {@link TokenProblem}. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the service's JSON, read field by field below
async function call(host: string, path: string, body?: object, access?: string): Promise<any> {
  let status = 0;
  try {
    const response = await fetch(`${host}/v1/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : { authorization: 'Bearer ' + access },
      body: body && JSON.stringify(body),
    });
    status = response.status;
    const answer = await response.json();
    if (response.ok) return answer;
    throw answer;
  } catch (error) {
    const answer = error as { error?: string; error_description?: string; message?: string };
    throw { reason: status && status < 500 ? 'exchange' : 'network', message: answer.error_description || answer.error || answer.message || `HTTP ${status}` } satisfies TokenProblem;
  }
}

/** `POST /v1/oauth/token` with `body`, as production's client sends it. */
export async function requestTokens(host: string, body: Record<string, string | undefined>): Promise<Tokens> {
  const answer = await call(host, 'oauth/token', body);
  const now = Date.now();
  const life = answer.expires_in * 1e3;
  return {
    access: answer.access_token,
    refresh: answer.refresh_token,
    due: now + Math.max(life * 0.8, life - 6e4),
    ends: now + (answer.refresh_expires_in * 1e3 || life),
    scope: answer.scope ?? body.scope,
  };
}

/**
 * The user behind `access`, from `GET /v1/me`, in the JWT flow's profile shape where the fields
 * exist: no `email` and no `iat` (production's User has neither).
 */
export async function fetchProfile(host: string, access: string, apiKey: string): Promise<LoginProfile> {
  const { data: user } = await call(host, 'me', undefined, access);
  return { userId: user.id, sub: user.id, name: user.name, handle: user.handle, verified: !!user.is_verified, profilePicture: user.profile_picture ?? null, apiKey } as LoginProfile;
}

/** `POST /v1/oauth/revoke` (RFC 7009): its answer does not matter, so no failure is reported. */
export const revokeToken = (host: string, token: string, clientId: string): Promise<unknown> => call(host, 'oauth/revoke', { token, client_id: clientId }).catch(() => 0);
