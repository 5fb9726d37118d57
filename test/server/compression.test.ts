// Issue 38: the service compresses what it sends (HTML, JavaScript, JSON, SVG; Brotli or gzip by
// Accept-Encoding), never the audio or the JPEGs; the embed pages name their kit by content hash,
// cached for a year, while the fixed /embed/kit.js keeps answering for pages that name it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startService, type RunningService } from '../../server/service.js';
import { KIT_FILE } from '../../server/embed/kit.js';

const CDN = resolve(import.meta.dirname, '../../dist/cdn');
let service: RunningService;
let dataDir: string;
let trackId: string;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent: fetch would decode them, so node:http, with exactly the headers given. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = request(`${service.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync };

/** Asks for `path` plain, in Brotli and in gzip: each encoded answer decodes to the plain bytes. */
async function assertCompressed(path: string): Promise<Buffer> {
  const plain = await raw(path);
  assert.equal(plain.status, 200, path);
  assert.equal(plain.headers['content-encoding'], undefined, `${path} plain without Accept-Encoding`);
  for (const encoding of ['br', 'gzip'] as const) {
    const answer = await raw(path, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate', origin: 'https://blog.example' });
    assert.equal(answer.status, 200, path);
    assert.equal(answer.headers['content-encoding'], encoding, `${path} in ${encoding}`);
    assert.match(String(answer.headers.vary), /accept-encoding/i, `${path} varies by Accept-Encoding`);
    assert.equal(answer.headers['access-control-allow-origin'], '*', `${path} still readable cross-origin`);
    assert.ok(answer.body.length < plain.body.length / 2, `${path}: ${answer.body.length} B in ${encoding} of ${plain.body.length}`);
    assert.ok(decode[encoding](answer.body).equals(plain.body), `${path} in ${encoding} decodes to the plain bytes`);
  }
  return plain.body;
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-compression-'));
  service = await startService({ port: 0, dataDir });
  const trending = JSON.parse((await raw('/v1/tracks/trending?limit=1&app_name=compression-test')).body.toString()) as { data: { id: string }[] };
  trackId = trending.data[0]!.id;
});

after(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('compressed answers', () => {
  test('a JSON answer, an embed page, an SVG and the kit arrive in Brotli or gzip and decode to the plain bytes', async () => {
    await assertCompressed('/v1/tracks/trending?limit=20&app_name=compression-test');
    const page = (await assertCompressed(`/embed/track/${trackId}`)).toString();
    await assertCompressed(`/images/artwork/${trackId}/480x480.svg`);
    const kit = /data-kit="(\/embed\/kit\.[\w-]+\.js)"/.exec(page)?.[1];
    assert.ok(kit, 'the page names the kit by its hash');
    assert.ok((await assertCompressed(kit)).equals(readFileSync(join(CDN, KIT_FILE))), 'the kit is the build, byte for byte');
    assert.ok((await assertCompressed('/embed/kit.js')).equals(readFileSync(join(CDN, KIT_FILE))));
  });

  test('Brotli first when both are accepted; q=0 refuses one; identity alone is plain', async () => {
    for (const path of [`/embed/track/${trackId}`, '/embed/kit.js']) {
      assert.equal((await raw(path, { 'accept-encoding': 'gzip;q=0.5, br;q=0.8' })).headers['content-encoding'], 'br', path);
      assert.equal((await raw(path, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'], 'gzip', path);
      assert.equal((await raw(path, { 'accept-encoding': 'identity' })).headers['content-encoding'], undefined, path);
    }
  });

  test('the stream is never compressed: whole and Range answers are the file\'s own bytes', async () => {
    const path = `/v1/tracks/${trackId}/stream?app_name=compression-test`;
    const whole = await raw(path, { 'accept-encoding': 'br, gzip' });
    assert.equal(whole.status, 200);
    assert.equal(whole.headers['content-encoding'], undefined);
    assert.equal(Number(whole.headers['content-length']), whole.body.length);
    const part = await raw(path, { 'accept-encoding': 'br, gzip', range: 'bytes=1000-66535' });
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-encoding'], undefined);
    assert.equal(part.headers['content-range'], `bytes 1000-66535/${whole.body.length}`);
    assert.ok(part.body.equals(whole.body.subarray(1000, 66536)), 'the Range is the same bytes as the whole file\'s');
    const head = await raw(path, { 'accept-encoding': 'br, gzip' }, 'HEAD');
    assert.equal(head.headers['content-encoding'], undefined);
    assert.equal(Number(head.headers['content-length']), whole.body.length);
  });

  test('JPEGs are not compressed again; a small answer may stay plain', async () => {
    const jpeg = await raw(`/images/artwork/${trackId}/150x150.jpg`, { 'accept-encoding': 'br, gzip' });
    assert.equal(jpeg.status, 200);
    assert.equal(jpeg.headers['content-encoding'], undefined);
    const small = await raw('/v1/tracks/zzzzzzzz?app_name=compression-test', { 'accept-encoding': 'br, gzip' });
    assert.ok(small.body.length < 1024);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.ok(JSON.parse(small.body.toString()).error, 'the JSON error as it was');
  });
});

describe('the kit\'s hashed name', () => {
  const kitPath = async () => /data-kit="(\/embed\/kit\.[\w-]+\.js)"/.exec((await raw(`/embed/track/${trackId}`)).body.toString())![1]!;

  test('cached for a year, immutable; the page itself and the fixed name stay short-lived', async () => {
    const kit = await raw(await kitPath(), { 'accept-encoding': 'br' });
    assert.equal(kit.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await raw('/embed/kit.js')).headers['cache-control'], 'public, max-age=300');
    assert.equal((await raw(`/embed/track/${trackId}`)).headers['cache-control'], 'public, max-age=60');
  });

  test('the hash is the content\'s: a stale one redirects to the current name, never serves the new bytes under it', async () => {
    const current = await kitPath();
    const hash = current.slice('/embed/kit.'.length, -'.js'.length);
    assert.equal(`"${hash}"`, (await raw('/embed/kit.js')).headers.etag, 'the ETag and the name share the hash');
    const stale = await raw('/embed/kit.AAAAAAAAAAAAAAAA.js');
    assert.equal(stale.status, 302);
    assert.equal(stale.headers.location, current);
    assert.equal(stale.headers['cache-control'], 'no-store');
    assert.equal((await raw('/embed/kit.not/a-name.js')).status >= 400, true);
    assert.equal((await raw('/embed/kit.x')).status, 404);
  });

  test('the translations: hashed in the page, a year\'s cache; a stale hash redirects; an unknown language is 404', async () => {
    const page = (await raw(`/embed/track/${trackId}?lang=fr`)).body.toString();
    const src = /data-translation="(\/embed\/translations\/fr\.[\w-]+\.js)"/.exec(page)?.[1];
    assert.ok(src);
    const body = await assertCompressed(src);
    assert.ok(body.equals(readFileSync(join(CDN, 'translations/fr.js'))));
    assert.equal((await raw(src)).headers['cache-control'], 'public, max-age=31536000, immutable');
    const stale = await raw('/embed/translations/fr.AAAAAAAA.js');
    assert.equal(stale.status, 302);
    assert.equal(stale.headers.location, src);
    assert.equal((await raw('/embed/translations/xx.AAAAAAAA.js')).status, 404);
    assert.equal((await raw('/embed/translations/fr.js')).headers['cache-control'], 'public, max-age=300');
  });

  test('ETag per encoding; If-None-Match of any of them answers 304; HEAD has the headers and no body', async () => {
    const path = await kitPath();
    const br = await raw(path, { 'accept-encoding': 'br' });
    const gzip = await raw(path, { 'accept-encoding': 'gzip' });
    const plain = await raw(path);
    assert.equal(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size, 3, 'three ETags');
    for (const etag of [br.headers.etag, gzip.headers.etag, plain.headers.etag]) {
      const again = await raw(path, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      assert.equal(again.status, 304);
      assert.equal(again.headers.etag, br.headers.etag);
      assert.equal(again.body.length, 0);
    }
    assert.equal((await raw(path, { 'if-none-match': '"other"' })).status, 200);
    const head = await raw(path, { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-encoding'], 'br');
    assert.equal(Number(head.headers['content-length']), br.body.length);
    assert.equal(head.body.length, 0);
  });
});
