/**
 * The REST fuzz generator: from a valid request of one operation, 1 to 3 seeded mutations
 * (bad values, missing and duplicated parameters, junk names, bad ids, path tricks, garbage
 * percent-encoding, 10 kB values, other methods, bad Range headers, odd headers and bodies).
 * The same seed gives the same requests.
 */
import type { Known, Rng } from './support.js';
import { APP, DEMO } from './support.js';

export interface FuzzCase {
  op: string;
  method: string;
  /** The request target exactly as sent (Latin-1 only: node:http refuses other characters). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The mutations applied, for failure messages. */
  what: string[];
}

/** A query parameter; `raw` values go out as written, the others percent-encoded. */
type Pair = [key: string, value: string, raw?: boolean];

interface Draft {
  op: string;
  method: string;
  segments: string[];
  /** Indexes of the id segments in `segments`. */
  ids: number[];
  query: Pair[];
  headers: Record<string, string>;
  body?: string;
  what: string[];
}

const NUMBERS = ['-1', '0', '-0', '1.5', '1e3', '1e309', '0x10', '0b1', '+1', ' 1', '1 ', 'NaN', 'Infinity', '-Infinity',
  '9'.repeat(400), '18446744073709551616', '9007199254740993', '2147483648', '100001', '501', '51', '101', '１', '٣', '1,2', '1;2', '00000001'];
const TYPES = ['true', 'false', 'null', 'undefined', '[]', '{}', '[object Object]', '', ' ', '""', "''", '{"$gt":""}', '[1,2]'];
const UNICODE = ['日本語', '🎵🎶', 'e\u0301', '\u202etxt.exe', '\ufeffbom', '\u0000', '\u001f', '\u2028', 'ß', 'İ', '\uffff', 'Ω≈ç√', 'Z̤͔ͧ̑̓'];
const INJECTION = [
  "' OR 1=1 --", '"; DROP TABLE users; --', "1' UNION SELECT wallet_key FROM users --", 'NEAR(a b)', 'NEAR(', '*', 'a*', '^a', '"unterminated',
  'a AND OR NOT b', 'title:x', '{title}: x', '(a OR b', ')', '-a', 'a - b', 'a + b', 'rowid:1', 'MATCH', '"a" "b"', "''''", '\\', '%', '_', '%_%',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', 'javascript:alert(1)',
  '../../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/passwd%00', '${jndi:ldap://127.0.0.1/x}', '{{7*7}}', '%s%s%n', '$(id)', '`id`',
  '__proto__', 'constructor', 'http://127.0.0.1:1/', '//evil.example', 'data:text/html,<b>x</b>',
];
const GARBAGE = ['%', '%%', '%G1', '%zz', '%1', '%C3%28', '%ED%A0%80', '%FF%FE', '%00', '%0a', '%0d%0a', '%25%32%35', '%E2%82', '%C0%AF', '\xff', '\xe9', '\x80', '%u0041'];
const JUNK_NAMES = ['__proto__', 'constructor', 'prototype', 'a[b]', 'limit[]', 'offset[0]', '', '%00', 'APP_NAME', 'app_name ', 'query.x', '日本'];
const RANGES = [
  'bytes=0-0', 'bytes=-1', 'bytes=0-', 'bytes=1-0', 'bytes=-0', 'bytes=-', 'bytes=', 'bytes', 'bits=0-10', 'bytes=a-b', 'bytes=0-1,2-3',
  'bytes=0-1, -5', 'bytes=--1', 'bytes=1--2', 'bytes=99999999999999999999-', 'bytes=0-99999999999999999999', 'bytes=9007199254740993-',
  'bytes=-99999999999999999999', 'bytes=1e3-2e3', 'bytes=0x10-0x20', 'bytes= 0 - 10 ', 'BYTES=0-10', 'bytes=0-10;x', 'bytes=0-1'.repeat(50),
  'bytes=' + Array.from({ length: 200 }, (_, i) => `${i}-${i}`).join(','), 'bytes=\xff-1', 'bytes=1-\xe9', ',', 'bytes=,,,', 'bytes=-1-2',
];
const METHODS = ['PUT', 'PATCH', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'GET'];

