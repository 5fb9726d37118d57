/**
 * Part 2, tokens: a genuine token from the real login page over HTTP (sign-in form, CSRF,
 * Authorize), then hundreds of tampered and forged ones against GET /v1/users/verify_token.
 * None is accepted (a 200 only for the genuine claims, and only for re-spellings of the
 * genuine signature, which are listed), none is answered 5xx, every refusal is the one shape.
 *
 *   node --import tsx --test-reporter=spec test/reliability/tokens.ts [--full]
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningService } from '../../server/service.js';
import { loginClaims, signLoginToken } from '../../server/auth/tokens/jwt.js';
import { newWallets } from '../../server/auth/tokens/wallet.js';
import { encodeId } from '../../server/ids.js';
import { formFields } from '../server/auth-fixture.js';
import { tokenCases, type Keys } from './token-cases.js';
import { APP, DEMO, FULL, errorShapeProblem, localService, pool, report, tally } from './support.js';

let service: RunningService;
/** A browser's worth of the login page: cookies kept, forms posted, redirects not followed. */
async function signInOverHttp(base: string): Promise<string> {
  const cookies = new Map<string, string>();
  const go = async (path: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(path, base), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      // A browser's form post names the page's origin (the login page refuses it otherwise).
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base).origin } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: res.status, location: res.headers.get('location') ?? '', html: await res.text() };
  };
  const query = new URLSearchParams({ scope: 'read', api_key: DEMO.apiKey, redirect_uri: 'https://app.example.com/cb', state: 'reliability' });
  const page = await go(`/oauth/auth?${query}`);
  assert.equal(page.status, 200, page.html.slice(0, 300));
  const signedIn = await go('/oauth/login', { ...formFields(page.html, '/oauth/login'), login: DEMO.handle, password: DEMO.password });
  assert.equal(signedIn.status, 303, signedIn.html.slice(0, 300));
  const consent = await go(signedIn.location);
  assert.equal(consent.status, 200);
  const authorized = await go('/oauth/authorize', { ...formFields(consent.html, '/oauth/authorize'), decision: 'authorize' });
  assert.equal(authorized.status, 302);
  const token = new URLSearchParams(new URL(authorized.location).hash.slice(1)).get('token');
  assert.ok(token, authorized.location);
  return token;
}

async function verify(token: string): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(`${service.url}/v1/users/verify_token?app_name=${APP}&token=${encodeURIComponent(token)}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

let keys: Keys;

let genuineProfile: unknown;

describe('2. tokens', () => {
  before(async () => {
    service = await localService();
  });

  after(() => service?.close());

  test('a genuine token, from the login page over HTTP, verifies', async (t) => {
    const genuine = await signInOverHttp(service.url);
    const answer = await verify(genuine);
    assert.equal(answer.status, 200, answer.body);
    genuineProfile = (JSON.parse(answer.body) as { data: unknown }).data;
    assert.equal((genuineProfile as { userId: string }).userId, DEMO.userId);

    const row = (id: number) => service.ctx.db.prepare('SELECT id, name, handle, email, is_verified, wallet_key FROM users WHERE id = ?').get(id) as {
      id: number; name: string; handle: string; email: string; is_verified: number; wallet_key: string;
    };
    const demo = row(1);
    const other = row(2);
    const otherToken = signLoginToken(loginClaims({ ...other, verified: !!other.is_verified, profilePicture: null }, DEMO.apiKey), other.wallet_key);
    assert.equal((await verify(otherToken)).status, 200, 'a token signed in-process for another user verifies as that user');
    keys = {
      genuine, other: otherToken, otherUserId: encodeId(2), otherKey: other.wallet_key, demoKey: demo.wallet_key,
      strangerKey: newWallets(1)[0]!.privateKey,
    };
    t.diagnostic(`genuine token: ${genuine.length} characters; another user's signed in-process`);
  });

  test(`tampered and forged tokens: none accepted, none 5xx, every refusal the one shape`, async (t) => {
    assert.ok(keys, 'the genuine token was made');
    const { altered, reencoded } = tokenCases(keys, FULL);
    const failures: string[] = [];
    const statuses: number[] = [];
    await pool(altered, 6, async (c) => {
      const a = await verify(c.token);
      statuses.push(a.status);
      if (a.status === 200) failures.push(`${c.label}: ACCEPTED ${a.body.slice(0, 120)}`);
      else if (a.status >= 500 || a.status < 400) failures.push(`${c.label}: ${a.status}`);
      else {
        const problem = errorShapeProblem(a.status, a.type, a.body);
        if (problem) failures.push(`${c.label}: ${a.status} ${problem}`);
      }
    });
    report('tokens: tampered or forged', altered.length, t.diagnostic.bind(t));
    report('tokens: statuses', tally(statuses), t.diagnostic.bind(t));
    report('tokens: failures', failures.length, t.diagnostic.bind(t));
    assert.ok(altered.length >= 200, `${altered.length} cases`);
    assert.deepEqual(failures, []);

    // Re-spellings of the genuine signature: a 200 may only ever be the genuine profile.
    const accepted: string[] = [];
    for (const c of reencoded) {
      const a = await verify(c.token);
      assert.ok(a.status < 500, `${c.label}: ${a.status}`);
      if (a.status === 200) {
        assert.deepEqual((JSON.parse(a.body) as { data: unknown }).data, genuineProfile, c.label);
        accepted.push(c.label);
      } else assert.equal(errorShapeProblem(a.status, a.type, a.body), undefined, c.label);
    }
    report('tokens: re-spelled genuine signatures', reencoded.length, t.diagnostic.bind(t));
    report('tokens: re-spellings accepted (same user, same claims)', accepted.length ? `${accepted.length}: ${accepted.join('; ')}` : 0, t.diagnostic.bind(t));
  });

  test('the service still verifies the genuine token afterwards', async () => {
    assert.ok(keys);
    const a = await verify(keys.genuine);
    assert.equal(a.status, 200);
    assert.deepEqual((JSON.parse(a.body) as { data: unknown }).data, genuineProfile);
  });
});
