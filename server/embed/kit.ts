import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { build } from 'esbuild';

/** The kit as embed and public pages load it: src/all-hydrate.ts (hydration support, then every element), minified. */
export interface KitBundle {
  code: Buffer;
  etag: string;
}

const ENTRY = fileURLToPath(new URL('../../src/all-hydrate.ts', import.meta.url));
let bundle: Promise<KitBundle> | undefined;
const translationBundles = new Map<string, Promise<KitBundle>>();

/** One language's translation file as an embed page loads it (`/embed/translations/<code>.js`), bundled like the kit. */
export function translationBundle(code: string): Promise<KitBundle> {
  let found = translationBundles.get(code);
  if (!found) {
    found = bundleOf(fileURLToPath(new URL(`../../src/translations/${code}.ts`, import.meta.url)));
    translationBundles.set(code, found);
    found.catch(() => translationBundles.delete(code));
  }
  return found;
}

/**
 * Bundled with esbuild on first use and kept for the life of the process: the reference service
 * serves the kit from its own sources, so it needs no prior `npm run build`. The CDN's
 * dist/cdn/all-hydrate.js is the same entry built by Vite.
 */
export function kitBundle(): Promise<KitBundle> {
  bundle ??= bundleOf(ENTRY);
  // A failed build is tried again on the next request.
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

function bundleOf(entry: string): Promise<KitBundle> {
  return build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  }).then((out) => {
    const code = Buffer.from(out.outputFiles[0]!.contents);
    return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"` };
  });
}
