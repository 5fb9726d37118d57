// The demo pages `npm start` serves name an icon that is there: no 404 on every load. They lead
// with ordinary catalog items: the tracks with markup in their titles are for the tests.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startDemoServer, type StaticServer } from '../../scripts/start.js';
import { startService } from '../../server/service.js';
import { ENUMS, findSamples, presets } from '../../demo/presets.js';

let demo: StaticServer;
before(async () => {
  demo = await startDemoServer(0, 'http://127.0.0.1:7700');
});
after(() => demo.close());

for (const page of ['plain.html', 'index.html']) {
  test(`/demo/${page} links an icon the server has`, async () => {
    const html = await (await fetch(`${demo.url}/demo/${page}`)).text();
    const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1]!);
    assert.deepEqual(icons, ['favicon.svg']);
    const res = await fetch(new URL(icons[0]!, `${demo.url}/demo/${page}`));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(await res.text(), /^<svg /);
  });
}

test('the demo pages show ordinary items first: no title with markup in what the elements show', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-demo-pages-'));
  const service = await startService({ port: 0, dataDir });
  try {
    const get = async (path: string) => (await (await fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}app_name=demo-test`)).json()).data;
    const titles = async ({ trackId, playlistId, userId }: { trackId: string; playlistId: string; userId: string }) => [
      (await get(`/tracks/${trackId}`)).title,
      ...(await get(`/playlists/${playlistId}/tracks`)).map((t: { title: string }) => t.title),
      ...(await get(`/users/${userId}/tracks?limit=5`)).map((t: { title: string }) => t.title),
    ];
    const attrs = presets(await findSamples(service.url));
    const demo = {
      trackId: String(attrs['service-track-card']!.attrs['track-id']),
      playlistId: String(attrs['service-playlist']!.attrs['playlist-id']),
      userId: String(attrs['service-user-card']!.attrs['user-id']),
    };
    const plain = readFileSync(new URL('../../demo/plain.html', import.meta.url), 'utf8');
    const id = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(plain)![1]!;
    for (const [page, ids] of [['index.html', demo], ['plain.html', { trackId: id('track-id'), playlistId: id('playlist-id'), userId: id('user-id') }]] as const) {
      const shown = await titles(ids);
      assert.ok(shown.length >= 3, `${page}: ${shown.length} titles`);
      assert.deepEqual(shown.filter((t) => /[<>]/.test(t)), [], `${page}: titles with markup`);
    }
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the demo's form offers a select for every attribute with a fixed set of values: each union type has its values in ENUMS", () => {
  const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as {
    modules: Array<{ declarations?: Array<{ tagName?: string; attributes?: Array<{ name: string; type?: { text: string } }> }> }>;
  };
  // Free text: strings, numbers (but heading-level's 2 to 6) and booleans; anything else is a named union or literals.
  const free = /^(string|number|boolean)( \| undefined)?$/;
  const missing: string[] = [];
  for (const { tagName, attributes } of manifest.modules.flatMap((m) => m.declarations ?? [])) {
    for (const { name, type } of tagName ? (attributes ?? []) : []) {
      const literals = type && /^'[^']*'( \| '[^']*')+( \| undefined)?$/.test(type.text);
      const fixed = (type && !free.test(type.text) && !literals) || name === 'heading-level';
      if (fixed && !ENUMS[`${tagName} ${name}`] && !ENUMS[name]) missing.push(`${tagName} ${name} (${type?.text})`);
    }
  }
  assert.deepEqual(missing, []);
});
