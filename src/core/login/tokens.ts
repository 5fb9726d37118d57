/**
 * The code flow's calls to the service, through the core's transport (timeout, typed answers):
 * the token endpoint (code and refresh grants), `/v1/me` and revocation. Failures reject with a
 * ServiceError: kind `http` with a 4xx when the service refused (the login's reason `exchange`),
 * else no answer, a timeout, a 5xx or a malformed answer (reason `network`).
 */
import { withDefaults } from '../config.js';
import { ServiceError } from '../errors.js';
import { readData } from '../http.js';
import { send, type ServiceCall } from '../transport.js';
import type { LoginProfile } from '../types.js';
import type { AuthClient } from './shared.js';

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

/** `POST /v1/oauth/token`'s answer (RFC 6749 5.1), as the service sends it. */
interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  refresh_expires_in?: number;
  scope?: string;
}

/** What the profile is built from in `GET /v1/me`'s `data`. */
interface MeAnswer {
  id: string;
  name: string;
  handle: string;
  is_verified?: boolean;
  profile_picture?: LoginProfile['profilePicture'];
}

/**
 * A `/v1/...` call of the code flow on the client's API host: its pinned or selected host, else
 * the authorize page's host. A failed one marks the host bad; a read is then sent once more to
 * another host when the client selects from a host list.
 */
export const callService = <T>(client: AuthClient, call: ServiceCall<T>, appName?: string): Promise<T> => {
  const { host, hostListUrl, authUrl, timeout = withDefaults().timeout, fetch } = client.options;
  const select = () => (host || hostListUrl ? client.selectHost() : Promise.resolve(authUrl!));
  return send({ appName, timeout, fetch }, [select, (failed) => client.markHostBad?.(failed)], host || !hostListUrl, call);
};

/** Reads the body itself (OAuth's answers have no `data`) and checks `fields` are there, else kind `invalid`. */
const readFields =
  <T>(operation: string, fields: Partial<Record<keyof T, 'string' | 'number'>>, wrapped = false) =>
  async (response: Response): Promise<T> => {
    const answer = await readData<T>(operation, !wrapped)(response);
    for (const [name, type] of Object.entries(fields)) if (typeof (answer as Record<string, unknown> | null)?.[name] != type) throw new ServiceError(`no ${name} in the answer`, 'invalid', operation);
    return answer;
  };

/** `POST /v1/oauth/token` with `body`, as production's client sends it; sent once, never to a second host. */
export async function requestTokens(client: AuthClient, body: Record<string, string | undefined>): Promise<Tokens> {
  const operation = body.grant_type == 'refresh_token' ? 'refreshToken' : 'exchangeCode';
  const answer = await callService(client, { operation, method: 'POST', path: '/oauth/token', body, read: readFields<TokenAnswer>(operation, { access_token: 'string', expires_in: 'number' }) });
  const now = Date.now();
  const life = answer.expires_in * 1e3;
  return {
    access: answer.access_token,
    refresh: answer.refresh_token,
    due: now + Math.max(life * 0.8, life - 6e4),
    ends: now + ((answer.refresh_expires_in ?? 0) * 1e3 || life),
    scope: answer.scope ?? body.scope ?? '',
  };
}

/**
 * The user behind `access`, from `GET /v1/me`, in the JWT flow's profile shape where the fields
 * exist: no `email` and no `iat` (production's User has neither).
 */
export async function fetchProfile(client: AuthClient, access: string): Promise<LoginProfile> {
  const user = await callService(client, { operation: 'getMe', path: '/me', token: access, read: readFields<MeAnswer>('getMe', { id: 'string' }, true) });
  const { apiKey } = client.options;
  return { userId: user.id, sub: user.id, name: user.name, handle: user.handle, verified: !!user.is_verified, profilePicture: user.profile_picture ?? null, apiKey } as LoginProfile;
}

/** `POST /v1/oauth/revoke` (RFC 7009): its answer does not matter, so no failure is reported. */
export const revokeToken = (client: AuthClient, token: string): Promise<unknown> =>
  callService(client, { operation: 'revokeToken', method: 'POST', path: '/oauth/revoke', body: { token, client_id: client.options.apiKey }, read: async () => 0 }).catch(() => 0);
