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
import { appName, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

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

/** `GET /v1/me` with `token`: the status the service answers. */
const meStatus = async (token: string) => (await fetch(`${serviceUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;

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
      const success = oneEvent(el, 'service-login-success');
      const failure = oneEvent(el, 'service-login-error').then((e) => e.detail);
      await click(inner(el));
      const { url } = await popup('authorize');
      const query = new URL(url).searchParams;
      expect(new URL(url).pathname).to.equal('/v1/oauth/authorize');
      expect(query.get('response_type')).to.equal('code');
      expect(query.get('code_challenge_method')).to.equal('S256');
      expect(query.get('code_challenge')).to.match(/^[\w-]{43}$/);
      expect(query.get('state')).to.match(/^[\w-]{22}$/);
      expect(query.get('redirect_uri')).to.equal(REDIRECT_PAGE);
      expect(query.get('scope')).to.equal('write');
      // The popup closes itself right after handing over its code: that is a success, never `closed`.
      const detail = await Promise.race([success.then((e) => e.detail), failure]);
      expect(detail, JSON.stringify(detail)).to.have.property('profile');
      const { profile, token } = detail as { profile: Record<string, unknown>; token: string };
      expect(profile).to.include({ handle: 'demo', userId: '7eP5n', sub: '7eP5n', apiKey: API_KEY });
      expect(profile, 'no email in the code flow').not.to.have.property('email');
      expect(await meStatus(token)).to.equal(200);
      expect(session().profile?.handle).to.equal('demo');
      expect(session().scope).to.include('write');
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

    // An answer from this origin's page in the popup whose state this page did not send: refused, nothing exchanged.
    failure = oneEvent(el, 'service-login-error');
    inner(el).click();
    await popup('post', { goto: REDIRECT_PAGE, message: { type: 'service-login-code', code: 'forged', state: 'not-the-one-sent' } });
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
      const success = oneEvent(wrap, 'service-login-success');
      await fixture(wrap);
      wrap.innerHTML = `<service-login-button flow="code" host="${serviceUrl}" api-key="${API_KEY}" redirect-uri="${here()}"></service-login-button>`;
      const { detail } = await success;
      expect(detail.profile.handle).to.equal('demo');
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
