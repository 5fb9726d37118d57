/**
 * The code flow's session: one per page for each service (authorize host) and API key, shared by
 * every element and call with those settings. It keeps the tokens (in memory unless a login opted
 * into sessionStorage or localStorage), refreshes the access token before it expires and once on a
 * 401, and revokes on `logout()`. Every sign-in and sign-out fires `service-session-change` on the
 * document (it bubbles to window).
 */
import type { LoginProfile } from '../types.js';
import { authClientFor } from './client.js';
import { refused, type AuthClient, type TokenStorage } from './shared.js';
import type { Tokens } from './tokens.js';
import type { ServiceCall } from '../transport.js';
import { ServiceError } from '../errors.js';

/** Detail of `service-session-change`: which session, and its user now (none: signed out). */
export interface SessionChangeDetail {
  /** The session's key: the service and the API key it is for. */
  key: string;
  /** The signed-in user's profile (from `/v1/me`), or undefined after a sign-out. */
  profile?: LoginProfile;
}

/**
 * The page's sessions by key, shared by every copy of the kit loaded on the page (two CDN files,
 * say the login button's and the favourite button's): one sign-in, seen by all.
 */
const sessions: Record<string, Session> = ((globalThis as { [key: symbol]: Record<string, Session> })[Symbol.for('service-kit.sessions')] ??= {});
const STORAGES = ['session', 'local'] as const;
const STORE = 'service-session ';
/**
 * The token endpoint and the bearer calls, loaded when a session first calls the service (a page
 * that is never signed in never loads them; the CDN files fetch them with the login, login-flow.js).
 * A part that cannot be fetched is a ServiceError of kind `network`, as a call that got no answer.
 */
const service = (operation: string) =>
  import('./tokens.js').catch((error: Error) => Promise.reject(new ServiceError('Could not load the login flow: ' + error.message, 'network', operation)));

/** sessionStorage or localStorage by name; reading either can throw (storage refused). */
const webStorage = (name?: TokenStorage): Storage => Reflect.get(globalThis, name + 'Storage');

/** The session for a client's settings (by default the page's own, as set by `configure()`). */
export function getSession(client: AuthClient = authClientFor()): Session {
  const { authUrl, host, hostListUrl, apiKey } = client.options;
  const key = `${authUrl || host || hostListUrl} ${apiKey}`;
  return (sessions[key] ??= new Session(key, client));
}

/** A signed-in user's tokens and profile on this page, or none. */
export class Session {
  /** The signed-in user, or undefined. */
  profile?: LoginProfile;
  #tokens?: Tokens;
  /** `session` or `local` when a login opted into keeping its tokens there. */
  #storage?: TokenStorage;
  #timer?: ReturnType<typeof setTimeout>;
  #refreshing?: Promise<string | undefined>;

  constructor(
    /** The service and the API key this session is for. */
    readonly key: string,
    /** The client whose host the calls go to. @internal */
    readonly client: AuthClient,
  ) {
    // A session a login kept in storage (opted in) comes back; memory's ends with the page.
    for (const storage of STORAGES) {
      const kept = this.#read(storage);
      if (kept && kept.t.ends > Date.now()) this.start(kept.t, kept.p, storage);
    }
  }

  /** The granted scope (`read` or `write`); undefined when signed out. */
  get scope(): string | undefined {
    return this.#tokens?.scope;
  }

