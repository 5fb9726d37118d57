// Issue 40, what an element does to the page around it: it adds no landmark, it fits a 320 px
// column (400 % zoom) with nothing scrolling sideways or cut, it stops moving under reduced motion,
// and in forced colours its pressed toggles and filled buttons stay visible.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import { findSamples, presets, type Preset } from '../../demo/presets.js';
import { appName, fakeHost, serviceUrl } from '../support/service.js';
import { asForcedColours, asNarrowViewport, asReducedMotion } from '../support/media.js';
import { waitFor } from '../support/waits.js';

let byTag: Record<string, Preset>;
/** Every element that shows something, each as the demo shows it. */
const TAGS = ['login-button', 'track-card', 'favorite-button', 'trending-list', 'audio-player', 'user-card', 'playlist', 'search', 'app-metrics'].map((n) => `service-${n}`);

/** Every element in the shadow tree of `el`, nested shadow trees included. */
function descendants(el: Element): Element[] {
  const all: Element[] = [];
  const visit = (root: ShadowRoot) => {
    for (const node of root.querySelectorAll('*')) {
      all.push(node);
      if (node.shadowRoot) visit(node.shadowRoot);
    }
  };
  if (el.shadowRoot) visit(el.shadowRoot);
  return all;
}

const name = (node: Element) => `${node.localName}${node.getAttribute('part') ? `[part=${node.getAttribute('part')}]` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.trim().replace(/\s+/g, '.')}` : ''}`;

/** Renders each tag in a `width` px column of the page, with the demo's attributes, and waits until each has loaded. */
async function mount(tags: string[], width: number): Promise<HTMLElement[]> {
  const column = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"></div>`);
  const els = tags.map((tag) => {
    const el = document.createElement(tag);
    const attrs: Record<string, string | boolean> = { host: serviceUrl, 'app-name': appName, ...byTag[tag]?.attrs };
    for (const [key, value] of Object.entries(attrs)) {
      if (value !== false) el.setAttribute(key, value === true ? '' : value);
    }
    column.append(el);
    return el;
  });
  await waitFor(() => els.every((el) => el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.skeleton, [part~="loading"]')), 'every element has loaded');
  for (const el of els) expect(el.shadowRoot!.querySelector('[part~="error"]'), `${el.localName} shows no error`).to.equal(null);
  const search = els.find((el) => el.localName === 'service-search');
  if (search) {
    // The search in its loaded state: results open under the box.
    const box = search.shadowRoot!.querySelector('input')!;
    box.value = 'the';
    box.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await waitFor(() => search.shadowRoot!.querySelector('[role="option"]'), 'search results');
  }
  return els;
}

/** Boxes between `node` and `el` that clip what overflows them (overflow other than visible). */
function clippingBoxes(node: Element, el: Element): DOMRect[] {
  const boxes: DOMRect[] = [];
  for (let at: Element | null = node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host ?? null); at && at !== el; at = at.parentElement ?? ((at.parentNode as ShadowRoot | null)?.host ?? null)) {
    if (getComputedStyle(at).overflowX !== 'visible') boxes.push(at.getBoundingClientRect());
  }
  return boxes;
}

/**
 * What sticks out of `column` or is cut in `el`: a box seen past the column's edges, a box partly
 * hidden sideways by a clipping box (a count cut mid-word), or a box that scrolls sideways.
 * A box wholly hidden by a clipping box (an item dropped whole to a clipped row) is fine.
 */
function misfits(el: Element, column: DOMRect): string[] {
  const found: string[] = [];
  if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.localName} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
  for (const node of descendants(el)) {
    const style = getComputedStyle(node);
    if (['auto', 'scroll'].includes(style.overflowX) && node.scrollWidth > node.clientWidth + 1) found.push(`${name(node)} scrolls sideways`);
    // An icon's shapes are clipped by its own viewport by design (Firefox measures a path by its outline, past the svg's box).
    if (node instanceof SVGElement && node.ownerSVGElement) continue;
    const r = node.getBoundingClientRect();
    // Nothing to see: not rendered, or text for screen readers alone (a 1 px or clipped box).
    if (r.width <= 1 || r.height <= 1 || style.clipPath !== 'none' || style.visibility === 'hidden') continue;
    const clips = clippingBoxes(node, el);
    // Inside a visually hidden box (a table for screen readers), or wholly hidden by a clipping box.
    if (clips.some((c) => c.width <= 1 || c.height <= 1 || r.bottom <= c.top + 0.5 || r.top >= c.bottom - 0.5 || r.right <= c.left + 0.5 || r.left >= c.right - 0.5)) continue;
    if (r.left < column.left - 0.5 || r.right > column.right + 0.5) found.push(`${name(node)} sticks out: ${Math.round(r.left)}..${Math.round(r.right)} of ${Math.round(column.left)}..${Math.round(column.right)}`);
    else if (clips.some((c) => r.left < c.left - 0.5 || r.right > c.right + 0.5)) found.push(`${name(node)} is cut`);
  }
  return found;
}

before(async () => {
  byTag = presets(await findSamples(serviceUrl, appName));
});

