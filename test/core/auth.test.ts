// The core login flow in every engine against the real prompt page and verify endpoint. The page
// is on the service's origin, so test/support/popup-driver.mjs clicks through it.
import { expect } from '@open-wc/testing';
import { serverCommand } from '../support/commands.js';
import { createClient, type Client } from '../../src/core/index.js';
import { CLOSED_MESSAGE, login, STATE_KEY, type LoginResult } from '../../src/core/login/login.js';
import { verifyToken } from '../../src/core/login/jwt-answer.js';
import { handleRedirect, pageNavigation, redirectUriProblem } from '../../src/core/login/redirect.js';
import { REDIRECT_URI_CASES } from '../server/redirect-uri-cases.js';
import { appName, deadUrl, fakeHost, fakeUrl, serviceUrl } from '../support/service.js';
import { quietFor } from '../support/waits.js';

/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
const EMAIL = 'demo@example.com';

const popup = (action: string, extra: object = {}) => serverCommand<{ url: string }>('login-popup', { action, ...extra });
const viaRedirectTab = (url: string, action = 'authorize') =>
  serverCommand<{ location: string }>('login-redirect', { url, action }).then((r) => r.location);
const client = (o: object = {}): Client => createClient({ appName, apiKey: API_KEY, host: serviceUrl, cacheTtl: 0, ...o });
const verifyRequests = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/v1/users/verify_token')).length;
/** This test page's address without fragment: a redirect_uri that comes back here. */
const here = () => location.href.split('#')[0]!;

/**
 * Catches (and stops) the page's next navigation to the prompt page. The kit leaves the page
 * through `pageNavigation.assign`, replaced here: a page can catch its own navigation only in
 * Chromium (the Navigation API), and the suite runs in every engine.
 */
function catchNavigation(): { url: Promise<string>; stop: () => void } {
  const real = pageNavigation.assign;
  let done: (url: string) => void;
  const url = new Promise<string>((r) => (done = r));
  pageNavigation.assign = (target: string) => {
    if (!target.includes('/oauth/auth')) return real(target);
    done(target);
  };
  return { url, stop: () => (pageNavigation.assign = real) };
}

/** A real token for the demo user, through the page's redirect flow in another tab. */
async function realToken(): Promise<string> {
  const url = `${serviceUrl}/oauth/auth?scope=read&api_key=${API_KEY}&redirect_uri=${encodeURIComponent('https://app.example.com/cb')}`;
  return new URLSearchParams(new URL(await viaRedirectTab(url)).hash.slice(1)).get('token')!;
}

const expectError = (r: LoginResult | undefined, reason: string) => {
  expect(r?.status, JSON.stringify(r)).to.equal('error');
  if (r?.status == 'error') expect(r.reason, r.message).to.equal(reason);
  return r as Extract<LoginResult, { status: 'error' }>;
};
const expectDemo = (r: LoginResult | undefined) => {
  expect(r?.status, JSON.stringify(r)).to.equal('success');
  if (r?.status != 'success') throw new Error('no success');
  expect(r.profile.email).to.equal(EMAIL);
  expect(r.profile.handle).to.equal('demo');
  expect(r.profile.userId).to.equal('7eP5n');
  expect(r.profile.apiKey).to.equal(API_KEY);
  expect(r.token.split('.')).to.have.length(3);
  return r;
};

