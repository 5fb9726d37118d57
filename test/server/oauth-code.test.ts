// The code flow with PKCE (issue 26): /v1/oauth/authorize, /v1/oauth/token, /v1/oauth/revoke,
// each refusal of the list next to the happy paths. A real service on a real database.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appQueries, createApp, DEMO_APP } from '../../server/auth/store/apps.js';
import { openCatalog } from '../../server/service.js';
import { createAppCommand } from '../../server/cli-create-app.js';
import { parseServiceArgs } from '../../server/options.js';
import { authService, Browser, type AuthService } from './auth-fixture.js';
import { authorizeUrl, codeParams, consent, exchange, me, outcomeOf, pkce, post, REDIRECT, refresh, signIn } from './oauth-fixture.js';

let service: AuthService;
before(async () => {
  service = await authService();
});
after(() => service.close());

describe('authorize', () => {
  test('consent redirects with code and state in the query; the page is the login page of /oauth/auth', async () => {
    const { challenge } = pkce();
    const browser = new Browser(service.app);
    const entry = await browser.get(authorizeUrl(codeParams(challenge)));
    assert.equal(entry.statusCode, 302);
    const page = await browser.get(entry.headers.location as string);
    assert.match(page.body, /<h1>Sign in<\/h1>/);
    assert.match(page.body, /name="code_challenge" value="[\w-]{43}"/);

    const { location, params } = await consent(service, codeParams(challenge, { state: 'a b&c' }));
    assert.ok(location.startsWith(`${REDIRECT}?`), location);
    assert.equal(params.get('state'), 'a b&c');
    assert.match(params.get('code')!, /^[\w-]{43}$/);
    assert.equal(params.get('token'), null, 'no signed token in the code flow');
  });

  test('response_mode=fragment puts code and state in the fragment', async () => {
    const { location, params } = await consent(service, codeParams(pkce().challenge, { response_mode: 'fragment' }));
    assert.ok(location.startsWith(`${REDIRECT}#state=`), location);
    assert.ok(params.get('code'));
  });

  test('Cancel redirects with error=access_denied and the state, and no code', async () => {
    const { params } = await consent(service, codeParams(pkce().challenge), { decision: 'cancel' });
    assert.equal(params.get('error'), 'access_denied');
    assert.equal(params.get('state'), 'st-1');
    assert.equal(params.get('code'), null);
  });

  test('a plain or missing challenge is an error sent back to the app, with no code', async () => {
    const { verifier } = pkce();
    for (const overrides of [
      { code_challenge_method: 'plain', code_challenge: verifier },
      { code_challenge_method: undefined },
      { code_challenge: undefined },
      { code_challenge: 'short' },
    ]) {
      const browser = new Browser(service.app);
      const res = await browser.get(authorizeUrl(codeParams(pkce().challenge, overrides)));
      const { location, params } = outcomeOf(res);
      assert.ok(location.startsWith(REDIRECT), location);
      assert.equal(params.get('error'), 'invalid_request', JSON.stringify(overrides));
      assert.match(params.get('error_description')!, /code_challenge/);
      assert.equal(params.get('state'), 'st-1');
      assert.equal(params.get('code'), null);
    }
    // The page itself refuses them too: no sign-in form leads to a code without S256.
    const direct = await new Browser(service.app).get(`/oauth/auth?${new URLSearchParams(codeParams('x'.repeat(43), { code_challenge_method: 'plain' }) as Record<string, string>).toString()}`);
    assert.equal(direct.statusCode, 302);
    assert.match(direct.headers.location as string, /error=invalid_request/);
  });

  test('an unknown client or an unregistered redirect_uri gets an error page, never a redirect', async () => {
    const registered = createApp(service.db, 'Registered App', ['https://app.example.com/cb', 'http://127.0.0.1/loop']);
    const cases: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ api_key: 'f'.repeat(40) }, /api_key/],
      [{ api_key: undefined }, /api_key/],
      [{ api_key: registered.apiKey, redirect_uri: 'https://evil.example.com/cb' }, /not registered/],
      [{ api_key: registered.apiKey, redirect_uri: 'https://app.example.com/cb/other' }, /not registered/],
      [{ api_key: registered.apiKey, redirect_uri: 'http://127.0.0.1:8080/other' }, /not registered/],
      [{ api_key: registered.apiKey, redirect_uri: 'http://localhost:8080/loop' }, /not registered/],
      [{ redirect_uri: 'postmessage' }, /postmessage/],
      [{ redirect_uri: 'https://app.example.com/cb' }, /not registered/], // the demo app allows loopback only
      [{ redirect_uri: 'http://127.0.0.1:5173/a/../b' }, /traversal/],
    ];
    for (const [overrides, reason] of cases) {
      const res = await new Browser(service.app).get(authorizeUrl(codeParams(pkce().challenge, { ...overrides, code_challenge_method: 'plain' })));
      assert.equal(res.statusCode, 400, JSON.stringify(overrides));
      assert.equal(res.headers.location, undefined);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      assert.match(res.body, reason);
      assert.match(res.body, /fix these parameters of <code>\/v1\/oauth\/authorize<\/code>/);
    }
    // Registered ones work: exactly, and a loopback one on any port.
    for (const redirect of ['https://app.example.com/cb', 'http://127.0.0.1/loop', 'http://127.0.0.1:49152/loop']) {
      const res = await new Browser(service.app).get(authorizeUrl(codeParams(pkce().challenge, { api_key: registered.apiKey, redirect_uri: redirect })));
      assert.equal(res.statusCode, 302, `${redirect}: ${res.body}`);
      assert.match(res.headers.location as string, /^\/oauth\/auth\?/);
    }
  });

  test('create-app --redirect-uri registers each URI; a bad one is refused before anything is made', async () => {
    const lines: string[] = [];
    const errors: string[] = [];
    const dir = join(tmpdir(), `oauth-cli-${process.pid}`);
    const bad = createAppCommand(['Bad', '--redirect-uri', 'https://ok.example/cb', '--redirect-uri', 'https://x.example/#frag', '--data-dir', dir], (l) => lines.push(l), (l) => errors.push(l));
    assert.equal(bad, 1);
    assert.match(errors.join('\n'), /--redirect-uri "https:\/\/x.example\/#frag" must not have a fragment/);
    assert.equal(lines.length, 0);
    assert.ok(!existsSync(dir), 'nothing was made');

    // A one-user catalog file keeps the command quick; the app then has exactly its URIs.
    mkdirSync(dir, { recursive: true });
    try {
      const catalog = join(dir, 'catalog.json');
      writeFileSync(catalog, JSON.stringify({ version: 1, users: [{ id: 'a', handle: 'solo', name: 'Solo' }] }));
      const uris = ['https://ok.example/cb', 'http://127.0.0.1/cb'];
      const made = createAppCommand(['Good', ...uris.flatMap((u) => ['--redirect-uri', u]), '--data-dir', dir, '--catalog', catalog], (l) => lines.push(l), (l) => errors.push(l));
      assert.equal(made, 0, errors.join('\n'));
      const apiKey = /API key:\s+([0-9a-f]{40})/.exec(lines.join('\n'))![1]!;
      const { db } = openCatalog({ dataDir: dir, catalog });
      try {
        assert.deepEqual(appQueries(db).redirectUris(apiKey), [...uris].sort());
        assert.ok(appQueries(db).allowsRedirect(apiKey, 'http://127.0.0.1:9999/cb'));
        assert.ok(!appQueries(db).allowsRedirect(apiKey, 'https://ok.example/cb2'));
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('token: authorization_code', () => {
  test('a code gives Bearer tokens once, JSON or form-encoded, with no-store', async () => {
    for (const as of ['json', 'form'] as const) {
      const { verifier, challenge } = pkce();
      const { params } = await consent(service, codeParams(challenge, { scope: 'read' }));
      const res = await exchange(service, params.get('code')!, verifier, {}, as);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'refresh_expires_in', 'refresh_token', 'scope', 'token_type']);
      assert.equal(res.body.token_type, 'Bearer');
      assert.equal(res.body.expires_in, 3600);
      assert.equal(res.body.refresh_expires_in, 30 * 24 * 3600);
      assert.equal(res.body.scope, 'read');
      assert.equal((await me(service, res.body.access_token as string)).status, 200);
    }
  });

  test('only hashes are stored', async () => {
    const tokens = await signIn(service);
    const rows = service.db.prepare('SELECT token_hash FROM oauth_tokens').all() as Array<{ token_hash: string }>;
    const text = JSON.stringify(rows);
    assert.ok(!text.includes(tokens.access_token) && !text.includes(tokens.refresh_token));
    assert.ok(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash)));
  });

  test('a wrong verifier is invalid_grant, and spends the code', async () => {
    const { verifier, challenge } = pkce();
    const { params } = await consent(service, codeParams(challenge));
    const wrong = await exchange(service, params.get('code')!, pkce().verifier);
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'invalid_grant');
    assert.match(wrong.body.error_description as string, /code_verifier/);
    assert.equal((await exchange(service, params.get('code')!, verifier)).body.error, 'invalid_grant');
  });

  test('a reused code is invalid_grant and revokes the tokens it gave', async () => {
    const { verifier, challenge } = pkce();
    const { params } = await consent(service, codeParams(challenge));
    const first = await exchange(service, params.get('code')!, verifier);
    assert.equal(first.status, 200);
    assert.equal((await me(service, first.body.access_token as string)).status, 200);
    const again = await exchange(service, params.get('code')!, verifier);
    assert.equal(again.status, 400);
    assert.equal(again.body.error, 'invalid_grant');
    assert.equal((await me(service, first.body.access_token as string)).status, 401);
    assert.equal((await refresh(service, first.body.refresh_token)).body.error, 'invalid_grant');
  });

  test('another redirect_uri or another client is invalid_grant', async () => {
    const other = createApp(service.db, 'Other App', ['http://127.0.0.1/callback']);
    for (const overrides of [{ redirect_uri: 'http://127.0.0.1:5174/callback' }, { client_id: other.apiKey }]) {
      const { verifier, challenge } = pkce();
      const { params } = await consent(service, codeParams(challenge));
      const res = await exchange(service, params.get('code')!, verifier, overrides);
      assert.equal(res.status, 400, JSON.stringify(overrides));
      assert.equal(res.body.error, 'invalid_grant');
    }
  });

  test('an expired code is invalid_grant', async () => {
    const short = await authService({ tokenLifetimes: { code: 0 } });
    try {
      const { verifier, challenge } = pkce();
      const { params } = await consent(short, codeParams(challenge));
      const res = await exchange(short, params.get('code')!, verifier);
      assert.equal(res.body.error, 'invalid_grant');
      assert.match(res.body.error_description as string, /expired/);
    } finally {
      await short.close();
    }
  });

  test('RFC 6749 §5.2 errors for bad requests, as JSON with error_description', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{}, 400, 'invalid_request'],
      [{ grant_type: 'password', client_id: DEMO_APP.apiKey }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'authorization_code', client_id: 'nope', code: 'x', redirect_uri: REDIRECT, code_verifier: pkce().verifier }, 401, 'invalid_client'],
      [{ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT, code_verifier: pkce().verifier }, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code', client_id: DEMO_APP.apiKey, redirect_uri: REDIRECT, code_verifier: pkce().verifier }, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code', client_id: DEMO_APP.apiKey, code: 'x', redirect_uri: REDIRECT, code_verifier: 'short' }, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code', client_id: DEMO_APP.apiKey, code: 'x', redirect_uri: REDIRECT, code_verifier: pkce().verifier }, 400, 'invalid_grant'],
      [{ grant_type: 'refresh_token', client_id: DEMO_APP.apiKey }, 400, 'invalid_request'],
      [{ grant_type: 'refresh_token', client_id: DEMO_APP.apiKey, refresh_token: 5 }, 400, 'invalid_request'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post(service, '/v1/oauth/token', body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(res.body.error, error, JSON.stringify(body));
      assert.equal(typeof res.body.error_description, 'string');
      assert.equal(res.headers['cache-control'], 'no-store');
    }
    // A repeated form field is refused.
    const twice = await service.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&grant_type=refresh_token&client_id=${DEMO_APP.apiKey}&refresh_token=x`,
    });
    assert.equal(twice.statusCode, 400);
    assert.equal(twice.json().error, 'invalid_request');
  });

  test('any origin may call the token endpoint (CORS preflight)', async () => {
    const res = await service.app.inject({
      method: 'OPTIONS',
      url: '/v1/oauth/token',
      headers: { origin: 'https://fan-site.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    assert.match(String(res.headers['access-control-allow-headers']), /content-type/i);
  });
});

describe('lifetimes', () => {
  test('--access-token-ttl and --refresh-token-ttl set them in seconds; a bad value names its option', () => {
    assert.deepEqual(parseServiceArgs(['--access-token-ttl', '2', '--refresh-token-ttl', '0']).service.tokenLifetimes, { access: 2, refresh: 0 });
    assert.deepEqual(parseServiceArgs(['--access-token-ttl', '1.5']).service.tokenLifetimes, { access: 1.5 });
    assert.equal(parseServiceArgs([]).service.tokenLifetimes, undefined);
    for (const bad of ['-1', 'x', '1e3', '', '999999999999']) {
      assert.throws(() => parseServiceArgs([`--access-token-ttl=${bad}`]), /--access-token-ttl must be a number of seconds/, bad);
    }
  });
});

describe('token: refresh_token', () => {
  test('each refresh rotates the refresh token; the new tokens work', async () => {
    const first = await signIn(service);
    const second = await refresh(service, first.refresh_token);
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.notEqual(second.body.refresh_token, first.refresh_token);
    assert.notEqual(second.body.access_token, first.access_token);
    assert.equal(second.body.scope, 'write');
    assert.equal((await me(service, second.body.access_token as string)).status, 200);
    const third = await refresh(service, second.body.refresh_token);
    assert.equal(third.status, 200);
  });

  test('a refresh token used twice revokes its whole family', async () => {
    const first = await signIn(service);
    const second = await refresh(service, first.refresh_token);
    assert.equal(second.status, 200);
    const reused = await refresh(service, first.refresh_token);
    assert.equal(reused.status, 400);
    assert.equal(reused.body.error, 'invalid_grant');
    assert.equal((await me(service, second.body.access_token as string)).status, 401);
    assert.equal((await refresh(service, second.body.refresh_token)).body.error, 'invalid_grant');
  });

  test('another client cannot use the refresh token', async () => {
    const other = createApp(service.db, 'Third App');
    const tokens = await signIn(service);
    assert.equal((await refresh(service, tokens.refresh_token, other.apiKey)).body.error, 'invalid_grant');
  });

  test('an access token is not a refresh token', async () => {
    const tokens = await signIn(service);
    assert.equal((await refresh(service, tokens.access_token)).body.error, 'invalid_grant');
  });
});

describe('expiry (short lifetimes)', () => {
  test('an expired access token is a 401; its refresh token still gives a new one', async () => {
    const short = await authService({ tokenLifetimes: { access: 0 } });
    try {
      const tokens = await signIn(short);
      const res = await me(short, tokens.access_token);
      assert.equal(res.status, 401);
      assert.match(res.headers['www-authenticate'] as string, /^Bearer error="invalid_token"/);
      const next = await refresh(short, tokens.refresh_token);
      assert.equal(next.status, 200);
      assert.equal(next.body.expires_in, 0);
    } finally {
      await short.close();
    }
  });

  test('an expired refresh token is invalid_grant', async () => {
    const short = await authService({ tokenLifetimes: { refresh: 0 } });
    try {
      const tokens = await signIn(short);
      assert.equal((await me(short, tokens.access_token)).status, 200);
      const res = await refresh(short, tokens.refresh_token);
      assert.equal(res.body.error, 'invalid_grant');
      assert.match(res.body.error_description as string, /expired/);
    } finally {
      await short.close();
    }
  });
});

describe('revoke (RFC 7009)', () => {
  test('revoking the refresh token ends its access tokens too', async () => {
    const tokens = await signIn(service);
    const res = await post(service, '/v1/oauth/revoke', { token: tokens.refresh_token, client_id: DEMO_APP.apiKey });
    assert.equal(res.status, 200);
    const after = await me(service, tokens.access_token);
    assert.equal(after.status, 401);
    assert.match(after.headers['www-authenticate'] as string, /error="invalid_token"/);
    assert.equal((await refresh(service, tokens.refresh_token)).body.error, 'invalid_grant');
  });

  test('revoking an access token ends that token; the refresh token goes on', async () => {
    const tokens = await signIn(service);
    assert.equal((await post(service, '/v1/oauth/revoke', { token: tokens.access_token }, 'form')).status, 200);
    assert.equal((await me(service, tokens.access_token)).status, 401);
    assert.equal((await refresh(service, tokens.refresh_token)).status, 200);
  });

  test('200 whatever the token; another client\'s token is left alone', async () => {
    for (const token of ['nonsense', '', 'rt_' + 'x'.repeat(43)]) {
      assert.equal((await post(service, '/v1/oauth/revoke', { token })).status, token === '' ? 400 : 200, token);
    }
    const other = createApp(service.db, 'Fourth App');
    const tokens = await signIn(service);
    assert.equal((await post(service, '/v1/oauth/revoke', { token: tokens.refresh_token, client_id: other.apiKey })).status, 200);
    assert.equal((await me(service, tokens.access_token)).status, 200);
  });
});
