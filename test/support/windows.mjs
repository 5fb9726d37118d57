// Other windows of the test's browser (the login popup, a second tab, an iframe), driven the
// same way over each automation protocol:
//   puppeteer (Chromium over the DevTools protocol, Firefox over WebDriver BiDi): pages and frames
//   webdriver (WebKit over WebDriver classic): window handles, switched to and back
// windowsFor(session) gives { popup(urlPart, timeout), newTab(url), inFrame(urlPart, fn, arg), done() };
// a window (`Tab`) offers url, waitFor, has, type, click, goto, evaluate, cookieHeader, close.
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
    waitFor: (selector, timeout = 10_000) => p.waitForSelector(selector, { timeout }),
    has: async (selector) => Boolean(await p.$(selector)),
    type: (selector, text) => p.type(selector, text),
    click: (selector) => p.click(selector),
    goto: (url) => p.goto(url, { waitUntil: 'domcontentloaded' }),
    evaluate: (fn, arg) => p.evaluate(fn, arg),
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
    async inFrame(urlPart, fn, arg) {
      // An out-of-process frame can reach the frame tree a little after its load event.
      const frame = await poll(() => page.frames().find((f) => f !== page.mainFrame() && f.url().includes(urlPart)), 5000, `a frame on ${urlPart}`);
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
  const tab = (handle) => ({
    url: async () => (await on(handle), driver.getUrl()),
    waitFor: async (selector, timeout = 10_000) => (await on(handle), driver.$(selector).waitForExist({ timeout })),
    has: async (selector) => (await on(handle), driver.$(selector).isExisting()),
    type: async (selector, text) => (await on(handle), driver.$(selector).setValue(text)),
    click: async (selector) => (await on(handle), driver.$(selector).click()),
    goto: async (url) => (await on(handle), driver.navigateTo(url)),
    evaluate: async (fn, arg) => (await on(handle), driver.execute(fn, arg)),
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
      const { handle } = await driver.createWindow('tab');
      taken.all.add(handle);
      await on(handle);
      await driver.navigateTo(url);
      return tab(handle);
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
