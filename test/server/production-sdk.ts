/**
 * Production's client library as a test fixture: `dist/sdk.min.js` of `@audius/sdk` (a classic
 * script setting `window.audiusSdk`), taken from the tarball `npm pack` fetches, never installed
 * (16.0.0 does not install as published: production-oauth.md). Kept in `.cache/production-sdk/`
 * (git-ignored) so only the first run needs the registry; the file's SHA-256 is pinned, so a
 * cached or fetched file that is not the release's fails loudly.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The releases driven by the tests, with the SHA-256 of their `dist/sdk.min.js`. */
export const PRODUCTION_SDKS = {
  '16.0.0': 'e104d5eb27ed18cf6545d5d5bf4a862beefd7826cb6da9effb49035e407b6f3d',
} as const;

export type SdkVersion = keyof typeof PRODUCTION_SDKS;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The bundle's text: from the cache, or fetched once with `npm pack` and cached. */
export function productionSdk(version: SdkVersion = '16.0.0'): string {
  const file = join(ROOT, '.cache', 'production-sdk', version, 'sdk.min.js');
  if (!existsSync(file)) fetchSdk(version, file);
  const bytes = readFileSync(file);
  if (sha256(bytes) !== PRODUCTION_SDKS[version]) {
    throw new Error(`${file} is not @audius/sdk@${version}'s dist/sdk.min.js (SHA-256 differs); delete it to fetch it again`);
  }
  return bytes.toString('utf8');
}

function fetchSdk(version: SdkVersion, file: string): void {
  const work = mkdtempSync(join(tmpdir(), 'production-sdk-'));
  try {
    try {
      execFileSync('npm', ['pack', `@audius/sdk@${version}`, '--pack-destination', work, '--silent'], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    } catch (error) {
      const detail = (error as { stderr?: Buffer }).stderr?.toString().trim().split('\n').slice(-2).join(' ') ?? String(error);
      throw new Error(`npm pack @audius/sdk@${version} failed (${detail}); the test needs the registry once, or the file at ${file}`);
    }
    execFileSync('tar', ['-xzf', join(work, `audius-sdk-${version}.tgz`), '-C', work, 'package/dist/sdk.min.js']);
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(join(work, 'package', 'dist', 'sdk.min.js'), file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
