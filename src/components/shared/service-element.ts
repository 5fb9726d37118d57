import type { PropertyDeclarations } from 'lit';
import type { Client, ClientOptions } from '../../core/index.js';
import { clientFor } from './client-for.js';
import { ConfiguredElement } from './configured-element.js';
import { ProvidedSettings, settingsOf } from '../../controllers/provided-settings.js';

/** Detail of every `service-error` event. */
export interface ServiceErrorDetail {
  message: string;
  /** HTTP status, or 0 when no answer came (network, timeout). */
  status: number;
  /** The client operation that failed, e.g. `getTrack`. */
  operation: string;
}

/**
 * What every element shares: the configuration attributes (its own win over a
 * `<service-provider>`'s, which win over `configure()`), the client they select, a theme
 * attribute and a typed event helper.
 */
export class ServiceElement extends ConfiguredElement {
  static override properties: PropertyDeclarations = {
    theme: { reflect: true },
    provided: { state: true },
  };

  /** `light` or `dark`; follows `prefers-color-scheme` when unset. */
  theme?: 'light' | 'dark';

  protected provided?: ClientOptions;

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

  /** Dispatches a bubbling, composed event with a typed detail. */
  protected emit<K extends keyof GlobalEventHandlersEventMap>(
    name: K,
    detail: GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never,
  ): boolean {
    return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
  }

  /** Reports a failure as a `service-error` event; never throws. */
  emitError(error: unknown, operation = 'unknown'): void {
    const e = error as { message?: string; status?: number; operation?: string };
    this.emit('service-error', {
      message: typeof e?.message === 'string' ? e.message : String(error),
      status: typeof e?.status === 'number' ? e.status : 0,
      operation: typeof e?.operation === 'string' ? e.operation : operation,
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-error': CustomEvent<ServiceErrorDetail>;
  }
}
