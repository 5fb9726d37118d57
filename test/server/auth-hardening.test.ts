// The login page's defences (docs/reliability.md, "The login page"): POSTs only from its own
// origin, form tokens bound to a server-side session and replaced at sign-in and sign-out,
// grants that follow the latest consent and can be revoked, and sign-in limits per account
// and per address.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_APP } from '../../server/auth/store/apps.js';
import { DEMO_ACCOUNT, GENERATED_PASSWORD } from '../../server/auth/store/accounts.js';
import { sessionCookie, sessionIds } from '../../server/auth/store/session.js';
import { encodeId } from '../../server/ids.js';
import { authService, authUrl, BASE_URL, Browser, formFields, type AuthService } from './auth-fixture.js';

let service: AuthService;
let clock = 1_700_000_000_000;
before(async () => {
  const now = () => clock;
  service = await authService({ pairThrottle: { now }, accountThrottle: { now }, addressThrottle: { now } });
});
after(() => service.close());

const params = (extra: Record<string, string> = {}) => ({ scope: 'write', api_key: DEMO_APP.apiKey, redirect_uri: 'https://app.example.com/cb', state: 'st', ...extra });
const demoHeaders = { 'x-api-key': DEMO_APP.apiKey, 'x-api-secret': DEMO_APP.apiSecret };
const grants = () => service.db.prepare('SELECT api_key, user_id FROM write_grants ORDER BY user_id').all();

async function signIn(browser: Browser, login: string = DEMO_ACCOUNT.handle, password: string = DEMO_ACCOUNT.password, extra: Record<string, string> = {}) {
  const page = await browser.get(authUrl(params(extra)));
  const res = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login, password });
  assert.equal(res.statusCode, 303, res.body);
  return browser.get(res.headers.location as string);
}
const authorize = (browser: Browser, consent: LightMyRequestResponse) =>
  browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision: 'authorize' });
const favorite = async (user: number) =>
  (await service.app.inject({ method: 'POST', url: `/v1/users/${encodeId(user)}/favorites/${encodeId(1)}`, headers: demoHeaders })).statusCode;

describe('POSTs only from the login page\'s own origin', () => {
  test('a foreign Origin, Origin null without proof, or no Origin and no proof: 403, nothing done', async () => {
    const browser = new Browser(service.app);
    const consent = await signIn(browser);
    const session = browser.jar.cookies.get('oauth_session');
    const forms: Array<[string, Record<string, string>]> = [
      ['/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision: 'authorize' }],
      ['/oauth/logout', formFields(consent.body, '/oauth/logout')],
      ['/oauth/login', { ...formFields(consent.body, '/oauth/logout'), login: 'riley', password: GENERATED_PASSWORD }],
      ['/oauth/grants/revoke', { csrf: formFields(consent.body, '/oauth/logout').csrf!, revoke: DEMO_APP.apiKey }],
    ];
    const foreign: Array<Record<string, string | undefined>> = [
      { origin: 'http://127.0.0.1:7701' }, // another port of the same host: same site, another origin
      { origin: 'http://evil.example' },
      { origin: 'https://127.0.0.1:7700' }, // another scheme
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: undefined },
      { origin: undefined, 'sec-fetch-site': 'same-site' },
      { origin: undefined, referer: 'http://127.0.0.1:7701/oauth/auth' },
      { origin: 'http://127.0.0.1:7701', 'sec-fetch-site': 'same-origin', referer: `${BASE_URL}/oauth/auth` }, // Origin wins when given
    ];
    for (const [url, fields] of forms) {
      for (const headers of foreign) {
        const res = await browser.post(url, fields, headers);
        assert.equal(res.statusCode, 403, `${url} ${JSON.stringify(headers)}`);
        assert.match(res.body, /<h1>Form refused<\/h1>/);
        assert.equal(res.headers.location, undefined);
        assert.equal(res.headers['set-cookie'], undefined);
      }
    }
    assert.deepEqual(grants(), [], 'no grant recorded');
    assert.equal(browser.jar.cookies.get('oauth_session'), session, 'still the same session');
    // A same-origin proof where Origin is missing or null is accepted.
    assert.equal((await browser.post('/oauth/authorize', forms[0]![1], { origin: undefined, 'sec-fetch-site': 'same-origin' })).statusCode, 302);
    assert.equal((await browser.post('/oauth/authorize', forms[0]![1], { origin: 'null', referer: `${BASE_URL}/oauth/auth?x` })).statusCode, 302);
    service.db.prepare('DELETE FROM write_grants').run();
  });
});

