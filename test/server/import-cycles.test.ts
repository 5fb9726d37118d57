// No import circle in src/ or server/, type-only ones included: the import graph (static imports,
// `import type`, `export ... from`, `import()` and `typeof import()`) is read with the TypeScript parser.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');

/** Every .ts file under `dir`, declarations left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The file a relative specifier names (`./x.js` is ./x.ts), or undefined for a package. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base.replace(/\.js$/, '.ts'), base, base + '.ts', join(base, 'index.ts')].find((file) => existsSync(file) && file.endsWith('.ts'));
}

/** The files `file` imports, for its types or its values: a type-only import ties two modules as much as any. */
export function moduleImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.map((specifier) => resolveSpecifier(file, specifier)).filter((target): target is string => !!target);
}

/** The circles among `files` (Tarjan's strongly connected components), each as its files in a loop. */
export function importCircles(files: string[]): string[][] {
  const edges = new Map(files.map((file) => [file, moduleImports(file)]));
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (stack.includes(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || edges.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return circles;
}

describe('import graph', () => {
  it('has no import circle in src/ or server/, type-only ones included', () => {
    const circles = importCircles([...sources(join(root, 'src')), ...sources(join(root, 'server'))]);
    const named = circles.map((circle) => circle.map((file) => relative(root, file)).join(' <-> '));
    assert.deepEqual(named, [], 'import circles');
  });

  describe('the circle finder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-circles-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      return Object.keys(files).map((name) => join(dir, name));
    };

    it('finds a circle through a static import, an export-from and a dynamic import', () => {
      const files = write({
        'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
        'b.ts': "export { c as b } from './c.js';\n",
        'c.ts': "export const c = () => import('./a.js');\n",
        'leaf.ts': "import './a.js';\n",
      });
      assert.deepEqual(importCircles(files), [['a.ts', 'b.ts', 'c.ts'].map((name) => join(dir, name))]);
    });

    it('finds a module that imports itself', () => {
      const files = write({ 'self.ts': "import * as self from './self.js';\nexport const again = self;\n" });
      assert.deepEqual(importCircles(files), [[join(dir, 'self.ts')]]);
    });

    it('finds a circle of type-only imports and exports, and a `typeof import()`', () => {
      const files = write({
        'types-a.ts': "import type { B } from './types-b.js';\nimport ts from 'typescript';\nexport interface A { b?: B; ts?: typeof ts }\n",
        'types-b.ts': "import { type C } from './types-c.js';\nexport type { A } from './types-a.js';\nexport interface B { c?: C }\n",
        'types-c.ts': "export type C = typeof import('./types-a.js');\n",
      });
      assert.deepEqual(importCircles(files), [['types-a.ts', 'types-b.ts', 'types-c.ts'].map((name) => join(dir, name))]);
    });

    it('ignores packages and files that do not exist', () => {
      const files = write({ 'uses-packages.ts': "import ts from 'typescript';\nimport type { X } from './missing.js';\nexport const t: X = ts;\n" });
      assert.deepEqual(moduleImports(files[0]!), []);
      assert.deepEqual(importCircles(files), []);
    });
  });
});
