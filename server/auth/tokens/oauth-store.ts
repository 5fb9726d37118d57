import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/open.js';
import type { ServiceContext } from '../../context.js';
import { challengeOf } from './pkce.js';
import { DEFAULT_LIFETIMES, type TokenLifetimes } from './lifetimes.js';

/**
 * The code flow's state at rest (issue 26): grants (one per consent), their authorization
 * codes and their access and refresh tokens. Codes and tokens are random strings handed out
 * once; only their SHA-256 is stored, so the database alone cannot be used to act as a user.
 */

export type Scope = 'read' | 'write';

/** What an access token lets its holder do. */
export interface BearerGrant {
  grantId: string;
  apiKey: string;
  userId: number;
  scope: Scope;
}

/** The token endpoint's answer (RFC 6749 §5.1, with production's refresh_expires_in). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
  scope: Scope;
}

/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export type TokenErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

export type Exchange = { ok: true; tokens: TokenAnswer } | { ok: false; error: TokenErrorCode; description: string };

/** A code-flow grant as the grants page lists it: one line per app. */
export interface CodeGrant {
  api_key: string;
  name: string;
  scope: Scope;
  created_at: number;
}

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

interface GrantRow {
  id: string;
  api_key: string;
  user_id: number;
  scope: Scope;
  revoked_at: number | null;
}
interface CodeRow extends GrantRow {
  redirect_uri: string;
  code_challenge: string;
  expires_at: number;
  used_at: number | null;
}
interface TokenRow extends GrantRow {
  kind: 'access' | 'refresh';
  expires_at: number;
  used_at: number | null;
  token_revoked_at: number | null;
}

const GRANT_COLUMNS = 'g.id, g.api_key, g.user_id, g.scope, g.revoked_at';

