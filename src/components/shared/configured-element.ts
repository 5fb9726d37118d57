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
 * mixin over any ReactiveElement: the login button takes it without lit-html
 * (`ConfiguredElement(ReactiveElement)`), the others with it (`ConfiguredElement(LitElement)`).
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
