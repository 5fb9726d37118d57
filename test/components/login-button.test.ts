// <service-login-button> in every engine against the real prompt page (driven by
// test/support/popup-driver.mjs) and verify endpoint.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';
import '../../src/components/login-button/login-button.js';
import '../../src/components/provider/provider.js';
import '../../src/translations/ar.js';
import { DEFAULT_TEXT, type ServiceLoginButton } from '../../src/components/login-button/login-button.js';
import { CLOSED_MESSAGE, STATE_KEY } from '../../src/core/login/login.js';
import { pageNavigation } from '../../src/core/login/redirect.js';
import { appName, serviceUrl } from '../support/service.js';
import { loginSuccess, waitFor } from '../support/waits.js';
import { asColourScheme } from '../support/colour-scheme.js';

/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';

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
    expect(b.getBoundingClientRect().height).to.equal(28);
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
    for (const [size, height] of [['small', 20], ['medium', 28], ['large', 40]] as const) {
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
