import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { CdnFile } from './cdn.js';
import { ownSource } from './own-source.js';

/** The login flow's parts loaded when used, one CDN file shared by the files beside it. */
export const LOGIN_FLOW: CdnFile = { file: 'login-flow.js', entry: 'src/core/login/flow.ts', format: 'es' };

/** The modules src/ imports with `import()` that src/core/login/flow.ts exports. */
const MODULES = ['redirect', 'code', 'jwt-answer', 'tokens'].map((name) => resolve(import.meta.dirname, `../../src/core/login/${name}.ts`).replaceAll('\\', '/'));

/** Whether `import(source)` in `importer` loads a part of the login flow. */
const loginFlowImport = (source: string, importer: string): boolean =>
  ownSource(importer) && MODULES.includes(resolve(dirname(importer), source.replace(/\.js$/, '.ts')).replaceAll('\\', '/'));

/** The classic script's address of login-flow.js, taken while the script runs (document.currentScript is unset later). */
const SCRIPT_BESIDE = '\0login-flow-beside-script';

/**
 * Why: the login flow's lazy parts are 1.2 KB gzip in each file that logs in, and most pages never
 * log in. In a module, the kit's `import()` of one of them becomes `import('./login-flow.js')`,
 * which the browser resolves beside the file. A classic script (sdk.iife.js) loaded from another
 * origin has no base URL for import() (about:blank), so there the import() is given the address
 * beside the script, read from document.currentScript as the script starts.
 */
export function loginFlowChunk(format: CdnFile['format']): Plugin {
  return {
    name: 'login-flow-chunk',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source === SCRIPT_BESIDE && format == 'iife') return SCRIPT_BESIDE;
      const kind = (options as { kind?: string } | undefined)?.kind;
      return format == 'es' && kind == 'dynamic-import' && importer && loginFlowImport(source, importer) ? { id: './' + LOGIN_FLOW.file, external: true } : null;
    },
    load(id) {
      return id === SCRIPT_BESIDE ? `export default new URL(${JSON.stringify(LOGIN_FLOW.file)}, document.currentScript?.src || document.baseURI).href;` : null;
    },
    transform(code, id) {
      if (format != 'iife' || !ownSource(id)) return null;
      let found = false;
      const out = code.replace(/\bimport\((['"])([^'"]+)\1\)/g, (call, _quote: string, source: string) =>
        loginFlowImport(source, id) ? ((found = true), 'import(__loginFlowBesideScript)') : call,
      );
      // The import goes last (imports are hoisted): no line moves.
      return found ? { code: `${out}\nimport __loginFlowBesideScript from ${JSON.stringify(SCRIPT_BESIDE)};`, map: null } : null;
    },
  };
}
