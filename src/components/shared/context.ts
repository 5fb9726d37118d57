import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Context } from '@lit/context';
import type { ClientOptions } from '../../core/index.js';

/**
 * Configuration a `<service-provider>` hands down to the elements inside it (what
 * `createContext()` returns). A registered symbol, so a provider and an element from two CDN
 * bundles (each with its own copy of this module) still find each other.
 */
export const serviceContext = Symbol.for('service-kit.config') as Context<symbol, ClientOptions>;

const OWN = ['appName', 'apiKey', 'hostListUrl', 'authUrl', 'host'] as const;

/** The settings in force for an element: its own configuration attributes over the provider's. */
export function settingsOf(own: ClientOptions, provided?: ClientOptions): ClientOptions {
  const merged: ClientOptions = { ...provided };
  for (const key of OWN) if (own[key]) merged[key] = own[key];
  return merged;
}

/**
 * Receives the nearest `<service-provider>`'s settings while `host` is connected, changes
 * included: the context protocol's request, as @lit/context's ContextConsumer sends it, in a
 * fraction of its bytes (the login button's page loads no @lit/context at all).
 */
export class ProvidedSettings implements ReactiveController {
  private unsubscribe?: () => void;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly onValue: (value: ClientOptions) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const callback = (value: ClientOptions, unsubscribe?: () => void) => {
      // A provider that moved or changed hands: stop hearing from the old one.
      if (unsubscribe !== this.unsubscribe) this.unsubscribe?.();
      this.unsubscribe = unsubscribe;
      this.onValue(value);
    };
    const request = { context: serviceContext, contextTarget: this.host, callback, subscribe: true };
    this.host.dispatchEvent(Object.assign(new Event('context-request', { bubbles: true, composed: true }), request));
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
