import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * scrypt password hashes, self-describing: `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`.
 * Sign-in and the demo account use the full cost; generated accounts start at a bootstrap
 * cost (see docs/login.md) and are rehashed at the full cost on their first sign-in.
 */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

/** N = 2^14, r = 8, p = 1: about 16 MiB and tens of milliseconds per hash. */
export const FULL_COST: ScryptCost = { logN: 14, r: 8, p: 1 };

/**
 * N = 2^7, r = 8, p = 1 for the generated accounts, which all share one published password:
 * a slow hash protects nothing there, and 10,000 of them must be made in seconds.
 */
export const BOOTSTRAP_COST: ScryptCost = { logN: 7, r: 8, p: 1 };

const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

function format(cost: ScryptCost, salt: Buffer, hash: Buffer): string {
  return `scrypt$${cost.logN}$${cost.r}$${cost.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A hash made at once on this thread (start-up seeding). */
export function hashPasswordSync(password: string, cost: ScryptCost = FULL_COST): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: MAX_MEM });
  return format(cost, salt, hash);
}

/** A hash made on the thread pool, for requests. */
export async function hashPassword(password: string, cost: ScryptCost = FULL_COST): Promise<string> {
  const salt = randomBytes(16);
  return format(cost, salt, await derive(password, salt, cost));
}

interface Parsed {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 20 || r > 32 || p > 16) return undefined;
  return { cost: { logN, r, p }, salt: Buffer.from(parts[4]!, 'base64'), hash: Buffer.from(parts[5]!, 'base64') };
}

/**
 * Whether `password` matches `stored`; a malformed or missing stored hash never matches.
 * Every call does the same work, one hash at the full cost and one at the bootstrap cost,
 * whether the account is unknown, has a full-cost hash or a generated account's cheap one:
 * the answer's timing does not tell whether a login names an account.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : undefined;
  const real = parsed && parsed.hash.length > 0 ? parsed : undefined;
  const decoy = (cost: ScryptCost) => derive(password, randomBytes(16), cost);
  const isFull = real !== undefined && real.cost.logN >= FULL_COST.logN;
  // The real hash, and a thrown-away one at the other cost (both thrown away for an unknown
  // account), one after the other: the same two computations whichever the case.
  const actual = real ? await derive(password, real.salt, real.cost, real.hash.length) : await decoy(FULL_COST);
  await decoy(isFull || !real ? BOOTSTRAP_COST : FULL_COST);
  return real !== undefined && timingSafeEqual(actual, real.hash);
}

/** True when a stored hash is below the full cost and should be replaced after a sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.logN < FULL_COST.logN || parsed.cost.r < FULL_COST.r;
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length = KEY_LENGTH): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}
