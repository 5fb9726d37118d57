/**
 * How a server render hands its data to the browser: a `<script type="application/json"
 * data-service-seed>` in the element's light DOM (not rendered: the elements have no slot),
 * holding `{ "<operation><args as JSON>": answer }` for each of the element's data tasks.
 * Shared by service-kit/ssr (writes it) and hydrate.js (reads it); the elements only call the
 * page's hook, `globalThis[Symbol.for('service-kit.seed')]` (see DataTask).
 */
export const SEED = Symbol.for('service-kit.seed');
export const SEED_ATTRIBUTE = 'data-service-seed';

/** One task's key: its operation and its arguments (undefined as null, as JSON has it). */
export const seedKey = (operation: string, args: readonly unknown[]): string => operation + JSON.stringify(args);

/** JSON that is safe inside a script element: it cannot end the element early (`<`, `>`, `&` and the line separators are escaped). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The seed script of an element's answers. */
export const seedScript = (seeds: Record<string, unknown>): string => `<script type="application/json" ${SEED_ATTRIBUTE}>${scriptJson(seeds)}</script>`;
