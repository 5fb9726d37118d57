// Starts the real reference service as a child process and resolves once it prints its
// ready line. Used by web-test-runner.config.mjs; usable by any Node script.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureCdnBuild } from '../../scripts/ensure-cdn.mjs';

/**
 * @param {{ dataDir: string, args?: string[], timeoutMs?: number, fresh?: boolean }} options
 * @returns {Promise<{ url: string, stop(): Promise<void> }>}
 */
export async function startService(options) {
  // Its embed pages serve dist/cdn/all-hydrate.js: built first when stale, once per process.
  await ensureCdnBuild();
  return spawnService(options);
}

/** @param {{ dataDir: string, args?: string[], timeoutMs?: number, fresh?: boolean }} options */
function spawnService({ dataDir, args = [], timeoutMs = 120_000, fresh = false }) {
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data-dir', dataDir, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard); // never leave the service running after the runner dies
  child.once('exit', () => process.off('exit', orphanGuard));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`reference service not ready after ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    const onData = (chunk) => {
      log += chunk;
      const m = /ready at (http:\/\/[^\s]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining so the child never blocks on a full pipe
        resolve({ url: m[1].replace(/\/+$/, ''), stop });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (d) => (log += d));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`reference service exited (${code ?? signal}) before it was ready:\n${log}`));
    });
  });
}
