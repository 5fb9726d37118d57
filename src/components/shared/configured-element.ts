import { LitElement, type PropertyDeclarations } from 'lit';

/**
 * The configuration attributes, shared by `<service-provider>` and every data element: which
 * app asks, and where the service is.
 */
export class ConfiguredElement extends LitElement {
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
}
