/**
 * Slows down password guessing: after `freeFailures` wrong passwords for one key (an account
 * or a client address) within the window, that key is locked for a delay that doubles with
 * every further failure, up to `maxDelayMs`. A success clears the account's record.
 */
export interface ThrottleOptions {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (since the last one) are forgotten. */
  windowMs: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

export class Throttle {
  private readonly records = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: ThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until `key` may try again; 0 when it may try now. */
  waitMs(key: string): number {
    const record = this.current(key);
    return record ? Math.max(0, record.lockedUntil - this.now()) : 0;
  }

  /** Records a wrong password for `key`; returns the wait it now has. */
  fail(key: string): number {
    const now = this.now();
    const record = this.current(key) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
    record.failures += 1;
    record.lastFailure = now;
    const over = record.failures - this.options.freeFailures;
    if (over >= 0) record.lockedUntil = now + Math.min(this.options.maxDelayMs, this.options.firstDelayMs * 2 ** over);
    this.records.set(key, record);
    if (this.records.size > 10_000) this.prune();
    return Math.max(0, record.lockedUntil - now);
  }

  succeed(key: string): void {
    this.records.delete(key);
  }

  private current(key: string): Entry | undefined {
    const record = this.records.get(key);
    if (record && this.now() - record.lastFailure > this.options.windowMs && this.now() >= record.lockedUntil) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  private prune(): void {
    for (const key of [...this.records.keys()]) this.current(key);
  }
}

/**
 * The sign-in limits, three counts per failed attempt (docs/login.md, "Password guessing"):
 * - one account from one address: 5 free failures, then 30 s doubling to 15 min;
 * - one account from every address together: 20 free failures, then the same delays, so
 *   guessing from many addresses is slowed too, yet one address (held back by its own
 *   limit) cannot lock an account for everyone else;
 * - one address, whatever accounts it names: 100 free failures, then the same delays,
 *   against one address trying one password on many accounts. It locks that address only.
 */
const DELAYS = { firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };

export interface LoginThrottleOptions {
  pairThrottle?: Partial<ThrottleOptions>;
  accountThrottle?: Partial<ThrottleOptions>;
  addressThrottle?: Partial<ThrottleOptions>;
}

type Keys = [pair: string, account: string, address: string];

export class LoginThrottle {
  private readonly throttles: [Throttle, Throttle, Throttle];

  constructor(options: LoginThrottleOptions = {}) {
    this.throttles = [
      new Throttle({ ...DELAYS, freeFailures: 5, ...options.pairThrottle }),
      new Throttle({ ...DELAYS, freeFailures: 20, ...options.accountThrottle }),
      new Throttle({ ...DELAYS, freeFailures: 100, ...options.addressThrottle }),
    ];
  }

  /** The three keys of an attempt on `account` (an account id or an unknown login) from `address`. */
  keys(account: string, address: string): Keys {
    return [`${account}|${address}`, account, address];
  }

  waitMs(keys: Keys): number {
    return Math.max(...this.throttles.map((t, i) => t.waitMs(keys[i]!)));
  }

  fail(keys: Keys): void {
    this.throttles.forEach((t, i) => t.fail(keys[i]!));
  }

  /** A success clears the account's counts (this address's and everyone's), not the address's. */
  succeed(keys: Keys): void {
    this.throttles[0].succeed(keys[0]);
    this.throttles[1].succeed(keys[1]);
  }
}
