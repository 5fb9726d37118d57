import type { Plugin } from 'vite';
import { ownSource } from './own-source.js';
import { walk } from './walk.js';

type Node = {
  type?: string;
  start: number;
  end: number;
  source?: { type: string; value?: unknown };
  callee?: Node & { object?: Node; property?: { name?: string } };
  arguments?: (Node & { params?: (Node & { name?: string })[]; body?: Node; async?: boolean })[];
};

const isImport = (n: Node | undefined): n is Node => n?.type == 'ImportExpression' && n.source?.type == 'Literal' && typeof n.source.value == 'string';

/**
 * Why: inlining the kit's own dynamic imports wraps each module in lazy-init code (measured: 929 B
 * gzip on all.js, 857 B on service-login-button.js); only src/ modules are changed (ownSource).
 * For the CDN's single files: a dynamic `import('./x.js')` in the kit's sources becomes a
 * static import, so the module is part of the bundle like any other, with no lazy-init wrapper.
 * The calling code still gets a promise, settled after the current task's code as before.
 *  - `import('./x.js').then((m) => ... m.a ... m.b ...)`, where `m` is only read for members,
 *    becomes `Promise.resolve().then(() => ... a ... b ...)` over `import { a, b } from './x.js'`:
 *    the callback still runs later, and the module's other exports can still be left out of the
 *    bundle (a function called as `a()` rather than `m.a()` sees no `this`: the kit's never read it);
 *  - any other `import('./x.js')` becomes `Promise.resolve(ns)` over `import * as ns`.
 * The imports go at the end of the module (imports are hoisted; no line moves, so source maps hold).
 */
export function staticImports(keep: (source: string, importer: string) => boolean = () => false): Plugin {
  return {
    name: 'static-dynamic-imports',
    transform(code, id) {
      if (!ownSource(id) || !code.includes('import(')) return null;
      const edits = new Map<number, [number, string]>();
      const imports: string[] = [];
      const local = (what: string, i = imports.length) => `__static${i}${what}`;
      // An import() that `keep` names stays one (the login flow's shared file, scripts/build/login-flow.ts).
      const kept = (n: Node | undefined) => isImport(n) && keep(n.source!.value as string, id);
      walk<Node>(this.parse(code), (n) => {
        // `import(x).then((m) => ...)`: only the members the callback reads.
        const target = n.callee?.object;
        const callback = n.arguments?.[0];
        const param = callback?.params?.length == 1 ? callback.params[0] : undefined;
        if (n.type == 'CallExpression' && isImport(target) && !kept(target) && n.callee?.property?.name == 'then' && callback?.type == 'ArrowFunctionExpression' && param?.type == 'Identifier' && callback.body) {
          const body = code.slice(callback.body.start, callback.body.end);
          const uses = [...body.matchAll(new RegExp(`\\b${param.name}\\b(\\.[A-Za-z_$][\\w$]*)?`, 'g'))];
          if (uses.length && uses.every((u) => u[1]) && !body.includes('import(')) {
            const names = [...new Set(uses.map((u) => u[1]!.slice(1)))];
            const i = imports.length;
            imports.push(`import { ${names.map((name) => `${name} as ${local(name, i)}`).join(', ')} } from ${JSON.stringify(target.source!.value)};`);
            edits.set(target.start, [target.end, 'Promise.resolve()']);
            // `(m) => m.a(...)` becomes `() => a(...)`: the callback takes no module, it names the imports.
            edits.set(callback.start, [callback.body.start, `${callback.async ? 'async ' : ''}() => `]);
            for (const u of uses) edits.set(callback.body.start + u.index, [callback.body.start + u.index + u[0].length, local(u[1]!.slice(1), i)]);
            // A resolved promise never rejects: a rejection handler (a failed download) is dead code here.
            // (Kept if it holds an import() of its own, whose edit would fall inside the removed text.)
            const onRejected = n.arguments?.[1];
            if (onRejected && !code.slice(onRejected.start, onRejected.end).includes('import(')) edits.set(callback.end, [onRejected.end, '']);
            return;
          }
        }
        if (isImport(n) && !kept(n) && !edits.has(n.start)) {
          const ns = local('ns');
          imports.push(`import * as ${ns} from ${JSON.stringify(n.source!.value)};`);
          edits.set(n.start, [n.end, `Promise.resolve(${ns})`]);
        }
      });
      if (!edits.size) return null;
      let out = code;
      for (const [start, [end, text]] of [...edits].sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
      return { code: out + '\n' + imports.join(''), map: null };
    },
  };
}
