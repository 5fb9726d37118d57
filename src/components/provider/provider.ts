import { LitElement, html, css, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { provide } from '@lit/context';
import type { ClientOptions } from '../../core/index.js';
import { serviceContext } from '../shared/context.js';

/**
 * Hands its configuration down to every service element inside it. An element's own
 * attribute wins over the provider's; `configure()` is the default for elements outside any
 * provider.
 *
 * @summary Configuration for the elements inside it.
 * @slot - The elements that use this configuration.
 */
@customElement('service-provider')
export class ServiceProvider extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  /** The application's name, sent as `app_name`. */
  @property({ attribute: 'app-name' }) appName?: string;
  /** The application's API key. */
  @property({ attribute: 'api-key' }) apiKey?: string;
  /** Where the list of API hosts is read. */
  @property({ attribute: 'host-list-url' }) hostListUrl?: string;
  /** Origin of the login prompt page. */
  @property({ attribute: 'auth-url' }) authUrl?: string;
  /** Pins one API host, skipping host selection. */
  @property() host?: string;

  @provide({ context: serviceContext })
  protected config: ClientOptions = {};

  protected override willUpdate(changed: PropertyValues<ServiceProvider>): void {
    const keys = ['appName', 'apiKey', 'hostListUrl', 'authUrl', 'host'] as const;
    if (keys.some((key) => changed.has(key))) {
      this.config = {
        appName: this.appName,
        apiKey: this.apiKey,
        hostListUrl: this.hostListUrl,
        authUrl: this.authUrl,
        host: this.host,
      };
    }
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'service-provider': ServiceProvider;
  }
}
