// The redirect-URI rule table, run against the shared check and against the login page itself.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkOrigin, checkRedirectUri } from '../../src/core/redirect-uri.js';
import { DEMO_APP } from '../../server/auth/store/apps.js';
import { REDIRECT_URI_CASES } from './redirect-uri-cases.js';
import { authService, authUrl, type AuthService } from './auth-fixture.js';

let service: AuthService;
before(async () => {
  service = await authService();
});
after(() => service.close());

const label = (c: (typeof REDIRECT_URI_CASES)[number]) => `${c.ok ? 'accepts' : 'rejects'} ${c.why}: ${JSON.stringify(c.redirectUri).slice(0, 80)}${c.origin !== undefined ? ` origin ${JSON.stringify(c.origin)}` : ''}`;

test('the table has at least 100 cases, both verdicts well represented', () => {
  assert.ok(REDIRECT_URI_CASES.length >= 100, `${REDIRECT_URI_CASES.length} cases`);
  assert.ok(REDIRECT_URI_CASES.filter((c) => c.ok).length >= 40);
  assert.ok(REDIRECT_URI_CASES.filter((c) => !c.ok).length >= 60);
});

describe('checkRedirectUri', () => {
  for (const c of REDIRECT_URI_CASES) {
    test(label(c), () => {
      const verdict = checkRedirectUri(c.redirectUri, c.origin);
      assert.equal(verdict.ok, c.ok, JSON.stringify(verdict));
      if (!verdict.ok) {
        assert.equal(verdict.param, c.param);
        assert.ok(verdict.reason.length > 5);
      }
    });
  }

  test('postmessage gives back the origin as the browser serializes it', () => {
    assert.deepEqual(checkRedirectUri('postmessage', 'HTTPS://App.Example.com'), { ok: true, postMessage: true, origin: 'https://app.example.com' });
    assert.deepEqual(checkOrigin('http://localhost:3000'), { ok: true, origin: 'http://localhost:3000' });
  });

  test('non-string input is rejected, not thrown on', () => {
    for (const value of [undefined, null, 42, ['https://a.example/'], {}]) {
      assert.equal(checkRedirectUri(value).ok, false);
      assert.equal(checkOrigin(value).ok, false);
    }
  });
});

describe('/oauth/auth gives the same verdicts', () => {
  for (const c of REDIRECT_URI_CASES) {
    test(label(c), async () => {
      const url = authUrl({ scope: 'read', api_key: DEMO_APP.apiKey, redirect_uri: c.redirectUri, origin: c.origin, state: 's' });
      const res = await service.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, c.ok ? 200 : 400);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      if (c.ok) {
        assert.match(res.body, /<h1>Sign in<\/h1>/);
      } else {
        assert.match(res.body, new RegExp(`<li><code>${c.param}</code> `), 'the page names the parameter');
        assert.doesNotMatch(res.body, /<form/, 'no way onward from an invalid request');
        assert.equal(res.headers.location, undefined, 'never redirects');
      }
    });
  }
});
