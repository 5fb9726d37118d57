import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { CdnFile } from './cdn.js';
import { ownSource } from './own-source.js';

/** The login flow's parts loaded when used, one CDN file shared by the ES files beside it. */
export const LOGIN_FLOW: CdnFile = { file: 'login-flow.js', entry: 'src/core/login/flow.ts', format: 'es' };

/** The modules src/ imports with `import()` that src/core/login/flow.ts exports. */
const MODULES = ['redirect', 'code', 'jwt-answer'].map((name) => resolve(import.meta.dirname, `../../src/core/login/${name}.ts`).replaceAll('\\', '/'));

/** Whether `import(source)` in `importer` loads a part of the login flow. */
const loginFlowImport = (source: string, importer: string): boolean =>
  ownSource(importer) && MODULES.includes(resolve(dirname(importer), source.replace(/\.js$/, '.ts')).replaceAll('\\', '/'));

/**
 * Why: the login flow's lazy parts are 1.2 KB gzip in each file that logs in, and most pages never
 * log in. The kit's `import()` of one of them becomes `import('./login-flow.js')`, resolved by the
 * browser beside the importing file (so a file is copied together with login-flow.js).
 */
export function loginFlowChunk(): Plugin {
  return {
    name: 'login-flow-chunk',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const kind = (options as { kind?: string } | undefined)?.kind;
      return kind == 'dynamic-import' && importer && loginFlowImport(source, importer) ? { id: './' + LOGIN_FLOW.file, external: true } : null;
    },
  };
}
