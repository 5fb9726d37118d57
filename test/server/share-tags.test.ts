// Issue 37: the share tags' values (server/embed/share-tags.ts), escaped whatever the catalog
// holds; the public origin they name (--public-hosts); the service's icons. What the unfurling
// libraries make of them is in link-previews.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { startService, type RunningService } from '../../server/service.js';
import { decodeId } from '../../server/ids.js';
import { parseServiceArgs } from '../../server/options.js';
import { isoDuration, scriptJson } from '../../server/embed/share-tags.js';
import { clockTime, squareWithin } from '../../server/embed/share-facts.js';

let service: RunningService;
let dataDir: string;
let track: { id: string; title: string; permalink: string; user: { handle: string; name: string } };

const page = async (path: string) => (await fetch(service.url + path)).text();
/** The page's `<meta>` contents by property or name, as a reader decodes them. */
const metaOf = async (html: string) => (await ogs({ html })).result;
/** The JSON-LD block's object, as a search engine parses it. */
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
/** A `<meta>` tag's content, its character references decoded. */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-share-tags-'));
  service = await startService({ port: 0, dataDir });
  [track] = ((await (await fetch(`${service.url}/v1/tracks/trending?limit=1&app_name=share-tags-test`)).json()) as { data: (typeof track)[] }).data;
});

after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('share tags', () => {
  test('formats: ISO 8601 durations, clock times, the largest square that fits, JSON that cannot close its script', () => {
    assert.deepEqual([0, 59, 270, 3600, 3661].map(isoDuration), ['PT0S', 'PT59S', 'PT4M30S', 'PT1H', 'PT1H1M1S']);
    assert.deepEqual([7, 187, 3723].map(clockTime), ['0:07', '3:07', '1:02:03']);
    assert.deepEqual([squareWithin(300), squareWithin(480, 1000), squareWithin(), squareWithin(149)], [150, 480, 1000, undefined]);
    const json = scriptJson({ name: '</script><script>alert(1)</script> & \u2028' });
    assert.doesNotMatch(json, /[<>&\u2028]/);
    assert.equal((JSON.parse(json) as { name: string }).name, '</script><script>alert(1)</script> & \u2028');
  });

  test('a title and description with "<>& and </script> stay text in every tag and in the JSON-LD', async () => {
    const title = 'Say "hi" <b>loud</b> & </script><script>alert(1)</script>';
    const description = '<img src=x onerror=alert(1)> "quoted" & more';
    const id = decodeId(track.id)!;
    const before = service.ctx.db.prepare('SELECT title, description FROM tracks WHERE id = ?').get(id) as { title: string; description: string | null };
    service.ctx.db.prepare('UPDATE tracks SET title = ?, description = ? WHERE id = ?').run(title, description, id);
    try {
      for (const path of [new URL(track.permalink, service.url).pathname, `/embed/track/${track.id}`]) {
        const html = await page(path);
        const head = html.split('</head>')[0]!;
        assert.doesNotMatch(html, /<script>alert|<img src=x|<b>loud/, `${path}: nothing breaks out`);
        assert.equal(head.match(/<script/g)?.length, head.match(/<\/script>/g)?.length, `${path}: every script element closes where it should`);
        const meta = await metaOf(html);
        assert.equal(meta.ogTitle, `${title} by ${track.user.name}`, `${path}: og:title`);
        assert.equal(meta.twitterTitle, `${title} by ${track.user.name}`);
        assert.equal(meta.ogDescription, description);
        assert.equal(meta.ogImage?.[0]?.alt, `Artwork of ${title} by ${track.user.name}`);
        const ld = jsonLd(html);
        assert.equal(ld.name, title, `${path}: JSON-LD name`);
        assert.equal(ld.description, description);
      }
    } finally {
      service.ctx.db.prepare('UPDATE tracks SET title = ?, description = ? WHERE id = ?').run(before.title, before.description, id);
    }
  });

  test('a track without a description: a sentence of its facts (artist, length, plays)', async () => {
    const id = decodeId(track.id)!;
    const before = service.ctx.db.prepare('SELECT description, duration, play_count FROM tracks WHERE id = ?').get(id) as { description: string | null; duration: number; play_count: number };
    service.ctx.db.prepare('UPDATE tracks SET description = NULL WHERE id = ?').run(id);
    try {
      const html = await page(new URL(track.permalink, service.url).pathname);
      const sentence = `Track by ${track.user.name} · ${clockTime(before.duration)} · ${before.play_count.toLocaleString('en')} plays`;
      for (const key of ['description', 'og:description', 'twitter:description']) assert.equal(metaContent(html, key), sentence, key);
    } finally {
      service.ctx.db.prepare('UPDATE tracks SET description = ? WHERE id = ?').run(before.description, id);
    }
  });

  test('--public-hosts: the first origin is the one the tags name (https in production), the player card included', async () => {
    const path = new URL(track.permalink, service.url).pathname;
    service.ctx.publicHosts = ['https://music.example'];
    try {
      const html = await page(path);
      assert.equal(metaContent(html, 'og:url'), `https://music.example${path}`);
      assert.equal(metaContent(html, 'twitter:player'), `https://music.example/embed/track/${track.id}?size=card`);
      assert.equal(metaContent(html, 'og:image'), `https://music.example/images/artwork/${track.id}/1200x630.jpg`);
      assert.match(metaContent(html, 'og:audio') ?? '', /^https:\/\/music\.example\/v1\/tracks\//);
      assert.equal(metaContent(html, 'og:audio:secure_url'), metaContent(html, 'og:audio'));
      assert.equal(metaContent(html, 'og:image:secure_url'), metaContent(html, 'og:image'));
      assert.equal(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], `https://music.example${path}`);
    } finally {
      service.ctx.publicHosts = undefined;
    }
    assert.equal(metaContent(await page(path), 'og:audio:secure_url'), undefined, 'no secure_url over http');
    const { service: options } = parseServiceArgs(['--public-hosts', 'music.example, http://localhost:8080/']);
    assert.deepEqual(options.publicHosts, ['https://music.example', 'http://localhost:8080']);
    assert.equal(parseServiceArgs([]).service.publicHosts, undefined);
    assert.throws(() => parseServiceArgs(['--public-hosts', 'ftp://music.example']), /--public-hosts/);
  });
});

