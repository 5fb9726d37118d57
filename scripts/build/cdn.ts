import { existsSync, readdirSync } from 'node:fs';
import { build, type Plugin, type ResolvedConfig, type UserConfig } from 'vite';
import { minifyTemplates } from './literals.js';
import { LAZY_PARTS, lazyPartChunk } from './lazy-parts.js';

/** One file of dist/cdn: its name, its entry module and its format. */
export interface CdnFile {
  file: string;
  entry: string;
  format: 'es' | 'iife';
}

/**
 * Every file of dist/cdn, each a single file with Lit inside; the parts loaded when used are files
 * of their own (scripts/build/lazy-parts.ts), which the others fetch from beside them: login-flow.js
 * and audio-media.js. So a file works copied with those two alone.
 *  - all.js: every element;
 *  - service-<name>.js: one element each;
 *  - sdk.js: the contract's client-library API (src/sdk.ts) as an ES module;
 *  - sdk.iife.js: the same five functions for a classic script, as `window.serviceKit`;
 *  - any other single-file entry whose source exists (`all-hydrate.js` from src/all-hydrate.ts;
 *    `embed-frame.js`, the embed pages' kit: all-hydrate.js and the frame's side of the embed API;
 *    `embed-api.js`, the embed control API for host pages, standalone, no Lit);
 *  - translations/<code>.js: one language each (src/translations/<code>.ts), registering itself;
 *  - login-flow.js: the login's parts loaded when used (src/core/login/flow.ts);
 *  - audio-media.js: the audio engine's media side, fetched once an element that plays is on the page (src/core/audio-media.ts).
 */
export function cdnFiles(components: string[]): CdnFile[] {
  return [
    { file: 'all.js', entry: 'src/all.ts', format: 'es' },
    ...components.map((name): CdnFile => ({ file: `service-${name}.js`, entry: `src/components/${name}/${name}.ts`, format: 'es' })),
    { file: 'sdk.js', entry: 'src/sdk.ts', format: 'es' },
    { file: 'sdk.iife.js', entry: 'src/sdk-global.ts', format: 'iife' },
    ...LAZY_PARTS.map(({ file, entry, format }): CdnFile => ({ file, entry, format })),
    ...(existsSync('src/all-hydrate.ts') ? [{ file: 'all-hydrate.js', entry: 'src/all-hydrate.ts', format: 'es' } as const] : []),
    ...(existsSync('src/embed-frame.ts') ? [{ file: 'embed-frame.js', entry: 'src/embed-frame.ts', format: 'es' } as const] : []),
    ...(existsSync('src/embed-api.ts') ? [{ file: 'embed-api.js', entry: 'src/embed-api.ts', format: 'es' } as const] : []),
    ...translations().map((code): CdnFile => ({ file: `translations/${code}.js`, entry: `src/translations/${code}.ts`, format: 'es' })),
  ];
}

/** The shipped languages' codes, from src/translations/<code>.ts. */
export function translations(): string[] {
  return existsSync('src/translations')
    ? readdirSync('src/translations').filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort()
    : [];
}

/**
 * For the files that carry every element (all.js, all-hydrate.js): the login flow's slim client
 * module (src/core/login/client.ts) becomes src/core/login/full.ts, the full client the elements
 * already carry, so the file does not hold a second client.
 */
function fullAuthClient(): Plugin {
  return {
    name: 'full-auth-client',
    // Before Vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('client.js') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.endsWith('/src/core/login/client.ts') ? resolved.id.replace(/client\.ts$/, 'full.ts') : null;
    },
  };
}

/** The build of one CDN file. */
export function fileBuild({ file, entry, format }: CdnFile, outDir: string, first: boolean): UserConfig {
  // embed-frame.js is all-hydrate.js with the embed protocol: built the same way.
  const hydrates = file === 'all-hydrate.js' || file === 'embed-frame.js';
  // Every file loads the lazy parts but its own from beside it (a classic script's import()
  // resolves against the script's own URL too, as a module's does).
  const lazy = LAZY_PARTS.filter((part) => part.file != file);
  return {
    esbuild: { target: 'es2022' },
    // Plugins of the project's own, each on src/ modules only (never a dependency's; test/server/cdn-build.test.ts).
    // all-hydrate.js keeps its templates as written: hydration matches a server render's templates by a
    // hash of their strings, and the server (service-kit/ssr, from dist/lib or src) renders them unminified.
    plugins: [
      ...(hydrates ? [] : [minifyTemplates()]),
      ...(file === 'all.js' || hydrates ? [fullAuthClient()] : []),
      ...lazy.map((part) => lazyPartChunk(part, format)),
    ],
    build: {
      outDir,
      emptyOutDir: first,
      target: 'es2022',
      minify: 'oxc',
      sourcemap: true,
      lib: { entry: { [file.replace(/\.js$/, '')]: entry }, formats: [format], name: 'serviceKit' },
      rollupOptions: {
        // The first file's build waits for the others in closeBundle: no timing warning for that.
        checks: { bundlerTimings: false },
        output: {
          minify: true,
          entryFileNames: file,
          // One file: any other dynamic import is inlined (login-flow.js holds its own code.ts so).
          codeSplitting: false,
          // Annotations and JSDoc are for bundlers of the source, not for the readers' browsers (licence comments were already left out).
          comments: false,
        },
      },
    },
  };
}

/** After the first CDN file, builds the others into the same directory, one at a time. */
function otherFiles(rest: CdnFile[]): Plugin {
  let resolved: ResolvedConfig;
  return {
    name: 'other-cdn-files',
    configResolved(config) {
      resolved = config;
    },
    async closeBundle() {
      for (const file of rest) {
        await build({ ...fileBuild(file, resolved.build.outDir, false), configFile: false, mode: 'cdn', logLevel: resolved.logLevel });
      }
    },
  };
}

/** `vite build --mode cdn`: every CDN file (see cdnFiles), the first emptying the directory. */
export function cdnBuild(components: string[]): UserConfig {
  const [first, ...rest] = cdnFiles(components);
  const config = fileBuild(first!, 'dist/cdn', true);
  return { ...config, plugins: [...(config.plugins ?? []), otherFiles(rest)] };
}
