/**
 * The code flow's session: one per page for each service (authorize host) and API key, shared by
 * every element and call with those settings. It keeps the tokens (in memory unless a login opted
 * into sessionStorage or localStorage), refreshes the access token before it expires and once on a
 * 401, and revokes on `logout()`. Every sign-in and sign-out fires `service-session-change` on the
 * document (it bubbles to window). The network half (tokens.ts) loads on first use.
 */
import type { LoginProfile } from '../types.js';
import { authClientFor } from './client.js';
import type { AuthClient, LoginScope, TokenStorage } from './shared.js';
import type { Tokens, TokenProblem } from './tokens.js';

/** Detail of `service-session-change`: which session, and its user now (none: signed out). */
export interface SessionChangeDetail {
  /** The session's key: the service and the API key it is for. */
  key: string;
  /** The signed-in user's profile (from `/v1/me`), or undefined after a sign-out. */
  profile?: LoginProfile;
  /** The granted scope, e.g. `write`. */
  scope?: string;
}

const sessions = new Map<string, Session>();
const STORE_KEY = 'service-session ';
const tokensModule = () => import('./tokens.js');

/** The API host of a client's settings: the pinned or selected host, else the authorize page's host. */
export const apiHost = (client: AuthClient): Promise<string> =>
  client.options.host || client.options.hostListUrl ? client.selectHost() : Promise.resolve(client.options.authUrl!);

/** The session for a client's settings (by default the page's own, as set by `configure()`). */
export function getSession(client: AuthClient = authClientFor()): Session {
  const { authUrl, host, hostListUrl, apiKey } = client.options;
  const key = `${authUrl || host || hostListUrl} ${apiKey}`;
  let session = sessions.get(key);
  if (!session) sessions.set(key, (session = new Session(key, client)));
  return session;
}

/** A signed-in user's tokens and profile on this page, or none. */
export class Session {
  /** The signed-in user, or undefined. */
  profile?: LoginProfile;
  #tokens?: Tokens;
  #storage?: Storage;
  #timer?: ReturnType<typeof setTimeout>;
  #refreshing?: Promise<string | undefined>;

  constructor(
    /** The service and the API key this session is for. */
    readonly key: string,
    /** The client whose host the calls go to. @internal */
    readonly client: AuthClient,
  ) {
    // A session a login kept in storage (opted in) comes back; memory's ends with the page.
    for (const storage of [sessionStorage, localStorage]) {
      const kept = this.#read(storage);
      if (kept && (kept.t.refreshExpires ?? kept.t.expires) > Date.now()) {
        this.start(kept.t, kept.p, storage);
        break;
      }
    }
  }

  /** True while a user is signed in. */
  get signedIn(): boolean {
    return !!this.#tokens;
  }

  /** True when the grant includes `scope` (`write` includes `read`). */
  allows(scope: LoginScope): boolean {
    return !!this.#tokens && (scope == 'read' || this.#tokens.scope.split(/[ ,]/).includes(scope));
  }

  #read(storage: Storage): { t: Tokens; p: LoginProfile } | undefined {
    try {
      return JSON.parse(storage.getItem(STORE_KEY + this.key)!) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** Takes a new login's tokens and profile. @internal */
  start(tokens: Tokens, profile: LoginProfile, storage?: TokenStorage | Storage): void {
    this.#storage = typeof storage == 'object' ? storage : storage == 'local' ? localStorage : storage == 'session' ? sessionStorage : undefined;
    this.profile = profile;
    this.#keep(tokens);
    this.#changed();
  }

  #keep(tokens: Tokens | undefined): void {
    this.#tokens = tokens;
    clearTimeout(this.#timer);
    if (tokens?.refresh) this.#timer = setTimeout(() => void this.#refresh(), tokens.due - Date.now());
    try {
      for (const storage of [sessionStorage, localStorage]) {
        if (tokens && storage == this.#storage) storage.setItem(STORE_KEY + this.key, JSON.stringify({ t: tokens, p: this.profile }));
        else storage.removeItem(STORE_KEY + this.key);
      }
    } catch {
      // Storage can be full or refused: the session goes on in memory.
    }
  }

  #changed(): void {
    const detail: SessionChangeDetail = { key: this.key, profile: this.profile, scope: this.#tokens?.scope };
    document.dispatchEvent(new CustomEvent('service-session-change', { detail, bubbles: true }));
  }

  /** The access token, refreshed first when it is due; undefined when signed out. */
  async accessToken(): Promise<string | undefined> {
    const tokens = this.#tokens;
    return tokens && Date.now() >= tokens.due && tokens.refresh ? this.#refresh() : tokens?.access;
  }

  /** One refresh at a time; a refused refresh token ends the session (the service revoked it, or it expired). */
  #refresh(): Promise<string | undefined> {
    return (this.#refreshing ??= (async () => {
      const before = this.#tokens;
      // Another tab with the same localStorage may have refreshed first: a refresh token used twice revokes its family.
      const kept = this.#storage && this.#read(this.#storage)?.t;
      if (kept && before && kept.refresh != before.refresh && kept.due > Date.now()) return this.#keep(kept), kept.access;
      if (!before?.refresh) return before?.access;
      try {
        const { requestTokens } = await tokensModule();
        const tokens = await requestTokens(await apiHost(this.client), { grant_type: 'refresh_token', refresh_token: before.refresh, client_id: this.client.options.apiKey });
        if (this.#tokens == before) this.#keep(tokens);
        return this.#tokens?.access;
      } catch (error) {
        if ((error as TokenProblem).reason == 'exchange' && this.#tokens == before) this.#end();
        return this.#tokens?.access;
      }
    })().finally(() => (this.#refreshing = undefined)));
  }

  /**
   * `fetch` on the API host (`path` from `/v1/`) with the user's bearer token; on a 401, refreshes
   * once and tries again. Rejects when signed out or unreachable.
   */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const host = await apiHost(this.client);
    const send = (token?: string) => {
      if (!token) throw Object.assign(new Error('Not signed in.'), { status: 401 });
      return fetch(host + path, { ...init, headers: { ...init.headers, authorization: 'Bearer ' + token } });
    };
    const response = await send(await this.accessToken());
    return response.status == 401 && this.#tokens?.refresh ? send(await this.#refresh()) : response;
  }

  /** Signs out: forgets the tokens at once, then revokes the refresh token (and so its access tokens). */
  async logout(): Promise<void> {
    const tokens = this.#tokens;
    this.#end();
    if (tokens) {
      const { revokeToken } = await tokensModule();
      await revokeToken(await apiHost(this.client), tokens.refresh ?? tokens.access, this.client.options.apiKey!);
    }
  }

  #end(): void {
    this.profile = undefined;
    this.#keep(undefined);
    this.#changed();
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-session-change': CustomEvent<SessionChangeDetail>;
  }
}
