// The three browser engines the suite runs in, each from Debian's packages (no browser download):
//   chromium  /usr/bin/chromium, puppeteer-core over the DevTools protocol
//   firefox   /usr/bin/firefox-esr, puppeteer-core over WebDriver BiDi
//   webkit    WebKitGTK's MiniBrowser through WebKitWebDriver, webdriverio over WebDriver classic,
//             on an X display (MiniBrowser has no headless mode)
// `npm test` (scripts/test-browsers.mjs) runs all three, each alone, one after another;
// WTR_BROWSERS=webkit (or any comma-separated list) picks fewer. A bare `npx wtr` runs Chromium
// unless WTR_BROWSERS names one engine. A launcher starts what its engine needs and is missing
// from the environment (an X display, WebKitWebDriver) and stops it again.
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import { runId, startWebKitDriver, startXvfb } from './system.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const chromium = () =>
  chromeLauncher({
    puppeteer: puppeteerCore, // with it the launcher is named Chromium, not Chrome
    launchOptions: {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required',
      ],
    },
  });

const firefox = () =>
  chromeLauncher({
    puppeteer: puppeteerCore,
    launchOptions: {
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      extraPrefsFirefox: {
        'media.autoplay.default': 0, // allowed: tests start playback without a click
        'media.autoplay.blocking_policy': 0,
        'browser.shell.checkDefaultBrowser': false,
        'app.update.enabled': false,
        'datareporting.policy.dataSubmissionEnabled': false,
      },
    },
  });

/** WebKitGTK's MiniBrowser through WebKitWebDriver, which this launcher starts (and Xvfb when DISPLAY is unset). */
class WebKitLauncher extends WebdriverLauncher {
  constructor() {
    super({
      hostname: '127.0.0.1',
      port: 0, // set once the driver runs
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--javascript-can-open-windows-automatically=true', '--autoplay-policy=allow'] },
      },
    });
    this.started = [];
  }

  async initialize(config) {
    await super.initialize(config);
    this.name = 'WebKit';
    runId();
    const env = {};
    if (!process.env.DISPLAY) {
      const xvfb = await startXvfb();
      this.started.push(xvfb);
      env.DISPLAY = xvfb.display;
    }
    const driver = await startWebKitDriver(env);
    this.started.push(driver);
    this.options.port = driver.port;
  }

  async stop() {
    await super.stop();
    for (const it of this.started.splice(0).reverse()) await it.stop();
  }
}

const LAUNCHERS = { chromium, firefox, webkit: () => new WebKitLauncher() };

/** The engines `value` (WTR_BROWSERS: comma-separated names) names; `fallback` when it names none. */
export function enginesFromEnv(value = process.env.WTR_BROWSERS, fallback = ENGINES) {
  const names = (value ?? '').split(',').map((n) => n.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((n) => !ENGINES.includes(n));
  if (unknown.length) throw new Error(`WTR_BROWSERS: unknown engine ${unknown.join(', ')}; choose from ${ENGINES.join(', ')}`);
  return names.length ? [...new Set(names)] : fallback;
}

/** The launchers WTR_BROWSERS names, for one wtr run (Chromium when unset). */
export function browsersFromEnv(value = process.env.WTR_BROWSERS) {
  const names = enginesFromEnv(value, ['chromium']);
  runId(); // every browser started from here on carries the run's mark (test/support/system.mjs)
  return names.map((n) => LAUNCHERS[n]());
}

/**
 * A reporter that writes each engine's results to the JSON file WTR_SUMMARY names:
 * { [browserName]: { passed, failed, skipped, fileErrors, lostBrowser?, tests: ['file > suite > test', ...] } }.
 */
export function summaryFileReporter(file = process.env.WTR_SUMMARY) {
  return {
    async onTestRunFinished({ sessions }) {
      if (!file) return;
      const out = {};
      for (const session of sessions) {
        const entry = (out[session.browser.name] ??= { passed: 0, failed: 0, skipped: 0, fileErrors: 0, tests: [] });
        if (session.errors?.length) entry.fileErrors += 1;
        // The browser itself went away (MiniBrowser dying, a session the driver no longer knows).
        if (session.errors?.some((e) => /browser disconnected|invalid session id/i.test(e.message ?? ''))) entry.lostBrowser = true;
        const walk = (suite, path) => {
          for (const t of suite.tests) {
            entry.tests.push([...path, t.name].join(' > '));
            if (t.skipped) entry.skipped++;
            else if (t.passed) entry.passed++;
            else entry.failed++;
          }
          for (const s of suite.suites) walk(s, [...path, s.name]);
        };
        if (session.testResults) walk(session.testResults, [session.testFile.replace(process.cwd() + '/', '')]);
      }
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, JSON.stringify(out));
    },
  };
}
