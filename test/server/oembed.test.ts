// oEmbed (GET /oembed), the embed pages' HTTP answers and the public pages' discovery links,
// against a real service on a real catalog. What the pages show in a browser is in embed-browser.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';
import { decodeId } from '../../server/ids.js';

let service: RunningService;
let dataDir: string;

type Track = { id: string; title: string; artwork?: Record<string, string>; user: { id: string; handle: string; name: string } };
type Playlist = { id: string; playlist_name: string; is_album: boolean; artwork?: Record<string, string>; user: { handle: string; name: string } };
type Oembed = Record<string, unknown> & { html: string; width: number; height: number };

const api = async <T>(path: string): Promise<T> =>
  ((await (await fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}app_name=oembed-test`)).json()) as { data: T }).data;
const oembed = (query: Record<string, string>) => fetch(`${service.url}/oembed?${new URLSearchParams(query)}`);

/** The slug of a track or playlist: its public path's last segment, read from the catalog. */
function slugOf(table: 'tracks' | 'playlists', publicId: string): string {
  return service.ctx.db.prepare(`SELECT slug FROM ${table} WHERE id = ?`).pluck().get(decodeId(publicId)) as string;
}

let track: Track;
let playlist: Playlist;
let album: Playlist;
let trackUrl: string;
let playlistUrl: string;
let albumUrl: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-oembed-'));
  service = await startService({ port: 0, dataDir });
  [track] = await api<Track[]>('/tracks/trending?limit=1');
  const lists = await api<Playlist[]>('/playlists/search?query=a&limit=50');
  playlist = lists.find((p) => !p.is_album)!;
  album = lists.find((p) => p.is_album)!;
  trackUrl = `${service.url}/${track!.user.handle}/${slugOf('tracks', track!.id)}`;
  playlistUrl = `${service.url}/${playlist.user.handle}/playlist/${slugOf('playlists', playlist.id)}`;
  albumUrl = `${service.url}/${album.user.handle}/album/${slugOf('playlists', album.id)}`;
});

after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function answer(query: Record<string, string>): Promise<Oembed> {
  const res = await oembed(query);
  assert.equal(res.status, 200, `${JSON.stringify(query)}: ${res.status} ${await res.clone().text()}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  return (await res.json()) as Oembed;
}

/** The embed page an answer's iframe shows. */
function frameSrc(body: Oembed): URL {
  const src = /<iframe src="([^"]+)"/.exec(body.html)?.[1];
  assert.ok(src, `an iframe in ${body.html}`);
  return new URL(src.replaceAll('&#38;', '&'));
}

async function expectError(query: Record<string, string>, status: number): Promise<string> {
  const res = await oembed(query);
  assert.equal(res.status, status, `${JSON.stringify(query)} answers ${status}`);
  const body = (await res.json()) as { code: number; error: string };
  assert.deepEqual(Object.keys(body).sort(), ['code', 'error']);
  assert.equal(body.code, status);
  return body.error;
}

