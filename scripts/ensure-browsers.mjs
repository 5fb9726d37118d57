// The browser tests run in Debian's browsers and tools. Install what is missing (as root, from
// apt, without recommended packages); never let a test tool download a browser of its own.
//   chromium           Chromium
//   firefox-esr        Firefox (driven over WebDriver BiDi)
//   webkit2gtk-driver  WebKitWebDriver, and with it WebKitGTK's MiniBrowser
//   xvfb, xauth        an X display for MiniBrowser, which has no headless mode
//   pulseaudio         a null sound sink, so that every engine has a device to play into
import { existsSync } from 'node:fs';
import { ensurePackages } from './apt-packages.mjs';
import { CHROMIUM, FIREFOX, MINIBROWSER, enginesFromEnv } from '../test/support/engines.mjs';

const onPath = (name) => ['/usr/bin', '/bin', '/usr/local/bin'].some((dir) => existsSync(`${dir}/${name}`));
/** The engines this run tests (WTR_BROWSERS, as scripts/test-browsers.mjs reads it: all three when unset). */
const engines = enginesFromEnv();
/** Each package, the engine that needs it (every run: the null sound sink), and whether it is there. */
const NEEDED = [
  ['chromium', 'chromium', () => existsSync(CHROMIUM)],
  ['firefox-esr', 'firefox', () => existsSync(FIREFOX)],
  ['webkit2gtk-driver', 'webkit', () => onPath('WebKitWebDriver') && existsSync(MINIBROWSER)],
  ['xvfb', 'webkit', () => onPath('Xvfb')],
  ['xauth', 'webkit', () => onPath('xauth')],
  ['pulseaudio', undefined, () => onPath('pulseaudio')],
]
  .filter(([, engine]) => !engine || engines.includes(engine))
  .map(([pkg, , present]) => [pkg, present]);
ensurePackages(NEEDED, 'the browser tests');
