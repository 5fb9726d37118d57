// A leaf: the service's options and context name these lifetimes, and the code flow's store uses them.

/** The code flow's lifetimes in seconds; 0 makes a token expire at once (for tests of expiry). */
export interface TokenLifetimes {
  access: number;
  refresh: number;
  code: number;
}

/** Access 1 h, refresh 30 days, code 60 s. */
export const DEFAULT_LIFETIMES: TokenLifetimes = { access: 3600, refresh: 30 * 24 * 3600, code: 60 };
