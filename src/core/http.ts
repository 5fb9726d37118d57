import { ServiceError } from './errors.js';
import { normalize } from './shapes.js';

/**
 * One fetch under a timeout and the caller's signal; `read` runs inside the timer, so a
 * body that stalls times out too. Every failure becomes a ServiceError.
 */
export async function timedFetch<T>(
  url: string,
  ms: number,
  op: string,
  read: (res: Response) => Promise<T>,
  signal?: AbortSignal,
  fetcher: typeof fetch = fetch,
): Promise<T> {
  const c = new AbortController();
  let late = false;
  const t = setTimeout(() => ((late = true), c.abort()), ms);
  const stop = () => c.abort();
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop);
  try {
    return await read(await fetcher(url, { signal: c.signal, headers: { accept: 'application/json' } }));
  } catch (e) {
    if (e instanceof ServiceError) throw e;
    // By name: WebKit's Response.json() rejects with a DOMException named SyntaxError, not a SyntaxError.
    const kind = signal?.aborted ? 'abort' : late ? 'timeout' : (e as Error)?.name === 'SyntaxError' ? 'invalid' : 'network';
    throw new ServiceError(signal?.aborted || late ? kind : (e as Error)?.message || kind, kind, op);
  } finally {
    clearTimeout(t);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Reads a JSON answer and returns its `data`, in the kit's shapes (shapes.ts; links on the answering host): an error
 * status becomes kind `http` with the server's message; a body that is not JSON (an error named SyntaxError, mapped
 * by timedFetch), or has no
 * `data` unless `bare` allows the body itself, kind `invalid`.
 */
export const readJson =
  <T = unknown>(op: string, bare?: boolean) =>
  async (res: Response): Promise<T> => {
    if (!res.ok) {
      const body = await res.json().catch(() => 0);
      throw new ServiceError(body?.error || body?.message || 'HTTP ' + res.status, 'http', op, res.status);
    }
    const body = await res.json();
    const data = body?.data ?? (bare ? body : undefined);
    if (data === undefined) throw new ServiceError('no data', 'invalid', op);
    return normalize(data, res.url);
  };

/** Settles like `p`, or rejects with kind `abort` as soon as `signal` fires (then calls `onAbort`). */
export function abortable<T>(p: Promise<T>, op: string, signal?: AbortSignal, onAbort?: () => void): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      onAbort?.();
      reject(new ServiceError('aborted', 'abort', op));
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
