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
