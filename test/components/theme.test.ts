// Every element is light unless told otherwise: no theme is light on a dark system too,
// theme="dark" is dark, theme="auto" follows the reader's system (prefers-color-scheme).
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import { asColourScheme } from '../support/colour-scheme.js';
import { serviceUrl } from '../support/service.js';

const TAGS = ['app-metrics', 'audio-player', 'favorite-button', 'playlist', 'search', 'track-card', 'trending-list', 'user-card'].map((n) => `service-${n}`);
const LIGHT_TEXT = 'rgb(23, 23, 28)'; // --service-text's light default, #17171c
const DARK_TEXT = 'rgb(242, 241, 246)'; // and its dark one, #f2f1f6

/** A fresh `tag` with `theme` (none when undefined), connected to the page. */
async function make(tag: string, theme?: string): Promise<HTMLElement> {
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement(tag);
  el.setAttribute('host', serviceUrl);
  el.setAttribute('app-name', 'theme-test');
  if (theme) el.setAttribute('theme', theme);
  wrap.append(el);
  await (el as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
  return el;
}

const text = (el: Element) => getComputedStyle(el).color;

describe('theme: light by default, dark when asked, the system\'s with auto', () => {
  for (const tag of TAGS) {
    it(tag, async () => {
      expect(text(await make(tag, 'dark')), 'theme dark').to.equal(DARK_TEXT);
      for (const scheme of ['dark', 'light'] as const) {
        await asColourScheme(await make(tag, 'auto'), scheme, async () => {
          expect(text(await make(tag)), `${scheme} system, no theme`).to.equal(LIGHT_TEXT);
          expect(text(await make(tag, 'light')), `${scheme} system, theme light`).to.equal(LIGHT_TEXT);
          expect(text(await make(tag, 'auto')), `${scheme} system, theme auto`).to.equal(scheme === 'dark' ? DARK_TEXT : LIGHT_TEXT);
        });
      }
    });
  }
});
