// <service-login-button> in every engine against the real prompt page (driven by
// test/support/popup-driver.mjs) and verify endpoint.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';
import '../../src/components/login-button/login-button.js';
import '../../src/components/provider/provider.js';
import '../../src/translations/ar.js';
import { DEFAULT_TEXT, type ServiceLoginButton } from '../../src/components/login-button/login-button.js';
import { CLOSED_MESSAGE, STATE_KEY, login } from '../../src/core/login/login.js';
import { getSession } from '../../src/core/login/session.js';
import { pageNavigation } from '../../src/core/login/redirect.js';
import { appName, serviceUrl } from '../support/service.js';
import { loginSuccess, waitFor } from '../support/waits.js';
import { asColourScheme } from '../support/colour-scheme.js';

/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
/** The code flow's redirect page on this (the app's) origin. */
const CODE_REDIRECT_PAGE = `${location.origin}/test/support/pages/code-redirect.html`;

const popup = (action: string) => serverCommand<{ url: string }>('login-popup', { action });
const inner = (el: ServiceLoginButton) => el.shadowRoot!.querySelector<HTMLButtonElement>('button')!;
const serviceRequests = () => performance.getEntriesByType('resource').filter((e) => e.name.startsWith(serviceUrl)).length;
const here = () => location.href.split('#')[0]!;

const button = (attrs = '') => {
  const wrap = document.createElement('div');
  wrap.innerHTML = `<service-login-button host="${serviceUrl}" app-name="${appName}" api-key="${API_KEY}" ${attrs}></service-login-button>`;
  return fixture<ServiceLoginButton>(wrap.firstElementChild as ServiceLoginButton);
};

/** A real mouse click in the middle of the element: a user activation, as a page would get. */
async function click(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
  await sendMouse({ type: 'move', position: [0, 0] });
}

