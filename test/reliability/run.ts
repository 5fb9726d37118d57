/**
 * The reliability suite: every part, one after another, in this process (node:test), plus the
 * browser part (kit-faults.test.ts) through web-test-runner in a child process; then the counts.
 *
 *   node --import tsx --test-reporter=spec test/reliability/run.ts            short form (about a minute)
 *   node --import tsx --test-reporter=spec test/reliability/run.ts --full     full form (several minutes)
 *   ... --skip-kit    leaves out the browser part (`npm run test:browser` runs it already)
 *
 * RELIABILITY_FULL=1 also selects the full form. Exits non-zero when anything fails.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { FULL, counts } from './support.js';
import './rest-fuzz.js';
import './tokens.js';
import './redirect-uris.js';
import './soak.js';

describe(`5. kit under faults (browser, web-test-runner)`, { skip: process.argv.includes('--skip-kit') && 'asked to skip' }, () => {
  test('test/reliability/kit-faults.test.ts passes in Chromium', { timeout: 300_000 }, async (t) => {
    const child = spawn(process.execPath, ['node_modules/@web/test-runner/dist/bin.js', '--files', 'test/reliability/kit-faults.test.ts', '--static-logging'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), 280_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    // eslint-disable-next-line no-control-regex -- stripping terminal escapes is the point
    const plain = out.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
    const summary = [...plain.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
    counts.set('kit faults: browser tests', summary ? `${summary[1]} passed, ${summary[2]} failed` : 'no summary');
    t.diagnostic(`kit faults: ${counts.get('kit faults: browser tests')}`);
    const failures = plain.split('\n').filter((line) => /❌|Error:|expected/.test(line)).slice(0, 30).join('\n');
    assert.equal(code, 0, `web-test-runner exited with ${code}\n${failures || plain.slice(-3000)}`);
  });
});

await import('./markup.js');

after(() => {
  const lines = [...counts].map(([label, value]) => `  ${label}: ${value}`);
  console.log(`\nreliability suite, ${FULL ? 'full' : 'short'} form — counts:\n${lines.join('\n')}\n`);
});
