import { readdirSync, existsSync } from 'node:fs';
import { defineConfig } from 'vite';

/**
 * Two builds from one config:
 *  - `vite build`: the npm library in dist/lib (Lit external, one entry per element plus the core);
 *  - `vite build --mode cdn`: dist/cdn, minified self-contained ES modules with shared chunks:
 *    all.js registers every element, service-<name>.js one element each.
 * Elements are found by folder: src/components/<name>/<name>.ts defines <service-<name>>.
 */
const components = existsSync('src/components')
  ? readdirSync('src/components', { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`src/components/${d.name}/${d.name}.ts`))
      .map((d) => d.name)
  : [];

export default defineConfig(({ mode }) => {
  const cdn = mode === 'cdn';
  const entries: Record<string, string> = cdn
    ? { all: 'src/all.ts' }
    : { index: 'src/index.ts', 'core/index': 'src/core/index.ts' };
  for (const name of components) {
    entries[cdn ? `service-${name}` : `components/${name}/${name}`] = `src/components/${name}/${name}.ts`;
  }
  return {
    esbuild: { target: 'es2022' },
    build: {
      outDir: cdn ? 'dist/cdn' : 'dist/lib',
      emptyOutDir: true,
      target: 'es2022',
      minify: cdn ? 'esbuild' : false,
      sourcemap: true,
      lib: { entry: entries, formats: ['es'] },
      rollupOptions: {
        external: cdn ? [] : [/^lit($|\/)/, /^@lit\//],
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: cdn ? 'chunks/[name]-[hash].js' : '[name]-[hash].js',
        },
      },
    },
  };
});
