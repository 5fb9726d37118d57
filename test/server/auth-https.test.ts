// The login page over real https (a self-signed certificate, test/support/tls): its cookie is
// `__Host-oauth_session` with Secure and Path=/, and a cookie without the prefix is not read.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import Fastify, { type FastifyInstance } from 'fastify';
import { openMemoryDatabase, type Db } from '../../server/db/open.js';
import { prepareLogin } from '../../server/auth/index.js';
import { DEMO_APP } from '../../server/auth/store/apps.js';
import { DEMO_ACCOUNT } from '../../server/auth/store/accounts.js';
import { createOauthRoutes } from '../../server/routes/oauth.js';
import { authUrl, encodeForm, formFields, seedUsers } from './auth-fixture.js';

const tls = (name: string) => readFileSync(new URL(`../support/tls/${name}`, import.meta.url));
let app: FastifyInstance;
let db: Db;
let origin: string;
before(async () => {
  db = openMemoryDatabase();
  seedUsers(db);
  prepareLogin(db);
  app = Fastify({ https: { key: tls('key.pem'), cert: tls('cert.pem') } });
  createOauthRoutes()(app, { db, dataDir: '/nonexistent', baseUrl: '' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
after(async () => {
  await app.close();
  db.close();
});

interface Answer {
  status: number;
  cookies: string[];
  location?: string;
  body: string;
}

/** One request to the https service, trusting its test certificate. */
function send(path: string, headers: Record<string, string> = {}, form?: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = form ? encodeForm(form) : undefined;
    const req = request(
      `${origin}${path}`,
      { method: form ? 'POST' : 'GET', ca: tls('cert.pem'), headers: { ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin } : {}), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, cookies: res.headers['set-cookie'] ?? [], location: res.headers.location, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pair = (setCookie: string) => setCookie.split(';')[0]!;

test('over https: __Host-oauth_session, Secure, Path=/; an unprefixed cookie is not read', async () => {
  const page = await send(authUrl({ scope: 'read', api_key: DEMO_APP.apiKey, redirect_uri: 'https://app.example.com/cb' }));
  assert.equal(page.status, 200);
  assert.equal(page.cookies.length, 1);
  assert.match(page.cookies[0]!, /^__Host-oauth_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
  assert.doesNotMatch(page.cookies[0]!, /Domain=/i);
  const fields = { ...formFields(page.body, '/oauth/login'), login: DEMO_ACCOUNT.handle, password: DEMO_ACCOUNT.password };
  const id = pair(page.cookies[0]!).split('=')[1]!;
  // The same id under the name a plain-http page (or a sibling that cannot set __Host-) would use.
  const unprefixed = await send('/oauth/login', { cookie: `oauth_session=${id}` }, fields);
  assert.equal(unprefixed.status, 403);
  const signedIn = await send('/oauth/login', { cookie: pair(page.cookies[0]!) }, fields);
  assert.equal(signedIn.status, 303);
  assert.match(signedIn.cookies[0]!, /^__Host-oauth_session=[\w-]{43}; Path=\/; .*; Secure$/);
  assert.notEqual(pair(signedIn.cookies[0]!), pair(page.cookies[0]!), 'a new session at sign-in');
  const consent = await send(signedIn.location!, { cookie: pair(signedIn.cookies[0]!) });
  assert.match(consent.body, /Signed in as <strong><bdi>Demo Listener<\/bdi><\/strong>/);
  // Over https, http://the-same-host is another origin.
  const downgraded = await send('/oauth/authorize', { cookie: pair(signedIn.cookies[0]!), origin: origin.replace('https:', 'http:') }, {
    ...formFields(consent.body, '/oauth/authorize'),
    decision: 'authorize',
  });
  assert.equal(downgraded.status, 403);
});
