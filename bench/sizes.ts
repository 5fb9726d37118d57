// Bytes a page loads: gzip of each CDN file (each one file; its static module graph is measured
// anyway, so a stray chunk would show; login-flow.js and audio-media.js, fetched only at a login or a play, are entries of their own), and of the core alone.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface GraphSize {
  entry: string;
  files: number;
  minified: number;
  gzip: number;
}

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** Every file an ES module pulls in through static imports, itself included. */
function moduleGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    moduleGraph(resolve(dirname(file), match[1]!), seen);
  }
  return seen;
}

/** Builds the CDN bundle and measures each entry's graph, each file gzipped on its own as a browser fetches it. */
export function cdnSizes(buildFirst = true): GraphSize[] {
  if (buildFirst) execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'cdn', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dir = 'dist/cdn';
  // The translations (translations/<code>.js) after the elements' files.
  return [...readdirSync(dir), ...(existsSync(`${dir}/translations`) ? readdirSync(`${dir}/translations`).map((f) => `translations/${f}`) : [])]
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => (a === 'all.js' ? -1 : b === 'all.js' ? 1 : a < b ? -1 : 1))
    .map((entry) => {
      const files = [...moduleGraph(resolve(dir, entry))];
      const sizes = files.map((f) => readFileSync(f));
      return {
        entry,
        files: files.length,
        minified: sizes.reduce((n, b) => n + b.length, 0),
        gzip: sizes.reduce((n, b) => n + gzip(b), 0),
      };
    });
}

/** The core client alone (src/core/index.ts), bundled, minified and gzipped. */
export async function coreSize(): Promise<GraphSize> {
  const out = await build({
    entryPoints: [join('src', 'core', 'index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
  });
  const code = out.outputFiles[0]!.contents;
  return { entry: 'src/core/index.ts', files: 1, minified: code.length, gzip: gzip(code) };
}

const CORE_BUDGET = 3 * 1024;

/** The CDN files' budgets in KB (1,024 bytes), gzip -9 of the file alone; since issue 35 a stock build (no edit of Lit's code) and a login button of lit-html. */
export const CDN_BUDGETS_KB: Record<string, number> = { 'all.js': 34, 'service-login-button.js': 14, 'sdk.js': 14, 'sdk.iife.js': 14 };

/** Each translation file's budget in KB (issue 28): a language costs a page at most 2 KB. */
export const TRANSLATION_BUDGET_KB = 2;

// `node --import tsx bench/sizes.ts`: the core client's size alone; exits 1 over its 3 KB budget.
// With `--cdn`: also builds dist/cdn and prints every file's size, exiting 1 when one is over its budget.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const core = await coreSize();
  console.log(`core: ${core.minified} B minified, ${core.gzip} B gzip -9 (budget ${CORE_BUDGET} B)`);
  if (core.gzip > CORE_BUDGET) process.exitCode = 1;
  if (process.argv.includes('--cdn')) {
    for (const size of cdnSizes()) {
      const kb = CDN_BUDGETS_KB[size.entry] ?? (size.entry.startsWith('translations/') ? TRANSLATION_BUDGET_KB : undefined);
      const budget = kb && kb * 1024;
      console.log(`${size.entry}: ${size.files} file(s), ${size.minified} B minified, ${size.gzip} B gzip -9${budget ? ` (budget ${budget} B)` : ''}`);
      if (size.files > 1 || (budget && size.gzip > budget)) process.exitCode = 1;
    }
  }
}
