// Issue 28: an embed page with `lang=` speaks that language with scripts off (the server render,
// the page's own words, <html lang dir>), loads the kit's translation for the browser, and
// oEmbed passes `lang` on to the frame it gives.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';

let service: RunningService;
let dataDir: string;
let track: { id: string; title: string; user: { handle: string; name: string } };

const page = async (path: string) => (await fetch(`${service.url}${path}`)).text();
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-embed-lang-'));
  service = await startService({ port: 0, dataDir });
  const res = await fetch(`${service.url}/v1/tracks/trending?limit=1&app_name=embed-lang-test`);
  [track] = ((await res.json()) as { data: (typeof track)[] }).data;
});

after(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embed pages in a language', () => {
  test('lang=fr: French in the HTML itself, and the French translation loaded', async () => {
    const html = await page(`/embed/track/${track.id}?lang=fr`);
    assert.match(html, /<html lang="fr" dir="ltr">/);
    assert.ok(html.includes(`aria-label="Lire ${escaped(track.title)}"`), 'the play button named in French');
    assert.ok(html.includes(`${escaped(track.title)} par ${escaped(track.user.name)}`), 'the card named in French');
    assert.match(html, /Écouter sur /);
    assert.doesNotMatch(html, /Listen on /);
    // Its content-hashed name (test/server/compression.test.ts checks the names and their caching), which the bootstrap loads before the kit.
    const src = /<body [^>]*data-translation="(\/embed\/translations\/fr\.[\w-]+\.js)"/.exec(html)?.[1];
    assert.ok(src, 'the French translation loaded');
    const script = await fetch(`${service.url}${src}`);
    assert.equal(script.status, 200);
    assert.match(await script.text(), /Lire \{title\}/);
  });

  test('lang=pt-BR speaks Portuguese; lang=ar is right to left; an unknown language is English', async () => {
    assert.match(await page(`/embed/track/${track.id}?lang=pt-BR`), /<html lang="pt" dir="ltr">/);
    assert.match(await page(`/embed/track/${track.id}?lang=ar`), /<html lang="ar" dir="rtl">/);
    const other = await page(`/embed/track/${track.id}?lang=xx`);
    assert.match(other, /<html lang="en" dir="ltr">/);
    assert.ok(other.includes(`aria-label="Play ${escaped(track.title)}"`));
    assert.equal((await fetch(`${service.url}/embed/translations/xx.js`)).status, 404);
  });

  test('a missing track says so in the language', async () => {
    const res = await fetch(`${service.url}/embed/track/zzzzzzzz?lang=de`);
    assert.equal(res.status, 404);
    assert.match(await res.text(), /Dieser Titel ist nicht verfügbar\./);
  });

  test('a missing playlist or user says so in the kit’s own words (src/translations)', async () => {
    const missing = async (path: string) => {
      const res = await fetch(`${service.url}${path}`);
      assert.equal(res.status, 404);
      return (/<p>(.*?)<\/p>/.exec(await res.text()) ?? [])[1];
    };
    assert.equal(await missing('/embed/playlist/zzzzzzzz?lang=fr'), 'Cette playlist n’est pas disponible.');
    assert.equal(await missing('/embed/user/zzzzzzzz?lang=ar'), 'هذا المستخدم غير متاح.');
    assert.equal(await missing('/embed/user/zzzzzzzz?lang=xx'), 'This user is not available.');
  });

  test('oEmbed passes lang on to the frame', async () => {
    const url = `${service.url}/${track.user.handle}`;
    const res = await fetch(`${service.url}/oembed?${new URLSearchParams({ url, lang: 'ja' })}`);
    assert.equal(res.status, 200);
    const { html } = (await res.json()) as { html: string };
    assert.match(html, /src="[^"]*(&|&#38;|&amp;)lang=ja"/);
  });
});
