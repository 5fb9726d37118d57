import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';
import type { Plugin } from 'vite';
import { privateMemberNames } from './private-names.js';

/**
 * Lit's own internal members, which its published build already shortens to `_$` and two letters
 * (`_$AH`). Lit keeps those names stable so that its packages can work together across versions;
 * inside one file every Lit package is bundled, so they can be renamed throughout it too. The
 * names Lit shares with other copies of itself on the page are longer and end in `$`
 * (`_$litType$`, `_$litDirective$`, `_$cssResult$`): they stay.
 */
const LIT_INTERNAL = '_\\$[A-Z][A-Za-z]';

let privates: RegExp | undefined;
/** The kit's private member names (see privateMemberNames) and Lit's internal ones, found once per build process. */
const privateNames = () => (privates ??= new RegExp(`^(${[...privateMemberNames(), LIT_INTERNAL].join('|')})$`));

/**
 * A second minification of each written CDN file, by terser over oxc's output (three passes, no
 * `unsafe` options): some 100 bytes of gzip on the SDK files, 230 on all.js, which terser
 * alone (as Vite's minifier) does not reach. The source map is carried through (terser reads
 * the one oxc wrote and writes the composed one). Members the kit's sources declare private or
 * protected, and use under no other meaning, get short names too (scripts/build/private-names.ts),
 * as do Lit's internal members (LIT_INTERNAL).
 */
export function terserPass(): Plugin {
  let outDir = '';
  return {
    name: 'terser-pass',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type != 'chunk') continue;
        const file = join(options.dir ?? outDir, chunk.fileName);
        const mapFile = `${file}.map`;
        const map = readFileSync(mapFile, 'utf8');
        const result = await minify(readFileSync(file, 'utf8'), {
          module: options.format == 'es',
          ecma: 2020,
          compress: { passes: 3 },
          // Each file stands alone, so renaming a member throughout it is consistent; DOM names stay (terser's list).
          mangle: { properties: { regex: privateNames() } },
          format: { comments: false },
          sourceMap: { content: map, url: `${chunk.fileName.split('/').pop()}.map` },
        });
        writeFileSync(file, result.code!);
        writeFileSync(mapFile, typeof result.map == 'string' ? result.map : JSON.stringify(result.map));
      }
    },
  };
}