export function oauthStore(db: Db, lifetimes: TokenLifetimes = DEFAULT_LIFETIMES, now: () => number = Date.now) {
  const insertGrant = db.prepare<[string, string, number, Scope, number]>(
    'INSERT INTO oauth_grants (id, api_key, user_id, scope, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertCode = db.prepare<[string, string, string, string, number]>(
    'INSERT INTO oauth_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const codeByHash = db.prepare<[string], CodeRow>(
    `SELECT ${GRANT_COLUMNS}, c.redirect_uri, c.code_challenge, c.expires_at, c.used_at
     FROM oauth_codes c JOIN oauth_grants g ON g.id = c.grant_id WHERE c.code_hash = ?`,
  );
  const spendCode = db.prepare<[number, string]>('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL');
  const insertToken = db.prepare<[string, string, 'access' | 'refresh', number]>(
    'INSERT INTO oauth_tokens (token_hash, grant_id, kind, expires_at) VALUES (?, ?, ?, ?)',
  );
  const tokenByHash = db.prepare<[string], TokenRow>(
    `SELECT ${GRANT_COLUMNS}, t.kind, t.expires_at, t.used_at, t.revoked_at AS token_revoked_at
     FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = ?`,
  );
  const spendToken = db.prepare<[number, string]>('UPDATE oauth_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');
  const revokeToken = db.prepare<[number, string]>('UPDATE oauth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL');
  const revokeGrant = db.prepare<[number, string]>('UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeGrantsOf = db.prepare<[number, string, number]>(
    'UPDATE oauth_grants SET revoked_at = ? WHERE api_key = ? AND user_id = ? AND revoked_at IS NULL',
  );
  // A grant is live while it is not revoked and one of its refresh tokens may still be used.
  const liveGrants = db.prepare<[number, number], CodeGrant>(
    `SELECT g.api_key, a.name, max(g.scope) AS scope, max(g.created_at) AS created_at
     FROM oauth_grants g JOIN apps a ON a.api_key = g.api_key
     WHERE g.user_id = ? AND g.revoked_at IS NULL AND EXISTS (
       SELECT 1 FROM oauth_tokens t WHERE t.grant_id = g.id AND t.kind = 'refresh' AND t.revoked_at IS NULL AND t.used_at IS NULL AND t.expires_at > ?)
     GROUP BY g.api_key ORDER BY created_at DESC, a.name`,
  );
  // Codes and tokens a day past their expiry can do nothing more; they go when a new consent comes.
  const pruneCodes = db.prepare<[number]>('DELETE FROM oauth_codes WHERE expires_at < ?');
  const pruneTokens = db.prepare<[number]>('DELETE FROM oauth_tokens WHERE expires_at < ?');

  const expiresIn = (seconds: number) => now() + seconds * 1000;

  /** A new access and refresh token of `grant`. */
  const issue = (grant: Pick<GrantRow, 'id' | 'scope'>): TokenAnswer => {
    const access = secret('at_');
    const refresh = secret('rt_');
    insertToken.run(digest(access), grant.id, 'access', expiresIn(lifetimes.access));
    insertToken.run(digest(refresh), grant.id, 'refresh', expiresIn(lifetimes.refresh));
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: Math.round(lifetimes.access),
      refresh_token: refresh,
      refresh_expires_in: Math.round(lifetimes.refresh),
      scope: grant.scope,
    };
  };

  const refused = (error: TokenErrorCode, description: string): Exchange => ({ ok: false, error, description });

  return {
    lifetimes,

    /** Records a consent and gives back its single-use authorization code. */
    createCode(input: { apiKey: string; userId: number; scope: Scope; redirectUri: string; challenge: string }): string {
      const code = secret('');
      const id = randomBytes(16).toString('hex');
      db.transaction(() => {
        pruneCodes.run(now() - 24 * 3600_000);
        pruneTokens.run(now() - 24 * 3600_000);
        insertGrant.run(id, input.apiKey, input.userId, input.scope, now());
        insertCode.run(digest(code), id, input.redirectUri, input.challenge, expiresIn(lifetimes.code));
      })();
      return code;
    },

    /**
     * grant_type=authorization_code. A code is spent by the first attempt that names it, so
     * whoever holds it gets one try; a second presentation also revokes what the first got.
     */
    redeemCode: db.transaction((input: { code: string; clientId: string; redirectUri: string; verifier: string }): Exchange => {
      const hash = digest(input.code);
      const row = codeByHash.get(hash);
      if (!row) return refused('invalid_grant', 'The authorization code is not valid.');
      if (spendCode.run(now(), hash).changes === 0) {
        revokeGrant.run(now(), row.id);
        return refused('invalid_grant', 'The authorization code was already used; the tokens it gave are revoked.');
      }
      if (row.revoked_at !== null) return refused('invalid_grant', 'The authorization was revoked.');
      if (row.expires_at <= now()) return refused('invalid_grant', 'The authorization code has expired.');
      if (row.api_key !== input.clientId) return refused('invalid_grant', 'The authorization code was issued to another client.');
      if (row.redirect_uri !== input.redirectUri) return refused('invalid_grant', 'redirect_uri is not the one the code was issued for.');
      if (challengeOf(input.verifier) !== row.code_challenge) return refused('invalid_grant', 'code_verifier does not match the code_challenge.');
      return { ok: true, tokens: issue(row) };
    }),

    /** grant_type=refresh_token, with rotation: a refresh token used twice revokes its grant. */
    refresh: db.transaction((input: { refreshToken: string; clientId: string }): Exchange => {
      const hash = digest(input.refreshToken);
      const row = tokenByHash.get(hash);
      if (!row || row.kind !== 'refresh') return refused('invalid_grant', 'The refresh token is not valid.');
      if (row.api_key !== input.clientId) return refused('invalid_grant', 'The refresh token was issued to another client.');
      if (row.revoked_at !== null || row.token_revoked_at !== null) return refused('invalid_grant', 'The refresh token was revoked.');
      if (row.used_at !== null) {
        revokeGrant.run(now(), row.id);
        return refused('invalid_grant', 'The refresh token was already used; every token of this sign-in is revoked.');
      }
      if (row.expires_at <= now()) return refused('invalid_grant', 'The refresh token has expired.');
      spendToken.run(now(), hash);
      return { ok: true, tokens: issue(row) };
    }),

    /**
     * RFC 7009: revoking a refresh token ends its whole grant (its access tokens too); an
     * access token ends alone. Unknown tokens, or another client's, change nothing.
     */
    revoke(token: string, clientId: string | undefined): void {
      const hash = digest(token);
      const row = tokenByHash.get(hash);
      if (!row || (clientId !== undefined && row.api_key !== clientId)) return;
      if (row.kind === 'refresh') revokeGrant.run(now(), row.id);
      else revokeToken.run(now(), hash);
    },

    /** The grant a live access token carries, or undefined for any token that is not one. */
    authenticate(token: string): BearerGrant | undefined {
      const row = tokenByHash.get(digest(token));
      if (!row || row.kind !== 'access' || row.revoked_at !== null || row.token_revoked_at !== null || row.expires_at <= now()) return undefined;
      return { grantId: row.id, apiKey: row.api_key, userId: row.user_id, scope: row.scope };
    },

    /** The apps holding a live code-flow grant of `userId` (the wider scope per app). */
    grantsOf: (userId: number): CodeGrant[] => liveGrants.all(userId, now()),

    /** Ends every code-flow grant `userId` gave `apiKey`: their tokens stop working at once. */
    revokeApp: (apiKey: string, userId: number) => void revokeGrantsOf.run(now(), apiKey, userId),
  };
}

export type OauthStore = ReturnType<typeof oauthStore>;

const stores = new WeakMap<ServiceContext, OauthStore>();

/** The service's one store, with the lifetimes its options set. */
export function oauthOf(ctx: ServiceContext): OauthStore {
  let store = stores.get(ctx);
  if (!store) {
    store = oauthStore(ctx.db, { ...DEFAULT_LIFETIMES, ...ctx.tokenLifetimes });
    stores.set(ctx, store);
  }
  return store;
}
