import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The kit as embed and public pages load it: the CDN's own hydrating file for frames,
 * dist/cdn/embed-frame.js (hydration support, every element, the embed API's frame side), and its translations, dist/cdn/translations/<code>.js,
 * all built by `npm run build`. The service serves that build; it builds nothing itself.
 */
export interface KitFile {
  code: Buffer;
  etag: string;
}

/** dist/cdn of the checkout the service runs from. */
export const CDN_DIR = fileURLToPath(new URL('../../dist/cdn/', import.meta.url));
// all-hydrate.js with the frame's side of the embed control API (src/embed-frame.ts).
export const KIT_FILE = 'embed-frame.js';

/** What a reader (and the service's log) is told when the build is missing. */
export const KIT_MISSING = `The embed pages' script is not built: run \`npm run build\` (or \`npx vite build --mode cdn\`) to make dist/cdn/${KIT_FILE}`;

/** Whether the kit's file is there to serve. */
export const kitBuilt = (dir = CDN_DIR): boolean => existsSync(join(dir, KIT_FILE));

/** Read once per build: a file whose modification time changed (a new `npm run build`) is read again. */
const read = new Map<string, { mtime: number; file: Promise<KitFile> }>();

/**
 * A file of dist/cdn (`embed-frame.js`, `translations/<code>.js`; the caller names only those),
 * or undefined when it has not been built.
 */
export async function cdnFile(name: string, dir = CDN_DIR): Promise<KitFile | undefined> {
  const path = join(dir, name);
  const mtime = await stat(path).then((s) => s.mtimeMs, () => undefined);
  if (mtime === undefined) return undefined;
  const known = read.get(path);
  const entry = known?.mtime === mtime ? known : { mtime, file: readKit(path) };
  if (entry !== known) {
    read.set(path, entry);
    // A read that failed (the file went between stat and read) is tried again on the next request.
    entry.file.catch(() => read.delete(path));
  }
  return entry.file.catch(() => undefined);
}

const readKit = (path: string): Promise<KitFile> =>
  readFile(path).then((code) => ({ code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"` }));
