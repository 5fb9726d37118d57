// What the login page refuses: bad parameters, forged forms, password guessing, bad bodies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_ACCOUNT, GENERATED_PASSWORD } from '../../server/auth/store/accounts.js';
import { authService, authUrl, Browser, formFields, loginParams, type AuthService } from './auth-fixture.js';

let service: AuthService;
let clock = 1_700_000_000_000;
before(async () => {
  const now = () => clock;
  service = await authService({ pairThrottle: { now }, accountThrottle: { now }, addressThrottle: { now, freeFailures: 8 } });
});
after(() => service.close());

const problems = (html: string) => [...html.matchAll(/<li><code>([^<]+)<\/code> ([^<]*)<\/li>/g)].map((m) => [m[1], m[2]]);

describe('parameters', () => {
  test('each bad parameter is named with its reason on a 400 page', async () => {
    const cases: Array<[Record<string, string | undefined>, string, RegExp]> = [
      [{ scope: undefined }, 'scope', /is required/],
      [{ scope: 'admin' }, 'scope', /must be read or write, not &#34;admin&#34;/],
      [{ scope: 'READ' }, 'scope', /must be read or write/],
      [{ api_key: undefined }, 'api_key', /is required/],
      [{ api_key: 'not-a-registered-key' }, 'api_key', /not the API key of a registered app/],
      [{ redirect_uri: undefined }, 'redirect_uri', /is required/],
      [{ redirect_uri: 'postmessage' }, 'origin', /is required when redirect_uri is postmessage/],
      [{ response_mode: 'form_post' }, 'response_mode', /must be fragment or query/],
      [{ display: 'page' }, 'display', /must be popup or fullScreen/],
      [{ state: 'x'.repeat(1025) }, 'state', /longer than 1024/],
    ];
    for (const [change, param, reason] of cases) {
      const res = await service.app.inject({ url: authUrl(loginParams(change)) });
      assert.equal(res.statusCode, 400, JSON.stringify(change));
      const found = problems(res.body);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]![0], param);
      assert.match(found[0]![1]!, reason);
      assert.equal(res.headers.location, undefined);
    }
  });

  test('every problem at once; a repeated parameter is a problem; values are escaped', async () => {
    const res = await service.app.inject({
      url: '/oauth/auth?scope=<b>x</b>&redirect_uri=https://a.example/%23&redirect_uri=https://b.example/&display=fullScreen',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(problems(res.body).map((p) => p[0]), ['redirect_uri', 'scope', 'api_key']);
    assert.match(res.body, /was given more than once/);
    assert.doesNotMatch(res.body, /<b>x<\/b>/);
    assert.match(res.body, /&#60;b&#62;x&#60;\/b&#62;/);
    assert.match(res.body, /<body class="fullScreen">/);
  });

  test('a state with markup is carried safely in the form', async () => {
    const state = '"><script>alert(1)</script>';
    const res = await service.app.inject({ url: authUrl(loginParams({ state })) });
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /<script>/);
    assert.equal(formFields(res.body, '/oauth/login').state, state);
  });

  test('parameters are checked again on every POST: a tampered form gets the 400 page', async () => {
    const browser = new Browser(service.app);
    const page = await browser.get(authUrl(loginParams()));
    const fields = { ...formFields(page.body, '/oauth/authorize'), redirect_uri: 'https://evil.example/cb#x' };
    const res = await browser.post('/oauth/authorize', fields);
    assert.equal(res.statusCode, 400);
    assert.equal(res.headers.location, undefined);
    assert.deepEqual(problems(res.body).map((p) => p[0]), ['redirect_uri']);
  });
});

describe('CSRF', () => {
  test('a POST without the form token, with a wrong one, or without the cookie is a 403 and does nothing', async () => {
    const browser = new Browser(service.app);
    const page = await browser.get(authUrl(loginParams()));
    const login: Record<string, string> = { ...formFields(page.body, '/oauth/login'), login: DEMO_ACCOUNT.handle, password: DEMO_ACCOUNT.password };
    const attempts: Array<[string, Record<string, string>, string]> = [
      ['/oauth/login', { ...login, csrf: '' }, browser.jar.header()],
      ['/oauth/login', { ...login, csrf: `${login.csrf!.slice(0, -2)}AA` }, browser.jar.header()],
      ['/oauth/login', login, ''],
      ['/oauth/login', Object.fromEntries(Object.entries(login).filter(([k]) => k !== 'csrf')), browser.jar.header()],
      ['/oauth/login', login, 'oauth_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      ['/oauth/authorize', { ...formFields(page.body, '/oauth/authorize'), csrf: 'x' }, browser.jar.header()],
      ['/oauth/logout', { ...login, csrf: 'x' }, browser.jar.header()],
    ];
    for (const [url, fields, cookie] of attempts) {
      const res = await new Browser(service.app).post(url, fields, { cookie });
      assert.equal(res.statusCode, 403, `${url} ${JSON.stringify(fields.csrf)} ${cookie}`);
      assert.equal(res.headers.location, undefined);
      assert.equal(res.headers['set-cookie'], undefined, 'no session');
      assert.match(res.body, /Form expired/);
    }
    // The same form with its token signs in.
    const ok = await browser.post('/oauth/login', login);
    assert.equal(ok.statusCode, 303);
  });

  test('only URL-encoded forms are accepted', async () => {
    const browser = new Browser(service.app);
    const page = await browser.get(authUrl(loginParams()));
    const fields = { ...formFields(page.body, '/oauth/login'), login: 'demo', password: DEMO_ACCOUNT.password };
    const json = await service.app.inject({
      method: 'POST', url: '/oauth/login', headers: { cookie: browser.jar.header(), 'content-type': 'application/json' }, payload: JSON.stringify(fields),
    });
    assert.equal(json.statusCode, 415);
    const none = await service.app.inject({ method: 'POST', url: '/oauth/login', headers: { cookie: browser.jar.header(), 'content-type': 'text/plain' }, payload: 'x' });
    assert.equal(none.statusCode, 415);
    assert.match(none.headers['content-type'] as string, /^text\/html/);
  });
});

describe('password guessing', () => {
  async function attempt(browser: Browser, login: string, password: string) {
    const page = await browser.get(authUrl(loginParams()));
    return browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login, password });
  }

  test('a wrong password re-shows the form with the error linked to the fields', async () => {
    const res = await attempt(new Browser(service.app), 'sam', 'wrong');
    assert.equal(res.statusCode, 422);
    assert.match(res.body, /<p id="signin-error" class="error" role="alert">That email or handle and password do not match an account\.<\/p>/);
    assert.match(res.body, /id="password" name="password" type="password" autocomplete="current-password" required aria-invalid="true" aria-describedby="signin-error"/);
    assert.match(res.body, /value="sam"/);
    const empty = await attempt(new Browser(service.app), '', '');
    assert.equal(empty.statusCode, 422);
  });

  test('after 5 failures an account is locked, by email or handle alike, with a delay that doubles', async () => {
    const browser = new Browser(service.app, '10.0.0.1');
    for (let i = 0; i < 5; i++) assert.equal((await attempt(browser, i % 2 ? 'demo@example.com' : 'Demo', `guess-${i}`)).statusCode, 422);
    const locked = await attempt(browser, 'DEMO@example.com', DEMO_ACCOUNT.password);
    assert.equal(locked.statusCode, 429, 'even the right password waits');
    assert.equal(locked.headers['retry-after'], '30');
    assert.match(locked.body, /Too many failed sign-in attempts\. Try again in 30 seconds\./);
    assert.equal((await attempt(new Browser(service.app, '10.0.0.2'), 'riley', GENERATED_PASSWORD)).statusCode, 303, 'other accounts are not locked');
    clock += 31_000;
    assert.equal((await attempt(browser, 'demo@example.com', 'guess-6')).statusCode, 422);
    const longer = await attempt(browser, 'demo@example.com', DEMO_ACCOUNT.password);
    assert.equal(longer.statusCode, 429);
    assert.equal(longer.headers['retry-after'], '60');
    clock += 61_000;
    assert.equal((await attempt(browser, 'demo@example.com', DEMO_ACCOUNT.password)).statusCode, 303);
    const later = new Browser(service.app, '10.0.0.3');
    for (let i = 0; i < 5; i++) assert.equal((await attempt(later, 'demo@example.com', `again-${i}`)).statusCode, 422, 'a success cleared the count');
    assert.equal((await attempt(later, 'demo@example.com', DEMO_ACCOUNT.password)).statusCode, 429);
  });

  test('one address guessing across accounts is slowed too', async () => {
    const browser = new Browser(service.app, '10.0.0.4');
    for (let i = 0; i < 8; i++) assert.equal((await attempt(browser, `nobody-${i}`, 'x')).statusCode, 422);
    assert.equal((await attempt(browser, 'sam', GENERATED_PASSWORD)).statusCode, 429);
    clock += 31_000;
    assert.equal((await attempt(browser, 'sam', GENERATED_PASSWORD)).statusCode, 303);
  });
});
