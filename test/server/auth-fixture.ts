// A small service for the login tests: four users, three tracks, the login route modules.
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.js';
import type { ServiceContext } from '../../server/context.js';
import { openMemoryDatabase, type Db } from '../../server/db/open.js';
import { prepareLogin } from '../../server/auth/index.js';
import { createOauthRoutes, type OauthOptions } from '../../server/routes/oauth.js';
import { verifyRoutes } from '../../server/routes/verify.js';
import { writeRoutes } from '../../server/routes/write.js';
import { userRoutes } from '../../server/routes/users.js';
import { trackRoutes } from '../../server/routes/tracks.js';
import { oauthTokenRoutes } from '../../server/routes/oauth-token.js';
import { meRoutes } from '../../server/routes/me.js';
import { bearerWriteRoutes } from '../../server/routes/bearer-write.js';
import type { TokenLifetimes } from '../../server/auth/tokens/lifetimes.js';
import { DEMO_APP } from '../../server/auth/store/apps.js';

export const BASE_URL = 'http://127.0.0.1:7700';
const PICTURE = JSON.stringify({ '150x150': '/images/u/1/150.jpg', '480x480': '/images/u/1/480.jpg', '1000x1000': 'https://cdn.example/1000.jpg' });

export interface AuthService {
  app: FastifyInstance;
  db: Db;
  ctx: ServiceContext;
  /** GET `url` with an app name; asserts a 200 and gives the answer's `data`. */
  read<T>(url: string): Promise<T>;
  close(): Promise<void>;
}

export function seedUsers(db: Db): void {
  const user = db.prepare('INSERT INTO users (id, handle, name, is_verified, profile_picture, created_at, email) VALUES (?, ?, ?, ?, ?, 0, ?)');
  user.run(1, 'demo', 'Demo Listener', 1, PICTURE, 'demo@example.com');
  user.run(2, 'riley', 'Riley <b>Ray</b>', 0, null, 'riley@example.com');
  user.run(3, 'sam', 'Sam Stone', 0, null, null);
  user.run(4, 'Quinn_Q', 'Quinn', 0, null, 'quinn@example.com');
  const track = db.prepare('INSERT INTO tracks (id, owner_id, title, slug, duration, created_at, favorite_count) VALUES (?, ?, ?, ?, 180, 0, ?)');
  track.run(1, 2, 'First Light', 'first-light', 3);
  track.run(2, 3, 'Second Wind', 'second-wind', 0);
  track.run(3, 2, 'Third Rail', 'third-rail', 0);
}

/** `tokenLifetimes` sets the code flow's lifetimes in seconds (0: expired at once). */
export async function authService(options: OauthOptions & { tokenLifetimes?: Partial<TokenLifetimes> } = {}): Promise<AuthService> {
  const db = openMemoryDatabase();
  seedUsers(db);
  prepareLogin(db);
  const ctx: ServiceContext = { db, dataDir: '/nonexistent', baseUrl: BASE_URL, tokenLifetimes: options.tokenLifetimes };
  const app = await buildApp(ctx, [
    userRoutes,
    trackRoutes,
    verifyRoutes,
    createOauthRoutes(options),
    oauthTokenRoutes,
    meRoutes,
    writeRoutes,
    bearerWriteRoutes,
  ]);
  await app.ready();
  return {
    app,
    db,
    ctx,
    async read<T>(url: string) {
      const res = await app.inject({ url: `${url}?app_name=test` });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as { data: T }).data;
    },
    async close() {
      await app.close();
      db.close();
    },
  };
}

/** Cookies a browser would keep between requests (name=value only). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: LightMyRequestResponse): void {
    const header = res.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The fields a browser would submit for the form with this action (hidden inputs only). */
export function formFields(html: string, action: string): Record<string, string> {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => f[1] === action);
  if (!form) throw new Error(`no form posting to ${action}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(input[1]!)] = unescape(input[2]!);
  }
  return fields;
}

export function encodeForm(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

const HOST = new URL(BASE_URL).host;

/**
 * A browser-like client of the login page: keeps cookies, posts forms. Its requests go to
 * BASE_URL's host, and its POSTs carry that origin as a browser's own form posts do.
 */
export class Browser {
  readonly jar = new CookieJar();

  /** `remoteAddress` is the client address the service sees (127.0.0.1 by default). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  /** `headers` add to the browser's own (e.g. `accept-language`). */
  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({ method: 'GET', url, remoteAddress: this.remoteAddress, headers: { host: HOST, cookie: this.jar.header(), ...headers } });
    this.jar.take(res);
    return res;
  }

  /** `headers` replace the browser's own (e.g. another `origin`, or `origin: undefined` for none). */
  async post(url: string, fields: Record<string, string>, headers: Record<string, string | undefined> = {}): Promise<LightMyRequestResponse> {
    const all: Record<string, string | undefined> = {
      host: HOST,
      origin: BASE_URL,
      cookie: this.jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    };
    const res = await this.app.inject({
      method: 'POST',
      url,
      remoteAddress: this.remoteAddress,
      headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)),
      payload: encodeForm(fields),
    });
    this.jar.take(res);
    return res;
  }
}

/** A valid login request for the demo app (read scope, a registered https redirect URI), with `extra` over it; undefined drops a parameter. */
export const loginParams = (extra: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
  scope: 'read',
  api_key: DEMO_APP.apiKey,
  redirect_uri: 'https://app.example.com/cb',
  state: 'st',
  ...extra,
});

export function authUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  return `/oauth/auth?${query.toString()}`;
}
