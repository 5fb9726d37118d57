// The metrics table stays small however many app names arrive, and app_name is checked before it is stored.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openMemoryDatabase, type Db } from '../../server/db/open.js';
import { metricsRoutes } from '../../server/routes/metrics.js';
import { AppNameMetrics, METRICS_LIMITS, OTHER } from '../../server/api/app-metrics.js';
import { appNameProblem, MAX_APP_NAME } from '../../server/http/app-name.js';

let db: Db;
let app: FastifyInstance;
before(async () => {
  db = openMemoryDatabase();
  app = await buildApp({ db, dataDir: '/nonexistent', baseUrl: 'http://127.0.0.1:7700' }, [metricsRoutes]);
  await app.ready();
});
after(async () => {
  await app.close();
  db.close();
});

const rows = () => (db.prepare('SELECT COUNT(*) AS n FROM app_name_requests').get() as { n: number }).n;
const week = async (appName = 'reader') => {
  const res = await app.inject({ url: `/v1/metrics/app_name/trailing/all_time?limit=500&app_name=${encodeURIComponent(appName)}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { data: Array<{ name: string; count: number }> }).data;
};

describe('app_name rule', () => {
  test('control, format and bidi characters, or too long a name, are a clear 400 and are not stored', async () => {
    const bad = ['a\u0000b', 'line\nbreak', 'rtl\u202Eevil', 'zero\u200Bwidth', 'isolate\u2066x', 'x'.repeat(MAX_APP_NAME + 1), '   '];
    for (const name of bad) {
      const res = await app.inject({ url: `/v1/metrics/app_name/trailing/week?app_name=${encodeURIComponent(name)}` });
      assert.equal(res.statusCode, 400, JSON.stringify(name));
      assert.match((res.json() as { error: string }).error, /^app_name must /);
    }
    assert.ok(!(await week()).some((m) => bad.includes(m.name)), 'none of them counted');
    for (const good of ['demo', 'Café Radio', '日本のアプリ', '🎵 player', 'x'.repeat(MAX_APP_NAME)]) assert.equal(appNameProblem(good), undefined, good);
  });
});

describe('bounded counts', () => {
  test('10,000 distinct app_name values: at most the daily cap of rows, the rest counted under (other)', async () => {
    const before = rows();
    for (let i = 0; i < 10_000; i++) {
      const res = await app.inject({ url: `/v1/metrics/app_name/trailing/week?limit=1&app_name=flood-${i}-${'n'.repeat(80)}` });
      assert.equal(res.statusCode, 200);
    }
    const all = await week();
    assert.ok(rows() - before <= METRICS_LIMITS.namesPerDay + 1, `rows ${rows()}`);
    const other = all.find((m) => m.name === OTHER);
    const counted = all.filter((m) => m.name.startsWith('flood-')).length;
    assert.ok(other && other.count >= 10_000 - METRICS_LIMITS.namesPerDay, JSON.stringify(other));
    assert.ok(counted > 0 && counted <= METRICS_LIMITS.namesPerDay);
    // A name seen before the cap keeps counting under its own name.
    await app.inject({ url: '/v1/metrics/app_name/trailing/week?app_name=flood-0-' + 'n'.repeat(80) });
    assert.equal((await week()).find((m) => m.name === `flood-0-${'n'.repeat(80)}`)?.count, 2);
  });

  test('days that leave the month window fold into capped all-time rows', () => {
    const memory = openMemoryDatabase();
    let clock = Date.UTC(2026, 0, 1);
    const limits = { namesPerDay: 3, keepDays: 2, allTimeNames: 4 };
    const metrics = new AppNameMetrics(memory, 60_000, limits, () => clock);
    for (let d = 0; d < 5; d++) {
      for (let i = 0; i < 5; i++) metrics.record(`day${d}-app${i}`);
      clock += 86_400_000;
    }
    metrics.record('late');
    metrics.flush();
    const count = (memory.prepare('SELECT COUNT(*) AS n FROM app_name_requests').get() as { n: number }).n;
    // keepDays × (namesPerDay + 1) + allTimeNames + 1
    assert.ok(count <= 2 * 4 + 4 + 1, `rows ${count}`);
    const total = metrics.trailing('all_time', 500).reduce((sum, m) => sum + (m.count ?? 0), 0);
    assert.equal(total, 26, 'no request lost, only merged');
    // The trailing windows see only the days kept (here the last two).
    const recent = metrics.trailing('week', 500).map((m) => String(m.name));
    assert.ok(recent.includes('late') && recent.every((name) => /^(day4-|late$|\(other\)$)/.test(name)), recent.join());
    metrics.close();
    memory.close();
  });
});
