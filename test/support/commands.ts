/**
 * Server commands of any length from a browser test: `serverCommand('login-popup', { action })`
 * answers what `executeServerCommand` would, however long the command takes (test/support/server-jobs.mjs
 * says why web-test-runner's own call cannot wait more than 20 s).
 */
import { executeServerCommand } from '@web/test-runner-commands';

type Outcome<T> = { done: false } | { done: true; value: T } | { done: true; error: string };

export async function serverCommand<T>(command: string, payload: object = {}): Promise<T> {
  const id = await executeServerCommand<string, object>('job-start', { command, payload });
  for (;;) {
    const outcome = await executeServerCommand<Outcome<T>, object>('job-wait', { id });
    if (!outcome.done) continue; // still running: ask again
    if ('error' in outcome) throw new Error(outcome.error);
    return outcome.value;
  }
}