describe('core login: popup and postmessage', () => {
  const realOpen = window.open;
  afterEach(() => {
    window.open = realOpen;
    sessionStorage.removeItem(STATE_KEY);
  });

  it('opens the prompt synchronously with the contract parameters, and resolves to the verified profile', async () => {
    const calls: string[][] = [];
    window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
      calls.push(args.map(String));
      return realOpen.apply(this, args);
    };
    const result = login({ client: client() });
    expect(calls, 'window.open ran before login returned').to.have.length(1);
    expect(calls[0]![2]).to.match(/^width=375,height=785,/);
    const { url } = await popup('authorize');
    const q = new URL(url).searchParams;
    expect(new URL(url).origin + new URL(url).pathname).to.equal(`${serviceUrl}/oauth/auth`);
    expect(Object.fromEntries(q)).to.include({ scope: 'read', api_key: API_KEY, redirect_uri: 'postmessage', origin: location.origin, display: 'popup' });
    expect(q.get('state')).to.match(/^[0-9a-f]{40}$/);
    expectDemo(await result);
  });

  it('asks for write when told, and each login gets a new state', async () => {
    const first = login({ scope: 'write', client: client() });
    const a = new URL((await popup('authorize')).url).searchParams;
    expectDemo(await first);
    const second = login({ scope: 'write', client: client() });
    const b = new URL((await popup('cancel')).url).searchParams;
    await second;
    expect(a.get('scope')).to.equal('write');
    expect(a.get('state')).not.to.equal(b.get('state'));
  });

  it('reports Cancel on the page as reason cancelled, with the page\'s words', async () => {
    const result = login({ client: client() });
    await popup('cancel');
    const r = expectError(await result, 'cancelled');
    expect(r.message).to.equal('The user cancelled the sign-in.');
  });

  it('reports a closed popup as reason closed', async () => {
    const result = login({ client: client() });
    await popup('inspect');
    await popup('close');
    const r = expectError(await result, 'closed');
    expect(r.message).to.equal(CLOSED_MESSAGE);
  });

  it('opens about:blank first when only a host list is known, then goes to the page on the selected host', async () => {
    const calls: string[] = [];
    window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
      calls.push(String(args[0]));
      return realOpen.apply(this, args);
    };
    const result = login({ client: createClient({ appName, apiKey: API_KEY, hostListUrl: serviceUrl + '/', cacheTtl: 0 }) });
    expect(calls).to.deep.equal(['']);
    await popup('authorize');
    expectDemo(await result);
  });

  it('gives the same flow to a second call while the popup is open, without a second window', async () => {
    let opened = 0;
    window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
      opened++;
      return realOpen.apply(this, args);
    };
    const c = client();
    const first = login({ client: c });
    const second = login({ client: c });
    expect(second).to.equal(first);
    expect(opened).to.equal(1);
    await popup('cancel');
    expectError(await first, 'cancelled');
  });

  it('ignores answers from another origin or another window, and takes the popup\'s', async () => {
    const result = login({ client: client() });
    const state = new URL((await popup('inspect')).url).searchParams.get('state')!;
    let settled = false;
    void result.then(() => (settled = true));
    // Right state, wrong origin: this page itself.
    window.postMessage({ state, token: 'forged.from.page' }, '*');
    // Right state and origin, wrong window: a frame on the service's origin.
    const frame = Object.assign(document.createElement('iframe'), { src: `${serviceUrl}/health_check` });
    document.body.append(frame);
    await new Promise((r) => frame.addEventListener('load', r, { once: true }));
    await serverCommand('post-from-frame', { urlContains: '/health_check', message: { state, token: 'forged.from.frame' } });
    await quietFor(600); // nothing happens within: a forged answer taken would settle the flow by then
    frame.remove();
    expect(settled, 'no forged answer ended the flow').to.equal(false);
    await popup('authorize');
    expectDemo(await result);
  });

  it('ignores an answer from the popup once it has left the login page\'s origin', async () => {
    const token = await realToken();
    const result = login({ client: client() });
    const state = new URL((await popup('inspect')).url).searchParams.get('state')!;
    await popup('post', { goto: `${fakeUrl}/hosts?list=real`, message: { state, token }, close: true });
    expectError(await result, 'closed');
  });

  it('refuses an answer with another state from the popup, and verifies nothing', async () => {
    const token = await realToken();
    performance.clearResourceTimings();
    const result = login({ client: client() });
    await popup('post', { message: { state: 'f'.repeat(40), token } });
    expectError(await result, 'state-mismatch');
    expect(verifyRequests(), 'verify requests').to.equal(0);
  });

  it('reports a blocked popup as reason blocked', async () => {
    window.open = () => null;
    const r = expectError(await login({ client: client() }), 'blocked');
    expect(r.message).to.match(/blocked the login popup.*Allow popups/);
    expect(sessionStorage.getItem(STATE_KEY)).to.equal(null);
  });

  it('falls back to the redirect flow for a blocked popup when asked', async () => {
    window.open = () => null;
    const nav = catchNavigation();
    try {
      const r = await login({ client: client(), fallbackToRedirect: true });
      const url = new URL(await nav.url);
      expect(r).to.deep.equal({ status: 'redirect', url: url.href });
      expect(Object.fromEntries(url.searchParams)).to.include({ redirect_uri: here(), display: 'fullScreen', scope: 'read' });
      expect(url.searchParams.get('state')).to.equal(sessionStorage.getItem(STATE_KEY));
    } finally {
      nav.stop();
    }
  });

  it('reports settings it cannot work with as reason config, opening nothing', async () => {
    window.open = () => {
      throw new Error('must not open');
    };
    expectError(await login({ client: createClient({ host: serviceUrl }) }), 'config');
    expectError(await login({ client: createClient({ apiKey: API_KEY }) }), 'config');
    expectError(await login({ client: client(), scope: 'admin' as 'read' }), 'config');
    expectError(await login({ client: client({ authUrl: 'not a url' }) }), 'config');
    expect(expectError(await login({ client: client(), redirectUri: 'javascript:alert(1)' }), 'config').message).to.equal('The redirect URI must be an http(s) URL.');
  });
});