  /** What a login kept in `storage`; none where storage is refused (a sandboxed frame). */
  #read(storage?: TokenStorage): { t: Tokens; p: LoginProfile } | undefined {
    try {
      return JSON.parse(webStorage(storage).getItem(STORE + this.key)!);
    } catch {
      return undefined;
    }
  }

  /** Takes a new login's tokens and profile. @internal */
  start(tokens: Tokens, profile: LoginProfile, storage?: TokenStorage): void {
    this.#storage = storage;
    this.#keep(tokens, profile);
  }

  /** Keeps `tokens` (none: signs out), in the chosen storage too, and plans their refresh. */
  #keep(tokens?: Tokens, profile?: LoginProfile): void {
    this.#tokens = tokens;
    clearTimeout(this.#timer);
    if (tokens?.refresh) this.#timer = setTimeout(() => this.#refresh(), tokens.due - Date.now());
    if (profile != this.profile) {
      this.profile = profile;
      document.dispatchEvent(new CustomEvent('service-session-change', { detail: { key: this.key, profile } satisfies SessionChangeDetail, bubbles: true }));
    }
    for (const storage of STORAGES) {
      try {
        if (tokens && storage == this.#storage) webStorage(storage).setItem(STORE + this.key, JSON.stringify({ t: tokens, p: profile }));
        else webStorage(storage).removeItem(STORE + this.key);
      } catch {
        // Storage can be full or refused: the session goes on in memory.
      }
    }
  }

  /** The access token, refreshed first when it is due; undefined when signed out. */
  async accessToken(): Promise<string | undefined> {
    return this.#tokens && Date.now() >= this.#tokens.due ? this.#refresh() : this.#tokens?.access;
  }

  /** One refresh at a time; a refused refresh token ends the session (revoked, reused or expired). */
  #refresh(): Promise<string | undefined> {
    const before = this.#tokens;
    // Another tab with the same storage may have refreshed first: a refresh token used twice revokes its family.
    const kept = this.#storage && this.#read(this.#storage)?.t;
    if (kept && kept.refresh != before?.refresh) this.#keep(kept, this.profile);
    return (this.#refreshing ??= service('refreshToken')
      .then((calls) => calls.requestTokens(this.client, { grant_type: 'refresh_token', refresh_token: this.#tokens?.refresh, client_id: this.client.options.apiKey }))
      .then(
        (tokens) => this.#tokens == before && this.#keep(tokens, this.profile),
        // Only a refusal signs out; a service that cannot be reached (or times out) leaves the tokens.
        (error: unknown) => refused(error) && this.#tokens == before && this.#keep(),
      )
      .then(() => ((this.#refreshing = undefined), this.#tokens?.access)));
  }

  /**
   * A call to the API host through the core's transport (timeout, typed errors, failover for a
   * read) with the user's bearer token and `app_name` (the API key without one); on a 401,
   * refreshes once and sends it again. Rejects with a ServiceError.
   * @internal
   */
  async request<T>(call: ServiceCall<T>): Promise<T> {
    const { appName, apiKey } = this.client.options;
    // A 401 is read as a sign to refresh (undefined), not as the call's answer, while a refresh may help.
    const read = (response: Response) => (response.status == 401 && this.#tokens ? Promise.resolve(undefined) : call.read(response).then((value) => ({ value })));
    const { callService } = await service(call.operation);
    const first = await callService(this.client, { ...call, token: await this.accessToken(), read }, appName || apiKey);
    return first ? first.value : callService(this.client, { ...call, token: await this.#refresh() }, appName || apiKey);
  }

  /**
   * `fetch` on the API host (`path` from `/v1/`, its query included) with the user's bearer token
   * and `app_name`, through the core's transport: the client's timeout, `init`'s method, JSON body
   * and signal. Resolves to the response whatever its status; rejects with a ServiceError when no
   * answer came. On a 401, refreshes once and tries again.
   */
  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const { pathname, searchParams } = new URL(path, 'http://host');
    return this.request({
      operation: 'fetch',
      path: pathname.replace(/^\/v1(?=\/)/, ''),
      query: Object.fromEntries(searchParams),
      method: init.method,
      body: init.body == null ? undefined : String(init.body),
      signal: init.signal ?? undefined,
      read: (response) => Promise.resolve(response),
    });
  }

  /** Signs out: forgets the tokens at once, then revokes the refresh token (and so its access tokens). */
  async logout(): Promise<void> {
    const tokens = this.#tokens;
    this.#keep();
    // Revoking is best effort: its answer, or a part that could not be fetched, changes nothing here.
    if (tokens) await service('revokeToken').then((calls) => calls.revokeToken(this.client, tokens.refresh ?? tokens.access), () => 0);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-session-change': CustomEvent<SessionChangeDetail>;
  }
}
