import { readdirSync, existsSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';
import { cdnBuild, translations } from './scripts/build/cdn.js';

/**
 * Two builds from one config:
 *  - `vite build`: the npm library in dist/lib (Lit, @lit/* and React external; one entry per
 *    element plus the core, the login functions, the SDK, the Node-only modules and the React
 *    wrappers when present; declarations come from `tsc -p tsconfig.build.json`);
 *  - `vite build --mode cdn`: dist/cdn, minified single files: all.js registers every element,
 *    service-<name>.js one element each, sdk.js and sdk.iife.js the client-library API, and
 *    login-flow.js the login's parts they fetch beside them when used (see scripts/build/cdn.ts).
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
  // service-kit/embed-api: the embed control API for a page that embeds the service's frames.
  if (existsSync('src/embed-api.ts')) entries['embed-api'] = 'src/embed-api.ts';
  if (existsSync('src/core/login/index.ts')) entries['core/login/index'] = 'src/core/login/index.ts';
  if (existsSync('src/react/index.ts')) entries['react/index'] = 'src/react/index.ts';
  // Hydration for server-rendered elements (service-kit/hydrate), imported before any element.
  if (existsSync('src/hydrate.ts')) entries.hydrate = 'src/hydrate.ts';
  // service-kit/next: a client component for Next.js, and the browsers' side of service-kit/ssr.
  if (existsSync('src/next')) {
    for (const file of readdirSync('src/next').filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
      entries[`next/${file.slice(0, -3)}`] = `src/next/${file}`;
    }
  }
  // service-kit/translations/<code>: each registers its language when imported.
  for (const code of translations()) entries[`translations/${code}`] = `src/translations/${code}.ts`;
  // Node-only modules (they hold the API secret): plain ESM, same graph, no DOM needed.
  if (existsSync('src/node')) {
    for (const file of readdirSync('src/node').filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
      entries[`node/${file.slice(0, -3)}`] = `src/node/${file}`;
    }
  }
  return entries;
}

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'cdn') return cdnBuild(components);
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
        // service-kit/ssr: next/server-element imports the entry by name, so each build of the app resolves its own side.
        external: [/^service-kit\/ssr$/, /^lit($|\/)/, /^@lit\//, /^@lit-labs\//, /^react($|\/)/, /^react-dom($|\/)/, /^node:/],
        output: {
          entryFileNames: '[name].js',
          // Chunks can hold element definitions, so dist/lib/chunks is listed in "sideEffects".
          chunkFileNames: 'chunks/[name]-[hash].js',
          // Bundling drops module directives; Next.js needs this one to run the module in the browser too.
          banner: (chunk) => (chunk.name === 'next/server-element' ? "'use client';" : ''),
        },
      },
    },
  };
});
