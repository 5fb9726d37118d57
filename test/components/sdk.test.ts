// The contract's client-library API (src/sdk.ts) in every engine against the real service.
// Order matters: the first tests run before init, as a page that calls too early would.
import { expect, fixture, html } from '@open-wc/testing';
import { serverCommand } from '../support/commands.js';
import * as sdk from '../../src/sdk.js';
import type { LoginError, LoginProfile } from '../../src/sdk.js';
import { appName, serviceUrl } from '../support/service.js';

/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';

const popup = (action: string) => serverCommand<{ url: string }>('login-popup', { action });
const realToken = async () => {
  const url = `${serviceUrl}/oauth/auth?scope=read&api_key=${API_KEY}&redirect_uri=${encodeURIComponent('https://app.example.com/cb')}`;
  const { location } = await serverCommand<{ location: string }>('login-redirect', { url });
  return new URLSearchParams(new URL(location).hash.slice(1)).get('token')!;
};

/** Callbacks that record what they get, and a promise for the next call of either. */
function recorder() {
  const successes: Array<[LoginProfile, string]> = [];
  const errors: LoginError[] = [];
  let wake: () => void = () => {};
  const next = () => new Promise<void>((r) => (wake = r));
  return {
    successes,
    errors,
    next,
    successCallback: (profile: LoginProfile, token: string) => (successes.push([profile, token]), wake()),
    errorCallback: (error: LoginError) => (errors.push(error), wake()),
  };
}

const placeholder = async () => (await fixture<HTMLDivElement>(html`<div><span class="slot">Loading…</span></div>`)).firstElementChild!;

describe('sdk before init', () => {
  it('never throws: calls before init are reported on the console and do nothing', async () => {
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (e: unknown) => logged.push(e);
    try {
      const el = await placeholder();
      expect(sdk.renderButton({ element: el })).to.equal(undefined);
      expect(el.isConnected, 'the element stays').to.equal(true);
      expect(await sdk.login()).to.equal(undefined);
      expect((await sdk.verifyToken('x.y.z')).status).to.equal('error');
    } finally {
      console.error = error;
    }
    expect(logged.map((e) => (e as LoginError).message)).to.deep.equal([
      'Call init({ apiKey, appName, successCallback, errorCallback }) before renderButton.',
      'Call init({ apiKey, appName, successCallback, errorCallback }) before login.',
    ]);
  });

  it('an incomplete init reports what is missing through errorCallback, and later calls too', async () => {
    const r = recorder();
    sdk.init({ appName, errorCallback: r.errorCallback } as unknown as sdk.InitOptions);
    sdk.renderButton({ element: await placeholder() });
    expect(r.errors.map((e) => [e.reason, e.message])).to.deep.equal([
      ['config', 'init needs apiKey, successCallback (a function).'],
      ['config', 'Call init({ apiKey, appName, successCallback, errorCallback }) before renderButton.'],
    ]);
    expect(r.errors[0]).to.be.instanceOf(sdk.LoginError);
  });
});