describe('form tokens belong to a server-side session', () => {
  test('a session id the client chose is never adopted: the page starts its own session', async () => {
    const chosen = 'A'.repeat(43);
    const res = await service.app.inject({ url: authUrl(params()), headers: { cookie: `oauth_session=${chosen}` } });
    const set = /^oauth_session=([\w-]+);/.exec(res.headers['set-cookie'] as string)?.[1];
    assert.ok(set && set !== chosen);
    const browser = new Browser(service.app);
    browser.jar.cookies.set('oauth_session', chosen);
    const login = { ...formFields(res.body, '/oauth/login'), login: 'demo', password: DEMO_ACCOUNT.password };
    assert.equal((await browser.post('/oauth/login', login)).statusCode, 403);
  });

  test('a CSRF pair minted for another visitor is refused, in both directions', async () => {
    const victim = new Browser(service.app);
    const consent = await signIn(victim);
    const attacker = new Browser(service.app, '10.9.9.9');
    const page = await attacker.get(authUrl(params()));
    const attackerToken = formFields(page.body, '/oauth/authorize').csrf!;
    const victimToken = formFields(consent.body, '/oauth/authorize').csrf!;
    assert.notEqual(attackerToken, victimToken);
    // The attacker's token with the victim's session.
    const forged = await victim.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), csrf: attackerToken, decision: 'authorize' });
    assert.equal(forged.statusCode, 403);
    assert.match(forged.body, /Form expired/);
    // The victim's token (say, leaked) with another session.
    const other = await attacker.post('/oauth/authorize', { ...formFields(page.body, '/oauth/authorize'), csrf: victimToken, decision: 'authorize' });
    assert.equal(other.statusCode, 403);
    assert.deepEqual(grants(), []);
  });

  test('sign-in replaces the session and its token: nothing from before carries over', async () => {
    const browser = new Browser(service.app);
    const page = await browser.get(authUrl(params()));
    const before = browser.jar.cookies.get('oauth_session');
    const oldToken = formFields(page.body, '/oauth/login').csrf!;
    const consent = await signIn(browser);
    assert.notEqual(browser.jar.cookies.get('oauth_session'), before, 'a new session id at sign-in');
    assert.notEqual(formFields(consent.body, '/oauth/authorize').csrf, oldToken, 'a new token at sign-in');
    const reused = await browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), csrf: oldToken, decision: 'authorize' });
    assert.equal(reused.statusCode, 403);
    // Whoever knew the visitor session (a fixed or tossed cookie) is not signed in by the victim's sign-in.
    const fixed = new Browser(service.app);
    fixed.jar.cookies.set('oauth_session', before!);
    assert.match((await fixed.get(authUrl(params()))).body, /<h1>Sign in<\/h1>/);
    // And sign-out replaces it again.
    const signedIn = browser.jar.cookies.get('oauth_session');
    const signedInToken = formFields(consent.body, '/oauth/authorize').csrf!;
    assert.equal((await browser.post('/oauth/logout', formFields(consent.body, '/oauth/logout'))).statusCode, 303);
    assert.notEqual(browser.jar.cookies.get('oauth_session'), signedIn);
    const stale = await browser.post('/oauth/login', { ...formFields(consent.body, '/oauth/logout'), csrf: signedInToken, login: 'demo', password: DEMO_ACCOUNT.password });
    assert.equal(stale.statusCode, 403);
    const old = new Browser(service.app);
    old.jar.cookies.set('oauth_session', signedIn!);
    assert.match((await old.get(authUrl(params()))).body, /<h1>Sign in<\/h1>/, 'the signed-in session is gone');
  });

  test('over https the cookie is __Host-oauth_session: Secure, Path=/, no Domain', () => {
    assert.equal(sessionCookie('abc', 60, true), '__Host-oauth_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure');
    assert.equal(sessionCookie('abc', 60, false), 'oauth_session=abc; Path=/oauth; Max-Age=60; HttpOnly; SameSite=Lax');
    const header = 'oauth_session=tossed; __Host-oauth_session=real; oauth_session=other';
    assert.deepEqual(sessionIds(header, true), ['real'], 'over https a cookie without the prefix is ignored');
    assert.deepEqual(sessionIds(header, false), ['tossed', 'other']);
  });
});

