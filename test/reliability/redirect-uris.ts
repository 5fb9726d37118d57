/**
 * Part 3, redirect URIs: the rule table of test/server/redirect-uri-cases.ts (expected
 * verdicts) and seeded variants of it (no expected verdict, but every judge must agree) put to
 * three judges: the real login page over HTTP (`/oauth/auth`), the kit's pre-check in Node
 * (`redirectUriProblem`, src/core/redirect-uri.ts underneath) and the same pre-check in
 * Chromium, whose URL parser is the one the kit meets in a page.
 *
 *   node --import tsx --test-reporter=spec test/reliability/redirect-uris.ts [--full]
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RunningService } from '../../server/service.js';
import { redirectUriProblem } from '../../src/core/login/redirect.js';
import { REDIRECT_URI_CASES } from '../server/redirect-uri-cases.js';
import { DEMO, FULL, localService, pool, report, rng } from './support.js';

interface Probe {
  redirectUri: string;
  origin?: string;
}

let service: RunningService;
let browser: Browser;
let page: Page;

/** The page's verdict: 200 with the sign-in form, or 400 naming the parameter. */
async function pageVerdict(p: Probe): Promise<string> {
  const query = new URLSearchParams({ scope: 'read', api_key: DEMO.apiKey, redirect_uri: p.redirectUri, state: 's' });
  if (p.origin !== undefined) query.set('origin', p.origin);
  const res = await fetch(`${service.url}/oauth/auth?${query}`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const html = await res.text();
  if (res.status === 200 && /<h1>Sign in<\/h1>/.test(html)) return 'ok';
  const named = /<li><code>(redirect_uri|origin)<\/code> /.exec(html)?.[1];
  if (res.status === 400 && named && !/<form/.test(html) && !res.headers.get('location')) return `bad ${named}`;
  return `unexpected ${res.status}: ${html.slice(0, 120)}`;
}

/** The kit's pre-check in Node. */
function nodeVerdict(p: Probe): string {
  const problem = redirectUriProblem(p.redirectUri, p.origin);
  return problem === undefined ? 'ok' : problem.startsWith('The origin ') ? 'bad origin' : 'bad redirect_uri';
}

/** The same pre-check in Chromium, for many probes at once. */
function browserVerdicts(probes: Probe[]): Promise<string[]> {
  return page.evaluate((list) => {
    const rules = (window as unknown as { RedirectRules: { checkRedirectUri(u: string, o?: string): { ok: boolean; param?: string } } }).RedirectRules;
    return list.map((p) => {
      const v = rules.checkRedirectUri(p.redirectUri, p.origin);
      return v.ok ? 'ok' : `bad ${v.param}`;
    });
  }, probes);
}

const expected = (c: (typeof REDIRECT_URI_CASES)[number]) => (c.ok ? 'ok' : `bad ${c.param}`);

const INSERTS = ['.', '..', '/', '\\', '%', '%2e', '%2E%2e', '%2f', '%5c', '%25', '@', '#', ':', '[', ']', ' ', '\t', 'é', '%00', '?', '&', '0', '-', '_', '~', '<', '%G0'];

const HOSTS = ['127.0.0.1', '127.1', '0x7f000001', '2130706433', '[::1]', '[::ffff:127.0.0.1]', '[0:0:0:0:0:0:0:1]', 'localhost', '10.0.0.1', '999.0.0.1',
  '127.0.0.1.', 'xn--', 'a'.repeat(64) + '.example', 'a..b', '-a.example', 'a_b.example', 'LOCALHOST', '%6c%6fcalhost', 'app.example.com:0', 'app.example.com:65536'];

/** Seeded variants of the table's URIs and origins. */
function variants(count: number): Probe[] {
  const r = rng(0x0a17e3);
  const probes: Probe[] = [
    { redirectUri: `https://app.example.com/${'a'.repeat(2048 - 'https://app.example.com/'.length)}` },
    { redirectUri: `https://app.example.com/${'a'.repeat(2049 - 'https://app.example.com/'.length)}` },
  ];
  while (probes.length < count) {
    const base = r.pick(REDIRECT_URI_CASES);
    let uri = base.redirectUri;
    let origin = base.origin;
    const kind = r.int(7);
    const at = r.int(uri.length + 1);
    if (kind === 0) uri = uri.slice(0, at) + r.pick(INSERTS) + uri.slice(at);
    else if (kind === 1) uri = uri.slice(0, at) + uri.slice(at + 1 + r.int(3));
    else if (kind === 2) uri = uri.replace(/^([a-z]+:\/\/)[^/?#]*/i, (_, scheme: string) => scheme + r.pick(HOSTS));
    else if (kind === 3) uri = uri.replace(/^[a-z]+:/i, r.pick(['http:', 'HTTPS:', 'ftp:', 'javascript:', 'http:/', 'https:///', 'hxxp:', 'file:']));
    else if (kind === 4) uri = uri.replace(/^([a-z]+:\/\/[^/?#:]*)(:\d*)?/i, (_, host: string) => host + r.pick([':0', ':65536', ':80', ':', ':abc', ':00080', ':443']));
    else if (kind === 5) uri = r.chance(0.5) ? uri.toUpperCase() : uri.toLowerCase();
    else {
      uri = 'postmessage';
      const o = origin ?? 'https://app.example.com';
      const oat = r.int(o.length + 1);
      origin = r.chance(0.5) ? o.slice(0, oat) + r.pick(INSERTS) + o.slice(oat) : o.replace(/\/\/[^/:]*/, '//' + r.pick(HOSTS));
    }
    probes.push({ redirectUri: uri, origin });
  }
  return probes;
}

describe('3. redirect URIs', () => {
  before(async () => {
    service = await localService();
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new', '--disable-gpu'] });
    page = await browser.newPage();
    const bundle = await build({ entryPoints: ['src/core/redirect-uri.ts'], bundle: true, format: 'iife', globalName: 'RedirectRules', write: false, target: 'es2022' });
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  });

  after(async () => {
    await browser?.close();
    await service?.close();
  });

  test(`the rule table (${REDIRECT_URI_CASES.length} cases): the page and the kit give the expected verdicts`, async (t) => {
    const verdicts = new Array<string>(REDIRECT_URI_CASES.length);
    await pool(REDIRECT_URI_CASES, 6, async (c, i) => {
      verdicts[i] = await pageVerdict(c);
    });
    const inBrowser = await browserVerdicts(REDIRECT_URI_CASES.map((c) => ({ redirectUri: c.redirectUri, origin: c.origin })));
    const wrong: string[] = [];
    REDIRECT_URI_CASES.forEach((c, i) => {
      const got = { page: verdicts[i], node: nodeVerdict(c), chromium: inBrowser[i] };
      for (const [judge, verdict] of Object.entries(got)) {
        if (verdict !== expected(c)) wrong.push(`${judge} says ${verdict} for ${JSON.stringify(c.redirectUri).slice(0, 90)} (${c.why}; expected ${expected(c)})`);
      }
    });
    report('redirect URIs: table cases', `${REDIRECT_URI_CASES.length} (${REDIRECT_URI_CASES.filter((c) => c.ok).length} accepted, ${REDIRECT_URI_CASES.filter((c) => !c.ok).length} rejected) × 3 judges`, t.diagnostic.bind(t));
    assert.ok(REDIRECT_URI_CASES.length >= 100);
    assert.deepEqual(wrong, []);
  });

  test('seeded variants: the page, the kit in Node and the kit in Chromium agree on each', async (t) => {
    const probes = variants(FULL ? 2_000 : 300);
    const fromPage = new Array<string>(probes.length);
    await pool(probes, 6, async (p, i) => {
      fromPage[i] = await pageVerdict(p);
    });
    const inBrowser = await browserVerdicts(probes);
    const disagreements: string[] = [];
    probes.forEach((p, i) => {
      const node = nodeVerdict(p);
      if (fromPage[i] !== node || inBrowser[i] !== node) {
        disagreements.push(`${JSON.stringify(p)}: page ${fromPage[i]}, node ${node}, chromium ${inBrowser[i]}`);
      }
    });
    const accepted = probes.filter((_, i) => fromPage[i] === 'ok').length;
    report('redirect URIs: seeded variants', `${probes.length} (${accepted} accepted by the page, ${probes.length - accepted} rejected)`, t.diagnostic.bind(t));
    report('redirect URIs: disagreements', disagreements.length, t.diagnostic.bind(t));
    assert.deepEqual(disagreements.slice(0, 10), [], `${disagreements.length} disagreements`);
  });
});
