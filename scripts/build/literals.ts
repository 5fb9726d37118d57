import { minifyHTMLLiterals } from 'minify-literals';
import type { Plugin } from 'vite';
import { ownSource } from './own-source.js';

/** The kit's html``, svg`` and css`` templates minified by minify-literals: the bundler's minifier leaves template text as written. */
export function minifyTemplates(): Plugin {
  return {
    name: 'minify-template-literals',
    async transform(code, id) {
      if (!ownSource(id)) return null;
      // html-minifier-next's documented options: quotes HTML does not need go (lit-html reads unquoted values, bound ones too), `readonly=readonly` is `readonly`.
      const result = await minifyHTMLLiterals(code, { fileName: id, html: { removeAttributeQuotes: true, collapseBooleanAttributes: true } });
      return result && { code: result.code, map: result.map ?? null };
    },
  };
}