describe('core login: redirect flow and handleRedirect', () => {
  afterEach(() => {
    sessionStorage.removeItem(STATE_KEY);
    history.replaceState(history.state, '', here().replace(/[?&](state|token|error|error_description)=[^&]*/g, ''));
  });

  async function startRedirect(responseMode?: 'query' | 'fragment'): Promise<string> {
    const nav = catchNavigation();
    try {
      const r = await login({ client: client(), redirectUri: here(), responseMode });
      expect(r.status).to.equal('redirect');
      return await nav.url;
    } finally {
      nav.stop();
    }
  }

  it('a redirect URI that breaks the rules goes to the prompt page, which names the problem (400)', async () => {
    const nav = catchNavigation();
    try {
      expect((await login({ client: client(), redirectUri: 'https://app.example.com/cb#x' })).status).to.equal('redirect');
      const page = await fetch(await nav.url);
      expect(page.status).to.equal(400);
      expect(await page.text()).to.include('must not have a fragment');
    } finally {
      nav.stop();
    }
  });

  it('fragment: goes to the page full screen, comes back with token and state, verifies and cleans the address', async () => {
    const pageUrl = new URL(await startRedirect());
    expect(pageUrl.searchParams.get('display')).to.equal('fullScreen');
    const back = new URL(await viaRedirectTab(pageUrl.href));
    expect(back.hash).to.match(/^#state=[0-9a-f]{40}&token=/);
    history.replaceState(history.state, '', back.href);
    const before = location.search;
    expectDemo(await handleRedirect({ client: client() }));
    expect(location.hash).to.equal('');
    expect(location.search).to.equal(before);
    expect(sessionStorage.getItem(STATE_KEY)).to.equal(null);
  });

  it('query: the answer is appended to the query, existing parameters kept', async () => {
    const before = location.search;
    const back = new URL(await viaRedirectTab(await startRedirect('query')));
    expect(back.searchParams.get('token')).to.be.a('string');
    history.replaceState(history.state, '', back.href);
    expectDemo(await handleRedirect({ client: client() }));
    expect(location.search).to.equal(before);
  });

  it('reports Cancel on the page as reason cancelled', async () => {
    const back = await viaRedirectTab(await startRedirect(), 'cancel');
    history.replaceState(history.state, '', back);
    expectError(await handleRedirect({ client: client() }), 'cancelled');
  });

  it('refuses an answer this tab did not ask for, without verifying it', async () => {
    const token = await realToken();
    performance.clearResourceTimings();
    sessionStorage.setItem(STATE_KEY, 'a'.repeat(40));
    history.replaceState(history.state, '', `${here()}#state=${'b'.repeat(40)}&token=${token}`);
    expectError(await handleRedirect({ client: client() }), 'state-mismatch');
    history.replaceState(history.state, '', `${here()}#token=${token}`);
    expectError(await handleRedirect({ client: client() }), 'state-mismatch');
    expect(verifyRequests()).to.equal(0);
    expect(location.hash, 'the token left the address anyway').to.equal('');
  });

  it('resolves to undefined when the address carries no answer', async () => {
    history.replaceState(history.state, '', `${here()}#section-2`);
    expect(await handleRedirect({ client: client() })).to.equal(undefined);
    expect(location.hash).to.equal('#section-2');
  });
});

describe('core verifyToken', () => {
  it('verifies a real token, and refuses a tampered one with reason invalid-token (404)', async () => {
    const token = await realToken();
    expectDemo(await verifyToken(token, client()));
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/')));
    const forged = btoa(JSON.stringify({ ...payload, email: 'attacker@example.com' })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const error = await client().verifyToken(`${h}.${forged}.${s}`).catch((e) => e);
    expect(error.status).to.equal(404);
    expect(expectError(await verifyToken(`${h}.${forged}.${s}`, client()), 'invalid-token').message).to.contain('JWT signature is invalid');
    expectError(await verifyToken('not-a-token', client()), 'invalid-token');
  });

  it('accepts the bare body of the contract and the wrapped one of production', async () => {
    for (const token of ['bare', 'wrapped']) {
      const r = await verifyToken(token, createClient({ host: fakeHost('verify'), cacheTtl: 0 }));
      expect(r.status == 'success' && r.profile.email).to.equal(EMAIL);
    }
  });

  it('reports an unreachable or failing service as reason network, never a rejection', async () => {
    expectError(await verifyToken('x.y.z', createClient({ host: deadUrl, timeout: 2000 })), 'network');
    expectError(await verifyToken('x.y.z', createClient({ host: fakeHost('error500') })), 'network');
  });
});

describe('the kit\'s redirect-URI pre-check gives the table\'s verdicts', () => {
  it('has at least 60 cases', () => expect(REDIRECT_URI_CASES.length).to.be.at.least(60));
  for (const c of REDIRECT_URI_CASES) {
    const label = `${c.ok ? 'accepts' : 'rejects'} ${c.why}: ${JSON.stringify(c.redirectUri).slice(0, 60)}${c.origin === undefined ? '' : ` origin ${JSON.stringify(c.origin)}`}`;
    it(label, () => {
      const problem = redirectUriProblem(c.redirectUri, c.origin);
      if (c.ok) expect(problem).to.equal(undefined);
      else expect(problem).to.match(c.param == 'origin' ? /^The origin / : /^The redirect URI /);
    });
  }
});
