import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { transform } from '@swc/core';
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

let privates: string | undefined;
/** The kit's private member names (see privateMemberNames) and Lit's internal ones, found once per build process. */
const privateNames = () => (privates ??= `^(${[...privateMemberNames(), LIT_INTERNAL].join('|')})$`);

/**
 * A second minification of each written CDN file, by SWC's minifier over oxc's output (three
 * passes, no `unsafe` options). Measured on all.js: oxc alone 26,630 B gzip; terser after it
 * 26,193 B; SWC after it instead 26,134 B. The source map is carried through (SWC reads
 * the one oxc wrote and writes the composed one). Members the kit's sources declare private or
 * protected, and use under no other meaning, get short names too (scripts/build/private-names.ts),
 * as do Lit's internal members (LIT_INTERNAL); SWC leaves a name alone everywhere when it cannot
 * rename it everywhere. SWC is pinned to a release whose every platform package the registry has,
 * so that `npm ci` reads a complete lock file on any machine.
 */
export function minifyPass(): Plugin {
  let outDir = '';
  return {
    name: 'minify-pass',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type != 'chunk') continue;
        const file = join(options.dir ?? outDir, chunk.fileName);
        const mapFile = `${file}.map`;
        const result = await transform(readFileSync(file, 'utf8'), {
          filename: file,
          sourceMaps: true,
          inputSourceMap: readFileSync(mapFile, 'utf8'),
          isModule: options.format == 'es',
          minify: true,
          jsc: {
            target: 'es2022',
            parser: { syntax: 'ecmascript' },
            // Each file stands alone, so renaming a member throughout it is consistent; DOM names stay (SWC's list).
            minify: { compress: { passes: 3 }, mangle: { toplevel: options.format == 'es', props: { regex: privateNames() } }, format: { comments: false } },
          },
        });
        writeFileSync(file, `${result.code}\n//# sourceMappingURL=${basename(mapFile)}`);
        writeFileSync(mapFile, result.map!);
      }
    },
  };
}
