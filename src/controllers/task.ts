import { notEqual, type ReactiveController, type ReactiveControllerHost } from 'lit';

/** A task's state: before its first run (or when it gave `initialState`), running, done, failed. */
export const TaskStatus = { INITIAL: 0, PENDING: 1, COMPLETE: 2, ERROR: 3 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** What a task function gives back to say it has nothing to do: the task goes back to INITIAL. */
export const initialState = Symbol();

export interface TaskOptions<A extends readonly unknown[], R> {
  // Methods, not function properties: a task of narrower args still passes as a task of wider ones.
  args(): A;
  task(args: A, options: { signal: AbortSignal }): Promise<R | typeof initialState>;
  onError?(error: unknown): void;
}

/**
 * The part of `@lit/task` the data elements use, in fewer bytes: runs before each host update
 * whose args differ (shallowly, as Lit compares properties) from the last run's, aborts a run a
 * newer one replaces, and keeps only the newest run's outcome.
 */
export class Task<A extends readonly unknown[], R> implements ReactiveController {
  status: TaskStatus = TaskStatus.INITIAL;
  value?: R;
  error?: unknown;
  #args?: A;
  #run = 0;
  #abort?: AbortController;
  #complete?: Promise<R>;
  #settle?: [(value: R) => void, (error: unknown) => void];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: TaskOptions<A, R>,
  ) {
    host.addController(this);
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
    const args = this.options.args();
    const last = this.#args;
    if (!last || last.length != args.length || args.some((value, i) => notEqual(value, last[i]))) void this.run(args);
  }

  async run(args = this.options.args()): Promise<void> {
    this.#args = args;
    if (this.status == TaskStatus.PENDING) this.#abort?.abort();
    else this.#complete = this.#settle = undefined;
    this.status = TaskStatus.PENDING;
    this.host.requestUpdate();
    const run = ++this.#run;
    const signal = (this.#abort = new AbortController()).signal;
    let result: R | typeof initialState | undefined;
    let error: unknown;
    let failed = false;
    try {
      result = await this.options.task(args, { signal });
    } catch (e) {
      failed = true;
      error = e;
    }
    if (run != this.#run) return;
    if (result === initialState) {
      this.status = TaskStatus.INITIAL;
    } else {
      if (failed) {
        try {
          this.options.onError?.(error);
        } catch {
          // A failing error handler does not change the outcome.
        }
      }
      this.status = failed ? TaskStatus.ERROR : TaskStatus.COMPLETE;
      if (failed) this.#settle?.[1](error);
      else this.#settle?.[0](result as R);
      this.value = result as R;
      this.error = error;
    }
    this.host.requestUpdate();
  }

  abort(reason?: unknown): void {
    if (this.status == TaskStatus.PENDING) this.#abort?.abort(reason);
  }
}
