import type { Plugin } from 'vite';

type Node = { type?: string; start: number; end: number; source?: { type: string; value?: unknown } };

const walk = (node: unknown, visit: (n: Node) => void): void => {
  if (!node || typeof node != 'object') return;
  if ((node as Node).type) visit(node as Node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
    else if (value && typeof value == 'object') walk(value, visit);
  }
};

/**
 * For the CDN's single files: `import('./x.js')` in the kit's sources becomes
 * `Promise.resolve(ns)`, with `import * as ns from './x.js'` added at the end of the module
 * (imports are hoisted; no line moves, so source maps hold). The module is then part of the
 * bundle like any other, with no lazy-init wrapper around it and its imports, which is what
 * inlining a dynamic import costs (over 2 KB gzip on all.js). The calling code stays as it is:
 * it still gets a promise of the module.
 */
export function staticImports(): Plugin {
  return {
    name: 'static-dynamic-imports',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || !code.includes('import(')) return null;
      const edits: [number, number, string][] = [];
      const imports: string[] = [];
      walk(this.parse(code), (n) => {
        if (n.type != 'ImportExpression' || n.source?.type != 'Literal' || typeof n.source.value != 'string') return;
        const name = `__static${imports.length}`;
        imports.push(`import * as ${name} from ${JSON.stringify(n.source.value)};`);
        edits.push([n.start, n.end, `Promise.resolve(${name})`]);
      });
      if (!edits.length) return null;
      let out = code;
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
      return { code: out + '\n' + imports.join(''), map: null };
    },
  };
}
