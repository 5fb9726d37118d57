// A visitor who asks for reduced motion or uses forced colours (Windows' contrast themes), and a
// 320 px viewport (400 % zoom), in every engine the browser tests run in.
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { browserEngine } from './service.js';
import { mediaRules, withRules } from './colour-scheme.js';

const shadowRoots = (els: Element[]) => els.filter((el) => el.shadowRoot);

/**
 * Runs `check` as a visitor who asks for reduced motion sees `els`. Chromium's protocol sets the
 * engine's own preference; Firefox's BiDi and WebKit's classic driver have no such command, so
 * there the elements' `(prefers-reduced-motion: reduce)` rules are made to hold, and put back.
 */
export async function asReducedMotion(els: Element[], check: () => Promise<void>): Promise<void> {
  if (browserEngine !== 'chromium') return withRules(mediaRules(shadowRoots(els), /prefers-reduced-motion: ?reduce/, 'the elements'), true, check);
  try {
    await emulateMedia({ reducedMotion: 'reduce' });
    await check();
  } finally {
    await emulateMedia({ reducedMotion: 'no-preference' });
  }
}

/**
 * Runs `check` with the elements' `(forced-colors: active)` rules made to hold. No engine's test
 * driver here turns forced colours on (the command's `forcedColors` is Playwright's alone), and
 * these rules are the elements' whole answer to them: what they set is what a contrast theme keeps.
 */
export const asForcedColours = (els: Element[], check: () => Promise<void>): Promise<void> =>
  withRules(mediaRules(shadowRoots(els), /forced-colors: ?active/, 'the elements'), true, check);

/**
 * Runs `check` with the elements' `(max-width: N)` rules for N >= 320 made to hold: what a 320 px
 * viewport shows, inside a test page as wide as the runner's window.
 */
export async function asNarrowViewport(els: Element[], check: () => Promise<void>): Promise<void> {
  const narrow = (text: string) => /max-width: ?(\d+)px/.test(text) && Number(/max-width: ?(\d+)px/.exec(text)![1]) >= 320;
  const rules = shadowRoots(els).length ? mediaRules(shadowRoots(els), /max-width/, 'the elements').filter((rule) => narrow(rule.media.mediaText)) : [];
  return withRules(rules, true, check);
}

/**
 * Sets the test window's viewport where the engine's driver can (Chromium's protocol, Firefox's
 * BiDi): true. WebKit's WebDriver classic has no such command and keeps its window: false, so a
 * test that needs a phone's viewport skips there, and one that only narrows its column runs as is.
 */
export async function trySetViewport(viewport: { width: number; height: number }): Promise<boolean> {
  if (browserEngine === 'webkit') return false;
  await setViewport(viewport);
  return true;
}
