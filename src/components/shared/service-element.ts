import { LitElement, type PropertyDeclarations } from 'lit';
import type { Client, ClientOptions, ServiceErrorKind } from '../../core/index.js';
import { clientFor } from '../../core/client.js';
import { ConfiguredElement } from './configured-element.js';
import { ProvidedSettings, settingsOf } from '../../controllers/provided-settings.js';
import { Language } from '../../controllers/language.js';

/** Detail of every `service-error` event. */
export interface ServiceErrorDetail {
  message: string;
  /** HTTP status, or 0 when no answer came (network, timeout). */
  status: number;
  /** The client operation that failed, e.g. `getTrack`. */
  operation: string;
  /** Why, as the core's ServiceError says: `http`, `network`, `timeout`, `invalid`, `config` (`invalid` for any other failure). */
  kind: ServiceErrorKind;
}

/**
 * What every data element shares: the configuration attributes and the typed event helper
 * (ConfiguredElement; its own attributes win over a `<service-provider>`'s, which win over
 * `configure()`), the client they select and a theme attribute.
 */
export class ServiceElement extends ConfiguredElement(LitElement) {
  static override properties: PropertyDeclarations = {
    theme: { reflect: true },
    provided: { state: true },
  };

  /** `light` (the default), `dark`, or `auto`: the reader's system setting (`prefers-color-scheme`). */
  theme?: 'light' | 'dark' | 'auto';

  /**
   * The language the element speaks (`fr`, `pt-BR`); unset, its nearest ancestor's `lang`, else
   * `<html lang>`, else English. Load its translation first (service-kit/translations/<code>).
   */
  declare lang: string;

  protected provided?: ClientOptions;

  /**
   * The element's language and its strings in it (`i18n.t`), read once per update.
   * @internal
   */
  readonly i18n: Language = new Language(this);

  constructor() {
    super();
    new ProvidedSettings(this, (value) => (this.provided = value));
  }

  /** The settings in force: own attributes over the provider's. */
  protected get settings(): ClientOptions {
    return settingsOf(this, this.provided);
  }

  /** The client for this element's settings, shared with every element that has the same. */
  get client(): Client {
    return clientFor(this.settings);
  }

  /** Reports a failure as a `service-error` event; never throws. */
  emitError(error: unknown, operation = 'unknown'): void {
    const failure = error as { message?: string; status?: number; operation?: string; kind?: ServiceErrorKind };
    this.emit('service-error', {
      message: typeof failure?.message === 'string' ? failure.message : String(error),
      status: typeof failure?.status === 'number' ? failure.status : 0,
      operation: typeof failure?.operation === 'string' ? failure.operation : operation,
      kind: typeof failure?.kind === 'string' ? failure.kind : 'invalid',
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-error': CustomEvent<ServiceErrorDetail>;
  }
}
