import { minifyHTMLLiterals } from 'minify-literals';
import type { Plugin } from 'vite';
import { ownSource } from './own-source.js';

/** The kit's html``, svg`` and css`` templates minified by minify-literals: the bundler's minifier leaves template text as written. */
export function minifyTemplates(): Plugin {
  return {
    name: 'minify-template-literals',
    async transform(code, id) {
      if (!ownSource(id)) return null;
      // html-minifier-next's documented options: the quotes and end tags (`</li>`, `</p>`) HTML does not need go, as the browser's parser of lit-html's <template> adds them back.
      const html = { removeAttributeQuotes: true, collapseBooleanAttributes: true, removeOptionalTags: true };
      const result = await minifyHTMLLiterals(code, { fileName: id, html });
      return result && { code: result.code, map: result.map ?? null };
    },
  };
}
