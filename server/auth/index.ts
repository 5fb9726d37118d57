/**
 * The service's login, by what each part is: `params.ts` (a login request's checks),
 * `delivery.ts` (where its outcome goes), `same-origin.ts` and `throttle.ts` (its guards); `pages/` (the HTML pages,
 * their words and how they are sent); `tokens/` (the login JWT, PKCE, bearer tokens and the code
 * flow's store); `store/` (accounts, apps, passwords, sessions). The `create-app` command is
 * `server/cli-create-app.ts`.
 */
import type { Db } from '../db/open.js';
import { ensureAccounts, type AccountStats } from './store/accounts.js';
import { ensureDemoApp } from './store/apps.js';

export { DEMO_ACCOUNT, GENERATED_PASSWORD, ensureAccounts } from './store/accounts.js';
export { DEMO_APP, createApp } from './store/apps.js';

/** Start-up step for the login flow: accounts for every user, and the demo developer app. */
export function prepareLogin(db: Db): AccountStats {
  const stats = ensureAccounts(db);
  ensureDemoApp(db);
  return stats;
}
