import { css, ReactiveElement, type PropertyValues } from '@lit/reactive-element';
import { ContextProvider } from '@lit/context';
import type { ClientOptions } from '../../core/index.js';
import { ConfiguredElement, define } from '../shared/configured-element.js';
import { serviceContext, settingsOf } from '../../controllers/provided-settings.js';

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

  // @lit/context's provider: it answers the elements' requests, and hands a provider that arrives inside this one the elements it is nearer to.
  readonly #context = new ContextProvider(this, { context: serviceContext, initialValue: {} });

  /** The configuration handed down. */
  protected get config(): ClientOptions {
    return this.#context.value;
  }

  protected override willUpdate(changed: PropertyValues<ServiceProvider>): void {
    // Every reactive property is a setting: any change hands the new set down.
    if (!changed.size) return;
    this.#context.setValue(settingsOf(this));
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
