// What a bearer token of the code flow opens (issue 26): /v1/me, writes on the user's behalf,
// the grants page, /v1/developer_apps; and no malformed request to the new routes is a 500.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createApp, DEMO_APP } from '../../server/auth/store/apps.js';
import { GENERATED_PASSWORD } from '../../server/auth/store/accounts.js';
import { encodeId } from '../../server/ids.js';
import { authService, Browser, formFields, type AuthService } from './auth-fixture.js';
import { me, post, signIn } from './oauth-fixture.js';
import { checkModel, noFindings } from './production-shapes.js';

let service: AuthService;
before(async () => {
  service = await authService();
});
after(() => service.close());

const RILEY = encodeId(2);
const SAM = encodeId(3);
const TRACK = encodeId(2); // "Second Wind": no favorites or reposts seeded

async function write(method: 'POST' | 'DELETE', what: 'favorites' | 'reposts', token: string | undefined, query: string, track = TRACK) {
  const res = await service.app.inject({
    method,
    url: `/v1/tracks/${track}/${what}${query}`,
    // As production's client sends it: JSON content type, no body.
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

describe('/v1/me', () => {
  test('answers the token\'s user in production\'s full User shape', async () => {
    const tokens = await signIn(service, { scope: 'read' });
    const res = await me(service, tokens.access_token);
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.body.data!.id, RILEY);
    assert.equal(res.body.data!.handle, 'riley');
    const found = noFindings();
    checkModel(res.body.data, 'User', 'data', found);
    assert.deepEqual(found, noFindings());
  });

  test('a missing, malformed or unknown token is a 401 with WWW-Authenticate: Bearer error="invalid_token"', async () => {
    const tokens = await signIn(service);
    for (const authorization of [undefined, '', 'Bearer', 'Bearer ', `Basic ${tokens.access_token}`, `Bearer ${tokens.access_token} x`, 'Bearer a"b', 'Bearer ünï', `Bearer ${tokens.refresh_token}`, `Bearer at_${'A'.repeat(43)}`, `Bearer ${'a'.repeat(5000)}`]) {
      const res = await me(service, undefined, authorization);
      assert.equal(res.status, 401, String(authorization));
      assert.match(res.headers['www-authenticate'] as string, /^Bearer error="invalid_token"/, String(authorization));
      assert.equal(typeof res.body.error, 'string');
    }
    assert.equal((await me(service, undefined, `bearer ${tokens.access_token}`)).status, 200, 'the scheme is case-insensitive');
    // A page on another origin can read the 401 and why.
    const foreign = await service.app.inject({ url: '/v1/me', headers: { origin: 'https://fan-site.example', authorization: 'Bearer nope' } });
    assert.equal(foreign.headers['access-control-allow-origin'], '*');
    assert.match(String(foreign.headers['access-control-expose-headers']), /WWW-Authenticate/);
  });
});

describe('bearer writes', () => {
  test('favorite and unfavorite: the WriteResponse, the user\'s favorites and the count at once; twice is once', async () => {
    const tokens = await signIn(service);
    const before = (await service.read<{ favorite_count: number }>(`/v1/tracks/${TRACK}`)).favorite_count;
    for (let i = 0; i < 2; i++) {
      const res = await write('POST', 'favorites', tokens.access_token, `?user_id=${RILEY}&app_name=fan-site&api_key=${DEMO_APP.apiKey}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const found = noFindings();
      checkModel(res.body, 'WriteResponse', 'body', found);
      assert.deepEqual(found, noFindings());
      assert.match(res.body.transaction_hash as string, /^0x[0-9a-f]{64}$/);
    }
    const favorites = await service.read<Array<{ favorite_item_id: string }>>(`/v1/users/${RILEY}/favorites`);
    assert.ok(favorites.some((f) => f.favorite_item_id === TRACK));
    assert.equal((await service.read<{ favorite_count: number }>(`/v1/tracks/${TRACK}`)).favorite_count, before + 1);

    for (let i = 0; i < 2; i++) assert.equal((await write('DELETE', 'favorites', tokens.access_token, `?user_id=${RILEY}`)).status, 200);
    assert.ok(!(await service.read<Array<{ favorite_item_id: string }>>(`/v1/users/${RILEY}/favorites`)).some((f) => f.favorite_item_id === TRACK));
    assert.equal((await service.read<{ favorite_count: number }>(`/v1/tracks/${TRACK}`)).favorite_count, before);
  });

  test('repost and un-repost show in the user\'s reposts and the track\'s count', async () => {
    const tokens = await signIn(service);
    const before = (await service.read<{ repost_count: number }>(`/v1/tracks/${TRACK}`)).repost_count;
    for (let i = 0; i < 2; i++) assert.equal((await write('POST', 'reposts', tokens.access_token, `?user_id=${RILEY}`)).status, 200);
    const reposts = await service.read<Array<{ item: { id: string } }>>(`/v1/users/${RILEY}/reposts`);
    assert.ok(reposts.some((r) => r.item.id === TRACK));
    assert.equal((await service.read<{ repost_count: number }>(`/v1/tracks/${TRACK}`)).repost_count, before + 1);
    for (let i = 0; i < 2; i++) assert.equal((await write('DELETE', 'reposts', tokens.access_token, `?user_id=${RILEY}`)).status, 200);
    assert.equal((await service.read<{ repost_count: number }>(`/v1/tracks/${TRACK}`)).repost_count, before);
  });

  test('a read grant gets 403 insufficient_scope, and nothing changes', async () => {
    const tokens = await signIn(service, { scope: 'read' });
    for (const what of ['favorites', 'reposts'] as const) {
      const res = await write('POST', what, tokens.access_token, `?user_id=${RILEY}`);
      assert.equal(res.status, 403);
      assert.match(res.body.error as string, /^insufficient_scope/);
      assert.match(res.headers['www-authenticate'] as string, /error="insufficient_scope"/);
    }
    assert.ok(!(await service.read<Array<{ favorite_item_id: string }>>(`/v1/users/${RILEY}/favorites`)).some((f) => f.favorite_item_id === TRACK));
  });

  test('a write for another user is a 403, and nothing changes', async () => {
    const tokens = await signIn(service);
    for (const user of [SAM, 'notAnId', `${RILEY}&user_id=${RILEY}`]) {
      const res = await write('POST', 'favorites', tokens.access_token, `?user_id=${user}`);
      assert.ok(res.status === 403 || res.status === 400, `${user}: ${res.status}`);
    }
    assert.equal((await write('POST', 'favorites', tokens.access_token, `?user_id=${SAM}`)).status, 403);
    assert.deepEqual(await service.read(`/v1/users/${SAM}/favorites`), []);
  });

  test('without a token 401; without user_id 400; an unknown track 404', async () => {
    const tokens = await signIn(service);
    const none = await write('POST', 'favorites', undefined, `?user_id=${RILEY}`);
    assert.equal(none.status, 401);
    assert.match(none.headers['www-authenticate'] as string, /^Bearer error="invalid_token"/);
    assert.equal((await write('POST', 'favorites', tokens.access_token, '')).status, 400);
    assert.equal((await write('POST', 'favorites', tokens.access_token, `?user_id=${RILEY}`, encodeId(999))).status, 404);
  });

  test('a revoked or reused sign-in cannot write', async () => {
    const tokens = await signIn(service);
    await post(service, '/v1/oauth/revoke', { token: tokens.refresh_token });
    assert.equal((await write('POST', 'favorites', tokens.access_token, `?user_id=${RILEY}`)).status, 401);
  });
});

describe('grants page', () => {
  test('a code-flow grant is listed on /oauth/grants; Revoke there ends its tokens at once', async () => {
    const tokens = await signIn(service, { login: 'Quinn_Q', scope: 'read' });
    const browser = new Browser(service.app);
    // Sign in on the page through a token-flow link, then open the grants page.
    const start = await browser.get(`/oauth/auth?scope=read&api_key=${DEMO_APP.apiKey}&redirect_uri=${encodeURIComponent('https://app.example.com/cb')}`);
    await browser.post('/oauth/login', { ...formFields(start.body, '/oauth/login'), login: 'Quinn_Q', password: GENERATED_PASSWORD });
    const page = await browser.get('/oauth/grants');
    assert.match(page.body, /<li><strong><bdi>Demo App<\/bdi><\/strong>, can see your profile, since \d{4}-\d\d-\d\d/);
    assert.equal((await me(service, tokens.access_token)).status, 200);
    const res = await browser.post('/oauth/grants/revoke', { ...formFields(page.body, '/oauth/grants/revoke'), revoke: DEMO_APP.apiKey });
    assert.equal(res.statusCode, 303);
    const done = await browser.get(res.headers.location as string);
    assert.match(done.body, /<bdi>Demo App<\/bdi> no longer has access to your account\./);
    assert.equal((await me(service, tokens.access_token)).status, 401);
    assert.equal((await post(service, '/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: DEMO_APP.apiKey })).body.error, 'invalid_grant');
  });
});

describe('/v1/developer_apps/{api_key}', () => {
  test('answers production\'s DeveloperApp; an unknown key is a 404', async () => {
    const made = createApp(service.db, 'Fan Site', ['https://fans.example/cb']);
    const res = await service.app.inject({ url: `/v1/developer_apps/${made.apiKey}` });
    assert.equal(res.statusCode, 200);
    const data = (res.json() as { data: Record<string, unknown> }).data;
    const found = noFindings();
    checkModel(data, 'DeveloperApp', 'data', found);
    assert.deepEqual(found, noFindings());
    assert.equal(data.name, 'Fan Site');
    assert.equal(data.address, `0x${made.apiKey}`);
    assert.deepEqual(data.redirect_uris, ['https://fans.example/cb']);
    assert.equal((await service.app.inject({ url: `/v1/developer_apps/${DEMO_APP.apiKey}` })).json().data.name, 'Demo App');
    // Production's library 16 asks at /v1/developer-apps/{address}.
    for (const key of [DEMO_APP.apiKey, `0x${DEMO_APP.apiKey}`]) {
      assert.equal((await service.app.inject({ url: `/v1/developer-apps/${key}` })).json().data.name, 'Demo App');
    }
    assert.equal((await service.app.inject({ url: '/v1/developer_apps/nope' })).statusCode, 404);
  });
});

describe('bad input never gives a 500', () => {
  test('fuzzed methods, bodies, headers and parameters on the new routes', async () => {
    const tokens = await signIn(service);
    let seed = 26;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const junk = () => Buffer.from(Array.from({ length: Math.floor(random() * 64) }, () => Math.floor(random() * 256)));
    const paths = [
      '/v1/oauth/token', '/v1/oauth/revoke', '/v1/me', `/v1/tracks/${TRACK}/favorites?user_id=${RILEY}`, `/v1/tracks/${TRACK}/reposts?user_id=${RILEY}`,
      '/v1/tracks/%ZZ/favorites', `/v1/tracks/${TRACK}/favorites?user_id[]=x&user_id=%00`, '/v1/developer_apps/%E0%A4%A', `/v1/developer_apps/${'k'.repeat(300)}`,
      '/v1/oauth/authorize?response_type=code&scope=write&api_key[]=1', `/v1/oauth/authorize?response_type=code&api_key=${DEMO_APP.apiKey}&redirect_uri=http://127.0.0.1/%ZZ&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&scope=read`,
      '/v1/oauth/authorize?response_type=code&scope=read%00write&redirect_uri=http://127.0.0.1:0/', `/v1/oauth/authorize?${'x=1&'.repeat(200)}`,
    ];
    const bodies: Array<string | Buffer> = [
      '', '{', '[]', 'null', '"x"', '12', '{"grant_type":{"a":1}}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}',
      JSON.stringify({ grant_type: 'authorization_code', code: ['a'], client_id: DEMO_APP.apiKey }), JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(5000), client_id: DEMO_APP.apiKey }),
      JSON.stringify({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: null }), 'grant_type=%ZZ&code=%', 'a=1&a=2&a=3', `token=${'%'.repeat(100)}`,
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ];
    const types = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', '', 'application/x-www-form-urlencoded; charset=utf-8'];
    const auths = [undefined, `Bearer ${tokens.access_token}`, 'Bearer', `Bearer ${'+'.repeat(600)}`, 'Basic Og==', `Bearer ${tokens.access_token}, Bearer x`];
    const failures: string[] = [];
    for (let i = 0; i < 600; i++) {
      const method = pick(['GET', 'POST', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'] as const);
      const url = pick(paths);
      const body = random() < 0.15 ? junk() : pick(bodies);
      const type = pick(types);
      const authorization = pick(auths);
      const headers: Record<string, string> = {};
      if (type) headers['content-type'] = type;
      if (authorization) headers.authorization = authorization;
      const res = await service.app.inject({ method, url, headers, payload: method === 'GET' || method === 'HEAD' ? undefined : body });
      if (res.statusCode >= 500) failures.push(`${method} ${url} ${type} ${String(body).slice(0, 40)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    assert.deepEqual(failures, []);
  });
});