describe('no landmark from an element', () => {
  // A landmark is the page's: every copy of an element would add one more to a screen reader's list.
  const LANDMARK_ROLES = ['banner', 'contentinfo', 'navigation', 'main', 'complementary', 'region', 'search', 'form'];
  const SECTIONING = 'article, aside, main, nav, section';

  function landmarks(el: Element): string[] {
    return descendants(el).flatMap((node) => {
      const role = node.getAttribute('role');
      if (role) return LANDMARK_ROLES.includes(role) ? [`${name(node)} role=${role}`] : [];
      const named = node.hasAttribute('aria-label') || node.hasAttribute('aria-labelledby') || node.hasAttribute('title');
      // header and footer are a banner and a contentinfo unless inside sectioning content.
      if (['header', 'footer'].includes(node.localName) && !node.parentElement?.closest(SECTIONING)) return [name(node)];
      if (['nav', 'main', 'aside', 'search'].includes(node.localName)) return [name(node)];
      if (['section', 'form'].includes(node.localName) && named) return [`${name(node)} (named)`];
      return [];
    });
  }

  it('every element, loaded: no banner, navigation, region or other landmark in its shadow tree', async () => {
    const els = await mount(TAGS, 640);
    for (const el of els) expect(landmarks(el), el.localName).to.deep.equal([]);
    // What used to be a page banner: the playlist's header box is still there, as a plain box.
    const header = els.find((el) => el.localName === 'service-playlist')!.shadowRoot!.querySelector('[part="header"]')!;
    expect(header.localName).to.equal('div');
  });
});

describe('reflow: a 320 px column, nothing scrolls sideways and nothing is cut', () => {
  it('every element, loaded, as a wide window lays it out and as a 320 px viewport does', async () => {
    const els = await mount(TAGS, 320);
    const column = els[0]!.parentElement!;
    const check = (when: string) => {
      expect(column.scrollWidth, `the column, ${when}`).to.be.at.most(320);
      for (const el of els) expect(misfits(el, column.getBoundingClientRect()), `${el.localName}, ${when}`).to.deep.equal([]);
    };
    check('wide window');
    await asNarrowViewport(els, async () => {
      await Promise.all(els.map((el) => (el as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete));
      check('320 px viewport');
    });
  });

  it('the check sees a count cut mid-word', async () => {
    const [card] = await mount(['service-track-card'], 320);
    const stats = card!.shadowRoot!.querySelector<HTMLElement>('[part="stats"]')!;
    stats.style.flexWrap = 'nowrap'; // the old single row that faded its last count out
    stats.style.flexShrink = '1';
    stats.style.maxWidth = '60px';
    expect(misfits(card!, card!.parentElement!.getBoundingClientRect()).join('\n')).to.match(/is cut/);
  });
});

describe('reduced motion stops every transition and animation', () => {
  const moving = (els: Element[]) =>
    els.flatMap((el) => descendants(el))
      .filter((node) => {
        const style = getComputedStyle(node);
        return style.transitionDuration.split(',').some((d) => parseFloat(d) > 0) || (style.animationName !== 'none' && style.animationName !== '');
      })
      .map(name);

  it('every element, loaded and loading (the skeleton\'s shimmer)', async () => {
    const els = await mount(TAGS, 640);
    const loading = await fixture<HTMLElement>(html`<service-track-card host=${fakeHost('hang')} app-name=${appName} track-id="x"></service-track-card>`);
    await waitFor(() => loading.shadowRoot!.querySelector('.skeleton'), 'the card\'s skeleton');
    const all = [...els, loading];
    expect(moving(all), 'without the preference, Play all, the play buttons and the skeleton move').to.include.members(['button[part=play-all].play-all', 'div.skeleton']);
    await asReducedMotion(all, async () => {
      expect(moving(all)).to.deep.equal([]);
    });
  });
});

describe('forced colours: pressed toggles and filled buttons stay visible', () => {
  /** What `colour` (a system colour) resolves to on this page. */
  function systemColour(colour: string): string {
    const probe = document.createElement('div');
    probe.style.backgroundColor = colour;
    document.body.append(probe);
    const resolved = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return resolved;
  }

  it('the period and search-kind toggles show their pressed state in the system\'s Highlight; every button keeps an edge', async () => {
    const els = await mount(TAGS, 640);
    const pressed = els.flatMap((el) => descendants(el).filter((n) => n.getAttribute('aria-pressed') !== null && n.localName === 'button'));
    const trending = pressed.filter((n) => n.getAttribute('part') === 'window-button');
    expect(trending.length, 'the trending list\'s three windows').to.equal(3);
    expect(pressed.filter((n) => n.getAttribute('aria-pressed') === 'true').length, 'a pressed window and a pressed kind at least').to.be.at.least(2);
    await asForcedColours(els, async () => {
      const highlight = systemColour('Highlight');
      for (const toggle of pressed) {
        const on = toggle.getAttribute('aria-pressed') === 'true';
        const background = getComputedStyle(toggle).backgroundColor;
        expect(background === highlight, `${name(toggle)} aria-pressed=${String(on)}: ${background}`).to.equal(on);
      }
      for (const button of els.flatMap((el) => descendants(el)).filter((n) => n.localName === 'button')) {
        const style = getComputedStyle(button);
        // A box with no fill in a contrast theme is seen by its border alone.
        expect(`${style.borderTopStyle} ${style.borderTopWidth}`, `${name(button)}'s edge`).to.match(/^solid [1-9]/);
      }
      const play = els.find((el) => el.localName === 'service-track-card')!.shadowRoot!.querySelector('[part="play-button"]')!;
      expect(getComputedStyle(play).borderTopLeftRadius, 'the play button is still a circle').to.equal('50%');
    });
  });
});