describe('<service-login-button>', () => {
  const realOpen = window.open;
  afterEach(() => {
    window.open = realOpen;
    sessionStorage.removeItem(STATE_KEY);
  });

  it('draws a real button with logo and text at once, without a request', async () => {
    performance.clearResourceTimings();
    const el = await button();
    const b = inner(el);
    expect(b.id).to.equal('service-login-button');
    expect(b.getAttribute('part')).to.equal('button');
    expect(b.type).to.equal('button');
    expect(b.textContent!.trim()).to.equal(DEFAULT_TEXT);
    expect(b.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
    expect(b.getBoundingClientRect().height, 'Google\'s 40 px by default').to.equal(40);
    expect(serviceRequests()).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('is light by default on any system, dark with theme="dark", the system\'s with theme="auto"; 4.5:1 contrast', async () => {
    const colours = (el: ServiceLoginButton) => [getComputedStyle(inner(el)).backgroundColor, getComputedStyle(inner(el)).color];
    const LIGHT = ['rgb(106, 20, 184)', 'rgb(255, 255, 255)'];
    const DARK = ['rgb(197, 140, 255)', 'rgb(23, 16, 31)'];
    const OWN = ['rgb(0, 77, 64)', 'rgb(255, 255, 255)'];
    const dark = await button('theme="dark"');
    expect(colours(dark)).to.deep.equal(DARK);
    await expect(dark).to.be.accessible();

    // A visitor whose system is dark, and one whose system is light, in every engine.
    for (const scheme of ['dark', 'light'] as const) {
      await asColourScheme(await button('theme="auto"'), scheme, async () => {
        const plain = await button();
        expect(colours(plain), `${scheme}, no theme`).to.deep.equal(LIGHT);
        await expect(plain).to.be.accessible();
        const auto = await button('theme="auto"');
        expect(colours(auto), `${scheme}, theme auto`).to.deep.equal(scheme === 'dark' ? DARK : LIGHT);
        await expect(auto).to.be.accessible();
        expect(colours(await button('theme="light"')), `${scheme}, theme light`).to.deep.equal(LIGHT);
        expect(colours(await button('theme="dark"')), `${scheme}, theme dark`).to.deep.equal(DARK);
        // A page's own colours win in both modes.
        expect(colours(await button('theme="auto" style="--service-accent: #004d40; --service-on-accent: #fff"')), scheme).to.deep.equal(OWN);
      });
    }
  });

  it('takes size, corners and full-width', async () => {
    for (const [size, height] of [['small', 32], ['medium', 40], ['large', 48]] as const) {
      expect(inner(await button(`size="${size}"`)).getBoundingClientRect().height, size).to.equal(height);
    }
    expect(getComputedStyle(inner(await button('corners="pill"'))).borderRadius).to.equal('999px');
    const wide = await fixture<HTMLDivElement>(html`<div style="width: 333px">
      <service-login-button full-width host=${serviceUrl} api-key=${API_KEY}></service-login-button>
    </div>`);
    expect(inner(wide.firstElementChild as ServiceLoginButton).getBoundingClientRect().width).to.equal(333);
  });

  it('shows custom-text as text, never as markup', async () => {
    const text = '<img src=x onerror="window.pwned=1"><b>Join</b> & listen';
    const el = await fixture<ServiceLoginButton>(html`<service-login-button custom-text=${text}></service-login-button>`);
    expect(inner(el).textContent!.trim()).to.equal(text);
    expect(el.shadowRoot!.querySelector('img, b')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('opens the popup synchronously inside the click, and shows a busy state while it is open', async () => {
    let opened = 0;
    window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
      opened++;
      return realOpen.apply(this, args);
    };
    const el = await button('scope="write"');
    inner(el).click();
    expect(opened, 'opened during the click').to.equal(1);
    await el.updateComplete;
    const b = inner(el);
    expect(b.getAttribute('aria-busy')).to.equal('true');
    expect(b.getAttribute('aria-disabled')).to.equal('true');
    expect(b.disabled, 'stays focusable').to.equal(false);
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Waiting for the login window');
    await expect(el).to.be.accessible();
    b.click();
    expect(opened, 'a click while busy opens nothing').to.equal(1);
    const failed = oneEvent(el, 'service-login-error');
    const { url } = await popup('cancel');
    expect(new URL(url).searchParams.get('scope')).to.equal('write');
    await failed;
    await el.updateComplete;
    expect(inner(el).getAttribute('aria-busy')).to.equal('false');
    expect(inner(el).hasAttribute('aria-disabled')).to.equal(false);
  });

  it('fires service-login-success with the verified profile after a real click and Authorize', async () => {
    const el = await button();
    const success = loginSuccess(el);
    await click(inner(el));
    await popup('authorize');
    const detail = await success;
    expect(detail.profile.email).to.equal('demo@example.com');
    expect(detail.profile.handle).to.equal('demo');
    expect(detail.profile.userId).to.equal('7eP5n');
    expect(detail.token.split('.')).to.have.length(3);
  });

  it('after a login shows the user, name and picture, with a Sign out button that returns it to the login button', async () => {
    const el = await button();
    const success = loginSuccess(el);
    // From the keyboard: WebKit does not focus a button on a mouse click.
    inner(el).focus();
    await sendKeys({ press: 'Enter' });
    await popup('authorize');
    const { profile } = await success;
    await el.updateComplete;
    const part = (name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);
    expect(part('button'), 'no login button while signed in').to.equal(null);
    expect(part('label')!.textContent).to.equal(profile.name);
    expect(part('account')!.getAttribute('aria-label')).to.equal(`Signed in as ${profile.name}`);
    const picture = profile.profilePicture?.['150x150'];
    if (picture) expect((part('avatar') as HTMLImageElement).src).to.equal(picture);
    else expect(part('avatar')!.textContent, 'no picture: the initial').to.equal(profile.name[0]!.toUpperCase());
    const signOut = part('sign-out') as HTMLButtonElement;
    expect(signOut.tagName).to.equal('BUTTON');
    expect(signOut.textContent!.trim()).to.equal('Sign out');
    expect(part('account')!.getBoundingClientRect().height, 'as high as the login button').to.equal(40);
    expect(el.shadowRoot!.activeElement, 'the focus moves to Sign out, not to the page').to.equal(signOut);
    await expect(el).to.be.accessible();

    // From the keyboard: Sign out forgets the user here, tells the app, and gives the focus back to the login button.
    const logout = oneEvent(el, 'service-logout');
    await sendKeys({ press: 'Enter' });
    expect((await logout).detail.profile.handle).to.equal('demo');
    await el.updateComplete;
    expect(part('account')).to.equal(null);
    expect(inner(el).textContent!.trim()).to.equal(DEFAULT_TEXT);
    expect(el.shadowRoot!.activeElement).to.equal(inner(el));
    await expect(el).to.be.accessible();
  });

  it('shows an initial in a circle when the profile has no picture, in Arabic right to left', async () => {
    const box = await fixture<HTMLElement>(html`<div lang="ar"><service-login-button host=${serviceUrl} app-name=${appName} api-key=${API_KEY}></service-login-button></div>`);
    const el = box.firstElementChild as ServiceLoginButton;
    const success = loginSuccess(el);
    await click(inner(el));
    await popup('authorize');
    await success;
    // The prompt page keeps the demo's sign-in (its cookie) across tests, so this is the demo's profile: its picture taken away, as a user with none (contract 2.7 allows null).
    Object.assign(el, { signedIn: { ...el.user!, name: 'élodie', profilePicture: null } });
    await el.updateComplete;
    const part = (name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
    expect(part('avatar').tagName).to.equal('SPAN');
    expect(part('avatar').textContent).to.equal('É');
    expect(part('label').textContent).to.equal('élodie');
    expect(part('account').getAttribute('aria-label')).to.equal('تم تسجيل الدخول باسم élodie');
    expect(part('sign-out').textContent!.trim()).to.equal('تسجيل الخروج');
    expect(part('avatar').getBoundingClientRect().left, 'the picture at the start: the right').to.be.greaterThan(part('label').getBoundingClientRect().right - 1);
    await expect(el).to.be.accessible();
  });

  it('code flow: shows whoever signs in to the page\'s session elsewhere, and its Sign out ends that session', async () => {
    const el = await button(`flow="code" redirect-uri="${CODE_REDIRECT_PAGE}"`);
    const session = getSession(el.client);
    // Another part of the page (the SDK, the favourite button) logs in; the button was not clicked.
    const elsewhere = login({ flow: 'code', redirectUri: CODE_REDIRECT_PAGE, client: el.client });
    await popup('authorize');
    expect((await elsewhere).status).to.equal('success');
    await waitFor(() => el.shadowRoot!.querySelector('[part="sign-out"]'), 'the button shows the session\'s user');
    expect(el.shadowRoot!.querySelector('[part="account"]')!.getAttribute('aria-label')).to.equal('Signed in as Demo Listener');
    await expect(el).to.be.accessible();
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="sign-out"]')!.click();
    expect(session.profile, 'the session ended').to.equal(undefined);
    await el.updateComplete;
    expect(inner(el).id).to.equal('service-login-button');
  });

  it('asks the sign-in page in its language: an ancestor\'s lang, else the page\'s', async () => {
    const box = await fixture<HTMLElement>(html`<div lang="fr"><service-login-button host=${serviceUrl} app-name=${appName} api-key=${API_KEY}></service-login-button></div>`);
    const el = box.firstElementChild as ServiceLoginButton;
    const success = loginSuccess(el);
    await click(inner(el));
    const { url } = await popup('authorize');
    expect(new URL(url).searchParams.get('lang')).to.equal('fr');
    expect((await success).profile.handle, 'the French page logs in as the English one does').to.equal('demo');
    // No lang anywhere: none asked, so the page follows the browser (Accept-Language).
    const plain = await button();
    const cancelled = oneEvent(plain, 'service-login-error');
    inner(plain).click();
    expect(new URL((await popup('cancel')).url).searchParams.has('lang')).to.equal(false);
    await cancelled;
  });

  it('reads right to left in a right-to-left language, as every element: its words, dir and logo on the right', async () => {
    const box = await fixture<HTMLElement>(html`<div lang="ar"><service-login-button host=${serviceUrl} api-key=${API_KEY}></service-login-button></div>`);
    const el = box.firstElementChild as ServiceLoginButton;
    expect(el.dir).to.equal('rtl');
    expect(inner(el).textContent!.trim()).to.equal('المتابعة باستخدام Service');
    const part = (name: string) => el.shadowRoot!.querySelector(`[part="${name}"]`)!.getBoundingClientRect();
    expect(part('logo').left, 'the logo right of the text').to.be.greaterThan(part('label').right - 1);
    await expect(el).to.be.accessible();
    // A page that says its direction keeps it: the button sets none of its own.
    const ltr = await fixture<HTMLElement>(html`<div lang="ar" dir="ltr"><service-login-button></service-login-button></div>`);
    expect(ltr.firstElementChild!.hasAttribute('dir')).to.equal(false);
  });

  it('works from the keyboard, and reports a closed popup as service-login-error reason closed', async () => {
    const el = await button();
    inner(el).focus();
    const failure = oneEvent(el, 'service-login-error');
    await sendKeys({ press: 'Enter' });
    await popup('close');
    const { detail } = await failure;
    expect(detail).to.deep.equal({ reason: 'closed', message: CLOSED_MESSAGE });
  });

  it('reports Cancel as reason cancelled and a blocked popup as reason blocked, bubbling out of the page', async () => {
    const el = await button();
    const seen: string[] = [];
    const listen = (e: HTMLElementEventMap['service-login-error']) => seen.push(e.detail.reason);
    document.addEventListener('service-login-error', listen);
    try {
      let failed = oneEvent(el, 'service-login-error');
      inner(el).click();
      await popup('cancel');
      await failed;
      window.open = () => null;
      failed = oneEvent(el, 'service-login-error');
      inner(el).click();
      await failed;
    } finally {
      document.removeEventListener('service-login-error', listen);
    }
    expect(seen).to.deep.equal(['cancelled', 'blocked']);
  });

  it('reports a missing API key as reason config, and does nothing when disabled', async () => {
    const bare = await fixture<ServiceLoginButton>(html`<service-login-button host=${serviceUrl}></service-login-button>`);
    const failure = oneEvent(bare, 'service-login-error');
    inner(bare).click();
    expect((await failure).detail.reason).to.equal('config');

    let opened = 0;
    window.open = () => (opened++, null);
    const off = await button('disabled');
    expect(inner(off).disabled).to.equal(true);
    off.click();
    inner(off).click();
    expect(opened).to.equal(0);
    await expect(off).to.be.accessible();
  });

  it('takes its configuration from a <service-provider>', async () => {
    const wrap = await fixture<HTMLElement>(html`<service-provider host=${serviceUrl} api-key=${API_KEY} app-name=${appName}>
      <service-login-button></service-login-button>
    </service-provider>`);
    const el = wrap.querySelector('service-login-button')!;
    const failed = oneEvent(el, 'service-login-error');
    inner(el).click();
    const { url } = await popup('cancel');
    expect(new URL(url).searchParams.get('api_key')).to.equal(API_KEY);
    expect((await failed).detail.reason).to.equal('cancelled');
  });

  it('with redirect-uri, goes to the page by redirect and reports the answer when the page comes back', async () => {
    // The kit leaves the page through pageNavigation.assign (see catchNavigation in test/core/auth.test.ts).
    const real = pageNavigation.assign;
    let target = '';
    pageNavigation.assign = (url: string) => (url.includes('/oauth/auth') ? void (target = url) : real(url));
    let pageUrl: URL;
    try {
      const el = await button(`redirect-uri="${here()}"`);
      inner(el).click();
      await waitFor(() => target, 'the button sends the page to the prompt page');
      pageUrl = new URL(target);
      expect(pageUrl.searchParams.get('redirect_uri')).to.equal(here());
      expect(inner(el).getAttribute('aria-busy'), 'busy while the page leaves').to.equal('true');
    } finally {
      pageNavigation.assign = real;
    }
    // The page comes back (a new element, as after a reload) with the answer in its address.
    const { location: back } = await serverCommand<{ location: string }>('login-redirect', { url: pageUrl.href });
    history.replaceState(history.state, '', back);
    const wrap = document.createElement('div');
    const success = loginSuccess(wrap);
    await fixture(wrap);
    wrap.innerHTML = `<service-login-button host="${serviceUrl}" api-key="${API_KEY}" redirect-uri="${here()}"></service-login-button>`;
    expect((await success).profile.email).to.equal('demo@example.com');
    expect(location.hash).to.equal('');
  });
});