describe('the service\'s icons', () => {
  test('every page links a favicon and an apple-touch-icon, and they are the mark as SVG, ICO and PNG', async () => {
    const html = await page(new URL(track.permalink, service.url).pathname);
    assert.match(html, /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml">/);
    assert.match(html, /<link rel="apple-touch-icon" href="\/apple-touch-icon\.png">/);
    assert.match(metaContent(html, 'theme-color') ?? '', /^#[0-9a-f]{6}$/);

    const svg = await fetch(`${service.url}/favicon.svg`);
    assert.equal(svg.headers.get('content-type'), 'image/svg+xml');
    assert.match(await svg.text(), /^<svg [^>]*viewBox/);
    const touch = await fetch(`${service.url}/apple-touch-icon.png`);
    assert.equal(touch.headers.get('content-type'), 'image/png');
    assert.deepEqual(await sharp(Buffer.from(await touch.arrayBuffer())).metadata().then((m) => [m.format, m.width, m.height]), ['png', 180, 180]);
    const ico = Buffer.from(await (await fetch(`${service.url}/favicon.ico`)).arrayBuffer());
    assert.deepEqual([ico.readUInt16LE(2), ico.readUInt16LE(4)], [1, 1], 'an icon file with one image');
    const png = ico.subarray(ico.readUInt32LE(18), ico.readUInt32LE(18) + ico.readUInt32LE(14));
    assert.deepEqual(await sharp(png).metadata().then((m) => [m.format, m.width, m.height]), ['png', 32, 32]);
  });
});
