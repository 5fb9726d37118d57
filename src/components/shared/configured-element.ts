import type { PropertyDeclarations, ReactiveElement } from '@lit/reactive-element';
import type { ClientOptions } from '../../core/config.js';

// A mixin's base is a class whose constructor takes `any[]` (TypeScript's rule for mixins).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ElementClass<T = ReactiveElement> = abstract new (...args: any[]) => T;

/** The detail type of a custom event declared in `GlobalEventHandlersEventMap`. */
export type EventDetail<K extends keyof GlobalEventHandlersEventMap> = GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/** What {@link ConfiguredElement} adds to an element: the configuration attributes and `emit`. */
export type Configured = Pick<ClientOptions, 'appName' | 'apiKey' | 'hostListUrl' | 'authUrl' | 'host'> & {
  emit<K extends keyof GlobalEventHandlersEventMap>(name: K, detail: EventDetail<K>): boolean;
};

/**
 * The configuration attributes, shared by `<service-provider>`, the login button and every data
 * element (which app asks, and where the service is), and the elements' one event helper. A
 * mixin over any ReactiveElement: the provider, which draws nothing, takes it without lit-html
 * (`ConfiguredElement(ReactiveElement)`), the elements with it (`ConfiguredElement(LitElement)`).
 */
export const ConfiguredElement = <Base extends ElementClass>(base: Base): ElementClass<Configured> & Base => {
  abstract class ConfiguredElement extends base {
    static properties: PropertyDeclarations = {
      appName: { attribute: 'app-name' },
      apiKey: { attribute: 'api-key' },
      hostListUrl: { attribute: 'host-list-url' },
      authUrl: { attribute: 'auth-url' },
      host: {},
    };

    /** The application's name, sent as `app_name`. */
    appName?: string;
    /** The application's API key (needed to log in). */
    apiKey?: string;
    /** Where the list of API hosts is read. */
    hostListUrl?: string;
    /** Origin of the login prompt page; the API host when unset. */
    authUrl?: string;
    /** Pins one API host, skipping host selection. */
    host?: string;

    /**
     * Frameworks (Vue, Svelte, React 19) set properties, not attributes: a number or boolean
     * property takes the string forms too ("5", "true", "false"). What is neither warns, naming the
     * element, the property and the value, and the property takes its default. Done once the class
     * is finalized, by wrapping the accessors Lit made (overriding getPropertyDescriptor would do it
     * too, but Lit's dev mode warns that the override is deprecated).
     * @internal
     */
    static finalize(): void {
      // Lit's finalize is protected, and a mixin's base type carries no statics: call it by hand.
      (base as unknown as { finalize(this: unknown): void }).finalize.call(this);
      const element = this as unknown as typeof ReactiveElement;
      for (const [name, { type }] of element.elementProperties) {
        if (type === Number || type === Boolean) convertOnSet(element.prototype, name, type);
      }
    }

    /**
     * Dispatches a bubbling, composed, cancelable event with a typed detail; false when a listener
     * cancelled it. Public only because a mixin's type cannot carry a protected member.
     * @internal
     */
    emit<K extends keyof GlobalEventHandlersEventMap>(name: K, detail: EventDetail<K>): boolean {
      return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
    }
  }
  return ConfiguredElement;
};

/**
 * Defines an element unless its tag name is taken: loaded twice (say from the CDN and from npm),
 * the first definition stays.
 */
export function define(name: string, element: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, element);
}

/** The setters {@link convertOnSet} made: finalize runs again (Lit calls it more than once), and leaves them. */
const converting = new WeakSet<object>();

/**
 * Puts a setter that converts to `type` in front of the accessor Lit made for `name` on `proto`.
 * An inherited one is a parent element's, converted by its own finalize (the mixin's bases,
 * ReactiveElement and LitElement, declare no properties).
 */
function convertOnSet(proto: object, name: PropertyKey, type: unknown): void {
  const descriptor = Object.getOwnPropertyDescriptor(proto, name);
  const set = descriptor?.set;
  if (!set || converting.has(set)) return;
  const convert = function (this: HTMLElement, value: unknown) {
    set.call(this, typed(this, name, type, value));
  };
  converting.add(convert);
  Object.defineProperty(proto, name, { ...descriptor, set: convert });
}

/** `value` as the property's type (Number or Boolean), from the string forms too; else a warning and the default. */
function typed(el: HTMLElement, name: PropertyKey, type: unknown, value: unknown): unknown {
  if (value == null) return value;
  const text = typeof value == 'string' ? value.trim() : undefined;
  const converted =
    type === Number ? (text ? Number(text) : value) : text === 'true' || text === '' ? true : text === 'false' ? false : value;
  if (type === Number ? Number.isFinite(converted) : typeof converted == 'boolean') return converted;
  // A new element of the class holds the default (its field initializers ran; nothing connected it).
  const fallback = (new (el.constructor as new () => Record<PropertyKey, unknown>)())[name];
  console.warn(`<${el.localName}> ${String(name)}: ${typeof value == 'string' ? JSON.stringify(value) : String(value)} is not a ${type === Number ? 'number' : 'boolean'}; using ${String(fallback)}.`);
  return fallback;
}
