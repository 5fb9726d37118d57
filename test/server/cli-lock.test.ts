// A second server on a data directory another process is writing to: one clear line, no usage text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/open.js';

test('a data directory whose database another process holds: one line naming it, exit 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-lock-'));
  // Another server mid-seed: its write transaction holds the database.
  const holder = openDatabase(dir, 'catalog-default.sqlite');
  holder.exec('BEGIN IMMEDIATE');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1, stdout + stderr);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0]!, /^error: the data directory .+ is in use by another server \(its database is locked\); stop that server or pass another --data-dir$/);
    assert.doesNotMatch(stderr, /Usage/);
  } finally {
    holder.exec('ROLLBACK');
    holder.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a command-line mistake still shows the usage', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--scale', 'huge'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 1);
  assert.match(stderr, /^error: --scale must be default or large\nUsage: npm run server/);
});
