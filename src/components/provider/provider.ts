import { css, ReactiveElement, type PropertyValues } from '@lit/reactive-element';
import type { ClientOptions } from '../../core/index.js';
import { ConfiguredElement, define } from '../shared/configured-element.js';
import { serviceContext, settingsOf, type SettingsCallback } from '../../controllers/provided-settings.js';

/** A context-protocol event for the service's settings, as @lit/context sends it. */
const contextEvent = (type: 'context-request' | 'context-provider', target: EventTarget, more: object = {}): Event =>
  Object.assign(new Event(type, { bubbles: true, composed: true }), { context: serviceContext, contextTarget: target, ...more });

/** A context-protocol event (`context-request` or `context-provider`), as it arrives. */
type ContextEvent = Event & { context?: unknown; contextTarget?: EventTarget; callback?: SettingsCallback; subscribe?: boolean };

/**
 * Hands its configuration down to every service element inside it. An element's own
 * attribute wins over the provider's; `configure()` is the default for elements outside any
 * provider.
 *
 * @summary Configuration for the elements inside it.
 * @slot - The elements that use this configuration.
 */
export class ServiceProvider extends ConfiguredElement(ReactiveElement) {
  // A ReactiveElement: its one node, the slot, needs no lit-html.
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  #value: ClientOptions = {};
  /** The elements that hear of changes: their callback, where they asked from, how they stop. */
  readonly #subscribers = new Map<SettingsCallback, [EventTarget, () => void]>();

  constructor() {
    super();
    // The context protocol's provider side, as @lit/context's ContextProvider answers it.
    this.addEventListener('context-request', (event: ContextEvent) => {
      const target = event.contextTarget ?? event.composedPath()[0]!;
      const callback = event.callback;
      if (event.context !== serviceContext || target === this || typeof callback != 'function') return;
      event.stopPropagation();
      if (!event.subscribe) return callback(this.#value);
      let entry = this.#subscribers.get(callback);
      if (!entry) this.#subscribers.set(callback, (entry = [target, () => this.#subscribers.delete(callback)]));
      callback(this.#value, entry[1]);
    });
    // A provider that arrived inside this one: every element asks again, and the nearest answers.
    this.addEventListener('context-provider', (event: ContextEvent) => {
      if (event.context !== serviceContext || (event.contextTarget ?? event.composedPath()[0]) === this) return;
      event.stopPropagation();
      for (const [callback, [target]] of [...this.#subscribers]) target.dispatchEvent(contextEvent('context-request', target, { callback, subscribe: true }));
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.dispatchEvent(contextEvent('context-provider', this));
  }

  /** The configuration handed down. */
  protected get config(): ClientOptions {
    return this.#value;
  }

  protected override willUpdate(changed: PropertyValues<ServiceProvider>): void {
    // Every reactive property is a setting: any change hands the new set down.
    if (!changed.size) return;
    this.#value = settingsOf(this);
    for (const [callback, [, unsubscribe]] of this.#subscribers) callback(this.#value, unsubscribe);
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    root.append(document.createElement('slot'));
    return root;
  }
}

define('service-provider', ServiceProvider);

declare global {
  interface HTMLElementTagNameMap {
    'service-provider': ServiceProvider;
  }
}
