// npm run test:frameworks [name...]: the example apps in examples/ (react, vue, svelte, next), each
// built from its own lock file with the kit installed from the tarball `npm pack` makes, and driven
// in Chromium against the reference service: the Vite apps by test/frameworks/vite-app.mjs, Next
// by test/frameworks/next.mjs, both through the checks in test/frameworks/app-check.mjs.
//
// The examples name the tarball as `file:../../.pack/service-kit-0.1.0.tgz`. Their lock files
// must not hold its integrity: npm ci would then install the copy it cached from an earlier pack.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import puppeteer from 'puppeteer-core';
import { startService } from '../test/support/start-service.mjs';
import { CHROMIUM_ARGS, run } from '../test/frameworks/app-check.mjs';
import { viteApp } from '../test/frameworks/vite-app.mjs';

const ROOT = join(import.meta.dirname, '..');
const ALL = ['react', 'vue', 'svelte', 'next'];
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = asked.length ? asked : ALL;
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1', NEXT_TELEMETRY_DISABLED: '1' };
const log = (line) => process.stdout.write(`${line}\n`);

let service;
let browser;

before(async () => {
  const started = Date.now();
  mkdirSync(join(ROOT, '.pack'), { recursive: true }); // a fresh clone has none, and npm pack does not make it
  run('npm', ['pack', '--pack-destination', '.pack'], { cwd: ROOT, env }); // prepack builds dist/ first
  log(`packed the kit into .pack/ in ${Math.round((Date.now() - started) / 1000)} s`);
  service = await startService({ dataDir: join(ROOT, '.data-test/frameworks'), fresh: true });
  browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await service?.stop();
});

for (const name of names) {
  test(`examples/${name}`, { timeout: 15 * 60_000 }, async () => {
    const dir = join(ROOT, 'examples', name);
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
    const kit = lock.packages['node_modules/service-kit'];
    assert.equal(kit?.resolved, 'file:../../.pack/service-kit-0.1.0.tgz', `${name}'s lock file installs the kit from .pack/`);
    assert.equal(kit.integrity, undefined, `${name}'s lock file must not pin the kit's integrity (npm ci would install a cached older pack)`);
    let started = Date.now();
    run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, env });
    log(`${name}: npm ci in ${Math.round((Date.now() - started) / 1000)} s`);
    started = Date.now();
    const check = name === 'next' ? (await import('../test/frameworks/next.mjs')).run : viteApp('my-app');
    await check({ dir, serviceUrl: service.url, browser, log });
    log(`${name}: checked in ${Math.round((Date.now() - started) / 1000)} s`);
  });
}
