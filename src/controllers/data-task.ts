import type { ReactiveController, TemplateResult } from 'lit';
import { Task, TaskStatus, initialState } from './task.js';
import type { Client, Resolved } from '../core/index.js';
import type { ServiceElement } from '../components/shared/service-element.js';
import { emptyState, errorState, loadingState } from '../components/shared/states.js';

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
  /** What the element asks for, from its reactive properties; a change re-runs the fetch. */
  args: () => A;
  /** The fetch. `undefined` from here means there is nothing to ask for: the empty state shows. */
  fetch: (args: A, client: Client, signal: AbortSignal) => Promise<R> | undefined;
  /** The client operation named in `service-error` when the fetch fails with a plain Error. */
  operation: string;
}

/**
 * A `@lit/task` with what every data element needs: the task's signal goes to the client,
 * the request is aborted when the element leaves the page and re-run when it comes back,
 * failures become `service-error` events, and lazy elements wait until they are in view.
 */
export class DataTask<A extends readonly unknown[], R> implements ReactiveController {
  readonly task: Task<readonly [Client, boolean, ...A], R>;
  #visible = false;
  #observer?: IntersectionObserver;
  /** Data a server render embedded (service-kit/ssr): shown at once, not fetched. */
  #seed?: R;
  /** The embedded data for `args` (the element's, by default): the page's hook, set by hydrate.js or service-kit/ssr. */
  readonly #seeded: (args?: readonly unknown[]) => R | undefined;

  constructor(
    private readonly host: DataHost,
    options: DataTaskOptions<A, R>,
  ) {
    host.addController(this);
    this.#seeded = (args = options.args()) => (globalThis as Record<symbol, SeedHook | undefined>)[SEED]?.(host, options as never, args) as R;
    this.task = new Task(host, {
      args: () => [host.client, this.#visible || host.loading !== 'lazy', ...options.args()] as const,
      // Nothing to ask for (no id, no URL): fetch gives undefined, the task completes empty and the element says so.
      task: async ([client, inView, ...args], { signal }) =>
        (this.#seed = this.#seeded(args)) ?? (inView ? (options.fetch(args, client, signal) as R) : initialState),
      onError: (error) => {
        if (!isAbort(error)) host.emitError(error, options.operation);
      },
    });
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
    if (this.task.status === TaskStatus.ERROR && isAbort(this.task.error)) void this.task.run();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.task.abort();
  }

  /** Renders loading, error (with Retry) and empty states; `complete` only for data. */
  render(
    complete: (value: R) => TemplateResult,
    labels: { loading: string; empty: string; isEmpty?: (value: R) => boolean; rows?: number },
  ): TemplateResult {
    const done = (value: R) => (value === undefined || labels.isEmpty?.(value) ? emptyState(labels.empty) : complete(value));
    // Server-rendered (the task has not run there) or hydrating (its run is pending): the embedded data, as it was rendered.
    const seed = this.task.status < TaskStatus.COMPLETE ? (this.#seed ??= this.#seeded()) : undefined;
    const { status, value, error } = this.task;
    // Not yet run, running, or cut short by leaving the page: loading.
    return seed !== undefined
      ? done(seed)
      : status == TaskStatus.COMPLETE
        ? done(value as R)
        : status == TaskStatus.ERROR && !isAbort(error)
          ? errorState(messageOf(error), () => void this.task.run())
          : loadingState(labels.loading, labels.rows);
  }
}

function isAbort(error: unknown): boolean {
  return (error as Error)?.name === 'AbortError' || (error as { kind?: string })?.kind === 'abort';
}

function messageOf(error: unknown): string {
  const status = (error as { status?: number })?.status;
  if (status === 404) return 'Not found.';
  if ((error as { kind?: string })?.kind === 'network' || (error as { kind?: string })?.kind === 'timeout') {
    return 'The service could not be reached.';
  }
  return (error as Error)?.message || 'Something went wrong.';
}

/** The resource behind a public URL, which must be a `kind`; anything else fails the fetch (operation `resolve`). */
export async function resolveAs<K extends Resolved['kind']>(client: Client, url: string, kind: K, signal: AbortSignal) {
  const found = await client.resolve(url, { signal });
  if (found.kind !== kind) throw Object.assign(new Error(`That ${kind == 'user' ? 'handle' : 'URL'} is not a ${kind}.`), { operation: 'resolve' });
  return found.data as Extract<Resolved, { kind: K }>['data'];
}
