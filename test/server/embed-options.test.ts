// The embed pages' URL options (server/embed/embed-options.ts): each changes the page's HTML as
// docs/embeds.md says, a bad value is dropped (never a 500, never in the page), and /oembed passes
// the good ones on to its iframe. Against a real service on a real catalog; what the browser
// makes of the page's rules is in embed-options-browser.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';
import { hexColour, onAccent, originOf, startSeconds } from '../../server/embed/embed-options.js';

let service: RunningService;
let dataDir: string;
let trackId: string;
let playlistId: string;
let userId: string;
let trackUrl: string;

const api = async <T>(path: string): Promise<T> =>
  ((await (await fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}app_name=options-test`)).json()) as { data: T }).data;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-embed-options-'));
  service = await startService({ port: 0, dataDir });
  const [track] = await api<{ id: string; permalink: string; user: { id: string } }[]>('/tracks/trending?limit=1');
  const [playlist] = await api<{ id: string }[]>('/playlists/search?query=a&limit=1');
  trackId = track!.id;
  playlistId = playlist!.id;
  userId = track!.user.id;
  trackUrl = service.url + track!.permalink;
});

after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An embed page, which must answer 200 whatever its options. */
async function page(kind: string, id: string, query: string): Promise<{ html: string; csp: string }> {
  const res = await fetch(`${service.url}/embed/${kind}/${id}?${query}`);
  const html = await res.text();
  assert.equal(res.status, 200, `${kind} ?${query}: ${res.status} ${html.slice(0, 200)}`);
  return { html, csp: res.headers.get('content-security-policy') ?? '' };
}
const track = (query: string) => page('track', trackId, query);

/** The element's opening tag. */
const openingTag = (html: string, tag: string) => new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? assert.fail(`no <${tag}>`);
const bodyTag = (html: string) => /<body\b[^>]*>/.exec(html)![0];
/** The page's `<style>` texts; the first is the page's own rules, the rest the elements' and the options'. */
const styles = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
/** The options' style: the one after the page's rules in the head, if any. */
const optionStyleOf = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  return styles(head)[1];
};

describe('the option parsers', () => {
  test('a start time: seconds, a clock or 1h2m3s; anything else, nothing', () => {
    const taken = { '90': 90, '0': 0, '1:30': 90, '01:30': 90, '90:00': 5400, '1:02:03': 3723, '1m30s': 90, '1M30S': 90, '2m': 120, '45s': 45, '1h': 3600, '1h2m3s': 3723, '86400': 86400 };
    for (const [text, seconds] of Object.entries(taken)) assert.equal(startSeconds(text), seconds, text);
    for (const text of ['', ' 90', '90 ', '-5', '1.5', '1:5', '1:60', '1:60:00', '::', '1m30', 'm', 'h', '1s2m', '86401', '1e3', '0x10', '999999999999999999', '90"><script>', '1:30;']) {
      assert.equal(startSeconds(text), undefined, JSON.stringify(text));
    }
    assert.equal(startSeconds(['90']), undefined);
  });

  test('a colour: 3 or 6 hex digits, with or without #, as #rrggbb', () => {
    assert.equal(hexColour('#FF5500'), '#ff5500');
    assert.equal(hexColour('ff5500'), '#ff5500');
    assert.equal(hexColour('f50'), '#ff5500');
    assert.equal(hexColour('#f50'), '#ff5500');
    for (const text of ['red', '#ff55', 'ff550', '#ff550011', '##f50', 'ff5500;}body{display:none', 'f50)', 'rgb(1,2,3)', ' f50', 'var(--x)', '']) {
      assert.equal(hexColour(text), undefined, JSON.stringify(text));
    }
  });

  test('an origin: scheme, host and port alone', () => {
    assert.equal(originOf('https://blog.example'), 'https://blog.example');
    assert.equal(originOf('https://blog.example/'), 'https://blog.example');
    assert.equal(originOf('HTTP://Blog.Example:8080'), 'http://blog.example:8080');
    assert.equal(originOf('https://blog.example:443'), 'https://blog.example');
    for (const text of ['blog.example', 'https://blog.example/path', 'https://blog.example?x', 'https://blog.example#x', 'https://user@blog.example', 'javascript:alert(1)',
      'data:text/html,x', 'ftp://blog.example', 'https://', 'https://a b', 'https://blog.example">', '*', 'null']) {
      assert.equal(originOf(text), undefined, JSON.stringify(text));
    }
  });

  test("the play icon's colour: whichever of white and the dark near-black contrasts more with the accent", () => {
    assert.equal(onAccent('#000000'), '#ffffff');
    assert.equal(onAccent('#6a14b8'), '#ffffff');
    assert.equal(onAccent('#ffffff'), '#17101f');
    assert.equal(onAccent('#ffdd00'), '#17101f');
  });
});

describe('embed page options', () => {
  test('t, autoplay and start_track become attributes of the server-rendered element; autoplay marks the body eager', async () => {
    const { html } = await track('t=1:30&autoplay=1');
    const card = openingTag(html, 'service-track-card');
    assert.match(card, / t="90"/);
    assert.match(card, / autoplay[ >]/);
    assert.doesNotMatch(card, /start-track/, 'a track has no start track');
    assert.match(bodyTag(html), / data-eager[ >]/);
    // The element renders as before: its title is in its shadow root.
    assert.match(html, /<template shadowroot(mode)?="open"/);

    const list = openingTag((await page('playlist', playlistId, 't=1m30s&start_track=2&autoplay=true')).html, 'service-playlist');
    assert.match(list, / t="90"/);
    assert.match(list, / start-track="2"/);
    assert.match(list, / autoplay[ >]/);

    const user = await page('user', userId, 't=90&autoplay=1&start_track=2');
    assert.doesNotMatch(openingTag(user.html, 'service-user-card'), / (t|autoplay|start-track)[= >]/, 'a profile takes none of them');
    assert.doesNotMatch(bodyTag(user.html), /data-eager/);
  });

  test('color sets the accent, the page\'s accent and a readable icon colour, in a style the CSP allows', async () => {
    for (const color of ['%23f50', 'f50', 'FF5500', '%23ff5500']) {
      const { html, csp } = await track(`color=${color}`);
      assert.equal(optionStyleOf(html), 'body[class]{--service-accent:#ff5500;--service-on-accent:#17101f;--accent:#ff5500}', color);
      for (const text of styles(html)) assert.ok(csp.includes(`'sha256-${createHash('sha256').update(text).digest('base64')}'`), 'every style is in the CSP');
    }
    assert.match(optionStyleOf((await track('color=123456')).html)!, /--service-on-accent:#ffffff/);
  });

  test('artwork, stats, user, share and download =0 hide their parts; single=0 marks the body', async () => {
    const hidden = {
      artwork: ['artwork'],
      stats: ['stats', 'counts'],
      user: ['artist', 'owner'],
      share: ['share'],
      download: ['download'],
    };
    for (const [option, parts] of Object.entries(hidden)) {
      const style = optionStyleOf((await track(`${option}=0`)).html) ?? '';
      for (const part of parts) assert.ok(style.includes(`.frame>[data-embed]::part(${part})`), `${option}=0 hides ::part(${part}): ${style}`);
      assert.match(style, /\{display:none\}/);
      assert.equal(style.includes('grid-template-columns'), option === 'artwork', 'the card closes the artwork\'s column only without it');
    }
    assert.match(bodyTag((await track('single=0')).html), / data-single="0"/);
  });

  test('the canonical URL, share tags and oEmbed link are the same with options', async () => {
    const tags = (html: string) => [...html.matchAll(/<(?:link rel="(?:canonical|alternate)"|meta (?:property|name)="(?:og|twitter):[^"]*")[^>]*>/g)].map((m) => m[0]);
    const plain = tags((await track('')).html);
    assert.ok(plain.length > 5);
    assert.deepEqual(tags((await track('autoplay=1&t=90&color=f50&artwork=0&stats=0&user=0&share=0&download=0&single=0&origin=https://blog.example')).html), plain);
  });

  test('a value not taken is dropped: the page is the plain one, never a 500 (and origin= leaves the page as it is)', async () => {
    const plain = (await track('')).html;
    const bad = [
      't=abc', 't=1:99', 't=99999999', 't=-1', 't=0', 't=90&t=100', 'autoplay=yes', 'autoplay=', 'autoplay=1&autoplay=1', 'start_track=2',
      'color=red', 'color=%23ff55', 'color=ff5500;}body{display:none', 'color=f50%3C/style%3E%3Cscript%3E', 'color=url(https://x.example/)', 'color=f50&color=000',
      'artwork=no', 'artwork=', 'stats=1', 'user=true', 'share=%00', 'download=0x', 'single=1', 'single=',
      'origin=javascript:alert(1)', 'origin=https://a.example%22%3E%3Cscript%3E', 'origin=https://a.example/path', 'origin=https://a.example',
      `t=${'9'.repeat(5000)}`, 'unknown=1', '%E0%A4%A=1', 'color[]=f50', 't[x]=1',
    ];
    for (const query of bad) assert.equal((await track(query)).html, plain, `?${query} changes nothing`);
  });

  test('injection attempts reach neither the HTML nor the CSS', async () => {
    const { html } = await track(`color=${encodeURIComponent('#f50;}</style><script>alert(1)</script>')}&t=${encodeURIComponent('90"><script>alert(2)</script>')}&origin=${encodeURIComponent('https://a.example"><script>alert(3)</script>')}`);
    assert.doesNotMatch(html, /alert\(/);
    assert.equal(optionStyleOf(html), undefined);
  });
});

describe('oEmbed passes the options on', () => {
  /** The iframe's `src` of an oEmbed answer for `url` with `query`. */
  async function frameSrc(url: string, query: string): Promise<URL> {
    const res = await fetch(`${service.url}/oembed?url=${encodeURIComponent(url)}&format=json&${query}`);
    const body = (await res.json()) as { html: string };
    assert.equal(res.status, 200, `?${query}: ${JSON.stringify(body)}`);
    const src = /<iframe src="([^"]+)"/.exec(body.html)?.[1] ?? assert.fail(body.html);
    return new URL(src.replaceAll('&#38;', '&').replaceAll('&amp;', '&'));
  }

  test('each option taken, normalised, in one order; the page it names applies them', async () => {
    const src = await frameSrc(trackUrl, 'autoplay=true&t=1:30&color=%23F50&artwork=0&stats=false&user=0&share=0&download=0&single=0&origin=https://Blog.Example/&theme=dark');
    assert.equal(src.search, '?size=card&theme=dark&autoplay=1&t=90&color=ff5500&artwork=0&stats=0&user=0&share=0&download=0&single=0&origin=https%3A%2F%2Fblog.example');
    const { html } = await fetch(src).then(async (res) => ({ html: await res.text() }));
    assert.match(openingTag(html, 'service-track-card'), / t="90" autoplay/);
    assert.match(optionStyleOf(html)!, /--service-accent:#ff5500/);

    const list = await frameSrc(`${service.url}/embed/playlist/${playlistId}`, 'start_track=3&t=45');
    assert.equal(list.search, '?size=card&t=45&start_track=3');
    assert.equal((await frameSrc(trackUrl, 'start_track=3')).search, '?size=card', 'a track has no start track');
  });

  test('bad values are dropped, never a 500', async () => {
    for (const query of ['t=abc', 'color=red', 'color=f50;x:y', 'autoplay=2', 'artwork=no', 'origin=javascript:alert(1)', 'origin=https://a.example/p', 'single=yes', 't=1&t=2', 'start_track=0']) {
      assert.equal((await frameSrc(trackUrl, query)).search, '?size=card', query);
    }
  });
});
