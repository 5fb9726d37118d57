import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * What Lit's published modules read from the page, for browsers or tools a CDN file never meets,
 * and what each becomes in one. The minifier then drops the code that only they reached.
 * - `…PolyfillSupport`: hooks for `lit/polyfill-support.js`, which patches Lit for browsers
 *   without shadow DOM. Those browsers cannot run these files (below), and the polyfill patches
 *   Lit's internal members by name, which shortMembers renames here anyway. Read as undefined.
 * - `…Versions`: a list of the Lit versions loaded, read only by Lit's development build to warn
 *   of two copies. Not kept.
 * - Whether shadow roots take constructed stylesheets (`adoptedStyleSheets`: Chrome 73, Firefox
 *   101, Safari 16.4). If not, Lit falls back to a `<style>` element in each shadow root. The CDN
 *   files use class static blocks (ES2022: Chrome 94, Firefox 93, Safari 16.4), so of the
 *   browsers that can run them only Firefox 93 to 100 (2021–22, out of support since) lack it,
 *   and pages polyfilled by ShadyCSS, for which the first point holds. Read as true.
 * - `litElementHydrateSupport`: the hook `@lit-labs/ssr-client` sets so that LitElement hydrates
 *   a server render. all-hydrate.js bundles that module and keeps the hook; in the other files
 *   nothing could set it (a separately loaded copy of the module could not patch the renamed
 *   members either). Read as undefined.
 * - `Symbol.metadata` and `litPropertyMetadata`: where standard (TC39) decorators leave the
 *   options of the properties they declare, for ReactiveElement to read. The kit's elements
 *   declare `static properties`, and a CDN file hands no Lit class or decorator to the page. (A
 *   class that extends a CDN element, found by `customElements.get`, with decorators from another
 *   copy of Lit would not get its decorated properties: such code takes the kit from npm.) Not kept.
 */
const EDITS = [
  { pattern: /\b[\w$]+\.(?:litHtml|reactiveElement|litElement)PolyfillSupport\b/g, to: '(void 0)' },
  { pattern: /\([\w$]+\.(?:litHtml|reactiveElement|litElement)Versions\s*\?\?=\s*\[\]\)\.push\("[^"]*"\)/g, to: '(void 0)' },
  {
    pattern: /\b[\w$]+\.ShadowRoot&&\(void 0===[\w$]+\.ShadyCSS\|\|[\w$]+\.ShadyCSS\.nativeShadow\)&&"adoptedStyleSheets"in Document\.prototype&&"replace"in CSSStyleSheet\.prototype/g,
    to: '(!0)',
  },
  { pattern: /\b[\w$]+\.litElementHydrateSupport\b/g, to: '(void 0)', hydration: true },
  { pattern: /Symbol\.metadata\?\?=Symbol\("metadata"\),[\w$]+\.litPropertyMetadata\?\?=new WeakMap;/g, to: '' },
  {
    pattern:
      /const ([\w$]+)=this\[Symbol\.metadata\];if\(null!==\1\)\{const ([\w$]+)=litPropertyMetadata\.get\(\1\);if\(void 0!==\2\)for\(const\[([\w$]+),([\w$]+)\]of \2\)this\.elementProperties\.set\(\3,\4\)\}/g,
    to: '',
  },
];

/** Each Lit module and how many matches of each edit it must hold: a Lit release that moves them fails the build. */
const EXPECTED: Record<string, number[]> = {
  'lit-html/lit-html.js': [1, 1, 0, 0, 0, 0],
  '@lit/reactive-element/reactive-element.js': [1, 1, 0, 0, 1, 1],
  '@lit/reactive-element/css-tag.js': [0, 0, 1, 0, 0, 0],
  'lit-element/lit-element.js': [1, 1, 0, 1, 0, 0],
};

/** Edits a CDN file's Lit modules as above; `hydrate` (all-hydrate.js) keeps LitElement's hydration hook. */
export function litHooks({ hydrate }: { hydrate: boolean }): Plugin {
  return {
    name: 'lit-hooks',
    transform(code, id) {
      const file = Object.keys(EXPECTED).find((name) => id.replaceAll('\\', '/').endsWith(`/node_modules/${name}`));
      if (!file) return null;
      const out = new MagicString(code);
      const counts = EDITS.map(({ pattern, to, hydration }) => {
        const found = [...code.matchAll(pattern)];
        if (!(hydration && hydrate)) for (const m of found) out.overwrite(m.index, m.index + m[0].length, to);
        return found.length;
      });
      if (counts.join() != EXPECTED[file]!.join()) {
        throw new Error(`lit-hooks: ${file} has ${counts.join()} matches of the edits, not ${EXPECTED[file]!.join()}; see what the new Lit release changed`);
      }
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}
