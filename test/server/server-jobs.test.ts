// The browser tests' long server commands (test/support/server-jobs.mjs): a job's outcome comes
// back however many asks it takes, errors come back as errors, and an ask never waits past its bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain ES module of the test set-up, with no types
import { serverJobsPlugin } from '../support/server-jobs.mjs';

type Plugin = { executeCommand(args: { command: string; payload?: unknown; session?: unknown }): Promise<unknown> };

/** A plugin whose 'held' command answers when the test says, and whose 'broken' command fails. */
function heldPlugin() {
  let release!: (value: string) => void;
  const answer = new Promise<string>((resolve) => (release = resolve));
  const plugin: Plugin = {
    async executeCommand({ command }) {
      if (command === 'held') return answer;
      if (command === 'broken') throw new Error('the window closed');
      return undefined;
    },
  };
  return { plugin, release };
}

test('a job outlasting several asks still gives its answer, once', async () => {
  const { plugin, release } = heldPlugin();
  const jobs = serverJobsPlugin([plugin], { ask: 5 }) as Plugin;
  const id = await jobs.executeCommand({ command: 'job-start', payload: { command: 'held', payload: {} } });
  assert.deepEqual(await jobs.executeCommand({ command: 'job-wait', payload: { id } }), { done: false });
  assert.deepEqual(await jobs.executeCommand({ command: 'job-wait', payload: { id } }), { done: false });
  release('signed in');
  assert.deepEqual(await jobs.executeCommand({ command: 'job-wait', payload: { id } }), { done: true, value: 'signed in' });
  assert.deepEqual(await jobs.executeCommand({ command: 'job-wait', payload: { id } }), { done: true, error: `no job ${id}` });
});

test('a failing command, and one no plugin runs, come back as errors naming the command', async () => {
  const { plugin } = heldPlugin();
  const jobs = serverJobsPlugin([{ executeCommand: async () => undefined }, plugin], { ask: 1_000 }) as Plugin;
  const broken = await jobs.executeCommand({ command: 'job-start', payload: { command: 'broken' } });
  assert.deepEqual(await jobs.executeCommand({ command: 'job-wait', payload: { id: broken } }), { done: true, error: 'broken: the window closed' });
  const unknown = await jobs.executeCommand({ command: 'job-start', payload: { command: 'nobody' } });
  assert.deepEqual(await jobs.executeCommand({ command: 'job-wait', payload: { id: unknown } }), { done: true, error: 'nobody: no plugin runs the command nobody' });
});

test('other commands are left to the other plugins', async () => {
  const jobs = serverJobsPlugin([], {}) as Plugin;
  assert.equal(await jobs.executeCommand({ command: 'login-popup', payload: {} }), undefined);
});
