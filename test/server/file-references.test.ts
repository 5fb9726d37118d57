// No comment or doc names a file that does not exist: a path from the repository's root (`src/…`,
// `server/…`, `test/…`, `scripts/…`, `bench/…` with an extension), or a TypeScript file named from
// its folder or by itself (`../support/waits.ts`, `words.ts`), in the code's comments and the Markdown docs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');

// A path starts a word (not inside a URL or another path) and ends in a file name with an extension;
// one with a placeholder (`<code>`, `${code}`, `*`) stops before it and has no extension, so it is not read.
const ROOTED = /(?<![\w./@-])(?:src|server|test|scripts|bench)\/[\w./-]*\w\.(?:ts|mts|js|mjs|json|md|sql|css|html|php|sh)(?![\w/-])/g;
// A TypeScript file by its name or from a folder (`./x.ts`, a specifier's example, and built files under dist/ are not).
const SOURCE = /(?<![\w./@-])(?!dist\/|node_modules\/)[\w-][\w/-]*(?:\.[\w-]+)*\.m?ts(?![\w/-])/g;

/** The comments of a TypeScript or JavaScript file, read with the TypeScript parser (strings and regexes left out). */
export function commentsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.(m?js)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const ranges = new Map<number, string>();
  const take = (list: ts.CommentRange[] | undefined) => list?.forEach((range) => ranges.set(range.pos, text.slice(range.pos, range.end)));
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...ranges.values()];
}

/** The paths `text` names that exist neither from `file`'s folder, one above it, the root (`top`) or its src/ and server/, nor, for a bare name, among `names`. */
export function missingPaths(file: string, text: string, top: string, names: ReadonlySet<string>): string[] {
  const exists = (path: string) => {
    if (!path.includes('/') && names.has(path)) return true;
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      if (existsSync(join(dir, path)) || existsSync(join(dir, path.replace(/\.js$/, '.ts')))) return true;
      if (dir === top || dir === dirname(dir)) return ['src', 'server'].some((part) => existsSync(join(top, part, path)));
    }
  };
  return [...new Set([...(text.match(ROOTED) ?? []), ...(text.match(SOURCE) ?? [])])].filter((path) => !exists(path));
}

/** Every missing path named in `files` (code: its comments; Markdown: all of it but fenced code, a reader's own files), as `file: path`. */
export function missingReferences(files: string[], top: string, names: ReadonlySet<string>): string[] {
  return files.flatMap((file) => {
    const text = file.endsWith('.md') ? readFileSync(file, 'utf8').replace(/^```[^]*?^```/gm, '') : commentsOf(file).join('\n');
    return missingPaths(file, text, top, names).map((path) => `${relative(top, file)}: ${path}`);
  });
}


describe('file references', () => {
  it('every file a comment or a doc names exists', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
    const code = tracked.filter((file) => /^(src|server|test|scripts|bench)\/.*\.(ts|mts|js|mjs)$/.test(file) && !file.endsWith('.d.ts'));
    const docs = tracked.filter((file) => file.endsWith('.md') && !file.startsWith('node_modules/'));
    assert.ok(code.length > 100 && docs.length > 5, `${code.length} code files, ${docs.length} docs`);
    const files = [...code, ...docs].map((file) => join(root, file)).filter((file) => existsSync(file));
    const missing = missingReferences(files, root, new Set(tracked.map((file) => basename(file))));
    assert.deepEqual(missing, []);
  });

  describe('the finder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'file-references-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('names a missing file in a comment or a doc, and passes over strings, URLs and placeholders', () => {
      writeFileSync(join(dir, 'here.ts'), '');
      const code = join(dir, 'code.ts');
      writeFileSync(code, [
        '// Reads src/gone.ts and ./here.ts; see https://example.com/src/url.ts',
        "const a = 'src/in-a-string.ts'; /* and server/gone/too.mjs */",
        '/** src/translations/<code>.ts and src/${x}.ts, dist/lib/x.d.ts; old-name.ts, shared/gone.ts and shared/there.ts */',
        'const b = /src\\/in-a-regex\\.ts/;',
      ].join('\n'));
      const doc = join(dir, 'doc.md');
      writeFileSync(doc, 'See `test/gone.test.ts`, `here.ts` and test/../here.ts.\n\n```ts\n// src/main.ts: the reader\'s own\n```\n');
      assert.deepEqual(missingReferences([code, doc], dir, new Set(['there.ts'])), [
        'code.ts: src/gone.ts', 'code.ts: server/gone/too.mjs', 'code.ts: old-name.ts', 'code.ts: shared/gone.ts', 'code.ts: shared/there.ts', 'doc.md: test/gone.test.ts',
      ]);
    });
  });
});
