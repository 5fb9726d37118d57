import { notEqual, type ReactiveController } from 'lit';
import type { Client, Resolved } from '../core/index.js';
import type { ServiceElement } from '../components/shared/service-element.js';

/**
 * `globalThis[Symbol.for('service-kit.seed')]`: the data embedded for an element's task and args, if any.
 * Only before the element's first update (`hasUpdated` false): later runs are the element's own.
 */
export type SeedHook = (host: DataHost, options: DataTaskOptions<readonly unknown[], unknown>, args: readonly unknown[]) => unknown;
const SEED = Symbol.for('service-kit.seed');

/** An element that fetches: its task's host. `loading="lazy"` waits until it comes into view. */
export interface DataHost extends ServiceElement {
  loading?: 'lazy' | 'eager';
}

export interface DataTaskOptions<A extends readonly unknown[], R> {
  // Methods, not function properties: a task of narrower args still passes as a task of wider ones.
  /** What the element asks for, from its reactive properties; a change re-runs the fetch. */
  args(): A;
  /** The fetch. `undefined` from here means there is nothing to ask for: the empty state shows. */
  fetch(args: A, client: Client, signal: AbortSignal): Promise<R> | undefined;
  /** The client operation named in `service-error` when the fetch fails with a plain Error. */
  operation: string;
}

/** A data task's state: before its first run (or with nothing to ask for before it is in view), running, done, failed. */
export const TaskStatus = { INITIAL: 0, PENDING: 1, COMPLETE: 2, ERROR: 3 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** What a run gives back to say it has nothing to do yet (a lazy element out of view): the task goes back to INITIAL. */
const notYet = Symbol();

/**
 * The part of `@lit/task` the data elements use, in fewer bytes, with what every data element
 * needs. It runs before each host update whose args differ (shallowly, as Lit compares
 * properties) from the last run's, aborts a run a newer one replaces and keeps only the newest
 * run's outcome. The run's signal goes to the client, the request is aborted when the element
 * leaves the page and re-run when it comes back, failures become `service-error` events, and
 * lazy elements wait until they are in view.
 */
export class DataTask<A extends readonly unknown[], R> implements ReactiveController {
  status: TaskStatus = TaskStatus.INITIAL;
  value?: R;
  error?: unknown;
  #args?: readonly unknown[];
  #run = 0;
  #abort?: AbortController;
  #complete?: Promise<R>;
  #settle?: [(value: R) => void, (error: unknown) => void];
  #visible = false;
  #observer?: IntersectionObserver;
  /** Data a server render embedded (service-kit/ssr): shown at once, not fetched. */
  #seed?: R;
  /** The embedded data for `args` (the element's, by default): the page's hook, set by hydrate.js or service-kit/ssr. */
  readonly #seeded: (args?: readonly unknown[]) => R | undefined;

  constructor(
    private readonly host: DataHost,
    private readonly options: DataTaskOptions<A, R>,
  ) {
    host.addController(this);
    this.#seeded = (args = options.args()) => (globalThis as Record<symbol, SeedHook | undefined>)[SEED]?.(host, options as never, args) as R;
  }

  /** What a run depends on: the client, whether the element may fetch yet, and the element's args. */
  #key(): readonly unknown[] {
    return [this.host.client, this.#visible || this.host.loading !== 'lazy', ...this.options.args()];
  }

  /** Settles when the current run does (at once when none is running). */
  get taskComplete(): Promise<R> {
    return (this.#complete ??=
      this.status == TaskStatus.PENDING
        ? new Promise((resolve, reject) => (this.#settle = [resolve, reject]))
        : this.status == TaskStatus.ERROR
          ? Promise.reject(this.error)
          : Promise.resolve(this.value as R));
  }

  hostUpdate(): void {
    const key = this.#key();
    const last = this.#args;
    if (!last || last.length != key.length || key.some((value, i) => notEqual(value, last[i]))) void this.run(key);
  }

  /** Runs the fetch now (Retry, a refresh). */
  async run(key = this.#key()): Promise<void> {
    const { host, options } = this;
    this.#args = key;
    if (this.status == TaskStatus.PENDING) this.#abort?.abort();
    else this.#complete = this.#settle = undefined;
    this.status = TaskStatus.PENDING;
    host.requestUpdate();
    const run = ++this.#run;
    const signal = (this.#abort = new AbortController()).signal;
    const [client, inView, ...args] = key as [Client, boolean, ...A];
    let result: R | typeof notYet | undefined;
    let error: unknown;
    let failed = false;
    try {
      // Nothing to ask for (no id, no URL): fetch gives undefined, the task completes empty and the element says so.
      result = await ((this.#seed = this.#seeded(args)) ?? (inView ? options.fetch(args, client, signal) : notYet));
    } catch (e) {
      failed = true;
      error = e;
    }
    if (run != this.#run) return;
    if (result === notYet) {
      this.status = TaskStatus.INITIAL;
    } else {
      if (failed && !isAbort(error)) {
        try {
          host.emitError(error, options.operation);
        } catch {
          // A failing report does not change the outcome.
        }
      }
      this.status = failed ? TaskStatus.ERROR : TaskStatus.COMPLETE;
      if (failed) this.#settle?.[1](error);
      else this.#settle?.[0](result as R);
      this.value = result as R;
      this.error = error;
    }
    host.requestUpdate();
  }

  hostConnected(): void {
    if (this.host.loading === 'lazy' && !this.#visible && typeof IntersectionObserver !== 'undefined') {
      this.#observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          this.#visible = true;
          this.#observer?.disconnect();
          this.host.requestUpdate();
        }
      }, { rootMargin: '200px' });
      this.#observer.observe(this.host);
    }
    // A run cut short by leaving the page starts again on return.
    if (this.status === TaskStatus.ERROR && isAbort(this.error)) void this.run();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    if (this.status == TaskStatus.PENDING) this.#abort?.abort();
  }

  /**
   * What to show now: the data (embedded by a server render, or fetched; `undefined` when there
   * was nothing to ask for), the error, or nothing yet (not run, running, or cut short by leaving
   * the page). The element renders it (`taskView` in components/shared/states.ts).
   */
  get shown(): { value: R | undefined } | { error: unknown } | undefined {
    // Server-rendered (the task has not run there) or hydrating (its run is pending): the embedded data, as it was rendered.
    const seed = this.status < TaskStatus.COMPLETE ? (this.#seed ??= this.#seeded()) : undefined;
    const { status, value, error } = this;
    return seed !== undefined
      ? { value: seed }
      : status == TaskStatus.COMPLETE
        ? { value }
        : status == TaskStatus.ERROR && !isAbort(error)
          ? { error }
          : undefined;
  }
}

function isAbort(error: unknown): boolean {
  return (error as Error)?.name === 'AbortError' || (error as { kind?: string })?.kind === 'abort';
}

/** The resource behind a public URL, which must be a `kind`; anything else fails the fetch (operation `resolve`). */
export async function resolveAs<K extends Resolved['kind']>(client: Client, url: string, kind: K, signal: AbortSignal) {
  const found = await client.resolve(url, { signal });
  if (found.kind !== kind) throw Object.assign(new Error(`That ${kind == 'user' ? 'handle' : 'URL'} is not a ${kind}.`), { operation: 'resolve' });
  return found.data as Extract<Resolved, { kind: K }>['data'];
}
