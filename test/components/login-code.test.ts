// The code flow (authorization code + PKCE, production's current login) in every engine, on a
// foreign origin: the kit's page here, the real service's authorize page in the popup (driven
// by test/support/popup-driver.mjs) or by full-page redirect, the real token endpoint and /v1/me.
import { expect, fixture, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';
import '../../src/components/login-button/login-button.js';
import type { ServiceLoginButton } from '../../src/components/login-button/login-button.js';
import { CODE_KEY, pageNavigation } from '../../src/core/login/shared.js';
import { handleRedirect } from '../../src/core/login/redirect.js';
import { getSession } from '../../src/core/login/session.js';
import { authClientFor } from '../../src/core/login/client.js';
import { appName, serviceUrl, shortServiceUrl } from '../support/service.js';
import { loginSuccess, waitFor } from '../support/waits.js';

/** The seeded demo app's API key (docs/login.md): it allows loopback redirect URIs. */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
/** The app's redirect page on this (the app's) origin. */
const REDIRECT_PAGE = `${location.origin}/test/support/pages/code-redirect.html`;

const popup = (action: string, payload: object = {}) => serverCommand<{ url: string }>('login-popup', { action, ...payload });
const inner = (el: ServiceLoginButton) => el.shadowRoot!.querySelector<HTMLButtonElement>('button')!;
const here = () => location.href.split('#')[0]!;
const session = () => getSession(authClientFor({ host: serviceUrl, appName, apiKey: API_KEY }));

const button = (attrs = '') => {
  const wrap = document.createElement('div');
  wrap.innerHTML = `<service-login-button flow="code" host="${serviceUrl}" app-name="${appName}" api-key="${API_KEY}" ${attrs}></service-login-button>`;
  return fixture<ServiceLoginButton>(wrap.firstElementChild as ServiceLoginButton);
};

async function click(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
  await sendMouse({ type: 'move', position: [0, 0] });
}

/** `GET /v1/me` with `token`: the status the service at `host` answers. */
const status = async (host: string, token: string) => (await fetch(`${host}/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;
const meStatus = (token: string) => status(serviceUrl, token);

describe('the code flow (authorization code + PKCE)', () => {
  afterEach(async () => {
    await session().logout();
    sessionStorage.removeItem(CODE_KEY);
  });

  it('logs in in a popup: the authorize page with an S256 challenge, the code handed over by the redirect page, the profile from /v1/me', async () => {
    const el = await button(`redirect-uri="${REDIRECT_PAGE}" scope="write"`);
    const changes: unknown[] = [];
    const listen = (e: GlobalEventHandlersEventMap['service-session-change']) => changes.push(e.detail.profile?.handle);
    window.addEventListener('service-session-change', listen);
    try {
      const success = loginSuccess(el);
      await click(inner(el));
      const { url } = await popup('authorize');
      const query = new URL(url).searchParams;
      // /v1/oauth/authorize sends the browser on to the sign-in and consent page, /oauth/auth, with the same parameters.
      expect(new URL(url).pathname).to.equal('/oauth/auth');
      expect(query.get('response_type')).to.equal('code');
      expect(query.get('code_challenge_method')).to.equal('S256');
      expect(query.get('code_challenge')).to.match(/^[\w-]{43}$/);
      expect(query.get('state')).to.match(/^[\w-]{22}$/);
      expect(query.get('redirect_uri')).to.equal(REDIRECT_PAGE);
      expect(query.get('scope')).to.equal('write');
      // The popup closes itself right after handing over its code: that is a success, never `closed`.
      const { profile, token } = await success;
      expect(profile).to.include({ handle: 'demo', userId: '7eP5n', sub: '7eP5n', apiKey: API_KEY });
      expect(profile, 'no email in the code flow').not.to.have.property('email');
      expect(await meStatus(token)).to.equal(200);
      expect(session().profile?.handle).to.equal('demo');
      expect(session().scope).to.include('write');
      // Another copy of the kit on the page (another CDN file, say) has the same session: one sign-in for all.
      const copy = (await import(/* @vite-ignore */ `${new URL('../../src/core/login/session.ts', import.meta.url).href}?another-copy`)) as typeof import('../../src/core/login/session.js');
      expect(copy.getSession, 'a second copy of the module').not.to.equal(getSession);
      expect(copy.getSession(authClientFor({ host: serviceUrl, appName, apiKey: API_KEY })), 'the same session').to.equal(session());
      expect(changes).to.deep.equal(['demo']);
      await session().logout();
      expect(changes).to.deep.equal(['demo', undefined]);
      expect(await meStatus(token), 'logout revoked the tokens').to.equal(401);
    } finally {
      window.removeEventListener('service-session-change', listen);
    }
  });

  it('reports Cancel at once as reason cancelled (the redirect page closes the popup), and a state mismatch as reason state', async () => {
    const el = await button(`redirect-uri="${REDIRECT_PAGE}"`);
    let failure = oneEvent(el, 'service-login-error');
    inner(el).click();
    await popup('cancel');
    expect((await failure).detail.reason).to.equal('cancelled');

    // The popup lands on the app's redirect page with a code and a state this page did not send (a forged
    // redirect): the redirect page hands it over as it would any answer; the opener refuses it, nothing exchanged.
    failure = oneEvent(el, 'service-login-error');
    inner(el).click();
    await popup('navigate', { to: `${REDIRECT_PAGE}?code=forged&state=not-the-one-sent` });
    expect((await failure).detail.reason).to.equal('state');
    expect(session().profile).to.equal(undefined);
  });

  it('reports a closed popup as reason closed, and a missing redirect URI as reason config', async () => {
    const el = await button(`redirect-uri="${REDIRECT_PAGE}"`);
    let failure = oneEvent(el, 'service-login-error');
    inner(el).click();
    await popup('close');
    expect((await failure).detail.reason).to.equal('closed');
    const bare = await button();
    failure = oneEvent(bare, 'service-login-error');
    inner(bare).click();
    expect((await failure).detail.reason).to.equal('config');
  });

  it('logs in by full-page redirect with display="fullScreen": the page that comes back exchanges the code', async () => {
    const real = pageNavigation.assign;
    let target = '';
    pageNavigation.assign = (url: string) => (url.includes('/oauth/authorize') ? void (target = url) : real(url));
    try {
      const el = await button(`redirect-uri="${here()}" display="fullScreen"`);
      inner(el).click();
      await waitFor(() => target, 'the button sends the page to the authorize page');
      expect(new URL(target).searchParams.get('display')).to.equal('fullScreen');
      expect(sessionStorage.getItem(CODE_KEY), 'the verifier waits in this tab').to.contain('verifier');
    } finally {
      pageNavigation.assign = real;
    }
    const { location: back } = await serverCommand<{ location: string }>('login-redirect', { url: target });
    expect(new URL(back).searchParams.get('code')).to.be.a('string');
    const before = location.href;
    history.replaceState(history.state, '', back);
    try {
      const wrap = document.createElement('div');
      const success = loginSuccess(wrap);
      await fixture(wrap);
      wrap.innerHTML = `<service-login-button flow="code" host="${serviceUrl}" api-key="${API_KEY}" redirect-uri="${here()}"></service-login-button>`;
      expect((await success).profile.handle).to.equal('demo');
      expect(location.search, 'the code left the address bar').not.to.contain('code=');
      expect(sessionStorage.getItem(CODE_KEY)).to.equal(null);
      expect(session().profile?.handle).to.equal('demo');
    } finally {
      history.replaceState(history.state, '', before);
    }
  });

  it('refuses a full-page answer whose state this tab did not send (reason state), exchanging nothing', async () => {
    const before = location.href;
    sessionStorage.setItem(CODE_KEY, JSON.stringify({ state: 'sent', verifier: 'v', redirectUri: here(), scope: 'read' }));
    history.replaceState(history.state, '', `${here()}${location.search ? '&' : '?'}code=stolen&state=other`);
    try {
      const result = await handleRedirect({ client: authClientFor({ host: serviceUrl, apiKey: API_KEY }) });
      expect(result).to.include({ status: 'error', reason: 'state' });
      expect(location.search).not.to.contain('code=');
    } finally {
      history.replaceState(history.state, '', before);
    }
  });
});

describe('the code flow session with 3-second access tokens', () => {
  const shortSession = () => getSession(authClientFor({ host: shortServiceUrl, appName, apiKey: API_KEY }));
  const tokenCalls = () => performance.getEntriesByType('resource').filter((e) => e.name.startsWith(`${shortServiceUrl}/v1/oauth/token`)).length;
  after(() => shortSession().logout());

  it('refreshes before expiry, refreshes once on a 401, and logs out by revoking', async () => {
    performance.clearResourceTimings();
    const wrap = document.createElement('div');
    wrap.innerHTML = `<service-login-button flow="code" host="${shortServiceUrl}" app-name="${appName}" api-key="${API_KEY}" redirect-uri="${REDIRECT_PAGE}"></service-login-button>`;
    const el = (await fixture(wrap)).firstElementChild as ServiceLoginButton;
    const success = loginSuccess(el);
    inner(el).click();
    await popup('authorize');
    const first = (await success).token;
    const session = shortSession();
    expect(tokenCalls(), 'the code exchange').to.equal(1);

    // Before the 3 s are up, the session refreshes by itself: a second token call, a new access token that works.
    await waitFor(() => tokenCalls() >= 2, 'a refresh before the access token expires');
    const second = await session.accessToken();
    expect(second).to.be.a('string').and.not.equal(first);
    expect(await status(shortServiceUrl, second!)).to.equal(200);
    await waitFor(async () => (await status(shortServiceUrl, first)) === 401, 'the first access token to expire');

    // The service stops taking the current access token (revoked behind the session's back): one 401, one refresh, the call succeeds.
    await fetch(`${shortServiceUrl}/v1/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: await session.accessToken(), client_id: API_KEY }) });
    const calls = tokenCalls();
    const me = await session.fetch('/v1/me');
    expect(me.status).to.equal(200);
    expect((await me.json()).data.handle).to.equal('demo');
    expect(tokenCalls(), 'one refresh').to.equal(calls + 1);

    // Logout: signed out at once, and the service refuses the tokens it gave.
    const last = (await session.accessToken())!;
    await session.logout();
    expect(session.profile).to.equal(undefined);
    expect(await session.accessToken()).to.equal(undefined);
    expect(await status(shortServiceUrl, last), 'revoked').to.equal(401);
  });
});
