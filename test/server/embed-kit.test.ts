// The embed pages' script is the CDN's own hydrating file for frames (dist/cdn/embed-frame.js, `npm run build`),
// served as built; without the build, a 503 whose JSON says what to run, and the pages still render.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';
import { KIT_FILE } from '../../server/embed/kit.js';

const CDN = resolve(import.meta.dirname, '../../dist/cdn');
let built: RunningService;
let unbuilt: RunningService;
let emptyCdn: string;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  dirs.push(dir);
  return dir;
};

before(async () => {
  emptyCdn = tempDir('service-embed-kit-cdn-');
  [built, unbuilt] = await Promise.all([
    startService({ port: 0, dataDir: tempDir('service-embed-kit-') }),
    startService({ port: 0, dataDir: tempDir('service-embed-kit-unbuilt-'), cdnDir: emptyCdn }),
  ]);
});

after(async () => {
  await Promise.all([built?.close(), unbuilt?.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embed pages serve the CDN build', () => {
  test('/embed/kit.js is dist/cdn/embed-frame.js byte for byte, with an etag that answers 304', async () => {
    const res = await fetch(`${built.url}/embed/kit.js`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(CDN, KIT_FILE))), 'the same bytes as the build');
    const etag = res.headers.get('etag')!;
    assert.equal((await fetch(`${built.url}/embed/kit.js`, { headers: { 'if-none-match': etag } })).status, 304);
  });

  for (const part of ['login-flow.js', 'audio-media.js']) {
    test(`/embed/${part}, which the kit imports from beside itself, is dist/cdn/${part}`, async () => {
      const res = await fetch(`${built.url}/embed/${part}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
      assert.equal(await res.text(), readFileSync(join(CDN, part), 'utf8'));
      // The kit names it relative to itself: /embed/kit.js loads /embed/<part>.
      assert.ok(readFileSync(join(CDN, KIT_FILE), 'utf8').includes(`import(\`./${part}\`)`), `${KIT_FILE} imports ./${part}`);
    });
  }

  test('/embed/translations/fr.js is dist/cdn/translations/fr.js', async () => {
    const res = await fetch(`${built.url}/embed/translations/fr.js`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), readFileSync(join(CDN, 'translations/fr.js'), 'utf8'));
  });

  test('without the build: 503 with the service\'s JSON error naming the command, never a stack; the page itself renders', async () => {
    for (const path of ['/embed/kit.js', '/embed/login-flow.js', '/embed/audio-media.js', '/embed/translations/fr.js']) {
      const res = await fetch(`${unbuilt.url}${path}`);
      assert.equal(res.status, 503, path);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const body = (await res.json()) as { code: number; error: string };
      assert.equal(body.code, 503);
      assert.match(body.error, /npm run build/);
      assert.doesNotMatch(body.error, /\bat .*\.ts:\d+/);
    }
    const trending = (await (await fetch(`${unbuilt.url}/v1/tracks/trending?limit=1&app_name=embed-kit-test`)).json()) as { data: { id: string }[] };
    const page = await fetch(`${unbuilt.url}/embed/track/${trending.data[0]!.id}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<service-track-card/);
  });

  test('a build made while the service runs is served from the next request on', async () => {
    cpSync(join(CDN, KIT_FILE), join(emptyCdn, KIT_FILE));
    const res = await fetch(`${unbuilt.url}/embed/kit.js`);
    assert.equal(res.status, 200);
    assert.equal((await res.text()).length, readFileSync(join(CDN, KIT_FILE), 'utf8').length);
  });
});
