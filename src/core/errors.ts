/**
 * How a request failed:
 * - `http`: the host answered with an error status (`status` holds it, `message` the server's text);
 * - `network`: no answer (refused, reset, DNS, CORS);
 * - `timeout`: no complete answer within the client's timeout;
 * - `abort`: the caller's AbortSignal fired;
 * - `invalid`: an answer that is not the contract's JSON (broken JSON, wrong content type, no `data`);
 * - `config`: the client has neither a host nor a host list URL.
 */
export type ServiceErrorKind = 'http' | 'network' | 'timeout' | 'abort' | 'invalid' | 'config';

/** The one error every core method rejects with; never a bare TypeError or SyntaxError. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    message: string,
    /** What went wrong, see {@link ServiceErrorKind}. */
    readonly kind: ServiceErrorKind,
    /** The client method that failed, e.g. `getTrack`. */
    readonly operation: string,
    /** The HTTP status for kind `http`, else 0. */
    readonly status = 0,
  ) {
    super(message);
  }
}

/**
 * True for a ServiceError, told by its `name`: one from another copy of the kit on the page (or
 * another realm) fails `instanceof`.
 */
export const isServiceError = (error: unknown): error is ServiceError => (error as Error | undefined)?.name == 'ServiceError';

/** True for a status that means partial content: 206, and 216 as the contract's listing spells it. */
export const isPartialContent = (status: number): boolean => status == 206 || status == 216;

/**
 * Whether asking again can help: a host that could not be reached, answered late or in a broken
 * shape, or failed (5xx, 429). Not an item the service does not have (404), nor another 4xx or a
 * bad setting, which would fail the same way again.
 */
export const isRetryable = (error: unknown): boolean => {
  const { status = 0, kind } = (error ?? {}) as { status?: number; kind?: string };
  return kind == 'network' || kind == 'timeout' || kind == 'invalid' || status >= 500 || status == 429;
};
