/**
 * Part 1, REST fuzz: seeded malformed requests across every /v1 operation against an
 * in-process reference service. No 5xx; every error body the one `{code, error}` shape with
 * code = status (HEAD has no body); a 2xx only where the request still makes sense; and the
 * service still answers known requests with the same data afterwards.
 *
 *   node --import tsx --test-reporter=spec test/reliability/rest-fuzz.ts [--full]
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RunningService } from '../../server/service.js';
import { fuzzCases, type FuzzCase } from './fuzz-cases.js';
import { APP, FULL, errorShapeProblem, knownIds, localService, pool, report, rng, tally, type Known } from './support.js';

const COUNT = FULL ? 12_000 : 2_400;
const RAW_EXTRA = FULL ? 400 : 60;
const SEED = 0x5eed_f022;

let service: RunningService;
let known: Known;
let agent: Agent;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Requests sent again on a new connection (see send). */
let retries = 0;

/**
 * One request with node:http (the target goes out as written), under a 30 s limit. A request
 * that failed on a kept-alive socket the server had closed meanwhile is sent again once on a new
 * connection, as node's docs advise (the service closes the socket after a parser-level error
 * without saying `Connection: close`).
 */
function send(c: Pick<FuzzCase, 'method' | 'path' | 'headers' | 'body'>, retry = true): Promise<Answer> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const options = { host: hostname, port, method: c.method, path: c.path, headers: c.headers, agent: retry ? agent : false, timeout: 30_000 };
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (error) => {
      if (!retry || !req.reusedSocket) return reject(error);
      retries++;
      send(c, false).then(resolve, reject);
    });
    req.end(c.body);
  });
}

/** The body as a browser reads it: decoded from the Brotli or gzip the request accepted (`Accept-Encoding`), or an error saying why not. */
function decoded(c: FuzzCase, a: Answer): Buffer | string {
  const encoding = a.headers['content-encoding'];
  if (!encoding) return a.body;
  const accepted = String(Object.entries(c.headers ?? {}).find(([name]) => name.toLowerCase() === 'accept-encoding')?.[1] ?? '');
  if (!accepted.split(',').some((e) => e.trim().split(';')[0] === encoding)) return `Content-Encoding ${encoding} not accepted (${accepted || 'none asked'})`;
  try {
    return encoding === 'br' ? brotliDecompressSync(a.body) : encoding === 'gzip' ? gunzipSync(a.body) : `unknown Content-Encoding ${encoding}`;
  } catch (error) {
    return `a ${encoding} body that does not decode: ${(error as Error).message}`;
  }
}

/** What is wrong with this answer to this case, or undefined. */
function problem(c: FuzzCase, a: Answer): string | undefined {
  const type = a.headers['content-type'] as string | undefined;
  const body = decoded(c, a);
  if (typeof body === 'string') return body;
  const text = body.toString('utf8');
  if (a.status >= 500 || a.status < 100) return `status ${a.status}`;
  if (a.status >= 400) return c.method === 'HEAD' ? undefined : errorShapeProblem(a.status, type, text);
  if (a.status >= 300) {
    if (c.op !== 'resolve' || a.status !== 302) return `unexpected redirect ${a.status}`;
    return /^\/v1\/(tracks|users|playlists)\/[A-Za-z0-9]+\?app_name=/.test(String(a.headers.location)) ? undefined : `bad location ${a.headers.location}`;
  }
  if (c.op.startsWith('favorites.') && c.method !== 'OPTIONS') return `write accepted without a grant: ${a.status}`;
  if (c.method === 'HEAD' || c.method === 'OPTIONS') return undefined;
  if (c.op === 'tracks.stream') {
    if (!/^audio\/mpeg/.test(type ?? '')) return `stream answered ${type}`;
    if (a.status === 206 && !/^bytes \d+-\d+\/\d+$/.test(String(a.headers['content-range']))) return 'a 206 without Content-Range';
    return Number(a.headers['content-length']) === a.body.length ? undefined : 'Content-Length differs from the body';
  }
  try {
    const parsed = JSON.parse(text) as { data?: unknown };
    return parsed && 'data' in parsed ? undefined : `2xx without data: ${text.slice(0, 100)}`;
  } catch {
    return `2xx body is not JSON (${type}): ${text.slice(0, 100)}`;
  }
}

