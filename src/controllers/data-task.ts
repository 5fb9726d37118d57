import { initialState, Task, TaskStatus } from '@lit/task';
import type { Client, Resolved } from '../core/index.js';
import type { ServiceElement } from '../components/shared/service-element.js';
import { announce } from '../core/announcer.js';
import { isRetryable } from '../core/errors.js';

export { TaskStatus };

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
  /** What the page's live region says when data arrives (`"12 tracks loaded"`), in the element's language; nothing when undefined. */
  loaded?(value: R): string | undefined;
  /** The sentence the live region says when the fetch fails, naming the element and, if known, the item ("Could not load the playlist Analog Hours."). */
  failed?(): string;
}

/** What a run depends on: the client, whether the element may fetch yet, and the element's args. */
type Key<A extends readonly unknown[]> = readonly [client: Client, inView: boolean, ...args: A];

/** Lazy elements that have come into view (or near it); one observer for the page's lazy elements. */
const inView = new WeakSet<Element>();
let observer: IntersectionObserver | undefined;

const seeded = (host: DataHost, options: DataTaskOptions<readonly unknown[], unknown>, args: readonly unknown[]) =>
  (globalThis as Record<symbol, SeedHook | undefined>)[SEED]?.(host, options, args);

/**
 * `@lit/task`'s Task with what every data element adds to it: the run's signal goes to the
 * client with the element's settings, data a server render embedded is shown at once and not
 * fetched, lazy elements wait until they are in view, failures become `service-error` events,
 * and a run cut short by leaving the page starts again on return. Task itself runs on changed
 * args, aborts the run a newer one replaces and keeps only the newest run's outcome.
 * Made as a field of its element, before the element connects (Task connects it at once otherwise).
 */
export class DataTask<A extends readonly unknown[], R> extends Task<Key<A>, R | undefined> {
  /**
   * The data a server render embedded for the current run's args: what the run gives back, and
   * what shows while it is pending. Not Task's `initialValue`: that is read in the constructor,
   * before the element has the attributes that name its data.
   */
  #seed?: R;

  constructor(
    private readonly host: DataHost,
    private readonly options: DataTaskOptions<A, R>,
  ) {
    super(host, {
      args: () => this.#key(),
      // Out of view the task stays INITIAL; `undefined` from fetch (nothing to ask for) completes it empty.
      task: ([client, visible, ...args], { signal }) => this.#seed ?? (visible ? options.fetch(args, client, signal) : initialState),
      onComplete: (value) => {
        // Data a server render embedded was on the page from the start: no news.
        if (value !== undefined && this.#seed === undefined) announce(options.loaded?.(value) ?? '', host.i18n.lang);
      },
      onError: (error) => {
        if (isAbort(error)) return;
        host.emitError(error, options.operation);
        const failed = options.failed?.();
        if (failed) announce(isRetryable(error) ? `${failed} ${host.i18n.t('Retry?')}` : failed, host.i18n.lang);
      },
    });
  }

  #key(): Key<A> {
    return [this.host.client, this.host.loading !== 'lazy' || inView.has(this.host), ...this.options.args()];
  }

  /** Runs the fetch now (Retry, a refresh), or answers from the seed while the element hydrates. */
  override run(key = this.#key()): Promise<void> {
    this.#seed = seeded(this.host, this.options, key.slice(2)) as R | undefined;
    return super.run(key);
  }

  hostConnected(): void {
    if (this.host.loading === 'lazy' && !inView.has(this.host)) {
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const { isIntersecting, target } of entries) {
            if (!isIntersecting) continue;
            inView.add(target);
            observer!.unobserve(target);
            (target as DataHost).requestUpdate();
          }
        },
        { rootMargin: '200px' },
      );
      observer.observe(this.host);
    }
    // A run cut short by leaving the page starts again on return.
    if (this.status === TaskStatus.ERROR && isAbort(this.error)) void this.run();
  }

  hostDisconnected(): void {
    observer?.unobserve(this.host);
    this.abort();
  }

  /**
   * What to show now: the data (embedded by a server render, or fetched; `undefined` when there
   * was nothing to ask for), the error, or nothing yet (not run, running, or cut short by leaving
   * the page), with the error its `failed` sentence. The element renders it (`taskView` in components/shared/states.ts).
   */
  get shown(): { value: R | undefined } | { error: unknown; failed?: string } | undefined {
    // Server-rendered (the task has not run there) or hydrating (its run is pending): the embedded data, as it was rendered.
    const seed = this.status < TaskStatus.COMPLETE ? (this.#seed ??= seeded(this.host, this.options, this.options.args()) as R | undefined) : undefined;
    const { status, value, error } = this;
    return seed !== undefined
      ? { value: seed }
      : status == TaskStatus.COMPLETE
        ? { value }
        : status == TaskStatus.ERROR && !isAbort(error)
          ? { error, failed: this.options.failed?.() }
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
