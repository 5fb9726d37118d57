import type { PropertyDeclarations, ReactiveElement } from '@lit/reactive-element';
import type { ClientOptions } from '../../core/config.js';

// A mixin's base is a class whose constructor takes `any[]` (TypeScript's rule for mixins).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ElementClass<T = ReactiveElement> = abstract new (...args: any[]) => T;
/** The mixin's base: an element class with the public statics of Lit the mixin reads. */
type ReactiveClass = ElementClass & Pick<typeof ReactiveElement, 'observedAttributes' | 'elementProperties'>;

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
export const ConfiguredElement = <Base extends ReactiveClass>(base: Base): ElementClass<Configured> & Base => {
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
     * element, the property and the value, and the property takes its default. Done when the element
     * is defined: reading `observedAttributes` finalizes the class (Lit's documented hook), then the
     * accessors Lit made are wrapped (overriding createProperty or getPropertyDescriptor would do it
     * too, but Lit's dev mode warns that those overrides are deprecated).
     * @internal
     */
    static override get observedAttributes(): string[] {
      const attributes = super.observedAttributes;
      for (const [name, { type }] of this.elementProperties) {
        if (type === Number || type === Boolean) convertOnSet(this.prototype, name, type);
      }
      return attributes;
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

/** The setters {@link convertOnSet} made: a subclass defined later, or a second read of observedAttributes, leaves them. */
const converting = new WeakSet<object>();

/**
 * Puts a setter that converts to `type` in front of the accessor Lit made for `name` on `proto` or
 * the parent element's prototype that holds it (the mixin's bases, ReactiveElement and LitElement,
 * declare no properties).
 */
function convertOnSet(proto: object, name: PropertyKey, type: unknown): void {
  let owner: object | null = proto;
  while (owner && !Object.hasOwn(owner, name)) owner = Reflect.getPrototypeOf(owner);
  const descriptor = owner ? Object.getOwnPropertyDescriptor(owner, name) : undefined;
  const set = descriptor?.set;
  if (!owner || !set || converting.has(set)) return;
  const convert = function (this: HTMLElement, value: unknown) {
    set.call(this, typed(this, name, type, value));
  };
  converting.add(convert);
  Object.defineProperty(owner, name, { ...descriptor, set: convert });
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
