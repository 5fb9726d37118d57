// The published package, built afresh and checked from the tarball `npm pack` makes: every "exports" entry
// resolves to a packed file with its types, the DOM-free entries import in Node, and the
// element entries load and register in Chromium (lit served from node_modules by an import map).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { chromium, type Browser } from 'playwright-core';
import { ROOT, elementNames, fileUnder, serveStatic, type StaticServer } from '../../scripts/start.js';

type Exports = string | null | { [key: string]: Exports };
interface Manifest {
  name: string;
  main?: string;
  module?: string;
  types?: string;
  exports: Record<string, Exports>;
  dependencies?: Record<string, string>;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const NAMES = elementNames();
const TAGS = NAMES.map((n) => `service-${n}`);
/** An export whose source is still being written is skipped, not failed. */
const SOURCES: Record<string, string> = {
  './auth': 'src/core/login/index.ts',
  './sdk': 'src/sdk.ts',
  './react': 'src/react/index.ts',
  './next': 'src/next/server-element.ts',
  './jsx': 'src/types/jsx.ts',
  './vue': 'src/types/vue.ts',
  './svelte': 'src/types/svelte.ts',
  './custom-elements.json': 'custom-elements.json',
};

let work: string;
let pkgDir: string;
let pkg: Manifest;

/** The target of `exports[key]` for the first matching condition, with `*` filled in. */
function target(value: Exports, conditions: string[], star = ''): string | undefined {
  if (typeof value === 'string') return value.replaceAll('*', star);
  if (!value) return undefined;
  for (const [condition, next] of Object.entries(value)) {
    if (condition === 'default' || conditions.includes(condition)) {
      const found = target(next, conditions, star);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every concrete subpath the package offers: patterns expanded for each element and CDN file. */
function subpaths(): Array<{ subpath: string; key: string; star?: string }> {
  const list: Array<{ subpath: string; key: string; star?: string }> = [];
  for (const key of Object.keys(pkg.exports)) {
    if (key === './components/*') for (const n of NAMES) list.push({ subpath: `./components/${n}`, key, star: n });
    else if (key === './cdn/*') for (const f of ['all.js', ...TAGS.map((t) => `${t}.js`)]) list.push({ subpath: `./cdn/${f}`, key, star: f });
    else if (!key.includes('*')) list.push({ subpath: key, key });
  }
  return list;
}

const specifier = (subpath: string) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
const skipReason = (key: string) => (SOURCES[key] && !existsSync(join(ROOT, SOURCES[key])) ? `${SOURCES[key]} does not exist yet` : undefined);

/** Runs a Node script of the repository's tools; resolves when it exits 0. */
function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed:\n${stderr}`))));
  });
}

/**
 * `npm run build`'s three steps (library, declarations, CDN), into `out` rather than the shared
 * dist/, so a build someone else starts meanwhile cannot change what is packed.
 */
async function buildInto(out: string): Promise<void> {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const lib = join(out, 'dist/lib');
  const cdn = run([vite, 'build', '--mode', 'cdn', '--outDir', join(out, 'dist/cdn'), '--emptyOutDir', '--logLevel', 'error']);
  await run([vite, 'build', '--outDir', lib, '--emptyOutDir', '--logLevel', 'error']);
  await Promise.all([run([tsc, '-p', 'tsconfig.build.json', '--outDir', lib]), cdn]);
}

/** Links a dependency (and its own dependencies) from the repository's node_modules into the work dir. */
function link(name: string, seen = new Set<string>()): void {
  if (seen.has(name) || !existsSync(join(ROOT, 'node_modules', name))) return;
  seen.add(name);
  const to = join(work, 'node_modules', name);
  mkdirSync(dirname(to), { recursive: true });
  if (!existsSync(to)) symlinkSync(join(ROOT, 'node_modules', name), to, 'dir');
  const deps = JSON.parse(readFileSync(join(to, 'package.json'), 'utf8')).dependencies ?? {};
  for (const dep of Object.keys(deps)) link(dep, seen);
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'service-kit-pack-'));
  // The package as `npm pack` sees it in the repository: its manifest, docs and a fresh build.
  const stage = join(work, 'stage');
  mkdirSync(stage);
  for (const file of readdirSync(ROOT).filter((f) => /^(package\.json|README|LICENSE|custom-elements\.json)/i.test(f))) {
    cpSync(join(ROOT, file), join(stage, file));
  }
  await buildInto(stage);
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
  pkgDir = join(work, 'node_modules', 'service-kit');
  mkdirSync(pkgDir, { recursive: true });
  execFileSync('tar', ['-xzf', join(work, filename), '-C', pkgDir, '--strip-components=1']);
  pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const seen = new Set<string>();
  for (const dep of [...Object.keys(pkg.dependencies ?? {}), 'react', '@types/react', '@lit/react']) link(dep, seen);
  writeFileSync(join(work, 'package.json'), '{ "type": "module", "private": true }\n');
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  test('ships only the builds, the manifest and the declarations', () => {
    const top = readdirSync(pkgDir).sort();
    assert.deepEqual(top.filter((f) => !['dist', 'package.json', 'README.md', 'LICENSE', 'custom-elements.json'].includes(f)), []);
    assert.deepEqual(readdirSync(join(pkgDir, 'dist')).sort(), ['cdn', 'lib']);
    for (const field of ['main', 'module', 'types'] as const) assert.ok(pkg[field] && existsSync(join(pkgDir, pkg[field])), `${field}: ${pkg[field]}`);
  });

  test('every "exports" entry resolves to a packed file, with its types', async (t) => {
    for (const { subpath, key, star } of subpaths()) {
      await t.test(subpath, { skip: skipReason(key) }, () => {
        const types = target(pkg.exports[key], ['types'], star);
        const file = target(pkg.exports[key], ['import', 'browser', 'node'], star);
        const typesOnly = !file && types?.endsWith('.d.ts'); // JSX and Vue tag types: `import type {} from …`
        assert.ok(typesOnly || (file && existsSync(join(pkgDir, file))), `${subpath} → ${file} is not in the tarball`);
        if (file && !/\.m?js$/.test(file)) return;
        if (key === './cdn/*') return; // self-contained bundles for <script type="module">, no declarations
        if (!types?.endsWith('.d.ts') || !existsSync(join(pkgDir, types))) assert.fail(`${subpath} has no types (${types})`);
        const expected = types.slice(2);
        for (const moduleResolution of [ts.ModuleResolutionKind.NodeNext, ts.ModuleResolutionKind.Bundler]) {
          const module = moduleResolution === ts.ModuleResolutionKind.Bundler ? ts.ModuleKind.ESNext : ts.ModuleKind.NodeNext;
          const found = ts.resolveModuleName(specifier(subpath), join(work, 'index.ts'), { module, moduleResolution }, ts.sys).resolvedModule;
          assert.equal(found && relative(pkgDir, found.resolvedFileName), expected, `TypeScript (${ts.ModuleResolutionKind[moduleResolution]}) resolves ${specifier(subpath)}`);
        }
      });
    }
  });

  test('a TypeScript consumer of every entry type-checks against the packed declarations', () => {
    // The JS entries (the types-only JSX, Vue and Svelte entries have their own tests in test/types).
    const entries = subpaths().filter(({ key }) => key !== './cdn/*' && target(pkg.exports[key], ['import'])?.endsWith('.js') && !skipReason(key));
    const source = entries.map(({ subpath }, i) => `import * as e${i} from '${specifier(subpath)}';\nvoid e${i};`).join('\n');
    const file = join(work, 'consumer.ts');
    writeFileSync(file, `${source}\nconst card = document.createElement('service-track-card');\nvoid card.trackId;\n`);
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      strict: true,
      noEmit: true,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(problems, []);
  });

  test('the DOM-free entries (core, node) import in Node', () => {
    const script = `
      const core = await import('service-kit/core');
      const node = await import('service-kit/node');
      console.log(JSON.stringify({ core: Object.keys(core), node: Object.keys(node) }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: work, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const { core, node } = JSON.parse(run.stdout) as { core: string[]; node: string[] };
    for (const name of ['createClient', 'configure', 'getClient', 'ServiceError']) assert.ok(core.includes(name), `core exports ${name}`);
    assert.ok(node.includes('createWriteClient'), 'node exports createWriteClient');
  });
});

describe('the packed package in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;

  /** An import map for every package in the work dir's node_modules, from their "exports". */
  function importMap(): Record<string, string> {
    const imports: Record<string, string> = {};
    const names = readdirSync(join(work, 'node_modules')).flatMap((n) => (n.startsWith('@') ? readdirSync(join(work, 'node_modules', n)).map((s) => `${n}/${s}`) : [n]));
    for (const name of names) {
      const manifest = JSON.parse(readFileSync(join(work, 'node_modules', name, 'package.json'), 'utf8'));
      const base = `/node_modules/${name}/`;
      if (name === pkg.name) {
        for (const { subpath, key, star } of subpaths()) {
          const file = target(pkg.exports[key], ['browser', 'import'], star);
          if (file) imports[specifier(subpath)] = base + file.slice(2);
        }
        continue;
      }
      const exports = manifest.exports as Record<string, Exports> | undefined;
      if (!exports) continue;
      for (const [key, value] of Object.entries(exports)) {
        const file = key.includes('*') ? undefined : target(value, ['browser', 'import']);
        if (file?.endsWith('.js')) imports[key === '.' ? name : `${name}/${key.slice(2)}`] = base + file.slice(2);
      }
    }
    return imports;
  }

  before(async () => {
    const page = `<!doctype html><meta charset="utf-8"><script type="importmap">${JSON.stringify({ imports: importMap() })}</script><p>package check</p>`;
    server = await serveStatic(0, (path) => (path === '/' ? { body: page, type: 'text/html; charset=utf-8' } : fileUnder(work, path)));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Imports `specifiers` in order in a fresh page; the tags defined after each, or the error. */
  async function load(specifiers: string[]): Promise<Array<{ error?: string; defined: string[] }>> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (e) => failures.push(e.message));
    try {
      await page.goto(server.url);
      return await page.evaluate(
        async ({ specifiers, tags }) => {
          const out: Array<{ error?: string; defined: string[] }> = [];
          for (const s of specifiers) {
            const error = await import(s).then(() => undefined, (e: Error) => `${s}: ${e.message}`);
            out.push({ error, defined: tags.filter((t: string) => customElements.get(t)) });
          }
          return out;
        },
        { specifiers, tags: TAGS },
      );
    } finally {
      await context.close();
      assert.deepEqual(failures, []);
    }
  }

  test('each element entry loads and registers its element', async () => {
    const results = await load(NAMES.map((n) => `service-kit/components/${n}`));
    NAMES.forEach((name, i) => {
      assert.equal(results[i].error, undefined);
      assert.ok(results[i].defined.includes(`service-${name}`), `service-kit/components/${name} registers <service-${name}>`);
    });
  });

  test('the SDK entry loads and registers the login button', { skip: skipReason('./sdk') }, async () => {
    const [result] = await load(['service-kit/sdk']);
    assert.equal(result.error, undefined);
    assert.ok(result.defined.includes('service-login-button'));
  });

  for (const entry of ['service-kit', 'service-kit/cdn/all.js']) {
    test(`${entry} registers every element`, async () => {
      const [result] = await load([entry]);
      assert.equal(result.error, undefined);
      assert.deepEqual(TAGS.filter((t) => !result.defined.includes(t)), [], `elements ${entry} leaves out`);
    });
  }

  test('an element rendered by service-kit/ssr in Node hydrates in place with cdn/all-hydrate.js', async () => {
    for (const peer of ['@lit-labs/ssr', '@lit-labs/ssr-client']) link(peer);
    const script = `const { renderToString } = await import('service-kit/ssr');
      process.stdout.write(await renderToString('service-login-button', { 'custom-text': 'Hello' }, { appName: 'pack-test' }));`;
    const rendered = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: work, encoding: 'utf8' });
    assert.equal(rendered.status, 0, rendered.stderr);
    assert.match(rendered.stdout, /<template shadowroot(mode)?="open"/);
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('pageerror', (e) => messages.push(e.message));
    // The page's own favicon request is a 404; a missing bundle fails the import instead.
    page.on('console', (m) => !/Failed to load resource/.test(m.text()) && messages.push(`${m.type()}: ${m.text()}`));
    try {
      await page.goto(server.url);
      const result = await page.evaluate(async (html) => {
        (document.body as HTMLElement & { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(html);
        const element = document.querySelector('service-login-button') as HTMLElement & { updateComplete: Promise<boolean> };
        const parsed = element.shadowRoot!.querySelector('button');
        await import('/node_modules/service-kit/dist/cdn/all-hydrate.js' as string);
        await customElements.whenDefined('service-login-button');
        await element.updateComplete;
        const buttons = element.shadowRoot!.querySelectorAll('button');
        return { parsed: !!parsed, kept: buttons.length === 1 && buttons[0] === parsed, label: buttons[0]?.textContent?.trim() };
      }, rendered.stdout);
      assert.deepEqual(result, { parsed: true, kept: true, label: 'Hello' });
      assert.deepEqual(messages, []);
    } finally {
      await context.close();
    }
  });

  test('each CDN file registers its element on its own', async () => {
    const results = await Promise.all(TAGS.map((tag) => load([`service-kit/cdn/${tag}.js`])));
    TAGS.forEach((tag, i) => {
      assert.equal(results[i][0].error, undefined);
      assert.ok(results[i][0].defined.includes(tag), `cdn/${tag}.js registers <${tag}>`);
    });
  });
});
