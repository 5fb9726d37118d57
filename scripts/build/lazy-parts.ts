import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { CdnFile } from './cdn.js';
import { ownSource } from './own-source.js';

/** A CDN file of parts loaded when used, shared by the files beside it: its file, its entry and the modules src/ `import()`s that it holds. */
export interface LazyPart extends CdnFile {
  modules: string[];
}

const fromRoot = (path: string) => resolve(import.meta.dirname, '../..', path).replaceAll('\\', '/');

/** The login flow's parts (src/core/login/flow.ts exports them): loaded at a login, or when a session calls the service. */
export const LOGIN_FLOW: LazyPart = {
  file: 'login-flow.js',
  entry: 'src/core/login/flow.ts',
  format: 'es',
  modules: ['redirect', 'code', 'jwt-answer', 'tokens'].map((name) => fromRoot(`src/core/login/${name}.ts`)),
};

/** The audio engine's media side (the element, its events, a track's load, Media Session): fetched once an element that plays is on the page. */
export const AUDIO_MEDIA: LazyPart = { file: 'audio-media.js', entry: 'src/core/audio-media.ts', format: 'es', modules: [fromRoot('src/core/audio-media.ts')] };

/** Every lazy part; each CDN file but the part itself loads it from beside itself. */
export const LAZY_PARTS = [LOGIN_FLOW, AUDIO_MEDIA];

/**
 * Why: code most pages never run (a login, playback) is kilobytes gzip in each file that holds it.
 * In a module, the kit's `import()` of one of `part`'s modules becomes `import('./<part>.js')`,
 * which the browser resolves beside the file. A classic script (sdk.iife.js) loaded from another
 * origin has no base URL for import() (about:blank), so there the import() is given the address
 * beside the script, read from document.currentScript as the script starts.
 */
export function lazyPartChunk(part: LazyPart, format: CdnFile['format']): Plugin {
  const name = part.file.replace(/\.js$/, '');
  // The classic script's address of the part, taken while the script runs (document.currentScript is unset later).
  const scriptBeside = `\0${name}-beside-script`;
  const local = `__${name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}BesideScript`;
  /** Whether `import(source)` in `importer` loads one of the part's modules. */
  const partImport = (source: string, importer: string): boolean =>
    ownSource(importer) && part.modules.includes(resolve(dirname(importer), source.replace(/\.js$/, '.ts')).replaceAll('\\', '/'));
  return {
    name: `${name}-chunk`,
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source === scriptBeside && format == 'iife') return scriptBeside;
      const kind = (options as { kind?: string } | undefined)?.kind;
      return format == 'es' && kind == 'dynamic-import' && importer && partImport(source, importer) ? { id: './' + part.file, external: true } : null;
    },
    load(id) {
      return id === scriptBeside ? `export default new URL(${JSON.stringify(part.file)}, document.currentScript?.src || document.baseURI).href;` : null;
    },
    transform(code, id) {
      if (format != 'iife' || !ownSource(id)) return null;
      let found = false;
      const out = code.replace(/\bimport\((['"])([^'"]+)\1\)/g, (call, _quote: string, source: string) =>
        partImport(source, id) ? ((found = true), `import(${local})`) : call,
      );
      // The import goes last (imports are hoisted): no line moves.
      return found ? { code: `${out}\nimport ${local} from ${JSON.stringify(scriptBeside)};`, map: null } : null;
    },
  };
}
