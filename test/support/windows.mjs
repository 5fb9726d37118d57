// Other windows of the test's browser (the login popup, a second tab, an iframe), driven the
// same way over each automation protocol:
//   puppeteer (Chromium over the DevTools protocol, Firefox over WebDriver BiDi): pages and frames
//   webdriver (WebKit over WebDriver classic): window handles, switched to and back
// withWindows(session, use) calls use({ popup(urlPart, timeout), newTab(url), freshTab(url, viewport?), inFrame(urlPart, fn, arg) });
// a window (`Tab`) offers url, waitFor, has, type, click, goto, evaluate, until, cookieHeader, close.
// A selector may pierce one shadow root: 'host-element >>> button'.
// freshTab is a window with no cookies of its own, as a first visit has: puppeteer gives it a
// browser context of its own; classic has none, so its window deletes the cookies its
// addresses see when it opens and when it closes.
// Neither protocol's opener or request interception is used: BiDi has no opener, classic no interception.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `find` until it gives something, or throws after `timeout` ms. */
async function poll(find, timeout, what) {
  for (const deadline = Date.now() + timeout; ; await sleep(100)) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what}: none within ${timeout} ms`);
  }
}

function puppeteerWindows(page) {
  const tab = (p) => ({
    url: async () => p.url(),
    waitFor: (selector, timeout = 30_000) => p.waitForSelector(selector, { timeout }),
    has: async (selector) => Boolean(await p.$(selector)),
    type: (selector, text) => p.type(selector, text),
    click: (selector) => p.click(selector),
    goto: (url) => p.goto(url, { waitUntil: 'domcontentloaded' }),
    evaluate: (fn, arg) => p.evaluate(fn, arg),
    // A script run while the page navigates may fail: that is "not yet".
    until: (fn, timeout = 30_000) => poll(() => p.evaluate(fn).catch(() => false), timeout, `${fn}`),
    cookieHeader: async () => (await p.cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
    close: () => p.close(),
  });
  return {
    /** The newest page other than the test's whose address contains `urlPart`. */
    async popup(urlPart, timeout) {
      const target = await poll(
        () => page.browser().targets().filter((t) => t.type() === 'page' && t !== page.target() && t.url().includes(urlPart)).at(-1),
        timeout,
        `a window on ${urlPart}`,
      );
      return tab(await target.asPage());
    },
    async newTab(url) {
      const p = await page.browserContext().newPage();
      await p.goto(url, { waitUntil: 'domcontentloaded' });
      return tab(p);
    },
    async freshTab(url, viewport) {
      const context = await page.browser().createBrowserContext();
      const p = await context.newPage();
      if (viewport) await p.setViewport(viewport);
      await p.goto(url, { waitUntil: 'domcontentloaded' });
      return { ...tab(p), close: () => context.close() };
    },
    async inFrame(urlPart, fn, arg) {
      // An out-of-process frame can reach the frame tree a little after its load event.
      const frame = await poll(() => page.frames().find((f) => f !== page.mainFrame() && f.url().includes(urlPart)), 30_000, `a frame on ${urlPart}`);
      return frame.evaluate(fn, arg);
    },
    async done() {},
  };
}

/** Per driver: the windows commands have taken (classic lists handles in no set order), and the last one. */
const takenWindows = new WeakMap();

function webdriverWindows(driver, main) {
  const taken = takenWindows.get(driver) ?? { all: new Set(), last: undefined };
  takenWindows.set(driver, taken);
  const on = (handle) => driver.switchToWindow(handle);
  /** The element `selector` names, through one shadow root for 'host >>> inner'. */
  const find = (selector) => {
    const [host, inner] = selector.split(/\s*>>>\s*/);
    return inner ? driver.$(host).shadow$(inner) : driver.$(host);
  };
  /**
   * Sends the current window to `url`; resolves once the new page is parsed (as puppeteer's
   * `domcontentloaded`). WebDriver's own navigation waits for the page's load event, as long as
   * the session's page-load timeout (300 s): a load that stalls would hold the command, and every
   * command after it, past the test's own timeout. This one gives up after 30 s, saying so.
   */
  const load = async (url) => {
    await driver.execute((to) => {
      document.documentElement.setAttribute('data-driver-left', '');
      location.assign(to);
    }, url);
    const arrived = () => !document.documentElement.hasAttribute('data-driver-left') && document.readyState !== 'loading';
    await poll(() => driver.execute(arrived).catch(() => false), 30_000, `a parsed page from ${url}`);
  };
  /** A window's step: on that window, and a failure says which step and where the window was. */
  const step =
    (handle, name, act) =>
    async (...args) => {
      try {
        await on(handle);
        return await act(...args);
      } catch (error) {
        const where = await driver.getUrl().catch(() => 'an address it cannot read');
        const what = typeof args[0] === 'string' ? ` ${args[0]}` : '';
        throw new Error(`${name}${what}, in the window on ${where}: ${error?.message ?? error}`);
      }
    };
  const tab = (handle) => ({
    url: step(handle, 'url', () => driver.getUrl()),
    waitFor: step(handle, 'waitFor', (selector, timeout = 30_000) => poll(() => find(selector).isExisting(), timeout, selector)),
    has: step(handle, 'has', (selector) => find(selector).isExisting()),
    type: step(handle, 'type', (selector, text) => find(selector).setValue(text)),
    click: step(handle, 'click', (selector) => find(selector).click()),
    goto: step(handle, 'goto', load),
    evaluate: step(handle, 'evaluate', (fn, arg) => driver.execute(fn, arg)),
    until: step(handle, 'until', (fn, timeout = 30_000) => poll(() => driver.execute(fn).catch(() => false), timeout, `${fn}`)),
    cookieHeader: step(handle, 'cookieHeader', async () => (await driver.getCookies()).map((c) => `${c.name}=${c.value}`).join('; ')),
    close: step(handle, 'close', () => driver.closeWindow()),
  });
  return {
    async popup(urlPart, timeout) {
      // A window no command has taken yet is the new popup (it may still be on about:blank);
      // else the one the last command took. A window an earlier test took is never taken again.
      const handle = await poll(
        async () => {
          const open = (await driver.getWindowHandles()).filter((h) => h !== main);
          for (const h of [...open.filter((h) => !taken.all.has(h)), ...open.filter((h) => h === taken.last)]) {
            // A window listed a moment ago may be gone (a popup that closed itself, as after Cancel): not this one.
            const address = await on(h)
              .then(() => driver.getUrl())
              .catch(() => '');
            if (address.includes(urlPart)) return h;
          }
          return undefined;
        },
        timeout,
        `a window on ${urlPart}`,
      );
      taken.all.add(handle);
      taken.last = handle;
      return tab(handle);
    },
    async newTab(url) {
      // A window, not a tab: MiniBrowser's new tabs block window.open even inside a click.
      const { handle } = await driver.createWindow('window');
      taken.all.add(handle);
      await on(handle);
      await load(url);
      return tab(handle);
    },
    async freshTab(url, viewport) {
      const { handle: opener } = await driver.createWindow('window');
      taken.all.add(opener);
      await on(opener);
      await load(url);
      await driver.deleteCookies();
      let handle = opener;
      if (viewport) {
        // A window the WebDriver opens has the browser's toolbar, which is wider than a phone:
        // the window with the viewport is a popup of that one, opened as the kit opens its own.
        const before = await driver.getWindowHandles();
        await driver.execute((u, w, h) => void window.open(u, '_blank', `popup,width=${w},height=${h}`), url, viewport.width, viewport.height);
        handle = await poll(async () => (await driver.getWindowHandles()).find((h) => !before.includes(h)), 30_000, 'the popup');
        taken.all.add(handle);
        await on(handle);
        for (let i = 0, size = viewport; i < 3; i++) {
          const inner = await driver.execute(() => ({ width: innerWidth, height: innerHeight }));
          if (inner.width === viewport.width && inner.height === viewport.height) break;
          size = { width: size.width + viewport.width - inner.width, height: size.height + viewport.height - inner.height };
          await driver.setWindowRect(null, null, size.width, size.height);
        }
      }
      await load(url);
      return {
        ...tab(handle),
        close: async () => {
          for (const h of new Set([handle, opener])) {
            await on(h);
            await driver.deleteCookies();
            await driver.closeWindow();
          }
        },
      };
    },
    async inFrame(urlPart, fn, arg) {
      await on(main);
      const frames = await driver.$$('iframe');
      for (const frame of frames) {
        if (!String(await frame.getAttribute('src')).includes(urlPart)) continue;
        await driver.switchToFrame(frame);
        try {
          return await driver.execute(fn, arg);
        } finally {
          await driver.switchToParentFrame();
        }
      }
      throw new Error(`no frame on ${urlPart}`);
    },
    /** Back to the test's window: the runner talks to it between commands. */
    done: () => on(main),
  };
}

/** The windows of a web-test-runner session's browser, whichever protocol drives it. */
async function windowsFor(session) {
  const launcher = session.browser;
  if (launcher.type === 'puppeteer') return puppeteerWindows(launcher.getPage(session.id));
  if (launcher.type === 'webdriver' && launcher.driver) return webdriverWindows(launcher.driver, await launcher.driver.getWindowHandle());
  throw new Error(`no window driver for browser type ${launcher.type}`);
}

/** Per browser launcher: the end of the last command given to it. */
const queues = new WeakMap();

/**
 * Runs `use(windows)` with the windows of the session's browser, then gives the runner back the
 * test's window. One browser's commands run one after another, never interleaved: a WebDriver
 * classic session has one current window, which every step switches to first, so two commands at
 * once would switch it under each other. That happens when a test gives up on a command (its own
 * timeout) and the next test starts one while the first still runs; the next waits for it instead.
 */
export function withWindows(session, use) {
  const run = (queues.get(session.browser) ?? Promise.resolve()).then(async () => {
    const windows = await windowsFor(session);
    try {
      return await use(windows);
    } finally {
      await windows.done();
    }
  });
  queues.set(
    session.browser,
    run.catch(() => {}),
  );
  return run;
}
