import { ServiceError } from './errors.js';
import { readData, timedFetch } from './http.js';
import { safeUrl } from './config.js';

/** What host selection needs from the client's options. */
export interface HostOptions {
  host?: string;
  hostListUrl?: string;
  timeout: number;
  badHostTtl: number;
  probes: number;
  fetch?: typeof fetch;
}

/**
 * Host selection (contract 4.1): `select()` gives the host to use now; `markBad(host)` keeps
 * a host out of selection for `badHostTtl` ms (a later mark ranks lower).
 */
export type HostPicker = [select: () => Promise<string>, markBad: (host: string) => void];

const OP = 'selectHost';
const trim = (url: string) => String(url).replace(/\/+$/, '');
/** `url` when it is http(s); else a `config` error: no setting or host-list entry is used otherwise. */
const http = (url: string) => {
  if (!safeUrl(url)) throw new ServiceError('no http(s) URL: ' + url, 'config', OP);
  return url;
};

export function createHostPicker({ host, hostListUrl, timeout, badHostTtl, probes, fetch: fetcher = fetch }: HostOptions): HostPicker {
  const bad = new Map<string, number>();
  let list: Promise<string[]> | undefined;
  let current: string | undefined;
  let picking: Promise<string> | undefined;
  const isBad = (candidate: string) => bad.get(candidate)! > Date.now();
  const markBad = (failed: string) => {
    bad.set(failed, Date.now() + badHostTtl);
    if (current == failed) current = undefined;
  };

  // The host list is read once; then the first host whose GET /health_check answers below 500
  // wins. Healthy hosts race first, `probes` at a time in random order; then hosts marked bad,
  // one by one, the one whose mark ends first before the others.
  async function pick(): Promise<string> {
    // No host list, or one that is not an http(s) URL: `config`.
    const hosts = await (list ??= timedFetch(http(hostListUrl!), timeout, OP, readData(OP), undefined, fetcher).then((data) => {
      if (!Array.isArray(data) || !data[0]) throw new ServiceError('no hosts', 'invalid', OP);
      return data.map((entry) => trim(http(entry)));
    }).catch((error) => {
      list = undefined; // read it again next time
      throw error;
    }));
    const order = hosts
      .map((candidate) => [isBad(candidate) ? bad.get(candidate)! : Math.random(), candidate] as const)
      .sort((a, b) => a[0] - b[0])
      .map((ranked) => ranked[1]);
    if (!order[1]) return order[0]!;
    for (let i = 0; i < order.length; ) {
      // Healthy hosts race together; hosts marked bad are tried alone, so the last to fail comes last.
      const racers = isBad(order[i]!) ? [order[i]!] : order.slice(i, i + probes).filter((candidate) => !isBad(candidate));
      i += racers.length;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeout);
      try {
        return await Promise.any(
          racers.map((racer) =>
            fetcher(racer + '/health_check', { signal: controller.signal }).then((response) => {
              if (response.status > 499) throw 0;
              return racer;
            }),
          ),
        );
      } catch {
        racers.map(markBad); // none of this batch answered: try the next
      } finally {
        clearTimeout(timer);
        controller.abort(); // the losers
      }
    }
    throw new ServiceError('no host answered', 'network', OP);
  }

  const select = async () =>
    host
      ? trim(http(host))
      : current && !isBad(current)
        ? current
        : (picking ??= pick()
            .then((picked) => (bad.delete(picked), (current = picked)))
            .finally(() => (picking = undefined)));
  return [select, markBad];
}

/**
 * Runs `attempt` on the selected host. After a network error, a timeout, a 5xx or a malformed
 * answer the host is marked bad and, unless the host is pinned, `attempt` runs once more on another.
 */
export async function withFailover<T>([select, markBad]: HostPicker, pinned: unknown, attempt: (host: string) => Promise<T>): Promise<T> {
  for (let failed; ; ) {
    // After a failure the host is marked bad, so selection moves on to another.
    const host = await select();
    try {
      return await attempt(host);
    } catch (error) {
      const { kind, status } = error as ServiceError;
      // A 4xx is the caller's mistake, the same on every host.
      if (kind == 'abort' || (kind == 'http' && status < 500)) throw error;
      markBad(host);
      if (failed || pinned) throw error;
      failed = 1;
    }
  }
}