/** The answers of a few known requests, to compare before and after the fuzz. */
async function snapshot() {
  const get = async (path: string) => {
    const a = await send({ method: 'GET', path: `${path}${path.includes('?') ? '&' : '?'}app_name=${APP}`, headers: {} });
    assert.equal(a.status, 200, `${path}: ${a.status} ${a.body.toString().slice(0, 200)}`);
    return JSON.parse(a.body.toString()) as { data: Record<string, unknown> };
  };
  const track = (await get(`/v1/tracks/${known.trackId}`)).data;
  const range = await send({ method: 'GET', path: `/v1/tracks/${known.streamTrackId}/stream?app_name=${APP}`, headers: { range: 'bytes=100-4195' } });
  assert.equal(range.status, 206);
  return {
    user: (await get(`/v1/users/${known.userId}`)).data,
    playlist: (await get(`/v1/playlists/${known.playlistId}`)).data,
    track: { id: track.id, title: track.title, user: (track.user as { id: string }).id, genre: track.genre },
    search: (await get(`/v1/users/search?query=${known.handle}&limit=3`)).data,
    trending: ((await get('/v1/tracks/trending?time=allTime&limit=5')).data as unknown as { id: string }[]).map((t) => t.id),
    range: range.body.toString('base64'),
  };
}

/** One request written on a raw socket (for what node:http will not send), the raw answer back. */
function rawExchange(text: string): Promise<string> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.end(Buffer.from(text, 'latin1'));
  });
}

function rawCases(count: number): string[] {
  const r = rng(SEED + 1);
  const line = (method: string, target: string, headers = 'Host: 127.0.0.1\r\n', version = 'HTTP/1.1') =>
    `${method} ${target} ${version}\r\n${headers}Connection: close\r\n\r\n`;
  const track = `/v1/tracks/${known.trackId}?app_name=${APP}`;
  const fixed = [
    line('GET', `/v1/tracks/search?app_name=${APP}&query=a b`), line('GET', `/v1/users/\x01?app_name=${APP}`),
    line('GET', `/v1/tracks/search?app_name=${APP}&query=\xff\xfe`), line('FOO', track), line('get', track), line('GET', track, ''),
    line('GET', track, 'Host: 127.0.0.1\r\nX-Big: ' + 'a'.repeat(20_000) + '\r\n'), line('GET', `/v1/tracks/search?app_name=${APP}&query=${'q'.repeat(20_000)}`),
    line('GET', track, 'Host: 127.0.0.1\r\nBad Header: x\r\n'), line('GET', track, 'Host: 127.0.0.1\r\nX: a\rb\r\n'), line('GET', track, undefined, 'HTTP/9.9'),
    line('POST', `/v1/users/${known.userId}/favorites/${known.trackId}`, 'Host: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n'),
    line('POST', `/v1/users/${known.userId}/favorites/${known.trackId}`, 'Host: 127.0.0.1\r\nContent-Length: -1\r\n'),
    line('GET', track, 'Host: 127.0.0.1\r\nRange: bytes=0-1\r\nRange: bytes=2-3\r\n'), line('CONNECT', '127.0.0.1:1'), line('GET', '*'),
    line('GET', `http://127.0.0.1${track}`), line('GET', `/v1/tracks/${known.trackId}#frag?app_name=${APP}`), 'GARBAGE\r\n\r\n', '\r\n\r\n',
  ];
  const pieces = ['\x00', '\x7f', ' ', '\t', '"', '<', '>', '\\', '{', '}', '\xff', '\r', '\n'];
  const generated = Array.from({ length: count }, () => {
    const target = track.slice(0, 1 + r.int(track.length)) + r.pick(pieces) + track.slice(1 + r.int(track.length));
    return line(r.pick(['GET', 'HEAD', 'PROPFIND', 'BREW', 'GET']), target.replace(/[\r\n]/g, r.chance(0.5) ? ' ' : '\x0b'));
  });
  return [...fixed, ...generated];
}

