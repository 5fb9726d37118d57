// React 19 ships CommonJS only, and web-test-runner serves ES modules. This dev-server plugin
// answers the React specifiers with one esbuild pre-bundle (split into chunks, so every entry
// shares one React), with explicit named exports read from the CommonJS modules themselves.
// (@rollup/plugin-commonjs 22+ leans on Rollup's proxy modules, which the dev server lacks.)
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

/** The specifiers tests and the generated wrappers import. */
const SPECIFIERS = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client'];
const PREFIX = '/__react/';

/** Each specifier's export names, read in a child process (React writes to the console the runner wraps). */
function exportNames() {
  const script = `const r = require('module').createRequire(process.cwd() + '/');
    console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(SPECIFIERS)}.map((s) => [s, Object.keys(r(s))]))));`;
  const out = execFileSync(process.execPath, ['-e', script], { env: { ...process.env, NODE_ENV: 'development' } });
  return JSON.parse(String(out));
}

/** An ES module re-exporting one CommonJS module: its exports object as default, its keys by name. */
function entrySource(specifier, keys) {
  const names = keys.filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
  return `import cjs from '${specifier}';\nexport const { ${names.join(', ')} } = cjs;\nexport default cjs;\n`;
}

async function bundle() {
  const keys = exportNames();
  const result = await build({
    entryPoints: Object.fromEntries(SPECIFIERS.map((s) => [s, `react-entry:${s}`])),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: '/react-out',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [
      {
        name: 'react-entries',
        setup(b) {
          b.onResolve({ filter: /^react-entry:/ }, (args) => ({ path: args.path.slice('react-entry:'.length), namespace: 'react-entry' }));
          b.onLoad({ filter: /.*/, namespace: 'react-entry' }, (args) => ({ contents: entrySource(args.path, keys[args.path]), resolveDir: process.cwd() }));
        },
      },
    ],
  });
  return new Map(result.outputFiles.map((f) => [PREFIX + f.path.slice('/react-out/'.length), f.text]));
}

/** The web-test-runner plugin: `import React from 'react'` (and react-dom/client, ...) in the browser. */
export function reactPlugin() {
  let files;
  return {
    name: 'react-esm',
    resolveImport({ source }) {
      return SPECIFIERS.includes(source) ? `${PREFIX}${source}.js` : undefined;
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      files ??= bundle();
      const body = (await files).get(context.path);
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}
