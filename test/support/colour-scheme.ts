// A visitor's system colour scheme, in every engine the browser tests run in.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { browserEngine } from './service.js';

/**
 * Runs `check` as a visitor whose system colour scheme is `scheme` sees the page. Chromium's
 * protocol sets the engine's own preference (DevTools' media emulation). WebDriver BiDi (Firefox)
 * and classic (WebKit) have no such command: there the element's own `@media
 * (prefers-color-scheme: dark)` rules (there must be some, in `el`'s shadow root) are made to
 * hold, or not, as that visitor's browser evaluates them, and put back after.
 */
export async function asColourScheme(el: Element, scheme: 'light' | 'dark', check: () => Promise<void>): Promise<void> {
  const root = el.shadowRoot!;
  const sheets = [...root.adoptedStyleSheets, ...[...root.querySelectorAll('style')].map((s) => s.sheet!)];
  const rules = sheets
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && /^\(prefers-color-scheme: ?dark\)$/.test(rule.media.mediaText));
  expect(rules.length, 'the element has @media (prefers-color-scheme: dark) rules').to.be.greaterThan(0);
  const emulate = browserEngine === 'chromium';
  const texts = rules.map((rule) => rule.media.mediaText);
  try {
    if (emulate) await emulateMedia({ colorScheme: scheme });
    else for (const rule of rules) rule.media.mediaText = scheme === 'dark' ? 'all' : 'not all';
    await check();
  } finally {
    if (emulate) await emulateMedia({ colorScheme: 'light' });
    else rules.forEach((rule, i) => (rule.media.mediaText = texts[i]!));
  }
}

/**
 * Runs `check` as a touch screen would show `els`: their shadow roots' `@media` rules that ask
 * for a coarse pointer (alone or with `hover: none`) are made to hold, then put back. No engine's
 * test driver emulates a pointer, and these rules are the elements' whole answer to touch.
 */
export async function asTouchScreen(els: Element[], check: () => Promise<void>): Promise<void> {
  const sheets = new Set(els.flatMap((el) => [...el.shadowRoot!.adoptedStyleSheets, ...[...el.shadowRoot!.querySelectorAll('style')].map((s) => s.sheet!)]));
  const rules = [...sheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && /pointer: ?coarse/.test(rule.media.mediaText));
  expect(rules.length, 'the elements have @media (pointer: coarse) rules').to.be.greaterThan(0);
  const texts = rules.map((rule) => rule.media.mediaText);
  try {
    for (const rule of rules) rule.media.mediaText = 'all';
    await check();
  } finally {
    rules.forEach((rule, i) => (rule.media.mediaText = texts[i]!));
  }
}
