import type { Db } from '../db/open.js';
import { ensureAccounts, type AccountStats } from './accounts.js';
import { ensureDemoApp } from './apps.js';

export { DEMO_ACCOUNT, GENERATED_PASSWORD, ensureAccounts } from './accounts.js';
export { DEMO_APP, createApp } from './apps.js';

/** Start-up step for the login flow: accounts for every user, and the demo developer app. */
export function prepareLogin(db: Db): AccountStats {
  const stats = ensureAccounts(db);
  ensureDemoApp(db);
  return stats;
}