describe('oEmbed', () => {
  test('a track: rich, with its title, artist, artwork and an iframe of its embed page', async () => {
    const body = await answer({ url: trackUrl, format: 'json' });
    assert.equal(body.version, '1.0');
    assert.equal(body.type, 'rich');
    assert.equal(body.title, `${track.title} by ${track.user.name}`);
    assert.equal(body.author_name, track.user.name);
    assert.equal(body.author_url, `${service.url}/${track.user.handle}`);
    assert.equal(body.provider_name, 'Music Service');
    assert.equal(body.provider_url, `${service.url}/`);
    assert.equal(body.thumbnail_url, `${service.url}/images/artwork/${track.id}/480x480.jpg`);
    assert.equal(body.thumbnail_width, 480);
    assert.equal(body.thumbnail_height, 480);
    const src = frameSrc(body);
    assert.equal(src.origin + src.pathname, `${service.url}/embed/track/${track.id}`);
    assert.equal(src.searchParams.get('size'), 'card');
    // The frame fills its column up to the embed's width; the JSON's width stays that number (oEmbed 2.3.4).
    assert.equal(typeof body.width, 'number');
    assert.match(body.html, new RegExp(`width="100%" height="${body.height}" style="border:0;max-width:${body.width}px"`));
    const page = await fetch(src);
    assert.equal(page.status, 200);
  });

  test('a playlist and an album: their embed page, the owner as author', async () => {
    for (const [list, url] of [[playlist, playlistUrl], [album, albumUrl]] as const) {
      const body = await answer({ url });
      assert.equal(body.title, `${list.playlist_name} by ${list.user.name}`);
      assert.equal(body.author_name, list.user.name);
      assert.equal(body.thumbnail_url, `${service.url}/images/playlist/${list.id}/480x480.jpg`);
      assert.equal(frameSrc(body).pathname, `/embed/playlist/${list.id}`);
    }
  });

  test('a user: their name, picture and profile embed; a path alone works as in /v1/resolve', async () => {
    const user = await api<{ id: string; name: string }>(`/users/${track.user.id}`);
    const body = await answer({ url: `/${track.user.handle}` });
    assert.equal(body.title, user.name);
    assert.equal(body.author_url, `${service.url}/${track.user.handle}`);
    assert.equal(body.thumbnail_url, `${service.url}/images/profile/${user.id}/480x480.jpg`);
    assert.equal(frameSrc(body).pathname, `/embed/user/${user.id}`);
  });

  test('sizes: each has its own frame; maxwidth and maxheight bound it, a smaller size when the asked one is too tall', async () => {
    const heights = [];
    for (const size of ['card', 'compact', 'tiny']) {
      const body = await answer({ url: trackUrl, size });
      assert.equal(frameSrc(body).searchParams.get('size'), size);
      heights.push(body.height);
    }
    assert.ok(heights[0]! > heights[1]! && heights[1]! > heights[2]!, `card > compact > tiny: ${heights}`);
    const narrow = await answer({ url: trackUrl, maxwidth: '300' });
    assert.equal(narrow.width, 300);
    assert.match(narrow.html, /width="100%" height="\d+" style="border:0;max-width:300px"/);
    assert.equal(frameSrc(narrow).searchParams.get('size'), 'card');
    const low = await answer({ url: trackUrl, maxheight: String(heights[1]) });
    assert.equal(frameSrc(low).searchParams.get('size'), 'compact');
    assert.ok(low.height <= heights[1]!);
    const lowest = await answer({ url: trackUrl, maxheight: '20', maxwidth: '10000' });
    assert.equal(frameSrc(lowest).searchParams.get('size'), 'tiny');
    assert.equal(lowest.height, 20);
    const dark = await answer({ url: playlistUrl, size: 'compact', theme: 'dark' });
    assert.equal(frameSrc(dark).searchParams.get('theme'), 'dark');
  });

  test('an unknown URL is a 404, another format a 501, bad parameters a 400: the service error shape', async () => {
    await expectError({ url: `${service.url}/${track.user.handle}/no-such-track` }, 404);
    await expectError({ url: `${service.url}/no-such-user-anywhere` }, 404);
    await expectError({ url: `${service.url}/` }, 404);
    await expectError({ url: `${service.url}/embed/track/zzzzzzzz` }, 404);
    await expectError({ url: `${service.url}/embed/album/${playlist.id}` }, 404);
    assert.match(await expectError({ url: trackUrl, format: 'xml' }, 501), /xml/);
    await expectError({}, 400);
    await expectError({ url: trackUrl, maxwidth: '0' }, 400);
    await expectError({ url: trackUrl, maxheight: 'tall' }, 400);
    await expectError({ url: trackUrl, size: 'huge' }, 400);
    await expectError({ url: 'not a url' }, 400);
  });
});

