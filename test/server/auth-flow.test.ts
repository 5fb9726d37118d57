// The login page end to end, as a browser walks it: sign in, consent, delivery.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_APP } from '../../server/auth/store/apps.js';
import { DEMO_ACCOUNT, GENERATED_PASSWORD } from '../../server/auth/store/accounts.js';
import { needsRehash } from '../../server/auth/store/passwords.js';
import { authService, authUrl, BASE_URL, Browser, formFields, type AuthService } from './auth-fixture.js';

let service: AuthService;
before(async () => {
  service = await authService();
});
after(() => service.close());

const params = (extra: Record<string, string | undefined> = {}) => ({
  scope: 'read',
  api_key: DEMO_APP.apiKey,
  redirect_uri: 'https://app.example.com/cb',
  state: 'st-123',
  ...extra,
});

/** GET the page, sign in, follow the 303: the consent page. */
async function signIn(browser: Browser, url: string, login: string = DEMO_ACCOUNT.email, password: string = DEMO_ACCOUNT.password) {
  const page = await browser.get(url);
  assert.equal(page.statusCode, 200);
  const res = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login, password });
  assert.equal(res.statusCode, 303, res.body);
  const consent = await browser.get(res.headers.location as string);
  assert.equal(consent.statusCode, 200);
  assert.match(consent.body, /Authorize<\/button>/);
  return consent;
}

async function decide(browser: Browser, consent: LightMyRequestResponse, decision: 'authorize' | 'cancel') {
  return browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision });
}

