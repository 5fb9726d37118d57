/**
 * `npm run check:production`: starts the reference service in both modes (a fresh catalog each,
 * in a temporary folder), makes the 18 read operations a production client makes, checks every
 * answer against production's models (test/server/production-shapes.ts) and prints, per mode,
 * "operations parsed by a production-shaped check: N of 18, required fields missing: M".
 * `--verbose` lists what did not parse. Exits 1 when the production mode misses anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../server/service.js';
import { checkOperations, demoToken, summarize } from '../test/server/production-operations.js';

const verbose = process.argv.includes('--verbose');
let failed = false;
for (const compat of [undefined, 'production'] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-production-check-'));
  const service = await startService({ port: 0, dataDir, compat });
  try {
    const results = await checkOperations(service.url, demoToken(service.ctx.db));
    const { parsed, total, missing } = summarize(results);
    const mode = compat ? '--compat production' : 'default (contract) mode';
    console.log(`${mode}: operations parsed by a production-shaped check: ${parsed} of ${total}, required fields missing: ${missing.length}`);
    if (verbose || compat) {
      for (const r of results.filter((x) => !x.parsed)) {
        console.log(`  ${r.name}: ${r.error ?? [...r.findings.missing.map((m) => `missing ${m}`), ...r.findings.mistyped].slice(0, 3).join('; ')}`);
      }
    }
    if (compat && (parsed < total || missing.length > 0)) failed = true;
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
