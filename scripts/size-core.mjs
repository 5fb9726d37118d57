// Prints the size of the whole core (src/core/index.ts), bundled, minified and gzip -9.
// Usage: node scripts/size-core.mjs [--json]; exits 1 when over the 3 KB budget.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET = 3 * 1024;
const entry = fileURLToPath(new URL('../src/core/index.ts', import.meta.url));
const out = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', target: 'es2022', write: false });
const code = out.outputFiles[0].contents;
const gzip = gzipSync(code, { level: 9 }).length;
if (process.argv.includes('--json')) console.log(JSON.stringify({ name: 'core', minified: code.length, gzip, budget: BUDGET }));
else console.log(`core: ${code.length} B minified, ${gzip} B gzip -9 (budget ${BUDGET} B)`);
if (gzip > BUDGET) process.exitCode = 1;
