// The Node-only write entry (src/node/write.ts) against a started reference service.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';
import { DEMO_ACCOUNT, DEMO_APP } from '../../server/auth/index.js';
import { createWriteClient, ServiceError, type WriteClient } from '../../src/node/write.js';
import { authUrl, Browser, formFields } from './auth-fixture.js';

const DEMO_ID = '7eP5n';
let service: RunningService;
let dataDir: string;
let writer: WriteClient;
let trackId: string;

async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${service.url}${path}?app_name=node-write-test`);
  assert.equal(res.status, 200, path);
  return ((await res.json()) as { data: T }).data;
}
const favoriteIds = async () => (await read<Array<{ favorite_item_id: string }>>(`/v1/users/${DEMO_ID}/favorites`)).map((f) => f.favorite_item_id);
const favoriteCount = async () => (await read<{ favorite_count: number }>(`/v1/tracks/${trackId}`)).favorite_count;

/** Awaits `p`, expects a ServiceError, returns it. */
async function rejection(p: Promise<unknown>): Promise<ServiceError> {
  const error = await p.then(() => assert.fail('expected a rejection'), (e: unknown) => e);
  assert.ok(error instanceof ServiceError, String(error));
  return error;
}

/** The demo user grants the demo app write on the real login page. */
async function grantWrite(): Promise<void> {
  const browser = new Browser(service.app);
  const page = await browser.get(authUrl({ scope: 'write', api_key: DEMO_APP.apiKey, redirect_uri: 'https://app.example.com/cb' }));
  const signedIn = await browser.post('/oauth/login', { ...formFields(page.body, '/oauth/login'), login: DEMO_ACCOUNT.handle, password: DEMO_ACCOUNT.password });
  const consent = await browser.get(signedIn.headers.location as string);
  const done = await browser.post('/oauth/authorize', { ...formFields(consent.body, '/oauth/authorize'), decision: 'authorize' });
  assert.equal(done.statusCode, 302);
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'node-write-'));
  service = await startService({ port: 0, dataDir });
  writer = createWriteClient({ apiKey: DEMO_APP.apiKey, apiSecret: DEMO_APP.apiSecret, host: service.url });
  const taken = new Set(await favoriteIds());
  trackId = (await read<Array<{ id: string }>>('/v1/tracks/trending')).find((t) => !taken.has(t.id))!.id;
});

after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('createWriteClient', () => {
  test('refuses to run where a browser\'s globals exist, at import and at creation', async () => {
    const g = globalThis as { window?: unknown };
    g.window = {};
    try {
      // A query gives a fresh module instance, so its top level runs again with `window` set.
      const fresh = '../../src/node/write.ts?as-if-in-a-browser';
      await assert.rejects(import(fresh), /for servers only.*never be sent to a browser/);
      assert.throws(() => createWriteClient({ apiKey: 'k', apiSecret: 's', host: service.url }), /for servers only/);
    } finally {
      delete g.window;
    }
  });

  test('needs the key, the secret and a host', () => {
    assert.throws(() => createWriteClient({ apiKey: DEMO_APP.apiKey, apiSecret: '', host: service.url }), (e: ServiceError) => e.kind === 'config' && /apiSecret/.test(e.message));
    assert.throws(() => createWriteClient({ apiKey: DEMO_APP.apiKey, apiSecret: 's' }), /host or hostListUrl/);
  });

  test('without the user\'s write grant: 403, and nothing changes', async () => {
    const before = await favoriteCount();
    const error = await rejection(writer.favoriteTrack(DEMO_ID, trackId));
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 403);
    assert.match(error.message, /has not granted write access/);
    assert.equal(error.operation, 'favoriteTrack');
    assert.equal(await favoriteCount(), before);
  });

  test('a wrong secret is a 401, and the secret is not in the error', async () => {
    const wrong = createWriteClient({ apiKey: DEMO_APP.apiKey, apiSecret: 'not-the-secret', host: service.url });
    const error = await rejection(wrong.favoriteTrack(DEMO_ID, trackId));
    assert.equal(error.status, 401);
    assert.ok(!error.message.includes('not-the-secret'));
  });

  test('after a write grant: favorite and unfavorite show in the read API at once, idempotently', async () => {
    await grantWrite();
    const before = await favoriteCount();
    const added = await writer.favoriteTrack(DEMO_ID, trackId);
    assert.deepEqual(added, { user_id: DEMO_ID, track_id: trackId, favorited: true, favorite_count: before + 1 });
    assert.ok((await favoriteIds()).includes(trackId));
    assert.equal(await favoriteCount(), before + 1);
    assert.equal((await writer.favoriteTrack(DEMO_ID, trackId)).favorite_count, before + 1, 'twice changes nothing');

    const removed = await writer.unfavoriteTrack(DEMO_ID, trackId);
    assert.deepEqual(removed, { user_id: DEMO_ID, track_id: trackId, favorited: false, favorite_count: before });
    assert.ok(!(await favoriteIds()).includes(trackId));
    assert.equal((await writer.unfavoriteTrack(DEMO_ID, trackId)).favorite_count, before);
  });

  test('finds the host through a host list too', async () => {
    const listed = createWriteClient({ apiKey: DEMO_APP.apiKey, apiSecret: DEMO_APP.apiSecret, hostListUrl: service.url + '/' });
    assert.equal((await listed.favoriteTrack(DEMO_ID, trackId)).favorited, true);
    assert.equal((await listed.unfavoriteTrack(DEMO_ID, trackId)).favorited, false);
  });

  test('an unknown track is a 404, a bad argument a config error, an unreachable host a network error', async () => {
    assert.equal((await rejection(writer.favoriteTrack(DEMO_ID, 'zzzzzzzzzz'))).status, 404);
    assert.equal((await rejection(writer.favoriteTrack('', trackId))).kind, 'config');
    const dead = createWriteClient({ apiKey: DEMO_APP.apiKey, apiSecret: DEMO_APP.apiSecret, host: 'http://127.0.0.1:9', timeout: 2000 });
    assert.equal((await rejection(dead.favoriteTrack(DEMO_ID, trackId))).kind, 'network');
  });
});
