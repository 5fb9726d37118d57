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
//       would never send; then closes it if `close`).
//   'login-redirect' { url, action } -> { location }
//       Opens a prompt-page URL in a fresh tab and signs in there; then sends the page's own
//       Authorize (or Cancel) form with the tab's cookies and gives back where the service
//       redirects to, without loading that address (it may be this test page, or nowhere).
//   'post-from-frame' { urlContains, message } -> true
//       Posts `message` to the test page from inside one of its iframes (another window).
import { windowsFor } from './windows.mjs';

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

async function popupCommand(windows, payload = {}) {
  const { action = 'inspect', timeout = 10_000, message } = payload;
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

/** The plugin: one import and one entry in web-test-runner.config.mjs's `plugins`. */
export function popupDriverPlugin() {
  return {
    name: 'login-popup-driver',
    async executeCommand({ command, payload, session }) {
      if (!['login-popup', 'login-redirect', 'post-from-frame'].includes(command)) return undefined;
      const windows = await windowsFor(session);
      try {
        if (command === 'login-popup') return await popupCommand(windows, payload);
        if (command === 'login-redirect') return await redirectCommand(windows, payload);
        await windows.inFrame(payload.urlContains, (m) => window.parent.postMessage(m, '*'), payload.message);
        return true;
      } finally {
        await windows.done();
      }
    },
  };
}
