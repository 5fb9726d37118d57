import type { Db } from '../../db/open.js';
import { BOOTSTRAP_COST, FULL_COST, hashPasswordSync } from './passwords.js';
import { newWallets } from '../tokens/wallet.js';

/** The documented demo account (README, docs/login.md). */
export const DEMO_ACCOUNT = { handle: 'demo', email: 'demo@example.com', password: 'listen-offline' } as const;

/** The one documented password of every generated (non-demo) account. */
export const GENERATED_PASSWORD = 'catalog-listener';

/** A users row as sign-in and token signing need it. */
export interface AccountRow {
  id: number;
  handle: string;
  name: string;
  email: string;
  is_verified: number;
  profile_picture: string | null;
  password_hash: string;
  wallet: string;
  wallet_key: string;
}

export interface AccountStats {
  /** Users that were given something (email, password hash or wallet). */
  filled: number;
  ms: number;
}

interface MissingRow {
  id: number;
  handle: string;
  email: string | null;
  password_hash: string | null;
  wallet: string | null;
  wallet_key: string | null;
}

/**
 * Gives every user lacking them an email (`<handle>@example.com`), a salted scrypt password
 * hash and a secp256k1 wallet, in one transaction. Users that have all three are untouched,
 * so a reused database costs one query.
 */
export function ensureAccounts(db: Db): AccountStats {
  const started = performance.now();
  const missing = db
    .prepare<[], MissingRow>(
      `SELECT id, handle, email, password_hash, wallet, wallet_key FROM users
       WHERE email IS NULL OR password_hash IS NULL OR wallet IS NULL OR wallet_key IS NULL ORDER BY id`,
    )
    .all();
  if (missing.length === 0) return { filled: 0, ms: performance.now() - started };

  const wallets = newWallets(missing.filter((row) => !row.wallet || !row.wallet_key).length);
  const emailTaken = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ? COLLATE NOCASE');
  const update = db.prepare<[string, string, string, string, number]>(
    'UPDATE users SET email = ?, password_hash = ?, wallet = ?, wallet_key = ? WHERE id = ?',
  );
  // One hash of the shared password per user, each with its own salt (see BOOTSTRAP_COST).
  db.transaction(() => {
    for (const row of missing) {
      const isDemo = row.handle.toLowerCase() === DEMO_ACCOUNT.handle;
      let email = row.email;
      if (!email) {
        email = `${row.handle.toLowerCase()}@example.com`;
        if (emailTaken.get(email)) email = `${row.handle.toLowerCase()}+${row.id}@example.com`;
      }
      const hash =
        row.password_hash ?? (isDemo ? hashPasswordSync(DEMO_ACCOUNT.password, FULL_COST) : hashPasswordSync(GENERATED_PASSWORD, BOOTSTRAP_COST));
      let wallet = row.wallet;
      let key = row.wallet_key;
      if (!wallet || !key) ({ address: wallet, privateKey: key } = wallets.pop()!);
      update.run(email, hash, wallet, key, row.id);
    }
  })();
  return { filled: missing.length, ms: performance.now() - started };
}

const ACCOUNT_COLUMNS = 'id, handle, name, email, is_verified, profile_picture, password_hash, wallet, wallet_key';

/** Prepared account look-ups, one set per database. */
export function accountQueries(db: Db) {
  const byId = db.prepare<[number], AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = ? AND wallet_key IS NOT NULL`);
  const byHandle = db.prepare<[string], AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE handle = ? COLLATE NOCASE AND password_hash IS NOT NULL`,
  );
  const byEmail = db.prepare<[string], AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE email = ? COLLATE NOCASE AND password_hash IS NOT NULL`,
  );
  const byWallet = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE wallet = ?');
  const setHash = db.prepare<[string, number]>('UPDATE users SET password_hash = ? WHERE id = ?');
  return {
    byId: (id: number) => byId.get(id),
    /** The account a sign-in names: an email when it has an @, else a handle (an optional leading @ dropped). */
    byLogin(login: string): AccountRow | undefined {
      const text = login.trim();
      if (text.length === 0 || text.length > 320) return undefined;
      if (/^@?[^@]+$/.test(text)) return byHandle.get(text.replace(/^@/, ''));
      return byEmail.get(text);
    },
    userIdOfWallet: (address: string) => byWallet.get(address.toLowerCase())?.id,
    setPasswordHash: (id: number, hash: string) => void setHash.run(hash, id),
  };
}

export type AccountQueries = ReturnType<typeof accountQueries>;
