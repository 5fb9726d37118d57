// Production's own client library 16 (@audius/sdk 16.0.0, dist/sdk.min.js from npm pack) against
// the reference service in both modes, on a page of another origin in Chromium, as an app would
// use it: login() (a popup: sign in and consent there) -> getUser() -> tracks.favoriteTrack ->
// tracks.unfavoriteTrack -> logout(). Each step is checked on the service's side too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startService, type RunningService } from '../../server/service.js';
import { DEMO_ACCOUNT, DEMO_APP } from '../../server/auth/index.js';
import { productionSdk } from './production-sdk.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Far beyond a loaded machine's time for one step, below the test's own timeout, so a failure names its step. */
const STEP = { timeout: 30_000 };

let browser: Browser;
let sdk: string;

before(async () => {
  sdk = productionSdk('16.0.0');
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
after(async () => {
  await browser?.close();
});

/**
 * The app's site, on `localhost` (the service listens on 127.0.0.1: another origin). `/` has a
 * button that calls `login()`; `/callback` is the redirect URI, where `handleRedirect()` hands
 * the code to the opener. Both point the library at `service` before making the client.
 */
async function appSite(service: string): Promise<{ origin: string; server: Server }> {
  const setup = (origin: string) => `
<script src="/sdk.min.js"></script>
<script>
  window.audiusSdk.config.production.network.apiEndpoint = ${JSON.stringify(service)};
  window.app = window.audiusSdk({ apiKey: ${JSON.stringify(DEMO_APP.apiKey)}, redirectUri: ${JSON.stringify(`${origin}/callback`)} });
</script>`;
  const server = createServer((req, res) => {
    const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/sdk.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk);
    } else if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Fan site</title>${setup(origin)}
<button id="login">Log in</button>
<script>
  document.getElementById('login').addEventListener('click', () => {
    window.outcome = window.app.oauth.login({ scope: 'write' }).then(() => 'signed in', (error) => 'failed: ' + error.message);
  });
</script>`);
    } else if (path === '/callback') {
      // In a popup, the library's handleRedirect() posts the code to the opener and closes the
      // window at once; the opener polls `closed` every 500 ms and may see it before the posted
      // code (a loaded machine failed so once). The page skips that first close() and leaves the
      // closing to the opener, which closes the popup once it has read the code: no race, as
      // docs/guide.md advises.
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Callback</title>${setup(origin)}
<script>
  if (window.opener) {
    const close = window.close;
    window.close = () => { window.close = close; };
  }
  window.outcome = window.app.oauth.handleRedirect().then(() => 'done', (error) => 'failed: ' + error.message);
</script>`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/** GET on the service from here, not the page: what the service itself now says. */
async function serviceJson<T>(service: RunningService, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${service.url}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as T };
}

for (const compat of [undefined, 'production'] as const) {
  describe(`@audius/sdk 16.0.0 against the service (${compat ? '--compat production' : 'contract mode'})`, () => {
    let service: RunningService;
    let dataDir: string;
    let site: { origin: string; server: Server };
    let page: Page;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'service-sdk16-'));
      service = await startService({ port: 0, dataDir, compat });
      site = await appSite(service.url);
      page = await (await browser.newContext()).newPage();
    });
    after(async () => {
      await page?.context().close();
      site?.server.close();
      await service?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('login() -> getUser() -> favoriteTrack -> unfavoriteTrack -> logout()', { timeout: 240_000 }, async () => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Every answer the library got from the service, to name a refusal if a step fails.
      const refused: string[] = [];
      page.on('response', (res) => {
        if (res.url().startsWith(service.url) && res.status() >= 400) refused.push(`${res.request().method()} ${res.url()} -> ${res.status()}`);
      });
      await page.goto(`${site.origin}/`);
      assert.notEqual(new URL(site.origin).origin, new URL(service.url).origin, 'the app is on another origin');

      // login(): the popup shows the service's sign-in, then its consent screen.
      const [popup] = await Promise.all([page.waitForEvent('popup', STEP), page.click('#login')]);
      await popup.waitForURL(/\/oauth\/auth\?/, STEP);
      assert.ok(popup.url().startsWith(`${service.url}/oauth/auth?`), popup.url());
      await popup.fill('#login', DEMO_ACCOUNT.email, STEP);
      await popup.fill('#password', DEMO_ACCOUNT.password, STEP);
      await popup.click('button[type=submit]:has-text("Sign in")', STEP);
      await popup.click('button[value=authorize]', STEP);
      await page.waitForFunction(() => (window as unknown as { outcome?: Promise<string> }).outcome, undefined, STEP);
      assert.equal(await page.evaluate(() => (window as unknown as { outcome: Promise<string> }).outcome), 'signed in');
      if (!popup.isClosed()) await popup.waitForEvent('close', STEP); // the library closes it once it has the code

      // getUser(): GET /v1/me with the bearer token.
      const user = await page.evaluate(async () => {
        const u = await (window as unknown as { app: { oauth: { getUser(): Promise<{ id: string; handle: string; name: string }> } } }).app.oauth.getUser();
        return { id: u.id, handle: u.handle, name: u.name };
      });
      assert.equal(user.handle, DEMO_ACCOUNT.handle);
      const stored = await page.evaluate(() => ({ access: localStorage.getItem('audius_access_token'), refresh: localStorage.getItem('audius_refresh_token') }));
      assert.ok(stored.access && stored.refresh, 'the library stored both tokens');

      // favoriteTrack / unfavoriteTrack: REST writes with the bearer token; the service shows each at once.
      const trending = await serviceJson<{ data: Array<{ id: string; favorite_count: number }> }>(service, '/v1/tracks/trending?app_name=sdk16&limit=100');
      const favoritesOf = async () =>
        (await serviceJson<{ data: Array<{ favorite_item_id: string }> }>(service, `/v1/users/${user.id}/favorites?app_name=sdk16&limit=500`)).body.data.map((f) => f.favorite_item_id);
      const already = new Set(await favoritesOf());
      const track = trending.body.data.find((t) => !already.has(t.id))!;
      const favorite = (method: 'favoriteTrack' | 'unfavoriteTrack') =>
        page.evaluate(
          async ([name, trackId, userId]) => {
            const tracks = (window as unknown as { app: { tracks: Record<string, (p: object) => Promise<unknown>> } }).app.tracks;
            try {
              return { answer: await tracks[name]!({ trackId, userId }) };
            } catch (error) {
              return { error: String((error as Error).message) };
            }
          },
          [method, track.id, user.id] as const,
        );
      const favorited = await favorite('favoriteTrack');
      assert.equal(favorited.error, undefined, refused.join('; '));
      assert.match(String((favorited.answer as { transactionHash?: string }).transactionHash), /^0x[0-9a-f]{64}$/);
      assert.ok((await favoritesOf()).includes(track.id));
      const counted = await serviceJson<{ data: { favorite_count: number } }>(service, `/v1/tracks/${track.id}?app_name=sdk16`);
      assert.equal(counted.body.data.favorite_count, track.favorite_count + 1);

      const unfavorited = await favorite('unfavoriteTrack');
      assert.equal(unfavorited.error, undefined, refused.join('; '));
      assert.ok(!(await favoritesOf()).includes(track.id));

      // logout(): revokes the refresh token (and so its access token) and clears the store.
      await page.evaluate(() => (window as unknown as { app: { oauth: { logout(): Promise<void> } } }).app.oauth.logout());
      assert.equal(await page.evaluate(() => localStorage.getItem('audius_refresh_token')), null);
      const after = await serviceJson<{ error?: string }>(service, '/v1/me', { authorization: `Bearer ${stored.access}` });
      assert.equal(after.status, 401, 'the service revoked the sign-in');
      assert.deepEqual(errors, []);
      assert.deepEqual(refused, [], 'the service refused none of the library\'s requests');
    });

    test('login({ display: "fullScreen" }): the page goes to the service and back, and handleRedirect() exchanges the code', { timeout: 240_000 }, async () => {
      const full = await (await browser.newContext()).newPage();
      try {
        await full.goto(`${site.origin}/`);
        await full.evaluate(() => void (window as unknown as { app: { oauth: { login(o: object): Promise<void> } } }).app.oauth.login({ scope: 'read', display: 'fullScreen' }));
        await full.waitForURL(/\/oauth\/auth\?/, STEP);
        await full.fill('#login', DEMO_ACCOUNT.email, STEP);
        await full.fill('#password', DEMO_ACCOUNT.password, STEP);
        await full.click('button[type=submit]:has-text("Sign in")', STEP);
        await full.click('button[value=authorize]', STEP);
        await full.waitForURL(/\/callback/, STEP);
        await full.waitForFunction(() => (window as unknown as { outcome?: Promise<string> }).outcome, undefined, STEP);
        assert.equal(await full.evaluate(() => (window as unknown as { outcome: Promise<string> }).outcome), 'done');
        assert.ok(!/[?#&]code=/.test(full.url()), 'the library took the code out of the address');
        const handle = await full.evaluate(async () => (await (window as unknown as { app: { oauth: { getUser(): Promise<{ handle: string }> } } }).app.oauth.getUser()).handle);
        assert.equal(handle, DEMO_ACCOUNT.handle);
        const access = await full.evaluate(() => localStorage.getItem('audius_access_token'));
        assert.equal((await serviceJson(service, '/v1/me', { authorization: `Bearer ${access}` })).status, 200);
      } finally {
        await full.context().close();
      }
    });
  });
}
