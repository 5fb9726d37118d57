// A visitor's system colour scheme, or a touch screen, in every engine the browser tests run in.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { browserEngine } from './service.js';

/** The `@media` rules of `els`' shadow roots (each sheet once) whose condition matches `condition`; there must be some. */
export function mediaRules(els: Element[], condition: RegExp, what: string): CSSMediaRule[] {
  const sheets = new Set(els.flatMap((el) => [...el.shadowRoot!.adoptedStyleSheets, ...[...el.shadowRoot!.querySelectorAll('style')].map((s) => s.sheet!)]));
  const rules = [...sheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && condition.test(rule.media.mediaText));
  expect(rules.length, `${what} have ${condition} rules`).to.be.greaterThan(0);
  return rules;
}

/** Runs `check` with `rules` made to hold (`all`) or not (`not all`), and puts their conditions back after. */
export async function withRules(rules: CSSMediaRule[], hold: boolean, check: () => Promise<void>): Promise<void> {
  const texts = rules.map((rule) => rule.media.mediaText);
  try {
    for (const rule of rules) rule.media.mediaText = hold ? 'all' : 'not all';
    await check();
  } finally {
    rules.forEach((rule, i) => (rule.media.mediaText = texts[i]!));
  }
}

/**
 * Runs `check` as a visitor whose system colour scheme is `scheme` sees the page. Chromium's
 * protocol sets the engine's own preference (DevTools' media emulation). WebDriver BiDi (Firefox)
 * and classic (WebKit) have no such command: there the element's own `@media
 * (prefers-color-scheme: dark)` rules (there must be some, in `el`'s shadow root) are made to
 * hold, or not, as that visitor's browser evaluates them, and put back after.
 */
export async function asColourScheme(el: Element, scheme: 'light' | 'dark', check: () => Promise<void>): Promise<void> {
  const rules = mediaRules([el], /^\(prefers-color-scheme: ?dark\)$/, 'the element');
  if (browserEngine !== 'chromium') return withRules(rules, scheme === 'dark', check);
  try {
    await emulateMedia({ colorScheme: scheme });
    await check();
  } finally {
    await emulateMedia({ colorScheme: 'light' });
  }
}

/**
 * Runs `check` as a touch screen would show `els`: their shadow roots' `@media` rules that ask
 * for a coarse pointer (alone or with `hover: none`) are made to hold, then put back. No engine's
 * test driver emulates a pointer, and these rules are the elements' whole answer to touch.
 */
export const asTouchScreen = (els: Element[], check: () => Promise<void>): Promise<void> =>
  withRules(mediaRules(els, /pointer: ?coarse/, 'the elements'), true, check);
