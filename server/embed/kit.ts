import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The kit as embed and public pages load it: the CDN's own hydrating file for frames,
 * dist/cdn/embed-frame.js (hydration support, every element, the embed API's frame side), the
 * parts it loads when used (dist/cdn/login-flow.js, audio-media.js), and its translations,
 * dist/cdn/translations/<code>.js, all built by `npm run build`. The service serves that build; it builds nothing itself.
 */
export interface KitFile {
  code: Buffer;
  /** From the bytes: the name's hash (`/embed/kit.<hash>.js`) and, quoted, the ETag. */
  hash: string;
  etag: string;
  /** The bytes compressed once per build, on first request (Brotli at its best quality, gzip -9). */
  encoded: Partial<Record<KitEncoding, Promise<Buffer>>>;
}

export type KitEncoding = 'br' | 'gzip';

/** dist/cdn of the checkout the service runs from. */
export const CDN_DIR = fileURLToPath(new URL('../../dist/cdn/', import.meta.url));
// all-hydrate.js with the frame's side of the embed control API (src/embed-frame.ts).
export const KIT_FILE = 'embed-frame.js';
/** The kit's fixed address, for pages already out there that name it (a short cache); pages name `kitUrl()`. */
export const KIT_PATH = '/embed/kit.js';
/** What the kit loads beside itself when used (the login flow's parts; the audio engine's media side, once an element that plays is on the page): served next to /embed/kit.js. */
export const KIT_PARTS = ['login-flow.js', 'audio-media.js'];

/** What a reader (and the service's log) is told when the build is missing. */
export const KIT_MISSING = `The embed pages' script is not built: run \`npm run build\` (or \`npx vite build --mode cdn\`) to make dist/cdn/${KIT_FILE}`;

/** Whether the kit's file is there to serve. */
export const kitBuilt = (dir = CDN_DIR): boolean => existsSync(join(dir, KIT_FILE));

/** Read once per build: a file whose modification time changed (a new `npm run build`) is read again. */
const read = new Map<string, { mtime: number; file: KitFile }>();

/**
 * A file of dist/cdn (`embed-frame.js`, a part of `KIT_PARTS`, `translations/<code>.js`; the caller names
 * only those), or undefined when it has not been built. Synchronous, so a page can name the file's
 * hash as it renders: a stat per call, a read and a hash once per build.
 */
export function cdnFile(name: string, dir = CDN_DIR): KitFile | undefined {
  const path = join(dir, name);
  try {
    const { mtimeMs } = statSync(path);
    const known = read.get(path);
    if (known?.mtime === mtimeMs) return known.file;
    const code = readFileSync(path);
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 16);
    const file: KitFile = { code, hash, etag: `"${hash}"`, encoded: {} };
    read.set(path, { mtime: mtimeMs, file });
    return file;
  } catch {
    // Not built, or gone between the stat and the read: the next request looks again.
    return undefined;
  }
}

const compressors: Record<KitEncoding, (code: Buffer) => Promise<Buffer>> = {
  br: (code) => promisify(brotliCompress)(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: code.length } }),
  gzip: (code) => promisify(gzip)(code, { level: 9 }),
};

/** The file's bytes in `encoding`, compressed on the first request for it and kept with the file. */
export function encodedKit(file: KitFile, encoding: KitEncoding): Promise<Buffer> {
  const known = file.encoded[encoding];
  if (known) return known;
  const made = (file.encoded[encoding] = compressors[encoding](file.code));
  // A compression that failed is tried again on the next request.
  made.catch(() => delete file.encoded[encoding]);
  return made;
}

/** The kit's content-hashed address (cached for a year), or the fixed one while it is not built. */
export function kitUrl(dir = CDN_DIR): string {
  const file = cdnFile(KIT_FILE, dir);
  return file ? `/embed/kit.${file.hash}.js` : KIT_PATH;
}

/** A shipped translation's content-hashed address, like `kitUrl`. */
export function translationUrl(code: string, dir = CDN_DIR): string {
  const file = cdnFile(`translations/${code}.js`, dir);
  return `/embed/translations/${code}${file ? `.${file.hash}` : ''}.js`;
}
