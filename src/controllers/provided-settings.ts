import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClientOptions } from '../core/index.js';

/**
 * The context (protocol of the Web Components Community Group, as @lit/context speaks it) by
 * which a `<service-provider>` hands its configuration down to the elements inside it. A
 * registered symbol, so a provider and an element from two CDN files (each with its own copy
 * of this module) still find each other.
 */
export const serviceContext = Symbol.for('service-kit.config');

const OWN = ['appName', 'apiKey', 'hostListUrl', 'authUrl', 'host'] as const;

/** The settings in force for an element: its own configuration attributes over the provider's. */
export function settingsOf(own: ClientOptions, provided?: ClientOptions): ClientOptions {
  const merged: ClientOptions = { ...provided };
  for (const key of OWN) if (own[key]) merged[key] = own[key];
  return merged;
}

/** What a provider calls with the settings, and with how to stop hearing of them. */
export type SettingsCallback = (value: ClientOptions, unsubscribe?: () => void) => void;

/**
 * Elements whose request no provider answered: there may be none, or it may not be defined yet
 * (a later module or CDN file, server HTML upgraded out of order). They ask again whenever a
 * provider connects, as @lit/context's ContextRoot has them do; the nearest one answers.
 */
const waiting = new Set<ProvidedSettings>();
let listening = false;

/**
 * Receives the nearest `<service-provider>`'s settings while `host` is connected, changes
 * included: the context protocol's request, as @lit/context's ContextConsumer sends it, in a
 * fraction of its bytes. Whichever is defined or connected first, the element or its provider.
 */
export class ProvidedSettings implements ReactiveController {
  private unsubscribe?: () => void;
  /** Whether the settings last handed on came from a provider: taken out of it, the element has none. */
  private provided = false;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly onValue: (value: ClientOptions) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    let answered = false;
    const callback: SettingsCallback = (value, unsubscribe) => {
      answered = this.provided = true;
      waiting.delete(this);
      // A provider that moved or changed hands: stop hearing from the old one.
      if (unsubscribe !== this.unsubscribe) this.unsubscribe?.();
      this.unsubscribe = unsubscribe;
      this.onValue(value);
    };
    const request = { context: serviceContext, contextTarget: this.host, callback, subscribe: true };
    this.host.dispatchEvent(Object.assign(new Event('context-request', { bubbles: true, composed: true }), request));
    if (answered) return;
    if (this.provided) {
      this.provided = false;
      this.onValue({});
    }
    waiting.add(this);
    if (listening) return;
    listening = true;
    // A provider's arrival reaches the document unless a provider around it took it (and re-asked its own elements).
    document.addEventListener('context-provider', (event) => {
      if ((event as Event & { context?: unknown }).context === serviceContext) for (const consumer of [...waiting]) consumer.hostConnected();
    });
  }

  hostDisconnected(): void {
    waiting.delete(this);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
