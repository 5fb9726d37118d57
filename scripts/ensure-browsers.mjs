// The browser tests run in Debian's browsers and tools. Install what is missing (as root, from
// apt, without recommended packages); never let a test tool download a browser of its own.
//   chromium           Chromium
//   firefox-esr        Firefox (driven over WebDriver BiDi)
//   webkit2gtk-driver  WebKitWebDriver, and with it WebKitGTK's MiniBrowser
//   xvfb, xauth        an X display for MiniBrowser, which has no headless mode
//   pulseaudio         a null sound sink, so that every engine has a device to play into
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
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
const absent = () => NEEDED.filter(([, present]) => !present()).map(([pkg]) => pkg);
const missing = absent();
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo -n ';
const install = `apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`;
console.log(`Installing Debian's ${missing.join(', ')} for the browser tests...`);
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive ${install}`, { stdio: 'inherit' });
} catch {
  console.error(`Could not install them. Run as root: apt-get update && ${install}`);
  process.exit(1);
}
if (absent().length) {
  console.error(`apt-get finished, but ${absent().join(', ')} is still missing.`);
  process.exit(1);
}
