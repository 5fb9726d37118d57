import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { privateMemberNames } from './private-names.js';
import { walk } from './walk.js';

/**
 * Lit's own internal members, which its published build already shortens to `_$` and two
 * characters (`_$AH`, `_$E_`). Lit keeps those names stable so that its packages can work together
 * across versions; inside one file every Lit package is bundled, so they can be renamed throughout
 * it.
 */
const LIT_INTERNAL = /^_\$[A-Z][A-Za-z_]$/;

/**
 * The names by which Lit knows what another copy of Lit made: a template result (`_$litType$`),
 * a directive, a stylesheet, a render root's part, a LitElement class. A CDN file's Lit only ever
 * meets what it made itself: the elements render their own templates and styles into their own
 * shadow roots, and no file hands a template, directive or stylesheet to the page or takes one
 * from it. Those files rename them too; all-hydrate.js, which reads a server render, keeps them.
 */
const LIT_SHARED = /^_\$(litType|litPart|litElement|litDirective|cssResult)\$$/;

type Node = {
  type?: string;
  start: number;
  end: number;
  computed?: boolean;
  shorthand?: boolean;
  value?: unknown;
  name?: string;
  property?: Node;
  key?: Node;
  quasis?: { value: { raw: string } }[];
};

/** Names a renamed member may take, shortest first: one character, then two. */
function* shortNames(): Generator<string> {
  const first = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_';
  yield* first;
  for (const a of first) for (const b of first + '0123456789') yield a + b;
}

/**
 * Two-character property names that the platform gives elements, SVG elements or other objects
 * (`id`, an SVG circle's `cx`, a Response's `ok`, an array's `at`; no platform name has one
 * character): a renamed member never takes one, even when the file does not use it.
 */
const PLATFORM = new Set(['id', 'ok', 'at', 'cx', 'cy', 'dx', 'dy', 'fx', 'fy', 'rx', 'ry', 'x1', 'x2', 'y1', 'y2', 'k1', 'k2', 'k3', 'k4']);

let privates: Set<string> | undefined;

/**
 * Short names for members no one outside a CDN file can name: those the kit's sources declare
 * private or protected and use under no other meaning (scripts/build/private-names.ts), Lit's
 * internal ones (LIT_INTERNAL) and, with `shared`, the ones Lit shares with its other copies
 * (LIT_SHARED). Runs on each bundled file before it is minified.
 *
 * A new name is never one the file uses as a property name anywhere else, or as a word of any
 * string or template (a Lit binding `.name=${…}` names a property in text), so two members of one
 * object cannot end up with one name. A member named in a string or by a shorthand key keeps its
 * name. The most used members get the one-character names.
 */
export function shortMembers({ shared }: { shared: boolean }): Plugin {
  return {
    name: 'short-members',
    renderChunk(code) {
      privates ??= new Set(privateMemberNames());
      const renamable = (name: string) => privates!.has(name) || LIT_INTERNAL.test(name) || (shared && LIT_SHARED.test(name));
      const uses = new Map<string, Node[]>();
      const taken = new Set<string>();
      const words = (text: string) => text.match(/[A-Za-z_$][\w$]*/g)?.forEach((w) => taken.add(w));
      const member = (n: Node | undefined) => {
        if (n?.type != 'Identifier') return;
        if (!renamable(n.name!)) taken.add(n.name!);
        else if (uses.has(n.name!)) uses.get(n.name!)!.push(n);
        else uses.set(n.name!, [n]);
      };
      walk<Node>(this.parse(code), (n) => {
        if (n.type == 'Literal' && typeof n.value == 'string') words(n.value);
        else if (n.type == 'TemplateLiteral') n.quasis!.forEach((q) => words(q.value.raw));
        else if (n.type == 'MemberExpression' && !n.computed) member(n.property);
        else if ((n.type == 'Property' || n.type == 'MethodDefinition' || n.type == 'PropertyDefinition') && !n.computed) {
          if (n.shorthand && n.key?.type == 'Identifier') taken.add(n.key.name!);
          else member(n.key);
        }
      });
      const names = shortNames();
      const next = (): string => {
        for (let r = names.next(); !r.done; r = names.next()) if (!taken.has(r.value) && !PLATFORM.has(r.value)) return r.value;
        throw new Error('short-members: out of names');
      };
      const out = new MagicString(code);
      const order = [...uses].filter(([name]) => !taken.has(name)).sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
      for (const [, nodes] of order) {
        const name = next();
        for (const n of nodes) out.overwrite(n.start, n.end, name);
      }
      return order.length ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