describe('oEmbed, strict', () => {
  test('a URL on a host the service does not serve is a 404; --public-hosts names the ones it does', async () => {
    const foreign = trackUrl.replace(service.url, 'http://example.com');
    assert.match(await expectError({ url: foreign }, 404), /example\.com/);
    // The service's own origin by its loopback names is the same service.
    const local = await answer({ url: trackUrl.replace('127.0.0.1', 'localhost') });
    assert.equal(local.author_url, `${service.url.replace('127.0.0.1', 'localhost')}/${track.user.handle}`);
    service.ctx.publicHosts = ['https://music.example'];
    try {
      const body = await answer({ url: trackUrl.replace(service.url, 'https://music.example') });
      assert.equal(body.author_url, `https://music.example/${track.user.handle}`);
      assert.equal(body.provider_url, 'https://music.example/');
      assert.equal(frameSrc(body).origin, 'https://music.example', 'the frame is on the public origin');
      assert.equal(body.thumbnail_url, `https://music.example/images/artwork/${track.id}/480x480.jpg`);
      await answer({ url: trackUrl.replace(service.url, 'http://music.example') });
      await expectError({ url: trackUrl.replace(service.url, 'https://music.example.evil.test') }, 404);
    } finally {
      service.ctx.publicHosts = undefined;
    }
    await expectError({ url: trackUrl.replace(service.url, 'https://music.example') }, 404);
  });

  test('the thumbnail is the largest raster that fits maxwidth and maxheight, none when none fits', async () => {
    const thumb = async (query: Record<string, string>) => {
      const body = await answer({ url: trackUrl, ...query });
      return [body.thumbnail_url, body.thumbnail_width, body.thumbnail_height];
    };
    const at = (size: number) => [`${service.url}/images/artwork/${track.id}/${size}x${size}.jpg`, size, size];
    assert.deepEqual(await thumb({ maxwidth: '300' }), at(150));
    assert.deepEqual(await thumb({ maxwidth: '480' }), at(480));
    assert.deepEqual(await thumb({ maxwidth: '2000', maxheight: '1000' }), at(1000));
    assert.deepEqual(await thumb({ maxheight: '479' }), at(150));
    assert.deepEqual(await thumb({ maxwidth: '149' }), [undefined, undefined, undefined]);
    assert.deepEqual(await thumb({}), at(480));
  });

  test('Cache-Control keeps an answer as long as its cache_age', async () => {
    const res = await oembed({ url: trackUrl });
    const body = (await res.json()) as Oembed;
    assert.equal(res.headers.get('cache-control'), `public, max-age=${body.cache_age}`);
    assert.ok(Number(body.cache_age) > 0);
  });

  test('an embed page\'s URL answers as its public page does', async () => {
    for (const [embed, url] of [[`/embed/track/${track.id}?size=compact&theme=dark`, trackUrl], [`/embed/playlist/${album.id}`, albumUrl], [`/embed/user/${track.user.id}`, `${service.url}/${track.user.handle}`]] as const) {
      const fromEmbed = await answer({ url: service.url + embed });
      const fromPage = await answer({ url });
      assert.deepEqual(fromEmbed, fromPage, embed);
    }
  });
});

