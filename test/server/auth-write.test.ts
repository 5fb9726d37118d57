// Write operations: favorite and unfavorite with the app's key and secret, only with a grant.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createApp, DEMO_APP } from '../../server/auth/store/apps.js';
import { GENERATED_PASSWORD } from '../../server/auth/store/accounts.js';
import { createAppCommand } from '../../server/cli-create-app.js';
import { encodeId } from '../../server/ids.js';
import { authService, authUrl, Browser, formFields, type AuthService } from './auth-fixture.js';

let service: AuthService;
before(async () => {
  service = await authService();
});
after(() => service.close());

const RILEY = encodeId(2);
const SAM = encodeId(3);
const TRACK = encodeId(1);
const demoHeaders = { 'x-api-key': DEMO_APP.apiKey, 'x-api-secret': DEMO_APP.apiSecret };

async function favorite(method: 'POST' | 'DELETE', user: string, track: string, headers: Record<string, string> = demoHeaders) {
  const res = await service.app.inject({ method, url: `/v1/users/${user}/favorites/${track}`, headers });
  return { status: res.statusCode, body: res.json() as { data?: { favorited: boolean; favorite_count: number }; error?: string }, headers: res.headers };
}

/** Riley grants the demo app write through the login page. */
async function grantThroughLoginPage(): Promise<void> {
  const browser = new Browser(service.app);
  const page = await browser.get(authUrl({ scope: 'write', api_key: DEMO_APP.apiKey, redirect_uri: 'https://app.example.com/cb' }));
  const signedIn = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login: 'riley', password: GENERATED_PASSWORD });
  const consent = await browser.get(signedIn.headers.location as string);
  const res = await browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision: 'authorize' });
  assert.equal(res.statusCode, 302);
}

describe('favorite and unfavorite', () => {
  test('bad or missing credentials are a 401', async () => {
    for (const headers of [{}, { 'x-api-key': DEMO_APP.apiKey }, { ...demoHeaders, 'x-api-secret': 'wrong' }, { 'x-api-key': 'nope', 'x-api-secret': DEMO_APP.apiSecret }] as Array<Record<string, string>>) {
      const res = await favorite('POST', RILEY, TRACK, headers);
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.match(res.headers['www-authenticate'] as string, /^Basic /);
    }
    const basicWrong = `Basic ${Buffer.from(`${DEMO_APP.apiKey}:wrong`).toString('base64')}`;
    assert.equal((await favorite('POST', RILEY, TRACK, { authorization: basicWrong })).status, 401);
  });

  test('without a write grant the app gets a 403 and nothing changes', async () => {
    const res = await favorite('POST', RILEY, TRACK);
    assert.equal(res.status, 403);
    assert.match(res.body.error!, /has not granted write access/);
    assert.deepEqual(await service.read(`/v1/users/${RILEY}/favorites`), []);
    assert.equal((await service.read<{ favorite_count: number }>(`/v1/tracks/${TRACK}`)).favorite_count, 3);
  });

  test('with a grant from the login page, favorite shows in the read API at once; both are idempotent', async () => {
    await grantThroughLoginPage();
    let res = await favorite('POST', RILEY, TRACK);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { user_id: RILEY, track_id: TRACK, favorited: true, favorite_count: 4 });
    const [saved, ...others] = await service.read<{ created_at: string }[]>(`/v1/users/${RILEY}/favorites`);
    assert.deepEqual(others, []);
    assert.ok(Math.abs(Date.parse(saved!.created_at) - Date.now()) < 60_000, 'created_at is when it was favorited');
    assert.deepEqual(saved, { favorite_item_id: TRACK, favorite_type: 'SaveType.track', user_id: RILEY, created_at: saved!.created_at });
    assert.equal((await service.read<{ favorite_count: number }>(`/v1/tracks/${TRACK}`)).favorite_count, 4);

    res = await favorite('POST', RILEY, TRACK);
    assert.equal(res.body.data!.favorite_count, 4, 'a second favorite changes nothing');

    const basic = `Basic ${Buffer.from(`${DEMO_APP.apiKey}:${DEMO_APP.apiSecret}`).toString('base64')}`;
    res = await favorite('DELETE', RILEY, TRACK, { authorization: basic });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { user_id: RILEY, track_id: TRACK, favorited: false, favorite_count: 3 });
    assert.deepEqual(await service.read(`/v1/users/${RILEY}/favorites`), []);
    res = await favorite('DELETE', RILEY, TRACK);
    assert.equal(res.body.data!.favorite_count, 3, 'a second unfavorite changes nothing');
    assert.equal((await service.read<{ favorite_count: number }>(`/v1/tracks/${TRACK}`)).favorite_count, 3);
  });

  test('a grant is for one app and one user', async () => {
    assert.equal((await favorite('POST', SAM, TRACK)).status, 403, 'riley\'s grant does not cover sam');
    const other = createApp(service.db, 'Other App');
    assert.match(other.apiKey, /^[0-9a-f]{40}$/);
    assert.match(other.apiSecret, /^[0-9a-f]{64}$/);
    const res = await favorite('POST', RILEY, TRACK, { 'x-api-key': other.apiKey, 'x-api-secret': other.apiSecret });
    assert.equal(res.status, 403);
    const stored = service.db.prepare('SELECT api_secret FROM apps WHERE api_key = ?').get(other.apiKey) as { api_secret: string };
    assert.ok(!stored.api_secret.includes(other.apiSecret), 'the secret is stored hashed');
  });

  test('unknown user or track is a 404; a malformed id is a 400', async () => {
    assert.equal((await favorite('POST', RILEY, encodeId(999))).status, 404);
    assert.equal((await favorite('POST', encodeId(999), TRACK)).status, 404);
    assert.equal((await favorite('POST', RILEY, 'not-an-id!')).status, 400);
  });
});

describe('create-app command', () => {
  test('rejects a missing name without touching any data', () => {
    const lines: string[] = [];
    assert.equal(createAppCommand([], () => {}, (line) => lines.push(line)), 1);
    assert.match(lines[0]!, /give the app a name/);
    assert.equal(createAppCommand(['x', '--bogus'], () => {}, () => {}), 1);
  });
});
