// The demo pages `npm start` serves name an icon that is there: no 404 on every load.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startDemoServer, type StaticServer } from '../../scripts/start.js';

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
