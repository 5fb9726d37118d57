import { readdirSync, existsSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { build, defineConfig, type Plugin, type ResolvedConfig, type UserConfig } from 'vite';

/**
 * Two builds from one config:
 *  - `vite build`: the npm library in dist/lib (Lit, @lit/* and React external; one entry per
 *    element plus the core, the login functions, the SDK, the Node-only modules and the React
 *    wrappers when present; declarations come from `tsc -p tsconfig.build.json`);
 *  - `vite build --mode cdn`: dist/cdn, minified self-contained ES modules: all.js registers
 *    every element, service-<name>.js one element each (see cdnBuild).
 * Elements are found by folder: src/components/<name>/<name>.ts defines <service-<name>>.
 */
const components = existsSync('src/components')
  ? readdirSync('src/components', { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`src/components/${d.name}/${d.name}.ts`))
      .map((d) => d.name)
  : [];

/** The library's entries besides the elements, each only if its source exists. */
function libraryEntries(): Record<string, string> {
  const entries: Record<string, string> = { index: 'src/index.ts', 'core/index': 'src/core/index.ts' };
  if (existsSync('src/sdk.ts')) entries.sdk = 'src/sdk.ts';
  if (existsSync('src/core/auth-api.ts')) entries['core/auth-api'] = 'src/core/auth-api.ts';
  if (existsSync('src/react/index.ts')) entries['react/index'] = 'src/react/index.ts';
  // Hydration for server-rendered elements (service-kit/hydrate), imported before any element.
  if (existsSync('src/hydrate.ts')) entries.hydrate = 'src/hydrate.ts';
  // Node-only modules (they hold the API secret): plain ESM, same graph, no DOM needed.
  if (existsSync('src/node')) {
    for (const file of readdirSync('src/node').filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
      entries[`node/${file.slice(0, -3)}`] = `src/node/${file}`;
    }
  }
  return entries;
}

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

/**
 * The CDN build's minifier leaves template literals as written, so Lit's `css` and `html`
 * templates keep their indentation. This shortens them before bundling, without moving a line
 * (so the source maps stay right): CSS is minified (minifyCss); in HTML and SVG, a run of whitespace
 * with a line break in it becomes that line break alone, which renders the same (text styled
 * `white-space: pre` must come from bindings, as the kit's API text does, not from the template).
 */
function compactTemplates(): Plugin {
  type Node = { type?: string; tag?: { type: string; name: string }; quasi?: { quasis: { start: number; end: number }[] } };
  const walk = (node: unknown, visit: (n: Node) => void): void => {
    if (!node || typeof node != 'object') return;
    if ((node as Node).type) visit(node as Node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
      else if (value && typeof value == 'object') walk(value, visit);
    }
  };
  return {
    name: 'compact-lit-templates',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      const edits: [number, number, string][] = [];
      walk(this.parse(code), (n) => {
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

/** The CDN build's bundles: the elements with shared chunks, then two that stand alone. */
const LIT = /[\\/]node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element)[\\/]/;

type CdnBundle = 'elements' | 'all' | 'service-login-button' | 'all-hydrate';

/**
 * The CDN build, one bundle at a time. `elements`: one `service-<name>.js` per element,
 * sharing chunks (Lit among them), so a page with several elements loads each piece once.
 * `all` and `service-login-button` are single files (bar the lazy redirect-flow chunk): a page
 * with every element, or with just the login button, gets it in one request. Each single file
 * carries its own Lit, so a page picks one of them or the per-element files; mixing them works
 * (definitions are guarded, and the page-wide state is keyed by `Symbol.for`) but loads Lit twice.
 */
function cdnBuild(bundle: CdnBundle, outDir = 'dist/cdn'): UserConfig {
  const entries: Record<string, string> =
    bundle === 'all' || bundle === 'all-hydrate'
      ? { [bundle]: `src/${bundle}.ts` }
      : Object.fromEntries(
          components
            .filter((name) => (bundle === 'elements') !== (`service-${name}` === 'service-login-button'))
            .map((name) => [`service-${name}`, `src/components/${name}/${name}.ts`]),
        );
  return {
    esbuild: { target: 'es2022' },
    // all-hydrate.js keeps its templates as written: hydration matches a server render's templates by a
    // hash of their strings, and the server (service-kit/ssr, from dist/lib or src) renders them unshortened.
    plugins: [...(bundle === 'all-hydrate' ? [] : [compactTemplates()]), ...(bundle === 'elements' ? [standaloneBundles()] : [])],
    build: {
      outDir,
      emptyOutDir: bundle === 'elements',
      target: 'es2022',
      minify: 'oxc',
      sourcemap: true,
      lib: { entry: entries, formats: ['es'] },
      rollupOptions: {
        // Entries may carry what other entries import from them: an element's entry is its code.
        preserveEntrySignatures: 'allow-extension',
        output: {
          minify: true,
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          // Lit in a chunk of its own name; the single files keep it inside.
          ...(bundle === 'elements' ? { codeSplitting: { groups: [{ name: 'lit', test: LIT }] } } : {}),
        },
      },
    },
  };
}

/** After the per-element bundle, builds the standalone ones into the same directory. */
function standaloneBundles(): Plugin {
  let resolved: ResolvedConfig;
  return {
    name: 'standalone-cdn-bundles',
    configResolved(config) {
      resolved = config;
    },
    async closeBundle() {
      // all-hydrate.js: all.js with Lit's hydration support, for pages with server-rendered elements (service-kit/ssr).
      for (const bundle of ['all', 'service-login-button', 'all-hydrate'] as const) {
        await build({ ...cdnBuild(bundle, resolved.build.outDir), configFile: false, mode: 'cdn', logLevel: resolved.logLevel });
      }
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'cdn') return cdnBuild('elements');
  const entries = libraryEntries();
  for (const name of components) entries[`components/${name}/${name}`] = `src/components/${name}/${name}.ts`;
  return {
    esbuild: { target: 'es2022' },
    build: {
      outDir: 'dist/lib',
      emptyOutDir: true,
      target: 'es2022',
      // Unminified; it ships without src/, so maps would point nowhere.
      minify: false,
      sourcemap: false,
      lib: { entry: entries, formats: ['es'] },
      rollupOptions: {
        external: [/^lit($|\/)/, /^@lit\//, /^@lit-labs\//, /^react($|\/)/, /^react-dom($|\/)/, /^node:/],
        output: {
          entryFileNames: '[name].js',
          // Chunks can hold element definitions, so dist/lib/chunks is listed in "sideEffects".
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  };
});
