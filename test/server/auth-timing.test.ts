// A failed sign-in takes as long for an unknown login as for a known account, whether that
// account has a full-cost hash (demo) or a generated account's cheap one: the same hashing
// work every time. Samples of the kinds are interleaved (a round has one of each, in a
// rotating order), so a busy machine slows all alike. Two figures, each within 20 %:
// - wall time: the median, over the rounds, of a known kind's time over the unknown one's in
//   the same round (paired, so load that changes between rounds cancels out);
// - CPU time of the process (the hashing threads included): the medians compared, the work
//   itself, which other processes on the machine do not change.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { needsRehash } from '../../server/auth/store/passwords.js';
import { authService, authUrl, Browser, formFields, type AuthService } from './auth-fixture.js';
import { DEMO_APP } from '../../server/auth/store/apps.js';

let service: AuthService;
const unlimited = { freeFailures: 1e9 };
before(async () => {
  service = await authService({ pairThrottle: unlimited, accountThrottle: unlimited, addressThrottle: unlimited });
});
after(() => service.close());

const SAMPLES = 31;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

test('unknown login vs known accounts: failed sign-in medians within 20 %', async () => {
  const hash = (id: number) => (service.db.prepare('SELECT password_hash FROM users WHERE id = ?').get(id) as { password_hash: string }).password_hash;
  assert.equal(needsRehash(hash(3)), true, 'sam: a generated account that never signed in (cheap hash)');
  assert.equal(needsRehash(hash(1)), false, 'demo: a full-cost hash');
  const kinds = { unknown: 'nobody-here@example.com', generated: 'sam', demo: 'demo' } as const;
  const browser = new Browser(service.app);
  const page = await browser.get(authUrl({ scope: 'read', api_key: DEMO_APP.apiKey, redirect_uri: 'https://app.example.com/cb' }));
  const fields = formFields(page.body, '/oauth/login');
  const times: Record<keyof typeof kinds, number[]> = { unknown: [], generated: [], demo: [] };
  const cpu: Record<keyof typeof kinds, number[]> = { unknown: [], generated: [], demo: [] };
  const names = Object.keys(kinds) as Array<keyof typeof kinds>;
  const once = async (kind: keyof typeof kinds) => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const res = await browser.post('/oauth/login', { ...fields, login: kinds[kind], password: 'wrong-password' });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuBefore);
    assert.equal(res.statusCode, 422);
    return [ms, (used.user + used.system) / 1000] as const;
  };
  for (const kind of names) await once(kind); // warm-up, not counted
  for (let i = 0; i < SAMPLES; i++) {
    // A different order each round, so no kind always runs first (or right after another).
    for (let k = 0; k < names.length; k++) {
      const kind = names[(i + k) % names.length]!;
      const [ms, cpuMs] = await once(kind);
      times[kind].push(ms);
      cpu[kind].push(cpuMs);
    }
  }
  const report = names.map((k) => `${k} ${median(times[k]).toFixed(1)} ms (CPU ${median(cpu[k]).toFixed(1)} ms)`).join(', ');
  console.log(`failed sign-in medians: ${report}`);
  for (const kind of ['generated', 'demo'] as const) {
    const paired = median(times[kind].map((ms, i) => ms / times.unknown[i]!));
    const work = median(cpu[kind]) / median(cpu.unknown);
    assert.ok(paired > 0.8 && paired < 1.2, `${kind} vs unknown, wall time: median paired ratio ${paired.toFixed(2)}; ${report}`);
    assert.ok(work > 0.8 && work < 1.2, `${kind} vs unknown, CPU time: ratio of medians ${work.toFixed(2)}; ${report}`);
  }
});