async function verify(token: string) {
  const res = await service.app.inject({ url: `/v1/users/verify_token?token=${token}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { data: Record<string, unknown> }).data;
}

describe('sign-in page', () => {
  test('is an accessible form with labelled fields, a session cookie and a strict CSP', async () => {
    const res = await new Browser(service.app).get(authUrl(params()));
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /^<!doctype html>\n<html lang="en" dir="ltr">/);
    assert.match(res.body, /<label for="login">Email or handle<\/label>\n<input id="login" name="login"/);
    assert.match(res.body, /<label for="password">Password<\/label>\n<input id="password" name="password" type="password"/);
    assert.match(res.body, /<h1>Sign in<\/h1>\n<p>to continue to <strong><bdi>Demo App<\/bdi><\/strong>/);
    assert.match(res.body, /<body class="popup">/);
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1]!;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|\*/);
    assert.ok(res.body.includes(`<style nonce="${nonce}">`));
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.match(res.headers['set-cookie'] as string, /^oauth_session=[\w-]{43}; Path=\/oauth; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    assert.equal(res.headers['referrer-policy'], 'same-origin');
    assert.ok(formFields(res.body, '/oauth/login').csrf);
  });

  test('display=fullScreen is a full page', async () => {
    const res = await new Browser(service.app).get(authUrl(params({ display: 'fullScreen' })));
    assert.match(res.body, /<body class="fullScreen">/);
    assert.equal(formFields(res.body, '/oauth/login').display, 'fullScreen');
  });
});

describe('redirect delivery', () => {
  test('fragment (default): 302 to redirect_uri#state=…&token=…, a token that verifies with the email', async () => {
    const browser = new Browser(service.app);
    const consent = await signIn(browser, authUrl(params()));
    assert.match(consent.body, /<h1>Allow <bdi>Demo App<\/bdi> to see your account\?<\/h1>/);
    assert.match(consent.body, /See your email address/);
    assert.match(consent.body, /Signed in as <strong><bdi>Demo Listener<\/bdi><\/strong> \(<bdi>@demo<\/bdi>\)/);
    assert.match(browser.jar.cookies.get('oauth_session') ?? '', /^[\w-]{43}$/);
    const res = await decide(browser, consent, 'authorize');
    assert.equal(res.statusCode, 302);
    const location = res.headers.location as string;
    const match = /^https:\/\/app\.example\.com\/cb#state=st-123&token=([\w-]+\.[\w-]+\.[\w-]+)$/.exec(location);
    assert.ok(match, location);
    const profile = await verify(match[1]!);
    assert.equal(profile.userId, '7eP5n');
    assert.equal(profile.email, 'demo@example.com');
    assert.equal(profile.apiKey, DEMO_APP.apiKey);
    assert.equal(profile.verified, true);
    assert.deepEqual(profile.profilePicture, {
      '150x150': `${BASE_URL}/images/u/1/150.jpg`,
      '480x480': `${BASE_URL}/images/u/1/480.jpg`,
      '1000x1000': 'https://cdn.example/1000.jpg',
    });
    assert.ok(Math.abs(Number(profile.iat) - Date.now() / 1000) < 60);
  });

  test('query mode keeps existing parameters; no state when none was given', async () => {
    const browser = new Browser(service.app);
    const url = authUrl(params({ redirect_uri: 'http://localhost:3000/cb?existing=1&b=two%20words', response_mode: 'query', state: undefined }));
    const res = await decide(browser, await signIn(browser, url), 'authorize');
    assert.equal(res.statusCode, 302);
    const location = new URL(res.headers.location as string);
    assert.equal(location.origin + location.pathname, 'http://localhost:3000/cb');
    assert.equal(location.hash, '');
    assert.deepEqual([...location.searchParams.keys()], ['existing', 'b', 'token']);
    assert.ok((res.headers.location as string).startsWith('http://localhost:3000/cb?existing=1&b=two%20words&token='));
    assert.equal((await verify(location.searchParams.get('token')!)).handle, 'demo');
  });

  test('a signed-in user goes straight to consent; the consent form may lead only to the app', async () => {
    const browser = new Browser(service.app);
    await signIn(browser, authUrl(params()));
    const res = await browser.get(authUrl(params({ redirect_uri: 'https://other.example/done', state: 'again' })));
    assert.match(res.body, /Authorize<\/button>/);
    assert.doesNotMatch(res.body, /name="password"/);
    assert.match(res.headers['content-security-policy'] as string, /form-action 'self' https:\/\/other\.example;/);
    const location = (await decide(browser, res, 'authorize')).headers.location as string;
    assert.match(location, /^https:\/\/other\.example\/done#state=again&token=/);
    // CSP cannot name [::1]; that page goes without form-action rather than block the redirect.
    const ipv6 = await browser.get(authUrl(params({ redirect_uri: 'http://[::1]:8080/cb' })));
    assert.doesNotMatch(ipv6.headers['content-security-policy'] as string, /form-action/);
    const popup = await browser.get(authUrl(params({ redirect_uri: 'postmessage', origin: 'https://app.example.com' })));
    assert.match(popup.headers['content-security-policy'] as string, /form-action 'self';/);
  });

  test('cancel redirects with error=access_denied and the state, never a token', async () => {
    const browser = new Browser(service.app);
    const res = await decide(browser, await signIn(browser, authUrl(params())), 'cancel');
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'https://app.example.com/cb#state=st-123&error=access_denied&error_description=The%20user%20cancelled%20the%20sign-in.');
    // Cancel on the sign-in page, before any session.
    const fresh = new Browser(service.app);
    const page = await fresh.get(authUrl(params({ response_mode: 'query' })));
    const early = await fresh.post('/oauth/authorize', formFields(page.body, '/oauth/authorize'));
    assert.equal(early.statusCode, 302);
    assert.match(early.headers.location as string, /^https:\/\/app\.example\.com\/cb\?state=st-123&error=access_denied&/);
    assert.doesNotMatch(early.headers.location as string, /token/);
  });
});

describe('postmessage delivery', () => {
  const pmParams = (extra: Record<string, string> = {}) => params({ redirect_uri: 'postmessage', origin: 'https://App.Example.com', ...extra });

  test('posts { state, token } to exactly the given origin, never "*", then closes', async () => {
    const browser = new Browser(service.app);
    const res = await decide(browser, await signIn(browser, authUrl(pmParams())), 'authorize');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers.location, undefined);
    const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)![1]!;
    const script = new RegExp(`<script nonce="${nonce.replace(/[+/]/g, '\\$&')}">([\\s\\S]*?)</script>`).exec(res.body)?.[1];
    assert.ok(script, 'the script carries the CSP nonce');
    assert.match(script, /var targetOrigin = "https:\/\/app\.example\.com";/);
    assert.match(script, /window\.opener\.postMessage\(message, targetOrigin\);/);
    assert.match(script, /window\.close\(\)/);
    assert.doesNotMatch(res.body, /\*/);
    const message = JSON.parse(/var message = (\{.*\});/.exec(script)![1]!) as { state: string; token: string };
    assert.deepEqual(Object.keys(message), ['state', 'token']);
    assert.equal(message.state, 'st-123');
    assert.equal((await verify(message.token)).email, 'demo@example.com');
    assert.match(res.body, /not opened by the app/, 'a message for a window without opener');
  });

  test('a hostile state stays data inside the script', async () => {
    const state = '</script><script>alert(1)</script>\u2028"';
    const browser = new Browser(service.app);
    const res = await decide(browser, await signIn(browser, authUrl(pmParams({ state }))), 'authorize');
    assert.equal(res.body.split('</script>').length, 2, 'only the page\'s own script element');
    const message = JSON.parse(/var message = (\{.*\});/.exec(res.body)![1]!) as { state: string };
    assert.equal(message.state, state);
  });

  test('cancel posts an access_denied error and no token', async () => {
    const browser = new Browser(service.app);
    const res = await decide(browser, await signIn(browser, authUrl(pmParams())), 'cancel');
    const message = JSON.parse(/var message = (\{.*\});/.exec(res.body)![1]!);
    assert.deepEqual(message, { state: 'st-123', error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
    assert.match(res.body, /<h1>Sign-in cancelled<\/h1>/);
  });
});

describe('accounts and grants', () => {
  test('sign-in by handle in any case; a generated account\'s cheap hash is upgraded', async () => {
    const hash = () => (service.db.prepare('SELECT password_hash FROM users WHERE id = 2').get() as { password_hash: string }).password_hash;
    assert.equal(needsRehash(hash()), true);
    const browser = new Browser(service.app);
    const consent = await signIn(browser, authUrl(params()), '@RILEY', GENERATED_PASSWORD);
    assert.match(consent.body, /Signed in as <strong><bdi>Riley &#60;b&#62;Ray&#60;\/b&#62;<\/bdi><\/strong>/, 'names from the database are escaped');
    assert.equal(needsRehash(hash()), false);
    await signIn(new Browser(service.app), authUrl(params()), 'riley@EXAMPLE.com', GENERATED_PASSWORD);
  });

  test('write scope: the consent says so in plain words and Authorize records a grant', async () => {
    const grants = () => service.db.prepare('SELECT api_key, user_id FROM write_grants').all();
    const browser = new Browser(service.app);
    const read = await signIn(browser, authUrl(params()), 'quinn@example.com', GENERATED_PASSWORD);
    await decide(browser, read, 'authorize');
    assert.deepEqual(grants(), [], 'read scope grants nothing');
    const consent = await browser.get(authUrl(params({ scope: 'write' })));
    assert.match(consent.body, /Allow <bdi>Demo App<\/bdi> to use your account\?/);
    assert.match(consent.body, /Act on your behalf, for example favorite tracks/);
    assert.match(consent.body, /never be able to read your direct messages or use your wallet/);
    const cancelled = await decide(browser, consent, 'cancel');
    assert.equal(cancelled.statusCode, 302);
    assert.deepEqual(grants(), [], 'cancel grants nothing');
    await decide(browser, consent, 'authorize');
    assert.deepEqual(grants(), [{ api_key: DEMO_APP.apiKey, user_id: 4 }]);
  });

  test('"Sign in with another account" ends the session', async () => {
    const browser = new Browser(service.app);
    const consent = await signIn(browser, authUrl(params()));
    const signedIn = browser.jar.cookies.get('oauth_session');
    const res = await browser.post('/oauth/logout', formFields(consent.body, '/oauth/logout'));
    assert.equal(res.statusCode, 303);
    assert.notEqual(browser.jar.cookies.get('oauth_session'), signedIn, 'a new visitor session');
    const page = await browser.get(res.headers.location as string);
    assert.match(page.body, /<h1>Sign in<\/h1>/);
    // The old consent form no longer authorizes: its token went with the session.
    const stale = await decide(browser, consent, 'authorize');
    assert.equal(stale.statusCode, 403);
    assert.equal(stale.headers.location, undefined);
    assert.match(stale.body, /Form expired/);
  });
});
