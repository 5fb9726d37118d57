// Other windows of the test's browser (the login popup, a second tab, an iframe), driven the
// same way over each automation protocol:
//   puppeteer (Chromium over the DevTools protocol, Firefox over WebDriver BiDi): pages and frames
//   webdriver (WebKit over WebDriver classic): window handles, switched to and back
// windowsFor(session) gives { popup(urlPart, timeout), newTab(url), freshTab(url, viewport?), inFrame(urlPart, fn, arg), done() };
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
  const tab = (handle) => ({
    url: async () => (await on(handle), driver.getUrl()),
    waitFor: async (selector, timeout = 30_000) => (await on(handle), poll(() => find(selector).isExisting(), timeout, selector)),
    has: async (selector) => (await on(handle), find(selector).isExisting()),
    type: async (selector, text) => (await on(handle), find(selector).setValue(text)),
    click: async (selector) => (await on(handle), find(selector).click()),
    goto: async (url) => (await on(handle), driver.navigateTo(url)),
    evaluate: async (fn, arg) => (await on(handle), driver.execute(fn, arg)),
    until: async (fn, timeout = 30_000) => (await on(handle), poll(() => driver.execute(fn).catch(() => false), timeout, `${fn}`)),
    cookieHeader: async () => (await on(handle), (await driver.getCookies()).map((c) => `${c.name}=${c.value}`).join('; ')),
    close: async () => (await on(handle), driver.closeWindow()),
  });
  return {
    async popup(urlPart, timeout) {
      // A window no command has taken yet is the new popup (it may still be on about:blank);
      // else the one the last command took. A window an earlier test took is never taken again.
      const handle = await poll(
        async () => {
          const open = (await driver.getWindowHandles()).filter((h) => h !== main);
          for (const h of [...open.filter((h) => !taken.all.has(h)), ...open.filter((h) => h === taken.last)]) {
            await on(h);
            if ((await driver.getUrl()).includes(urlPart)) return h;
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
      await driver.navigateTo(url);
      return tab(handle);
    },
    async freshTab(url, viewport) {
      const { handle: opener } = await driver.createWindow('window');
      taken.all.add(opener);
      await on(opener);
      await driver.navigateTo(url);
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
      await driver.navigateTo(url);
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
export async function windowsFor(session) {
  const launcher = session.browser;
  if (launcher.type === 'puppeteer') return puppeteerWindows(launcher.getPage(session.id));
  if (launcher.type === 'webdriver' && launcher.driver) return webdriverWindows(launcher.driver, await launcher.driver.getWindowHandle());
  throw new Error(`no window driver for browser type ${launcher.type}`);
}
