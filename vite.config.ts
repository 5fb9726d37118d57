import { readdirSync, existsSync } from 'node:fs';
import { defineConfig } from 'vite';

/**
 * Two builds from one config:
 *  - `vite build`: the npm library in dist/lib (Lit, @lit/* and React external; one entry per
 *    element plus the core, the login functions, the SDK, the Node-only modules and the React
 *    wrappers when present; declarations come from `tsc -p tsconfig.build.json`);
 *  - `vite build --mode cdn`: dist/cdn, minified self-contained ES modules with shared chunks:
 *    all.js registers every element, service-<name>.js one element each.
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
  // Node-only modules (they hold the API secret): plain ESM, same graph, no DOM needed.
  if (existsSync('src/node')) {
    for (const file of readdirSync('src/node').filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
      entries[`node/${file.slice(0, -3)}`] = `src/node/${file}`;
    }
  }
  return entries;
}

export default defineConfig(({ mode }) => {
  const cdn = mode === 'cdn';
  const entries: Record<string, string> = cdn ? { all: 'src/all.ts' } : libraryEntries();
  for (const name of components) {
    entries[cdn ? `service-${name}` : `components/${name}/${name}`] = `src/components/${name}/${name}.ts`;
  }
  return {
    esbuild: { target: 'es2022' },
    build: {
      outDir: cdn ? 'dist/cdn' : 'dist/lib',
      emptyOutDir: true,
      target: 'es2022',
      minify: cdn ? 'oxc' : false,
      // The library is unminified and ships without src/, so maps would point nowhere.
      sourcemap: cdn,
      lib: { entry: entries, formats: ['es'] },
      rollupOptions: {
        external: cdn ? [] : [/^lit($|\/)/, /^@lit\//, /^react($|\/)/, /^react-dom($|\/)/, /^node:/],
        output: {
          // Vite leaves whitespace in ES library output; the CDN build is minified fully.
          ...(cdn ? { minify: true } : {}),
          entryFileNames: '[name].js',
          // Chunks can hold element definitions, so dist/lib/chunks is listed in "sideEffects".
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  };
});
