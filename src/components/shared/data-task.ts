import type { ReactiveController, TemplateResult } from 'lit';
import { Task, TaskStatus, initialState } from '@lit/task';
import type { Client, Resolved } from '../../core/index.js';
import type { ServiceElement } from './service-element.js';
import { emptyState, errorState, loadingState } from './states.js';

/** `globalThis[Symbol.for('service-kit.seed')]`: the data embedded for an element's task and args, if any. */
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
  /** Data a server render embedded for the first run (service-kit/ssr): shown at once, not fetched. */
  #seed?: R;
  readonly #options: DataTaskOptions<readonly unknown[], unknown>;

  constructor(
    private readonly host: DataHost,
    options: DataTaskOptions<A, R>,
  ) {
    this.#options = options as never;
    host.addController(this);
    this.task = new Task(host, {
      args: () => [host.client, this.#visible || host.loading !== 'lazy', ...options.args()] as const,
      task: async ([client, inView, ...args], { signal }) => {
        if ((this.#seed = this.#seeded(args)) !== undefined) return this.#seed;
        if (!inView) return initialState;
        // Nothing to ask for (no id, no URL): the task completes empty and the element says so.
        return options.fetch(args as unknown as A, client, signal) as R;
      },
      onError: (error) => {
        if ((error as Error)?.name !== 'AbortError' && (error as { kind?: string })?.kind !== 'abort') {
          host.emitError(error, options.operation);
        }
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

  /** The task's value, or the embedded data while the task has none yet. */
  get value(): R | undefined {
    return this.task.value ?? this.#seed;
  }

  /** The embedded data for these args, before the first update only (the page's hook is set by hydrate.js or service-kit/ssr). */
  #seeded(args: readonly unknown[]): R | undefined {
    return this.host.hasUpdated ? undefined : ((globalThis as Record<symbol, SeedHook | undefined>)[SEED]?.(this.host, this.#options, args) as R);
  }

  /** Renders loading, error (with Retry) and empty states; `complete` only for data. */
  render(
    complete: (value: R) => TemplateResult,
    labels: { loading: string; empty: string; isEmpty?: (value: R) => boolean; rows?: number },
  ): TemplateResult {
    const done = (value: R) => (value === undefined || labels.isEmpty?.(value) ? emptyState(labels.empty) : complete(value));
    // Server-rendered (the task has not run there) or hydrating (its run is pending): the embedded data, as it was rendered.
    const seed = this.task.status < TaskStatus.COMPLETE ? (this.#seed ??= this.#seeded(this.#options.args())) : undefined;
    if (seed !== undefined) return done(seed);
    return this.task.render({
      initial: () => loadingState(labels.loading, labels.rows),
      pending: () => loadingState(labels.loading, labels.rows),
      error: (error) =>
        isAbort(error) ? loadingState(labels.loading, labels.rows) : errorState(messageOf(error), () => void this.task.run()),
      complete: done,
    });
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
