import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/open.js';
import { ANY_LOOPBACK, checkUrl, matchesRegistered } from '../../../src/core/redirect-uri.js';

/** The seeded developer app, documented in docs/login.md; its secret is public, so it is for local use only. */
export const DEMO_APP = {
  name: 'Demo App',
  apiKey: '774b4a83134248429841ef8bd8a685f0875b9ab1',
  apiSecret: '3d3b178e56d188c646a3c554b740e9b4f78c28070b2f210667ca95036a281498',
} as const;

export interface AppCredentials {
  apiKey: string;
  apiSecret: string;
}

export interface AppRow {
  api_key: string;
  api_secret: string;
  name: string;
}

// Secrets are stored as their SHA-256 (high-entropy random values need no slow hash).
function secretDigest(secret: string): string {
  return `sha256$${createHash('sha256').update(secret, 'utf8').digest('hex')}`;
}

function insertApp(db: Db, name: string, credentials: AppCredentials): void {
  db.prepare('INSERT OR IGNORE INTO apps (api_key, api_secret, name, created_at) VALUES (?, ?, ?, ?)').run(
    credentials.apiKey,
    secretDigest(credentials.apiSecret),
    name,
    Math.floor(Date.now() / 1000),
  );
}

/** Why `uri` cannot be registered as a redirect URI (the contract's rules, no `postmessage`), or undefined. */
export function redirectUriProblem(uri: string): string | undefined {
  const verdict = checkUrl(uri);
  return verdict.ok ? undefined : `--redirect-uri ${JSON.stringify(uri)} ${verdict.reason}`;
}

function registerRedirectUris(db: Db, apiKey: string, uris: readonly string[]): void {
  const insert = db.prepare<[string, string]>('INSERT OR IGNORE INTO app_redirect_uris (api_key, redirect_uri) VALUES (?, ?)');
  for (const uri of uris) insert.run(apiKey, uri);
}

/**
 * Registers a developer app with a random key (40 hex digits) and secret (64 hex digits), and
 * the redirect URIs the code flow may send its users back to.
 */
export function createApp(db: Db, name: string, redirectUris: readonly string[] = []): AppCredentials {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) throw new Error('The app name must be 1 to 100 characters.');
  const problem = redirectUris.map(redirectUriProblem).find(Boolean);
  if (problem) throw new Error(problem);
  const credentials = { apiKey: randomBytes(20).toString('hex'), apiSecret: randomBytes(32).toString('hex') };
  db.transaction(() => {
    insertApp(db, trimmed, credentials);
    registerRedirectUris(db, credentials.apiKey, redirectUris);
  })();
  return credentials;
}

/** Seeds the demo app once (its documented key and secret); it may redirect to any loopback URL. */
export function ensureDemoApp(db: Db): void {
  insertApp(db, DEMO_APP.name, { apiKey: DEMO_APP.apiKey, apiSecret: DEMO_APP.apiSecret });
  registerRedirectUris(db, DEMO_APP.apiKey, [ANY_LOOPBACK]);
}

/** An app a user granted write access. */
export interface WriteGrant {
  api_key: string;
  name: string;
  created_at: number;
}

/** Prepared app and write-grant statements, one set per database. */
export function appQueries(db: Db) {
  const byKey = db.prepare<[string], AppRow>('SELECT api_key, api_secret, name FROM apps WHERE api_key = ?');
  const grant = db.prepare<[string, number, number]>(
    'INSERT INTO write_grants (api_key, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT (api_key, user_id) DO NOTHING',
  );
  const hasGrant = db.prepare<[string, number], { one: number }>('SELECT 1 AS one FROM write_grants WHERE api_key = ? AND user_id = ?');
  const revoke = db.prepare<[string, number]>('DELETE FROM write_grants WHERE api_key = ? AND user_id = ?');
  const grantsOf = db.prepare<[number], WriteGrant>(
    `SELECT g.api_key, a.name, g.created_at FROM write_grants g JOIN apps a ON a.api_key = g.api_key
     WHERE g.user_id = ? ORDER BY g.created_at DESC, a.name`,
  );
  const redirects = db.prepare<[string], { redirect_uri: string }>('SELECT redirect_uri FROM app_redirect_uris WHERE api_key = ? ORDER BY redirect_uri');
  const find = (apiKey: string) => (apiKey.length > 0 && apiKey.length <= 200 ? byKey.get(apiKey) : undefined);
  return {
    byKey: find,
    /** The app when `apiSecret` is its secret; compared in constant time. */
    authenticate(apiKey: string, apiSecret: string): AppRow | undefined {
      const app = find(apiKey);
      if (!app) return undefined;
      const given = Buffer.from(secretDigest(apiSecret));
      const stored = Buffer.from(app.api_secret);
      return given.length === stored.length && timingSafeEqual(given, stored) ? app : undefined;
    },
    grantWrite: (apiKey: string, userId: number) => void grant.run(apiKey, userId, Math.floor(Date.now() / 1000)),
    /** Takes back an app's write access (a read-only consent, or Revoke); the write API refuses at once. */
    revokeWrite: (apiKey: string, userId: number) => void revoke.run(apiKey, userId),
    hasWriteGrant: (apiKey: string, userId: number) => hasGrant.get(apiKey, userId) !== undefined,
    /** The app's registered redirect URIs (`loopback` for any loopback URL). */
    redirectUris: (apiKey: string) => redirects.all(apiKey).map((row) => row.redirect_uri),
    /** Whether the code flow may send the app's users to `uri`: registered exactly, or loopback on any port. */
    allowsRedirect(apiKey: string, uri: string): boolean {
      return redirects.all(apiKey).some((row) => matchesRegistered(row.redirect_uri, uri));
    },
    /** The apps a user let act on their behalf, newest first. */
    writeGrants: (userId: number) => grantsOf.all(userId),
  };
}

export type AppQueries = ReturnType<typeof appQueries>;
