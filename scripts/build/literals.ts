import { minifyHTMLLiterals } from 'minify-literals';
import type { Plugin } from 'vite';
import { ownSource } from './own-source.js';

/** The kit's html``, svg`` and css`` templates minified by minify-literals: the bundler's minifier leaves template text as written. */
export function minifyTemplates(): Plugin {
  return {
    name: 'minify-template-literals',
    async transform(code, id) {
      if (!ownSource(id)) return null;
      const result = await minifyHTMLLiterals(code, { fileName: id });
      return result && { code: result.code, map: result.map ?? null };
    },
  };
}