describe('embed and public pages over HTTP', () => {
  test('an embed page: HTML that any site may frame, scripts from the service alone, no cookies', async () => {
    for (const [kind, id] of [['track', track.id], ['playlist', playlist.id], ['user', track.user.id]]) {
      const res = await fetch(`${service.url}/embed/${kind}/${id}?size=compact&theme=dark`);
      assert.equal(res.status, 200, `${kind}`);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors \*/);
      assert.match(csp, /script-src 'self' [^;]*$|script-src 'self' [^;]*;/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.equal(res.headers.get('x-frame-options'), null);
      assert.equal(res.headers.get('set-cookie'), null);
      const html = await res.text();
      assert.match(html, /<template shadowroot(mode)?="open"/, 'declarative shadow DOM');
      assert.match(html, /theme="dark"/);
      // Data blocks (the seeds' JSON, the share tags' JSON-LD) are not scripts; the one inline script is the bootstrap, allowed by its hash.
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      assert.doesNotMatch(html, /<script(?!>|[^>]*type="application\/(ld\+)?json")/, 'no other script');
      assert.equal(inline.length, 1, 'one inline script, the bootstrap');
      assert.ok(csp.includes(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`), 'the bootstrap allowed by its hash');
      assert.ok(Buffer.byteLength(inline[0]!) < 2200, `the bootstrap stays small: ${Buffer.byteLength(inline[0]!)} B`);
    }
  });

  test('embed and public pages paint no frame before their whole body is parsed (no partial card, no shift on load)', async () => {
    for (const path of [`/embed/track/${track.id}`, `/embed/playlist/${playlist.id}?size=tiny`, `/embed/user/${track.user.id}`, new URL(trackUrl).pathname]) {
      const html = await (await fetch(service.url + path)).text();
      const [head, body] = html.split('<body');
      const expected = /<link rel="expect" href="#([\w-]+)" blocking="render">/.exec(head!)?.[1];
      assert.ok(expected, `${path}: the head blocks rendering until an element is parsed`);
      // The element it waits for is the body's last: everything the frame shows is parsed before the first paint.
      const last = /<(\w+)[^>]*\bid="([\w-]+)"[^>]*>(?:<\/\1>)?\s*<\/body>/.exec(body!);
      assert.equal(last?.[2], expected, `${path}: the body ends with #${expected}`);
      assert.equal(html.match(new RegExp(`id="${expected}"`, 'g'))?.length, 1, `${path}: one #${expected}`);
    }
  });

  test('the login prompt page stays unframeable', async () => {
    const res = await fetch(`${service.url}/oauth/auth?scope=read&api_key=x&redirect_uri=postmessage&app_name=t`);
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
  });

  test('embed pages: unknown ids are a 404, bad kinds and sizes a 400', async () => {
    assert.equal((await fetch(`${service.url}/embed/track/zzzzzzzz`)).status, 404);
    assert.equal((await fetch(`${service.url}/embed/album/${playlist.id}`)).status, 400);
    assert.equal((await fetch(`${service.url}/embed/track/${track.id}?size=big`)).status, 400);
    assert.equal((await fetch(`${service.url}/embed/track/${track.id}?theme=pink`)).status, 400);
  });

  test('embed pages are light without a theme, and take theme=auto for the reader\'s system', async () => {
    const plain = await (await fetch(`${service.url}/embed/track/${track.id}`)).text();
    assert.doesNotMatch(plain, /<service-track-card[^>]*\btheme=/);
    const auto = await fetch(`${service.url}/embed/track/${track.id}?theme=auto`);
    assert.equal(auto.status, 200);
    assert.match(await auto.text(), /<service-track-card[^>]*\btheme="auto"/);
  });

  test('public pages advertise the oEmbed endpoint for their own address; other paths stay 404', async () => {
    for (const url of [trackUrl, playlistUrl, albumUrl, `${service.url}/${track.user.handle}`]) {
      const path = new URL(url).pathname;
      const res = await fetch(service.url + path);
      assert.equal(res.status, 200, path);
      const html = await res.text();
      const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&');
      assert.ok(href, `${path} has the discovery link`);
      const discovered = new URL(href);
      assert.equal(discovered.searchParams.get('url'), service.url + path);
      const body = (await (await fetch(discovered)).json()) as Oembed;
      assert.equal(body.type, 'rich');
    }
    // An embed page names its public page as canonical, and the same discovery link.
    for (const [path, url] of [[`/embed/track/${track.id}?size=tiny`, trackUrl], [`/embed/playlist/${album.id}`, albumUrl], [`/embed/user/${track.user.id}`, `${service.url}/${track.user.handle}`]]) {
      const html = await (await fetch(service.url + path)).text();
      assert.equal(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], url, `${path}: canonical`);
      const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&');
      assert.equal(href && new URL(href).searchParams.get('url'), url, `${path}: discovery`);
    }
    const missing = await fetch(`${service.url}/no-such-user-anywhere/x`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { code: 404, error: 'No route for GET /no-such-user-anywhere/x' });
  });
});