describe('sdk after init', () => {
  let r: ReturnType<typeof recorder>;
  beforeEach(() => {
    r = recorder();
    sdk.init({ apiKey: API_KEY, appName, host: serviceUrl, successCallback: r.successCallback, errorCallback: r.errorCallback });
  });

  it('renderButton replaces the element with the button, found by document.getElementById', async () => {
    const styles = document.head.querySelectorAll('style, link').length;
    const el = await placeholder();
    const parent = el.parentElement!;
    const text = '<b>Sign up</b> with Service';
    const returned = sdk.renderButton({ element: el, scope: 'write', buttonOptions: { size: 'large', corners: 'pill', customText: text } });
    const found = document.getElementById('service-login-button')!;
    expect(found).to.equal(returned);
    expect(found.tagName).to.equal('SERVICE-LOGIN-BUTTON');
    expect(found.parentElement).to.equal(parent);
    expect(el.isConnected).to.equal(false);
    await (found as HTMLElementTagNameMap['service-login-button']).updateComplete;
    const button = found.shadowRoot!.getElementById('service-login-button') as HTMLButtonElement;
    expect(button.tagName).to.equal('BUTTON');
    expect(button.textContent!.trim()).to.equal(text);
    expect(button.querySelector('b')).to.equal(null);
    expect(button.getBoundingClientRect().height).to.equal(48); // size large
    expect(getComputedStyle(button).borderRadius).to.equal('999px');
    await expect(found).to.be.accessible();
    for (let i = 0; i < 3; i++) sdk.renderButton({ element: await placeholder() });
    expect(document.head.querySelectorAll('style, link').length, 'nothing added to <head>').to.equal(styles);
    expect(r.errors).to.deep.equal([]);
  });

  it('reports a missing element, a wrong scope and a wrong option through errorCallback', async () => {
    sdk.renderButton({ element: null });
    sdk.renderButton({ element: document.createElement('div') });
    sdk.renderButton({ element: await placeholder(), scope: 'admin' as 'read' });
    sdk.renderButton({ element: await placeholder(), buttonOptions: { size: 'huge' as 'large' } });
    await sdk.login({ scope: 'everything' as 'read' });
    expect(r.errors.map((e) => e.reason)).to.deep.equal(['config', 'config', 'config', 'config', 'config']);
    expect(r.errors[0]!.message).to.match(/needs an element/);
    expect(r.errors[2]!.message).to.equal('scope must be read or write, not "admin".');
    expect(r.errors[3]!.message).to.match(/^buttonOptions.size must be small or medium or large/);
    expect(r.errors[4]!.message).to.match(/^scope must be/);
  });

  it('the rendered button logs in: successCallback gets the verified profile', async () => {
    const button = sdk.renderButton({ element: await placeholder() })!;
    await button.updateComplete;
    const called = r.next();
    button.shadowRoot!.querySelector('button')!.click();
    await popup('authorize');
    await called;
    expect(r.successes).to.have.length(1);
    expect(r.successes[0]![0].email).to.equal('demo@example.com');
    expect(r.successes[0]![1].split('.')).to.have.length(3);
  });

  it('login opens the prompt from the app\'s own button; Cancel reaches errorCallback', async () => {
    const own = await fixture<HTMLButtonElement>(html`<button @click=${() => sdk.login({ scope: 'write' })}>Log in</button>`);
    let called = r.next();
    own.click();
    const { url } = await popup('authorize');
    expect(new URL(url).searchParams.get('scope')).to.equal('write');
    await called;
    expect(r.successes[0]![0].handle).to.equal('demo');
    called = r.next();
    own.click();
    await popup('cancel');
    await called;
    expect(r.errors.map((e) => e.reason)).to.deep.equal(['cancelled']);
  });

  it('verifyToken resolves to the profile, or to invalid-token for a tampered token', async () => {
    const token = await realToken();
    const good = await sdk.verifyToken(token);
    expect(good.status == 'success' && good.profile.email).to.equal('demo@example.com');
    const bad = await sdk.verifyToken(token.slice(0, -8) + 'AAAAAAAA');
    expect(bad.status == 'error' && bad.reason).to.equal('invalid-token');
  });

  it('a callback that throws stays contained', async () => {
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (e: unknown) => logged.push(e);
    sdk.init({ apiKey: API_KEY, appName, host: serviceUrl, successCallback: () => { throw new Error('app bug'); }, errorCallback: () => { throw new Error('app bug 2'); } });
    try {
      sdk.renderButton({ element: null });
      const result = sdk.login();
      await popup('close');
      expect((await result)?.status).to.equal('error');
    } finally {
      console.error = error;
    }
    expect(logged.map((e) => (e as Error).message)).to.deep.equal(['app bug 2', 'app bug 2']);
  });

  it('handleRedirect does nothing on a page without an answer', async () => {
    expect(await sdk.handleRedirect()).to.equal(undefined);
    expect(r.errors.length + r.successes.length).to.equal(0);
  });
});

describe('sdk: the code flow', () => {
  const REDIRECT_PAGE = `${location.origin}/test/support/pages/code-redirect.html`;

  it('login({ flow: "code", redirectUri }) in a popup reports the /v1/me profile and the access token; getSession and logout', async () => {
    const r = recorder();
    sdk.init({ apiKey: API_KEY, appName, host: serviceUrl, successCallback: r.successCallback, errorCallback: r.errorCallback });
    const called = r.next();
    void sdk.login({ flow: 'code', scope: 'write', redirectUri: REDIRECT_PAGE });
    const { url } = await popup('authorize');
    expect(new URL(url).searchParams.get('code_challenge_method')).to.equal('S256');
    await called;
    expect(r.errors).to.deep.equal([]);
    const [[profile, token]] = r.successes;
    expect(profile).to.include({ handle: 'demo', userId: '7eP5n' });
    expect(profile).not.to.have.property('email');
    expect(sdk.getSession()!.profile?.handle).to.equal('demo');
    expect(sdk.getSession()!.scope).to.include('write');
    await sdk.logout();
    expect(sdk.getSession()!.profile).to.equal(undefined);
    const me = await fetch(`${serviceUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status, 'logout revoked the token').to.equal(401);
  });

  it('a wrong flow is reported as reason config', async () => {
    const r = recorder();
    sdk.init({ apiKey: API_KEY, appName, host: serviceUrl, successCallback: r.successCallback, errorCallback: r.errorCallback });
    expect(await sdk.login({ flow: 'implicit' as never })).to.equal(undefined);
    expect(r.errors.map((e) => e.reason)).to.deep.equal(['config']);
  });
});
