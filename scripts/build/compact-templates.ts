import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';
import { walk } from './walk.js';

/** A run of whitespace as short as it can be without moving a line: its line breaks, else one space. */
const squeeze = (ws: string) => (ws.includes('\n') ? ws.replace(/[^\n]/g, '') : ' ');

/**
 * A CSS template's text minified by esbuild, then as many line breaks as it had, at its end:
 * the lines after it stay where they were. Left as written when it has a backslash (raw and
 * cooked text differ) or interpolations.
 */
function minifyCss(raw: string, quasis: number): string {
  if (quasis > 1 || raw.includes('\\')) return raw;
  const lines = raw.split('\n').length - 1;
  return transformSync(raw, { loader: 'css', minify: true }).code.trim() + '\n'.repeat(lines);
}

type Node = { type?: string; tag?: { type: string; name: string }; quasi?: { quasis: { start: number; end: number }[] } };

/**
 * The CDN build's minifier leaves template literals as written, so Lit's `css` and `html`
 * templates keep their indentation. This shortens them before bundling, without moving a line
 * (so the source maps stay right): CSS is minified (minifyCss); in HTML and SVG, a run of whitespace
 * with a line break in it becomes that line break alone, which renders the same (text styled
 * `white-space: pre` must come from bindings, as the kit's API text does, not from the template).
 */
export function compactTemplates(): Plugin {
  return {
    name: 'compact-lit-templates',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      const edits: [number, number, string][] = [];
      walk<Node>(this.parse(code), (n) => {
        const tag = n.type == 'TaggedTemplateExpression' && n.tag?.type == 'Identifier' ? n.tag.name : '';
        if (tag != 'css' && tag != 'html' && tag != 'svg') return;
        const quasis = n.quasi!.quasis;
        // Preformatted text keeps its whitespace (a <pre> or <textarea> in a template is left as written).
        if (tag != 'css' && /<(pre|textarea)\b/i.test(code.slice(quasis[0]!.start, quasis.at(-1)!.end))) return;
        for (const { start, end } of quasis) {
          const raw = code.slice(start, end);
          const short = tag == 'css' ? minifyCss(raw, quasis.length) : raw.replace(/\s*\n\s*/g, squeeze);
          if (short != raw) edits.push([start, end, short]);
        }
      });
      let out = code;
      for (const [start, end, short] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + short + out.slice(end);
      // Lines are where they were, so the mappings of the modules before this step still hold.
      return edits.length ? { code: out, map: null } : null;
    },
  };
}
