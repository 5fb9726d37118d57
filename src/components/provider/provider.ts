import { html, css, type PropertyValues } from 'lit';
import { ContextProvider } from '@lit/context';
import type { ClientOptions } from '../../core/index.js';
import { ConfiguredElement } from '../shared/configured-element.js';
import { serviceContext, settingsOf } from '../shared/context.js';

/**
 * Hands its configuration down to every service element inside it. An element's own
 * attribute wins over the provider's; `configure()` is the default for elements outside any
 * provider.
 *
 * @summary Configuration for the elements inside it.
 * @slot - The elements that use this configuration.
 */
export class ServiceProvider extends ConfiguredElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  /** Answers the elements' context requests with the configuration. */
  readonly #provider = new ContextProvider(this, { context: serviceContext, initialValue: {} });

  /** The configuration handed down. */
  protected get config(): ClientOptions {
    return this.#provider.value;
  }

  protected override willUpdate(changed: PropertyValues<ServiceProvider>): void {
    // Every reactive property is a setting: any change hands the new set down.
    if (changed.size) this.#provider.setValue(settingsOf(this));
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}

// Loaded twice (say from the CDN and from npm), the first definition stays.
if (!customElements.get('service-provider')) customElements.define('service-provider', ServiceProvider);

declare global {
  interface HTMLElementTagNameMap {
    'service-provider': ServiceProvider;
  }
}
