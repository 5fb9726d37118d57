/**
 * The browser tests' waits. A test waits for the thing it needs (an element's text, an event, a
 * request seen by the fake host, a state), never for a time: a busy machine only makes the wait
 * longer. The one clock wait, `quietFor`, is for checks that nothing happens within a time.
 * ESLint keeps tests to these (eslint.config.js): no `setTimeout`, no open-wc `waitUntil`.
 */
import { oneEvent, waitUntil } from '@open-wc/testing';

/**
 * How long `waitFor` waits by default: far beyond what a loaded machine takes, and below the
 * test's own timeout (web-test-runner.config.mjs), so that a failure names what was awaited.
 */
export const WAIT_LIMIT = 30_000;

/**
 * Resolves once `predicate` gives something truthy (checked every 50 ms), or fails after
 * `timeout` ms with "waited … for <what>".
 */
export async function waitFor(
  predicate: () => unknown | Promise<unknown>,
  what: string | (() => string),
  { timeout = WAIT_LIMIT } = {},
): Promise<void> {
  try {
    await waitUntil(predicate, '', { timeout, interval: 50 });
  } catch {
    // `what` as a function describes the state at the time of failure.
    throw new Error(`waited ${timeout} ms for ${typeof what === 'function' ? what() : what}`);
  }
}

/**
 * A "nothing happens within `ms`" check: the only fixed wait a test may make. Use it to give
 * an event that must not come a chance to come; never to let something that must happen happen.
 * A busy machine can only make such a check miss a fault, never fail without one.
 */
export const quietFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The next task. A timer that the code under test set earlier in the same task with a delay over
 * 0 fires after it, however busy the machine: timers run in the order of their deadlines.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The detail of the login success `target` fires next. A login error instead fails at once with
 * its detail (kind, reason, message), rather than leaving the test to wait for a success that
 * never comes until the test's own timeout, which names nothing.
 */
export function loginSuccess(target: EventTarget): Promise<GlobalEventHandlersEventMap['service-login-success']['detail']> {
  return Promise.race([
    oneEvent(target, 'service-login-success').then((e) => e.detail),
    oneEvent(target, 'service-login-error').then((e) => {
      throw new Error(`the login failed: ${JSON.stringify(e.detail)}`);
    }),
  ]);
}
