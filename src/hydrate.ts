/**
 * Hydration for elements that arrive server-rendered (service-kit/ssr): Lit's hydration support
 * (it must run before Lit itself loads, so import this module before any element) and the
 * page's seed hook, which hands each element the data its server render embedded, so it
 * hydrates in place with no request. Elements that arrive plain are not affected.
 * The CDN's all-hydrate.js is this module and every element in one file.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { SEED, SEED_ATTRIBUTE, seedKey } from './ssr/seeds.js';
import type { SeedHook } from './controllers/data-task.js';

const parsed = new WeakMap<Element, Record<string, unknown>>();

/** The answers embedded in `host`'s seed script; none when it has none or it is not JSON. */
function seedsOf(host: Element): Record<string, unknown> {
  const script = host.querySelector(`:scope > script[${SEED_ATTRIBUTE}]`);
  if (!script) return {};
  let seeds = parsed.get(script);
  if (!seeds) {
    try {
      const value: unknown = JSON.parse(script.textContent ?? '');
      seeds = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    } catch {
      seeds = {};
    }
    parsed.set(script, seeds);
  }
  return seeds;
}

const hook: SeedHook = (host, task, args) => (host.hasUpdated ? undefined : (seedsOf(host)[seedKey(task.operation, args)] ?? undefined));
(globalThis as Record<symbol, SeedHook>)[SEED] = hook;
