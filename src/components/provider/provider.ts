import { LitElement, html, css, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ContextProvider } from '@lit/context';
import type { ClientOptions } from '../../core/index.js';
import { serviceContext, settingsOf } from '../shared/context.js';

/**
 * Hands its configuration down to every service element inside it. An element's own
 * attribute wins over the provider's; `configure()` is the default for elements outside any
 * provider.
 *
 * @summary Configuration for the elements inside it.
 * @slot - The elements that use this configuration.
 */
export class ServiceProvider extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;
  static override properties: PropertyDeclarations = {
    appName: { attribute: 'app-name' },
    apiKey: { attribute: 'api-key' },
    hostListUrl: { attribute: 'host-list-url' },
    authUrl: { attribute: 'auth-url' },
    host: {},
  };

  /** The application's name, sent as `app_name`. */
  appName?: string;
  /** The application's API key. */
  apiKey?: string;
  /** Where the list of API hosts is read. */
  hostListUrl?: string;
  /** Origin of the login prompt page. */
  authUrl?: string;
  /** Pins one API host, skipping host selection. */
  host?: string;

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
