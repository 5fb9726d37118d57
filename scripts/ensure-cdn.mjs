// The CDN build (dist/cdn), made when it is missing or older than what it is built from: the
// service's embed pages serve dist/cdn/embed-frame.js (server/embed/kit.ts), so whatever starts
// the service for a person, a test run or the bench makes sure of it first (once per process).
//   node scripts/ensure-cdn.mjs      builds if needed; exits 1 when the build fails
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the build is made from, and the files the service and the demo pages need from it. */
const INPUTS = ['src', 'scripts/build', 'vite.config.ts', 'package.json'];
const OUTPUTS = ['dist/cdn/all.js', 'dist/cdn/all-hydrate.js', 'dist/cdn/login-flow.js', 'dist/cdn/audio-media.js', 'dist/cdn/embed-frame.js', 'dist/cdn/embed-api.js'];

/** Newest modification time of a file, or of any file under a directory (0 when it does not exist). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  let newest = statSync(path).mtimeMs;
  if (!statSync(path).isDirectory()) return newest;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Whether dist/cdn lacks a file the service needs, or is older than a source of the build. */
export function cdnStale(root = ROOT) {
  const built = OUTPUTS.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0));
  return Math.min(...built) < Math.max(...INPUTS.map((input) => newestMtime(join(root, input))));
}

const builds = new Map();

/** Runs `vite build --mode cdn` when dist/cdn is stale (cdnStale); one build per process and root. */
export function ensureCdnBuild(root = ROOT) {
  if (!builds.has(root)) {
    const build = !cdnStale(root)
      ? Promise.resolve()
      : new Promise((ok, fail) => {
          console.log('building the CDN bundle (dist/cdn: vite build --mode cdn)…');
          const vite = join(root, 'node_modules/vite/bin/vite.js');
          const child = spawn(process.execPath, [vite, 'build', '--mode', 'cdn', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
          child.once('error', fail);
          child.once('exit', (code) => (code === 0 ? ok() : fail(new Error(`the CDN build failed (vite build --mode cdn, exit ${code})`))));
        });
    builds.set(root, build);
  }
  return builds.get(root);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureCdnBuild().catch((error) => {
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  });
}