let before1: Awaited<ReturnType<typeof snapshot>>;

describe('1. REST fuzz', () => {
  before(async () => {
    service = await localService();
    known = await knownIds(service.url);
    agent = new Agent({ keepAlive: true, maxSockets: 8 });
  });
  after(async () => {
    agent?.destroy();
    await service?.close();
  });

  test(`REST fuzz: ${COUNT} seeded malformed requests over every /v1 operation`, async (t) => {
    before1 = await snapshot();
    const cases = fuzzCases(known, rng(SEED), COUNT);
    const failures: string[] = [];
    const statuses: number[] = [];
    const perOp = new Map<string, number>();
    const started = performance.now();
    await pool(cases, 8, async (c) => {
      perOp.set(c.op, (perOp.get(c.op) ?? 0) + 1);
      let a: Answer;
      try {
        a = await send(c);
      } catch (error) {
        failures.push(`${c.method} ${c.path.slice(0, 160)} [${c.what.join(', ')}]: ${(error as Error).message}`);
        return;
      }
      statuses.push(a.status);
      const p = problem(c, a);
      if (p) failures.push(`${c.method} ${c.path.slice(0, 160)} [${c.what.join(', ')}] -> ${a.status}: ${p}`);
    });
    const seconds = (performance.now() - started) / 1000;
    report('rest fuzz: requests', cases.length, t.diagnostic.bind(t));
    report('rest fuzz: operations', `${perOp.size} (${[...perOp.keys()].join(', ')})`, t.diagnostic.bind(t));
    report('rest fuzz: statuses', tally(statuses), t.diagnostic.bind(t));
    report('rest fuzz: time', `${seconds.toFixed(1)} s (${Math.round(cases.length / seconds)} req/s, 8 at a time)`, t.diagnostic.bind(t));
    report('rest fuzz: resent on a new connection', retries, t.diagnostic.bind(t));
    report('rest fuzz: failures', failures.length, t.diagnostic.bind(t));
    assert.equal(perOp.size, 18, 'every operation was fuzzed');
    if (process.env.RELIABILITY_DUMP) console.error(failures.join('\n'));
    assert.deepEqual(failures.slice(0, 15), [], `${failures.length} bad answers; the first ones are listed`);
  });

  test('after the fuzz the service is alive and answers known requests with the same data', async () => {
    assert.ok(before1, 'the fuzz ran');
    assert.deepEqual(await snapshot(), before1);
  });

  test(`malformed HTTP below the router (raw sockets): the same one error shape`, async (t) => {
    const cases = rawCases(RAW_EXTRA);
    const failures: string[] = [];
    const statuses: string[] = [];
    await pool(cases, 4, async (text) => {
      const answer = await rawExchange(text);
      const head = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      const label = JSON.stringify(text.slice(0, 70));
      if (!head) {
        statuses.push('no answer');
        return; // a connection closed without a word is not an error body
      }
      const status = Number(head[1]);
      statuses.push(String(status));
      const [headers = '', ...rest] = answer.split('\r\n\r\n');
      let body = rest.join('\r\n\r\n');
      if (/transfer-encoding: chunked/i.test(headers)) body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n$|^0$/m, '').replace(/\r\n$/, '');
      const type = /content-type: ([^\r\n]+)/i.exec(headers)?.[1];
      if (status >= 500) failures.push(`${label} -> ${status}`);
      else if (status >= 400 && !text.startsWith('HEAD')) {
        const p = errorShapeProblem(status, type, body);
        if (p) failures.push(`${label} -> ${status}: ${p}`);
      }
    });
    report('raw HTTP: requests', cases.length, t.diagnostic.bind(t));
    report('raw HTTP: statuses', tally(statuses), t.diagnostic.bind(t));
    report('raw HTTP: failures', failures.length, t.diagnostic.bind(t));
    if (process.env.RELIABILITY_DUMP) console.error(failures.join('\n'));
    const examples = [...new Map(failures.map((f) => [f.replace(/^".*?" /, ''), f])).values()];
    assert.deepEqual(examples.slice(0, 8), [], `${failures.length} bad answers; one example of each kind is listed`);
  });
});
