import { isServiceError, ServiceError } from './errors.js';
import { normalize } from './shapes.js';

/**
 * One fetch under a timeout and the caller's signal; `read` runs inside the timer, so a
 * body that stalls times out too. Every failure becomes a ServiceError. `init` gives a
 * write's method, headers and body (transport.ts); by default a GET asking for JSON.
 */
export async function timedFetch<T>(
  url: string,
  ms: number,
  operation: string,
  read: (response: Response) => Promise<T>,
  signal?: AbortSignal,
  fetcher: typeof fetch = fetch,
  init: RequestInit = { headers: { accept: 'application/json' } },
): Promise<T> {
  const controller = new AbortController();
  let late = false;
  const timer = setTimeout(() => ((late = true), controller.abort()), ms);
  const stop = () => controller.abort();
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop);
  try {
    return await read(await fetcher(url, { ...init, signal: controller.signal }));
  } catch (error) {
    if (isServiceError(error)) throw error;
    // By name: WebKit's Response.json() rejects with a DOMException named SyntaxError, not a SyntaxError.
    const kind = signal?.aborted ? 'abort' : late ? 'timeout' : (error as Error)?.name === 'SyntaxError' ? 'invalid' : 'network';
    throw new ServiceError(kind == 'timeout' ? `no answer within ${ms} ms` : kind == 'abort' ? kind : (error as Error)?.message || kind, kind, operation);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Reads a JSON answer and returns its `data` as it came: an error status becomes kind `http` with
 * the server's message; a body that is not JSON (an error named SyntaxError, mapped by timedFetch),
 * or has no `data` unless `bare` allows the body itself, kind `invalid`.
 */
export const readData =
  <T = unknown>(operation: string, bare?: boolean) =>
  async (response: Response): Promise<T> => {
    if (!response.ok) {
      const body = await response.json().catch(() => 0);
      // OAuth's endpoints explain in `error_description` (RFC 6749 5.2); the catalog in `error`.
      throw new ServiceError(body?.error_description || body?.error || body?.message || 'HTTP ' + response.status, 'http', operation, response.status);
    }
    const body = await response.json();
    const data = body?.data ?? (bare ? body : undefined);
    if (data === undefined) throw new ServiceError('no data', 'invalid', operation);
    return data;
  };

/** {@link readData} in the kit's shapes (shapes.ts; links on the answering host): how the catalog's answers are read. */
export const readJson =
  <T = unknown>(operation: string, bare?: boolean) =>
  async (response: Response): Promise<T> =>
    normalize(await readData<T>(operation, bare)(response), response.url);

/** Settles like `promise`, or rejects with kind `abort` as soon as `signal` fires (then calls `onAbort`). */
export function abortable<T>(promise: Promise<T>, operation: string, signal?: AbortSignal, onAbort?: () => void): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      onAbort?.();
      reject(new ServiceError('aborted', 'abort', operation));
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