describe('the consent screen', () => {
  test('names where the answer goes: the redirect URI\'s host, or the posting origin', async () => {
    const browser = new Browser(service.app);
    const consent = await signIn(browser, 'demo', DEMO_ACCOUNT.password, { redirect_uri: 'https://app.example.com:8443/cb?x=1' });
    assert.match(consent.body, /Your answer goes to <strong><bdi>app\.example\.com:8443<\/bdi><\/strong>\./);
    const popup = await browser.get(authUrl(params({ redirect_uri: 'postmessage', origin: 'http://localhost:5173' })));
    assert.match(popup.body, /Your answer goes to <strong><bdi>http:\/\/localhost:5173<\/bdi><\/strong>\./);
    assert.match(popup.body, /<a href="\/oauth\/grants\?scope=write&#38;api_key=/, 'links to the grants page');
  });
});

describe('grants follow the latest consent, and can be revoked', () => {
  test('a read-only consent takes back an earlier write grant; the write API refuses at once', async () => {
    const browser = new Browser(service.app);
    const write = await signIn(browser);
    assert.equal((await authorize(browser, write)).statusCode, 302);
    assert.deepEqual(grants(), [{ api_key: DEMO_APP.apiKey, user_id: 1 }]);
    assert.equal(await favorite(1), 200);
    const read = await browser.get(authUrl(params({ scope: 'read' })));
    assert.equal((await authorize(browser, read)).statusCode, 302);
    assert.deepEqual(grants(), []);
    assert.equal(await favorite(1), 403);
  });

  test('the grants page lists the app and Revoke takes it back; revoking from another origin does nothing', async () => {
    const browser = new Browser(service.app);
    const consent = await signIn(browser);
    await authorize(browser, consent);
    assert.equal(await favorite(1), 200);
    const link = /<a href="([^"]+)">Apps you allowed<\/a>/.exec(consent.body)![1]!.replace(/&#38;/g, '&');
    const page = await browser.get(link);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<li><strong><bdi>Demo App<\/bdi><\/strong>, can act on your behalf, since \d{4}-\d\d-\d\d/);
    assert.match(page.body, /<a href="\/oauth\/auth\?[^"]+">Back to the sign-in<\/a>/);
    const fields = formFields(page.body, '/oauth/grants/revoke');
    assert.equal(fields.revoke, DEMO_APP.apiKey);
    assert.equal((await browser.post('/oauth/grants/revoke', fields, { origin: 'http://127.0.0.1:7701' })).statusCode, 403);
    assert.equal((await browser.post('/oauth/grants/revoke', { ...fields, csrf: 'forged' })).statusCode, 403);
    assert.equal(await favorite(1), 200, 'still granted');
    const revoked = await browser.post('/oauth/grants/revoke', fields);
    assert.equal(revoked.statusCode, 303);
    assert.equal(await favorite(1), 403, 'refused at once');
    const after = await browser.get(revoked.headers.location as string);
    assert.match(after.body, /<bdi>Demo App<\/bdi> no longer has access to your account\./);
    assert.match(after.body, /No app has access to your account\./);
  });

  test('the grants page without a session asks to sign in, and lists nothing', async () => {
    const res = await new Browser(service.app).get('/oauth/grants');
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /Sign in first/);
    assert.doesNotMatch(res.body, /Revoke/);
  });
});

describe('sign-in limits per account and per address', () => {
  const attempt = async (browser: Browser, login: string, password: string) => {
    const page = await browser.get(authUrl(params()));
    return (await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login, password })).statusCode;
  };

  test('one address failing on an account locks that pair only: the owner elsewhere, and other accounts here, still sign in', async () => {
    const attacker = new Browser(service.app, '10.1.0.1');
    for (let i = 0; i < 5; i++) assert.equal(await attempt(attacker, 'quinn@example.com', `guess-${i}`), 422);
    assert.equal(await attempt(attacker, 'quinn@example.com', GENERATED_PASSWORD), 429);
    assert.equal(await attempt(new Browser(service.app, '10.1.0.2'), 'quinn@example.com', GENERATED_PASSWORD), 303, 'the owner, elsewhere');
    assert.equal(await attempt(attacker, 'sam', GENERATED_PASSWORD), 303, 'another account from the same address');
    clock += 20 * 60_000;
  });

  test('guessing one account from many addresses locks the account after 20', async () => {
    for (let a = 0; a < 4; a++) {
      const browser = new Browser(service.app, `10.2.0.${a}`);
      for (let i = 0; i < 5; i++) assert.equal(await attempt(browser, 'riley', `guess-${a}-${i}`), 422);
    }
    assert.equal(await attempt(new Browser(service.app, '10.2.0.99'), 'riley', GENERATED_PASSWORD), 429);
    clock += 20 * 60_000;
  });

  test('one address trying many accounts is slowed after 100 failures, and only that address', async () => {
    const sprayer = new Browser(service.app, '10.3.0.1');
    for (let i = 0; i < 100; i++) assert.equal(await attempt(sprayer, `nobody-${i}`, 'x'), 422);
    assert.equal(await attempt(sprayer, 'sam', GENERATED_PASSWORD), 429);
    assert.equal(await attempt(new Browser(service.app, '10.3.0.2'), 'sam', GENERATED_PASSWORD), 303);
    clock += 20 * 60_000;
  });
});

describe('the grants page\'s form', () => {
  test('a body that is not a form is a 415, a form without an app a 400; neither 500s', async () => {
    const browser = new Browser(service.app);
    const consent = await signIn(browser);
    const csrf = formFields(consent.body, '/oauth/logout').csrf!;
    assert.equal((await browser.post('/oauth/grants/revoke', { csrf }, { 'content-type': 'text/plain' })).statusCode, 415);
    assert.equal((await browser.post('/oauth/grants/revoke', { csrf })).statusCode, 400);
  });
});
