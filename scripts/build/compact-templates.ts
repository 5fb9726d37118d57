import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { classNames, sources } from './class-names.js';
import { walk } from './walk.js';


/**
 * A CSS template's text minified by esbuild. Left as written when it has a backslash (raw and
 * cooked text differ) or interpolations.
 */
function minifyCss(raw: string, quasis: number): string {
  if (quasis > 1 || raw.includes('\\')) return raw;
  return (
    transformSync(raw, { loader: 'css', minify: true })
      .code.trim()
      // What esbuild leaves: custom property values as written (`--x: var(--y, a, b)`; the spaces
      // around them carry nothing), quotes around attribute values that are plain identifiers.
      .replace(/(--[\w-]+):\s*([^;}]*)/g, (_, name: string, value: string) => `${name}:${value.replace(/\s*,\s*/g, ',')}`)
      .replace(/\[([\w-]+)="(-?[a-z_][\w-]*)"\]/gi, '[$1=$2]')
  );
}

/**
 * The kit's internal custom properties (`--_accent` and the like, set by the theme on :host and
 * never part of the styling API) get short names, the same in every module of one build and in
 * every build: decided once per build process from all of src/, in order of name (modules are
 * transformed in no fixed order, so naming them as they come made two builds of one source differ).
 */
let properties: Map<string, string> | undefined;
const propertyNames = (): Map<string, string> =>
  (properties ??= new Map(
    [...new Set(sources('src').flatMap((file) => readFileSync(file, 'utf8').match(/--_[\w-]+/g) ?? []))].sort().map((name, i) => [name, '--_' + i.toString(36)]),
  ));

const shortProperties = (css: string): string => css.replace(/--_[\w-]+/g, (name) => propertyNames().get(name) ?? name);

/** Where a template's text stands between its static parts: inside a tag or not, and inside which quotes. */
type Scan = { inTag: boolean; quote: string };

/**
 * An HTML or SVG template's static attribute values that are one plain word (`part="card"`,
 * `x="0"`) lose their quotes, which HTML does not need for them; only inside tags, so text keeps
 * what it says, and only before whitespace or `>` (`type=search/>` would read the slash as part
 * of the value; a value right before a binding keeps its quotes). `scan` is where the text
 * starts (a binding can split a tag or a quoted value) and is left where it ends.
 */
function unquote(text: string, scan: Scan): string {
  let out = '';
  let from = 0;
  const flush = (to: number, last = false) => {
    const part = text.slice(from, to);
    from = to;
    if (!scan.inTag) return void (out += part);
    out += part.replace(/(\s[\w-]+)="([\w-]+)"(?=[\s>]|$)/g, (all, name: string, value: string, at: number) =>
      last && at + all.length == part.length ? all : `${name}=${value}`,
    );
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (scan.quote) {
      if (c == scan.quote) scan.quote = '';
    } else if (scan.inTag && (c == '"' || c == "'")) scan.quote = c;
    else if (!scan.inTag && c == '<' && /[A-Za-z]/.test(text[i + 1] ?? '')) {
      flush(i);
      scan.inTag = true;
    } else if (scan.inTag && c == '>') {
      flush(i);
      scan.inTag = false;
    }
  }
  flush(text.length, true);
  return out;
}

/** The local name the rewritten stylesheets call Lit's `unsafeCSS` by. */
const UNSAFE_CSS = '__unsafeCSS';

type Node = { type?: string; start: number; end: number; tag?: { type: string; name: string }; quasi?: { quasis: { start: number; end: number }[] } };

/**
 * The CDN build's minifier leaves template literals as written, so Lit's `css` and `html`
 * templates keep their indentation. This shortens them before bundling, with a source map of
 * the edits: CSS is minified (minifyCss), and a stylesheet with no interpolation is built by
 * `unsafeCSS` instead of the `css` tag (see below); in HTML and SVG, a run of whitespace
 * with a line break in it becomes one space, which renders the same (text styled
 * `white-space: pre` or `pre-line` must come from bindings, as the kit's API text does, not from
 * the template; a space gzips smaller than a line break, being the commoner character). At a
 * template's very start or end such a run goes: every template of the kit's starts and ends inside
 * a block or flex container (a shadow root, a list, a flex row), where it renders nothing.
 */
export function compactTemplates(): Plugin {
  let classes: ReturnType<typeof classNames>;
  return {
    name: 'compact-lit-templates',
    buildStart() {
      classes = classNames();
    },
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      const edits: [number, number, string][] = [];
      const litCss = /import\s*{[^}]*\bcss\b[^}]*}\s*from\s*['"](lit|@lit\/reactive-element)['"]/.test(code);
      const sheet = (text: string) => shortProperties(classes.css(minifyCss(text, 1)));
      walk<Node>(this.parse(code), (n) => {
        const tag = n.type == 'TaggedTemplateExpression' && n.tag?.type == 'Identifier' ? n.tag.name : '';
        if (tag != 'css' && tag != 'html' && tag != 'svg') return;
        const quasis = n.quasi!.quasis;
        const text = code.slice(quasis[0]!.start, quasis.at(-1)!.end);
        // A whole stylesheet (no interpolation, no escapes) becomes unsafeCSS('...'): the same CSSResult,
        // and with no `css` call left Lit's `css` function (and its long error message) is shaken out.
        if (tag == 'css' && litCss && quasis.length == 1 && !text.includes('\\')) {
          edits.push([n.start, n.end, `${UNSAFE_CSS}(\`${sheet(text)}\`)`]);
          return;
        }
        // Preformatted text keeps its whitespace (a <pre> or <textarea> in a template is left as written).
        const pre = tag != 'css' && /<(pre|textarea)\b/i.test(text);
        const scan: Scan = { inTag: false, quote: '' };
        const last = quasis.length - 1;
        quasis.forEach(({ start, end }, i) => {
          const raw = code.slice(start, end);
          // A line break and the indentation around it become one space; at the template's very start or end, nothing.
          const collapsed = () => {
            const text = raw.replace(/\s*\n\s*/g, ' ');
            const head = i == 0 && /^\s*\n/.test(raw) ? text.trimStart() : text;
            return i == last && /\n\s*$/.test(raw) ? head.trimEnd() : head;
          };
          const short = tag == 'css' ? (quasis.length > 1 || raw.includes('\\') ? raw : sheet(raw)) : unquote(classes.html(pre ? raw : collapsed()), scan);
          if (short != raw) edits.push([start, end, short]);
        });
      });
      if (!edits.length) return null;
      const out = new MagicString(code);
      for (const [start, end, short] of edits) out.overwrite(start, end, short);
      if (edits.some(([, , text]) => text.startsWith(UNSAFE_CSS))) {
        out.append(`\nimport { unsafeCSS as ${UNSAFE_CSS} } from '@lit/reactive-element/css-tag.js';`);
      }
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id, includeContent: true }) };
    },
  };
}
