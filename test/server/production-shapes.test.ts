// Every read operation a production client makes, against the real service in both modes, each
// answer checked against production's models (production-shapes.ts, from production-shapes.md).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';
import { recoverPersonalSigner } from '../../server/auth/tokens/wallet.js';
import { checkOperations, demoToken, summarize, type OperationResult } from './production-operations.js';

const APP = 'shapes-test';
const dirs: string[] = [];
let plain: RunningService;
let compat: RunningService;

before(async () => {
  const dir = () => (dirs.push(mkdtempSync(join(tmpdir(), 'service-shapes-'))), dirs.at(-1)!);
  [plain, compat] = await Promise.all([startService({ port: 0, dataDir: dir() }), startService({ port: 0, dataDir: dir(), compat: 'production' })]);
});

after(async () => {
  await Promise.all([plain?.close(), compat?.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const failures = (results: OperationResult[]) =>
  results.filter((r) => !r.parsed).map((r) => `${r.name}: ${r.error ?? [...r.findings.missing, ...r.findings.mistyped].slice(0, 5).join('; ')}`);

async function json(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url}: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

describe('--compat production', () => {
  test('a production client parses all 18 operations; no required field is missing', async () => {
    const results = await checkOperations(compat.url, demoToken(compat.ctx.db), APP);
    assert.equal(results.length, 18);
    assert.deepEqual(failures(results), []);
    assert.deepEqual(summarize(results).missing, []);
  });

  test('envelope beside data; trending by year; the stream without app_name counted under an empty name', async () => {
    const body = await json(`${compat.url}/v1/tracks/trending?time=year&limit=3&app_name=${APP}`);
    for (const key of ['latest_chain_block', 'latest_indexed_block', 'latest_chain_slot_plays', 'latest_indexed_slot_plays', 'signature', 'timestamp']) {
      assert.ok(key in body, key);
    }
    assert.deepEqual(body.version, { service: 'discovery-node', version: '1.0.0' });
    assert.equal((body.data as unknown[]).length, 3);
    const year = (body.data as { id: string }[]).map((t) => t.id).join();
    const allTime = ((await json(`${compat.url}/v1/tracks/trending?time=allTime&limit=3&app_name=${APP}`)).data as { id: string }[]).map((t) => t.id).join();
    assert.notEqual(year, allTime, 'year is its own window');

    const before = ((await json(`${compat.url}/v1/metrics/app_name/trailing/week?app_name=${APP}`)).data as { name: string; count: number }[]).find((m) => m.name === '')?.count ?? 0;
    const track = (body.data as { id: string }[])[0]!.id;
    const audio = await fetch(`${compat.url}/v1/tracks/${track}/stream`, { headers: { range: 'bytes=0-9' } });
    assert.equal(audio.status, 206);
    await audio.arrayBuffer();
    const after = ((await json(`${compat.url}/v1/metrics/app_name/trailing/week?app_name=${APP}`)).data as { name: string; count: number }[]).find((m) => m.name === '')?.count;
    assert.equal(after, before + 1);
  });

  test('reposts: item_type is the string track or playlist, with class', async () => {
    const body = await json(`${compat.url}/v1/users/7eP5n/reposts?limit=100&app_name=${APP}`);
    const activities = body.data as { item_type: string; class: string; item: { title?: string; playlist_name?: string } }[];
    assert.ok(activities.length > 0);
    for (const a of activities) {
      assert.ok(a.item_type === 'track' ? a.item.title && a.class === 'track_activity' : a.item_type === 'playlist' && a.item.playlist_name && a.class === 'collection_activity');
    }
  });
});

describe('default mode (the contract)', () => {
  test('every required field of production is there; only the documented differences do not parse', async () => {
    const results = await checkOperations(plain.url, demoToken(plain.ctx.db), APP);
    assert.deepEqual(summarize(results).missing, []);
    // The contract's shapes: get-playlist an object, item_type `{kind}`, a plain health check,
    // app_name required on the stream.
    assert.deepEqual(
      results.filter((r) => !r.parsed).map((r) => r.name),
      ['health check (GET /health_check)', 'user reposts', 'get playlist', 'stream track'],
    );
    assert.deepEqual(results.find((r) => r.name === 'user reposts')!.findings.missing, []);
  });

  test('values are true to the catalog', async () => {
    const user = (await json(`${plain.url}/v1/users/7eP5n?app_name=${APP}`)).data as Record<string, unknown>;
    // The wallet is the one that signs the user's login tokens.
    const token = demoToken(plain.ctx.db);
    const [header, payload, signature] = token.split('.');
    assert.equal(recoverPersonalSigner(`${header}.${payload}`, Buffer.from(signature!, 'base64url').toString()), user.wallet);
    const tracks = (await json(`${plain.url}/v1/users/7eP5n/tracks?limit=500&app_name=${APP}`)).data as Record<string, unknown>[];
    assert.equal(tracks.length, user.track_count);
    for (const track of tracks) {
      assert.equal(track.user_id, '7eP5n');
      assert.equal(track.is_downloadable, track.downloadable === true);
      assert.deepEqual(track.access, { stream: true, download: track.downloadable === true });
      assert.ok(Date.parse(track.created_at as string) < Date.now());
      const resolved = await fetch(`${plain.url}/v1/resolve?url=${encodeURIComponent(track.permalink as string)}&app_name=${APP}`, { redirect: 'manual' });
      assert.equal(resolved.headers.get('location'), `/v1/tracks/${track.id}?app_name=${APP}`);
      const stream = await fetch((track.stream as { url: string }).url, { method: 'HEAD' });
      assert.equal(stream.status, 200, 'the stream URL plays');
    }
    const playlist = ((await json(`${plain.url}/v1/playlists/search?query=a&app_name=${APP}`)).data as Record<string, unknown>[])[0]!;
    const inOrder = ((await json(`${plain.url}/v1/playlists/${playlist.id}/tracks?app_name=${APP}`)).data as { id: string }[]).map((t) => t.id);
    assert.deepEqual((playlist.playlist_contents as { track_id: string }[]).map((c) => c.track_id), inOrder);
    assert.equal(playlist.track_count, inOrder.length);
    const resolved = await fetch(`${plain.url}/v1/resolve?url=${encodeURIComponent(playlist.permalink as string)}&app_name=${APP}`, { redirect: 'manual' });
    assert.equal(resolved.headers.get('location'), `/v1/playlists/${playlist.id}?app_name=${APP}`);
  });

  test('a remix names its parents with their owners', async () => {
    const found = (await json(`${plain.url}/v1/tracks/search?query=remix&limit=50&app_name=${APP}`)).data as Record<string, unknown>[];
    const remix = found.find((t) => (t.remix_of as { tracks: unknown[] }).tracks.length > 0);
    assert.ok(remix, 'the catalog has a remix');
    for (const parent of (remix.remix_of as { tracks: { parent_track_id: string; user: { id: string } }[] }).tracks) {
      const track = (await json(`${plain.url}/v1/tracks/${parent.parent_track_id}?app_name=${APP}`)).data as { user: { id: string } };
      assert.equal(parent.user.id, track.user.id);
    }
  });
});
