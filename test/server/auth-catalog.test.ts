// Accounts on the real generated catalog, and the create-app command against a data directory.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCatalog } from '../../server/service.js';
import { createAppCommand } from '../../server/cli-create-app.js';
import { DEMO_ACCOUNT, DEMO_APP, prepareLogin } from '../../server/auth/index.js';
import { appQueries } from '../../server/auth/store/apps.js';
import { verifyPassword } from '../../server/auth/store/passwords.js';

let dataDir: string;
before(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-auth-'));
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

test('create-app seeds the catalog with accounts and registers an app whose secret authenticates', async () => {
  const out: string[] = [];
  const code = createAppCommand(['My', 'Test App', '--data-dir', dataDir], (line) => out.push(line), (line) => out.push(line));
  assert.equal(code, 0, out.join('\n'));
  assert.equal(out[0], 'Created app "My Test App"');
  const apiKey = /API key:\s+([0-9a-f]{40})$/.exec(out[1]!)![1]!;
  const apiSecret = /API secret:\s+([0-9a-f]{64})$/.exec(out[2]!)![1]!;

  const { db, catalog } = openCatalog({ dataDir });
  try {
    assert.match(catalog, /reused/);
    const apps = appQueries(db);
    assert.equal(apps.authenticate(apiKey, apiSecret)?.name, 'My Test App');
    assert.equal(apps.authenticate(DEMO_APP.apiKey, DEMO_APP.apiSecret)?.name, 'Demo App');
    const users = db.prepare('SELECT count(*) AS n, count(password_hash) AS hashed, count(DISTINCT wallet) AS wallets FROM users').get() as Record<string, number>;
    assert.ok(users.n! >= 100);
    assert.equal(users.hashed, users.n);
    assert.equal(users.wallets, users.n);
    const demo = db.prepare('SELECT id, email, password_hash FROM users WHERE handle = ?').get(DEMO_ACCOUNT.handle) as { id: number; email: string; password_hash: string };
    assert.deepEqual([demo.id, demo.email], [1, DEMO_ACCOUNT.email]);
    assert.ok(await verifyPassword(DEMO_ACCOUNT.password, demo.password_hash));
    assert.equal(prepareLogin(db).filled, 0, 'a reused catalog costs nothing');
  } finally {
    db.close();
  }
});

test('accounts for a freshly seeded default catalog all get a login', () => {
  const { db } = openCatalog({ dataDir: join(dataDir, 'fresh') });
  try {
    db.prepare('UPDATE users SET password_hash = NULL, wallet = NULL, wallet_key = NULL').run();
    const stats = prepareLogin(db);
    assert.ok(stats.filled >= 100);
  } finally {
    db.close();
  }
});