/** The valid request of every operation: method, path segments (ids marked), query. */
function operations(k: Known): Draft[] {
  const op = (op: string, method: string, path: string, query: Pair[] = []): Draft => {
    const segments = path.split('/').slice(1);
    const ids = segments.flatMap((s, i) => (/^\{/.test(s) ? [i] : []));
    const fill: Record<string, string> = { '{user}': k.userId, '{track}': k.trackId, '{stream}': k.streamTrackId, '{playlist}': k.playlistId, '{range}': 'week' };
    return { op, method, segments: segments.map((s) => fill[s] ?? s), ids, query: [...query, ['app_name', APP]], headers: {}, what: [] };
  };
  return [
    op('users.search', 'GET', '/v1/users/search', [['query', k.handle]]),
    op('users.get', 'GET', '/v1/users/{user}'),
    op('users.favorites', 'GET', '/v1/users/{user}/favorites', [['limit', '5']]),
    op('users.reposts', 'GET', '/v1/users/{user}/reposts', [['limit', '5'], ['offset', '0']]),
    op('users.tags', 'GET', '/v1/users/{user}/tags', [['limit', '5']]),
    op('users.tracks', 'GET', '/v1/users/{user}/tracks', [['limit', '5'], ['offset', '0'], ['sort', 'plays']]),
    op('playlists.search', 'GET', '/v1/playlists/search', [['query', 'a'], ['only_downloadable', 'false']]),
    op('playlists.get', 'GET', '/v1/playlists/{playlist}'),
    op('playlists.tracks', 'GET', '/v1/playlists/{playlist}/tracks', [['limit', '5']]),
    op('tracks.search', 'GET', '/v1/tracks/search', [['query', k.word], ['only_downloadable', 'true']]),
    op('tracks.trending', 'GET', '/v1/tracks/trending', [['time', 'month'], ['genre', 'Electronic'], ['limit', '5'], ['offset', '0']]),
    op('tracks.get', 'GET', '/v1/tracks/{track}'),
    op('tracks.stream', 'GET', '/v1/tracks/{stream}/stream'),
    op('metrics', 'GET', '/v1/metrics/app_name/trailing/{range}', [['limit', '5']]),
    op('resolve', 'GET', '/v1/resolve', [['url', k.trackSlugPath]]),
    op('verify_token', 'GET', '/v1/users/verify_token', [['token', 'a.b.c']]),
    op('favorites.post', 'POST', '/v1/users/{user}/favorites/{track}'),
    op('favorites.delete', 'DELETE', '/v1/users/{user}/favorites/{track}'),
  ];
}

const PARAMS = ['query', 'limit', 'offset', 'sort', 'time', 'genre', 'url', 'token', 'only_downloadable', 'app_name'];

/** A bad value: number, type, unicode, injection, or overlong (10 kB). */
function badValue(r: Rng): string {
  const pool = r.pick([NUMBERS, TYPES, UNICODE, INJECTION, INJECTION]);
  const value = r.pick(pool);
  if (r.chance(0.08)) return value.repeat(Math.ceil(10_240 / Math.max(1, value.length))).slice(0, 10_240);
  return value;
}

const basic = (text: string) => 'Basic ' + Buffer.from(text).toString('base64');

const MUTATIONS: Array<[weight: number, name: string, apply: (d: Draft, r: Rng) => void]> = [
  [6, 'bad value', (d, r) => {
    const key = r.chance(0.6) && d.query.length ? r.pick(d.query)[0] : r.pick(PARAMS);
    d.query = d.query.filter(([k]) => k !== key).concat([[key, badValue(r)]]);
  }],
  [2, 'missing parameter', (d, r) => {
    if (d.query.length) d.query.splice(r.int(d.query.length), 1);
  }],
  [2, 'duplicated parameter', (d, r) => {
    const [k, v] = d.query.length ? r.pick(d.query) : ['app_name', APP];
    d.query.push([k, r.chance(0.5) ? v : badValue(r)]);
  }],
  [1, 'junk parameter name', (d, r) => void d.query.push([r.pick(JUNK_NAMES), badValue(r)])],
  [4, 'bad id', (d, r) => {
    if (!d.ids.length) return void d.query.push(['id', badValue(r)]);
    const i = r.pick(d.ids);
    d.segments[i] = r.chance(0.7) ? encodeURIComponent(badValue(r)) : r.pick(['%2F', '..', '.', '%2e%2e', '0', 'A'.repeat(33), 'zzzzz', '7eP5n7eP5n', '-1', 'a%2Fb']);
  }],
  [2, 'path trick', (d, r) => {
    const trick = r.int(6);
    if (trick === 0) d.segments.splice(1 + r.int(d.segments.length), 0, '..');
    else if (trick === 1) d.segments.splice(r.int(d.segments.length), 0, '');
    else if (trick === 2) d.segments.push('');
    else if (trick === 3) d.segments.push(r.pick(['x', '..%2f..%2fetc%2fpasswd', '%2e%2e', 'stream', 'favorites']));
    else if (trick === 4) d.segments[0] = r.pick(['V1', 'v2', 'v1.', '%76%31', 'v1;x']);
    else d.segments = [...r.pick([['..', '..', 'etc', 'passwd'], ['%2e%2e', '%2e%2e', 'server', 'service.ts'], ['v1', '..', '..', 'package.json']]), ...d.segments.slice(2)];
  }],
  [3, 'garbage encoding', (d, r) => {
    if (r.chance(0.5) && d.ids.length) d.segments[r.pick(d.ids)] += r.pick(GARBAGE);
    else d.query.push([r.chance(0.5) && d.query.length ? r.pick(d.query)[0] : r.pick(PARAMS), r.pick(GARBAGE) + r.pick(GARBAGE), true]);
  }],
  [1, 'overlong value', (d, r) => void d.query.push([r.pick(PARAMS), 'x'.repeat(10_240)])],
  [2, 'other method', (d, r) => {
    d.method = r.pick(METHODS.filter((m) => m !== d.method));
    if (['POST', 'PUT', 'PATCH'].includes(d.method) && r.chance(0.5)) d.body = r.pick(['{bad', '{"a":1}', 'x'.repeat(2000), '[]', '']);
  }],
  [1, 'odd headers', (d, r) => {
    Object.assign(d.headers, r.pick([
      { accept: 'text/html' }, { accept: '*/*;q=0' }, { 'content-type': 'application/json' }, { 'accept-encoding': 'gzip, br' },
      { 'if-range': '"nope"' }, { 'if-none-match': '*' }, { 'x-forwarded-for': '127.0.0.1, <script>' }, { origin: 'null' },
      { 'content-type': 'application/xml' }, { cookie: 'oauth_session=' + 'a'.repeat(300) },
    ]));
  }],
];

/** Credentials a write request may carry: none, half, garbage, or the demo app's (which has no grant). */
function credentials(r: Rng): Record<string, string> {
  return r.pick<Record<string, string>>([
    {}, { 'x-api-key': DEMO.apiKey }, { 'x-api-key': DEMO.apiKey, 'x-api-secret': 'wrong' }, { 'x-api-key': "' OR 1=1 --", 'x-api-secret': '' },
    { authorization: 'Basic %%%' }, { authorization: basic('no-colon') }, { authorization: basic(':') }, { authorization: 'Bearer a.b.c' },
    { authorization: basic(`${DEMO.apiKey}:${DEMO.apiSecret}`) }, { 'x-api-key': DEMO.apiKey, 'x-api-secret': DEMO.apiSecret },
  ]);
}

function pickMutation(r: Rng) {
  const total = MUTATIONS.reduce((s, [w]) => s + w, 0);
  let x = r.next() * total;
  for (const m of MUTATIONS) if ((x -= m[0]) < 0) return m;
  return MUTATIONS[0]!;
}

const encode = ([k, v, raw]: Pair) => (raw ? `${encodeURIComponent(k)}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);

/** `count` fuzz cases, spread over every operation in turn. */
export function fuzzCases(k: Known, r: Rng, count: number): FuzzCase[] {
  const ops = operations(k);
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const base = ops[i % ops.length]!;
    const d: Draft = { ...base, segments: [...base.segments], query: base.query.map((p) => [...p] as Pair), headers: {}, what: [] };
    if (d.op.startsWith('favorites.')) Object.assign(d.headers, credentials(r));
    if (d.op === 'tracks.stream' && r.chance(0.9)) {
      d.headers.range = r.chance(0.8) ? r.pick(RANGES) : `bytes=${r.int(k.streamSize + 10)}-${r.chance(0.5) ? '' : r.int(k.streamSize * 2)}`;
      d.what.push(`range ${JSON.stringify(d.headers.range.slice(0, 40))}`);
    }
    for (let n = 1 + r.int(3); n > 0; n--) {
      const [, name, apply] = pickMutation(r);
      apply(d, r);
      d.what.push(name);
    }
    // One 10 kB value is the most a case carries: node's 16 KiB header limit is its own test.
    let path = '/' + d.segments.join('/') + (d.query.length ? '?' + d.query.map(encode).join('&') : '');
    if (path.length > 14_000) path = path.slice(0, 14_000);
    cases.push({ op: d.op, method: d.method, path, headers: d.headers, body: d.body, what: d.what });
  }
  return cases;
}
