import { ContextConsumer, ContextRoot, createContext } from '@lit/context';
import type { ReactiveControllerHost } from 'lit';
import type { ClientOptions } from '../core/index.js';

/**
 * The context by which a `<service-provider>` hands its configuration down to the elements
 * inside it. A registered symbol, so a provider and an element from two CDN files (each with
 * its own copy of this module and of @lit/context) still find each other.
 */
export const serviceContext = createContext<ClientOptions>(Symbol.for('service-kit.config'));

const OWN = ['appName', 'apiKey', 'hostListUrl', 'authUrl', 'host'] as const;

/** The settings in force for an element: its own configuration attributes over the provider's. */
export function settingsOf(own: ClientOptions, provided?: ClientOptions): ClientOptions {
  const merged: ClientOptions = { ...provided };
  for (const key of OWN) if (own[key]) merged[key] = own[key];
  return merged;
}

/** Marks a document whose requests a ContextRoot already keeps: one per page, whichever copy of the kit came first. */
const ROOT = Symbol.for('service-kit.context-root');

/**
 * Receives the nearest `<service-provider>`'s settings while `host` is connected, changes
 * included: @lit/context's consumer, subscribed. Whichever is defined or connected first, the
 * element or its provider: a ContextRoot on the page keeps the requests no provider answered
 * and asks again when one connects. Taken out of every provider, the element has no settings
 * handed down (`onValue({})`), where a bare consumer would keep the last ones.
 */
export class ProvidedSettings extends ContextConsumer<typeof serviceContext, ReactiveControllerHost & HTMLElement> {
  constructor(
    host: ReactiveControllerHost & HTMLElement,
    private readonly onValue: (value: ClientOptions) => void,
  ) {
    super(host, { context: serviceContext, subscribe: true, callback: onValue });
  }

  override hostConnected(): void {
    const root = this.host.ownerDocument as Document & { [ROOT]?: ContextRoot };
    if (!root[ROOT]) (root[ROOT] = new ContextRoot()).attach(root.documentElement);
    const last = this.value;
    this.value = undefined;
    super.hostConnected();
    // No provider answered (none here, or none defined yet): nothing handed down until one does.
    if (last && !this.value) this.onValue({});
  }
}
