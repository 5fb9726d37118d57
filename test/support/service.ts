/**
 * Shared helpers for browser tests: the URLs of the run's real reference service and fake
 * host, an app name, configured clients, and an element's first error.
 */
// @ts-expect-error: a virtual module that web-test-runner.config.mjs serves with this run's URLs
import { SERVICE_URL, COMPAT_SERVICE_URL, SHORT_SERVICE_URL, FAKE_URL, DEAD_URL } from '/__service.js';
import { expect } from '@open-wc/testing';
import { createClient, ServiceError, type Client, type ClientOptions } from '../../src/core/index.js';
import type { ServiceErrorDetail } from '../../src/components/shared/service-element.js';

/**
 * Base URL of the real reference service (it lists only itself at GET /): the one in the
 * contract's shapes, or inside `eachService`, the suite's.
 */
export let serviceUrl: string = SERVICE_URL;
/** Base URL of the reference service started with `--compat production` (production's shapes). */
export const compatServiceUrl: string = COMPAT_SERVICE_URL;
/** Base URL of a reference service whose code-flow access tokens live 3 s (`--access-token-ttl 3`). */
export const shortServiceUrl: string = SHORT_SERVICE_URL;

/**
 * Defines `suite` twice: against the service in the contract's shapes and against the one in
 * production's (`--compat production`). `serviceUrl` and `serviceClient()` follow the suite; the
 * fake host's `real` stays the contract's service. Both services hold the same catalog.
 */
export function eachService(suite: () => void): void {
  for (const [name, url] of [['contract shapes', SERVICE_URL], ['production shapes', COMPAT_SERVICE_URL]] as const) {
    describe(`against the service in ${name}`, () => {
      before(() => void (serviceUrl = url));
      after(() => void (serviceUrl = SERVICE_URL));
      suite();
    });
  }
}
/** Base URL of the fake host; see test/support/fake-host.mjs for its routes. */
export const fakeUrl: string = FAKE_URL;
/** A base URL where nothing listens. */
export const deadUrl: string = DEAD_URL;
/** The app name every test request carries. */
export const appName = 'kit-tests';
/** The demo user's public id and handle in the reference data. */
export const demoUser = { id: '7eP5n', handle: 'demo' };

/** A fresh client (own cache, own host choice) on the real service, found through its host list. */
export function serviceClient(options: ClientOptions = {}): Client {
  return createClient({ appName, hostListUrl: serviceUrl + '/', cacheTtl: 0, ...options });
}

let tags = 0;
/** A fake host base URL with its own request counters, e.g. fakeHost('hang'). */
export function fakeHost(behavior: string): string {
  return `${fakeUrl}/h/${behavior}~${Date.now().toString(36)}${tags++}`;
}

/** A host list URL (on the fake host) listing these base URLs in order; `real` and `dead` name the service and a closed port. */
export const hostList = (...hosts: string[]): string => `${fakeUrl}/hosts?list=${encodeURIComponent(hosts.join(','))}`;

/** How many API requests (and probes) a fake host base received, and their paths. */
export async function fakeCount(hostBase: string): Promise<{ api: number; probes: number; paths: string[] }> {
  const seg = hostBase.slice(hostBase.lastIndexOf('/') + 1);
  const res = await fetch(`${fakeUrl}/count/${seg}`);
  return (await res.json()).data;
}

/**
 * The engine the test runs in. Only for what engines truly do differently (how they fetch media
 * when seeking, docs/reliability.md); everything else is the same test everywhere.
 */
export const browserEngine: 'chromium' | 'firefox' | 'webkit' = /\bFirefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrome\/|Chromium\//.test(navigator.userAgent) // HeadlessChrome/ too
    ? 'chromium'
    : 'webkit';

/** Resolves once the fake host base `hostBase` has received `n` API requests; fails naming them if it does not. */
export async function requestsReached(hostBase: string, n: number): Promise<void> {
  const seg = hostBase.slice(hostBase.lastIndexOf('/') + 1);
  // The fake host answers when the n-th request arrives, or after 20 s with the count it has.
  const { api } = (await (await fetch(`${fakeUrl}/count/${seg}?api=${n}`)).json()).data;
  if (api < n) throw new Error(`waiting for request ${n} at the fake host ${seg}: ${api} arrived within 20 s`);
}

/** Lets a `held` fake host answer its `n`-th API request (from 1), or all of them from now on. */
export async function release(hostBase: string, n?: number): Promise<void> {
  const seg = hostBase.slice(hostBase.lastIndexOf('/') + 1);
  await fetch(`${fakeUrl}/release/${seg}${n === undefined ? '' : `?n=${n}`}`);
}

/** Awaits `p`, expects it to reject with a ServiceError, and returns that error. */
export async function serviceError(p: Promise<unknown>): Promise<ServiceError> {
  let value: unknown;
  try {
    value = await p;
  } catch (e) {
    expect(e, String(e)).to.be.instanceOf(ServiceError);
    return e as ServiceError;
  }
  throw new Error(`expected a ServiceError, got ${JSON.stringify(value)?.slice(0, 200)}`);
}

/** A title's slug as the reference service makes it (server/catalog/slug.ts). */
export const slugify = (title: string): string =>
  title.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'untitled';

/**
 * Puts a new `tag` element with `props` on the page, waits for its first `service-error`
 * (listened for before it connects), runs `check` with the element and the event's detail, and
 * takes the element off the page again, whatever `check` does.
 */
export async function onFirstError<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
  check: (el: HTMLElementTagNameMap[K], detail: ServiceErrorDetail) => Promise<void> | void,
): Promise<void> {
  const el = Object.assign(document.createElement(tag), props);
  const event = new Promise<ServiceErrorDetail>((resolve) =>
    el.addEventListener('service-error', (e) => resolve((e as CustomEvent<ServiceErrorDetail>).detail), { once: true }),
  );
  document.body.append(el);
  try {
    await check(el, await event);
  } finally {
    el.remove();
  }
}
