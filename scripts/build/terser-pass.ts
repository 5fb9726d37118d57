import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';
import type { Plugin } from 'vite';
import { privateMemberNames } from './private-names.js';

let privates: RegExp | undefined;
/** The kit's private member names (see privateMemberNames), found once per build process. */
const privateNames = () => (privates ??= new RegExp(`^(${privateMemberNames().join('|') || '(?!)'})$`));

/**
 * A second minification of each written CDN file, by terser over oxc's output (three passes, no
 * `unsafe` options): some 100 bytes of gzip on the SDK files, 230 on all.js, which terser
 * alone (as Vite's minifier) does not reach. The source map is carried through (terser reads
 * the one oxc wrote and writes the composed one). Members the kit's sources declare private or
 * protected, and use under no other meaning, get short names too (scripts/build/private-names.ts).
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
