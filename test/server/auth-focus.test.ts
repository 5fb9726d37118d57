// Issue 40: the sign-in, consent and grants pages open with the focus on their first field or
// main action (HTML autofocus: no script, so the pages' nonce-only CSP stays as it is).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNT } from '../../server/auth/store/accounts.js';
import { authService, authUrl, Browser, formFields, loginParams, type AuthService } from './auth-fixture.js';

let service: AuthService;
before(async () => {
  service = await authService();
});
after(() => service.close());

/** The start tags carrying `autofocus` in a page. */
const autofocused = (html: string) => [...html.matchAll(/<[a-z0-9]+\b[^>]*\sautofocus\b[^>]*>/g)].map((m) => m[0]);

/** Exactly one element takes the focus, and the page's CSP still allows no inline script. */
function focusOne(res: LightMyRequestResponse, status = 200): string {
  assert.equal(res.statusCode, status, res.body);
  const tags = autofocused(res.body);
  assert.equal(tags.length, 1, `one autofocus, found: ${tags.join(' ')}`);
  assert.doesNotMatch(res.headers['content-security-policy'] as string, /unsafe-inline/);
  return tags[0]!;
}

async function signIn(browser: Browser, params = loginParams()) {
  const page = await browser.get(authUrl(params));
  const res = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login: DEMO_ACCOUNT.handle, password: DEMO_ACCOUNT.password });
  assert.equal(res.statusCode, 303, res.body);
  return browser.get(res.headers.location as string);
}

describe('the login pages open with the focus on their first field or main action', () => {
  test('sign-in: the login field; after a wrong password for a given login, the password field', async () => {
    const browser = new Browser(service.app);
    const page = await browser.get(authUrl(loginParams()));
    assert.match(focusOne(page), /^<input id="login" /);
    const wrong = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login: DEMO_ACCOUNT.handle, password: 'not-the-password' });
    assert.match(focusOne(wrong, 422), /^<input id="password" /);
  });

  test('consent: Authorize, the main action (not Cancel, not another account)', async () => {
    const consent = await signIn(new Browser(service.app));
    const tag = focusOne(consent);
    assert.match(tag, /^<button class="primary" type="submit" autofocus name="decision" value="authorize">/);
  });

  test('grants: the heading, which says where the user is (a Revoke button would be one key from revoking)', async () => {
    const browser = new Browser(service.app);
    await signIn(browser, loginParams({ scope: 'write' }));
    const signedIn = await browser.get('/oauth/grants?lang=en');
    assert.match(focusOne(signedIn), /^<h1 tabindex="-1" autofocus>/);
    const visitor = await new Browser(service.app).get('/oauth/grants?lang=en');
    assert.match(focusOne(visitor), /^<h1 tabindex="-1" autofocus>/);
  });
});
