// The per-engine summary that `npm run test:browser` reads: counts, and whether the browser itself
// was lost (the runner then runs that engine once more; a failing test never is).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
// @ts-expect-error: a plain ES module of the test set-up, with no types
import { summaryFileReporter } from '../support/engines.mjs';

const dir = mkdtempSync(join(tmpdir(), 'engine-summary-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Entry { passed: number; failed: number; skipped: number; fileErrors: number; lostBrowser?: boolean; tests: string[] }

const session = (file: string, tests: Array<{ name: string; passed: boolean }>, errors: Array<{ message: string }> = []) => ({
  browser: { name: 'WebKit' },
  testFile: join(process.cwd(), file),
  errors,
  testResults: { name: '', tests: [], suites: [{ name: 'suite', tests: tests.map((t) => ({ ...t, skipped: false })), suites: [] }] },
});

async function summarize(sessions: unknown[]): Promise<Entry> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  await summaryFileReporter(file).onTestRunFinished({ sessions });
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>).WebKit;
}

describe('browser test summary', () => {
  it('counts passed and failed tests, with their names', async () => {
    const entry = await summarize([session('test/a.test.ts', [{ name: 'one', passed: true }, { name: 'two', passed: false }])]);
    assert.equal(entry.passed, 1);
    assert.equal(entry.failed, 1);
    assert.deepEqual(entry.tests, ['test/a.test.ts > suite > one', 'test/a.test.ts > suite > two']);
    assert.equal(entry.lostBrowser, undefined, 'a failing test is not a lost browser');
  });

  it('marks a browser that disconnected or whose WebDriver session went away', async () => {
    for (const message of ['Tests were interrupted because the browser disconnected.', 'invalid session id: WebDriverError: invalid session id when running "url"']) {
      const entry = await summarize([session('test/a.test.ts', [], [{ message }])]);
      assert.equal(entry.lostBrowser, true, message);
      assert.equal(entry.fileErrors, 1);
    }
  });

  it('does not mark a test file that failed to load for another reason', async () => {
    const entry = await summarize([session('test/a.test.ts', [], [{ message: 'Could not import your test module: SyntaxError' }])]);
    assert.equal(entry.fileErrors, 1);
    assert.equal(entry.lostBrowser, undefined);
  });
});
