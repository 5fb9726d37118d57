import { ReactiveElement, type PropertyDeclarations, type PropertyValues } from '@lit/reactive-element';
import type { ClientOptions, LoginProfile } from '../../core/index.js';
import { login } from '../../core/login/login.js';
import { fail, failed, type AuthClient, type LoginErrorReason, type LoginFlow, type LoginResult, type LoginScope, type TokenStorage } from '../../core/login/shared.js';
import { authClientFor } from '../../core/login/client.js';
import { ConfiguredElement, define } from '../shared/configured-element.js';
import { ProvidedSettings, settingsOf } from '../../controllers/provided-settings.js';
import { loginButtonStyles } from './login-button.styles.js';
import { listen } from '../../core/i18n/registry.js';
import { lookup } from '../../core/i18n/translate.js';
import { langAsked } from '../../controllers/language.js';

/** Detail of `service-login-success`. */
export interface LoginSuccessDetail {
  /**
   * JWT flow: the profile as the verify endpoint returned it (contract 2.7), email included.
   * Code flow: the same shape from `/v1/me`, without `email` and `iat`.
   */
  profile: LoginProfile;
  /** JWT flow: the login JWT, for the app's own server to verify again. Code flow: the access token (the session keeps and refreshes it). */
  token: string;
}

/** Detail of `service-login-error`. */
export interface LoginErrorDetail {
  message: string;
  /** A stable code: `closed`, `blocked`, `cancelled`, `network`, `config`; JWT flow `state-mismatch`, `invalid-token`; code flow `state`, `exchange`. */
  reason: LoginErrorReason;
}

/** The button's text when `custom-text` is not set. */
export const DEFAULT_TEXT = 'Continue with Service';
/** The status line's text while the login is under way. @internal */
export const BUSY_TEXT = 'Waiting for the login window';
/** The id of the button inside the element. @internal */
export const BUTTON_ID = 'service-login-button';
/** The logo's path (24 × 24). @internal */
export const LOGO_PATH = 'M12 2.5 1.5 20.5h21zm0 6.2 4.8 8.3H7.2z';

/**
 * A "Continue with Service" button: opens the login prompt in a popup (or, with
 * `redirect-uri`, by redirect), verifies the token and reports the user's profile.
 * With `flow="code"` it logs in with an authorization code and PKCE instead, to the app's
 * `redirect-uri`, and starts the page's session (bearer tokens, refreshed; see `getSession()`).
 * It draws itself at once, with no request; nothing is fetched until it is clicked.
 *
 * @summary Log in with the service.
 * @fires service-login-success - The user logged in. Detail: `{ profile, token }`, the profile from the verify endpoint (code flow: from `/v1/me`, no email).
 * @fires service-login-error - The login failed or was abandoned. Detail: `{ message, reason }`.
 * @csspart button - The button.
 * @csspart logo - The service's logo in the button.
 * @csspart label - The button's text.
 * @cssproperty [--service-accent=#6a14b8] - The button's background (dark: `#c58cff`).
 * @cssproperty [--service-on-accent=#fff] - The button's text and logo colour (dark: `#17101f`).
 * @cssproperty [--service-radius=4px] - Corner radius when `corners` is `default`.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceLoginButton extends ConfiguredElement(ReactiveElement) {
  static override styles = loginButtonStyles;
  // Not ServiceElement, no decorators and no lit-html (it draws its few nodes itself, see update):
  // the button's whole module graph has a 10 KB budget. ConfiguredElement brings the configuration attributes. A server render (service-kit/ssr) draws
  // the same nodes (src/ssr/login-button.ts), and the button takes them over as they are.
  static override properties: PropertyDeclarations = {
    scope: { reflect: true },
    size: { reflect: true },
    corners: { reflect: true },
    customText: { attribute: 'custom-text' },
    fullWidth: { type: Boolean, reflect: true, attribute: 'full-width' },
    disabled: { type: Boolean, reflect: true },
    redirectUri: { attribute: 'redirect-uri' },
    responseMode: { attribute: 'response-mode' },
    display: {},
    flow: { reflect: true },
    tokenStorage: { attribute: 'token-storage' },
    theme: { reflect: true },
    busy: { state: true },
  };

  /** `read` (default) or `write`: what the app asks the user for. */
  scope: LoginScope = 'read';
  /** `small` (20 px high), `medium` (28 px, default) or `large` (40 px). */
  size: 'small' | 'medium' | 'large' = 'medium';
  /** `default` (slightly rounded) or `pill`. */
  corners: 'default' | 'pill' = 'default';
  /** Text instead of "Continue with Service"; always shown as text, never as HTML. */
  customText?: string;
  /** Fills the width of its container. */
  fullWidth = false;
  /** Turns the button off. */
  disabled = false;
  /** JWT flow: an http(s) URL to log in by full-page redirect back to, instead of a popup. Code flow (required): the app's registered redirect page. */
  redirectUri?: string;
  /** Where the answer comes back: `fragment` (the JWT flow's default) or `query` (the code flow's). */
  responseMode?: 'fragment' | 'query';
  /** `popup` or `fullScreen`: how the prompt page lays itself out; in the code flow, `fullScreen` logs in by full-page redirect. */
  display?: 'popup' | 'fullScreen';
  /** `jwt` (default): the contract's login, a JWT checked with the verify endpoint; `code`: authorization code with PKCE, as production logs in now. */
  flow?: LoginFlow;
  /** Code flow: where the tokens are kept, `memory` (default), `session` (sessionStorage) or `local` (localStorage; any script on the page can read them). */
  tokenStorage?: TokenStorage;
  /** `light` (the default), `dark`, or `auto`: the reader's system setting (`prefers-color-scheme`), as every element. */
  theme?: 'light' | 'dark' | 'auto';
  /**
   * The language of its text (`fr`, `pt-BR`); unset, its nearest ancestor's `lang`, else
   * `<html lang>`, else English. Load its translation too (service-kit/translations/<code>).
   */
  declare lang: string;
  /** True while the prompt is open and the token is being verified. */
  protected busy = false;
  /** Stops re-rendering on the page's language changes and translations. */
  #forget?: () => void;

  /** A `<service-provider>`'s settings. */
  private provided?: ClientOptions;

  constructor() {
    super();
    new ProvidedSettings(this, (value) => (this.provided = value));
    this.addController({ hostConnected: () => (this.#forget = listen(() => this.requestUpdate())), hostDisconnected: () => this.#forget?.() });
  }

  /**
   * The login's client for the settings in force: own attributes over a `<service-provider>`'s,
   * as every element. Host selection and verify only, not the whole typed client.
   */
  get client(): AuthClient {
    return authClientFor(settingsOf(this, this.provided));
  }

  protected override willUpdate(): void {
    // Back from a redirect flow with an answer in the address: report it (the first button takes it). No address on a server.
    if (!this.hasUpdated && this.redirectUri && /[#?&](token|error|code)=/.test(globalThis.location?.href)) {
      this.busy = true;
      import('../../core/login/redirect.js')
        .then((module) => module.handleRedirect({ client: this.client }), (error: Error) => fail('network', error.message))
        .then((result) => this.report(result));
    }
  }

  /** The button, its label and the status line, once drawn (or taken over from a server render). */
  #nodes?: [HTMLButtonElement, Element, Element];

  protected override update(changed: PropertyValues): void {
    super.update(changed);
    const root = this.renderRoot;
    if (!this.#nodes) {
      if (!root.querySelector('button')) {
        const el = (tag: string, attributes: Record<string, string>, svg?: boolean) => {
          const node = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
          for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
          return node;
        };
        const button = el('button', { id: BUTTON_ID, part: 'button', type: 'button' });
        const logo = el('svg', { part: 'logo', viewBox: '0 0 24 24', fill: 'currentColor', 'aria-hidden': 'true' }, true);
        logo.append(el('path', { 'fill-rule': 'evenodd', d: LOGO_PATH }, true));
        button.append(logo, el('span', { part: 'label' }));
        root.append(button, el('span', { role: 'status' }));
      }
      this.#nodes = ['button', '[part=label]', '[role=status]'].map((s) => root.querySelector(s)!) as [HTMLButtonElement, Element, Element];
      this.#nodes[0].addEventListener('click', () => this.onClick());
    }
    const [button, label, status] = this.#nodes;
    button.disabled = this.disabled;
    button.setAttribute('aria-busy', String(this.busy));
    if (this.busy) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
    // Its two strings in its language, when a translation has them.
    const say = (key: typeof DEFAULT_TEXT | typeof BUSY_TEXT) => (lookup(langAsked(this), key) as string | undefined) ?? key;
    label.textContent = this.customText || say(DEFAULT_TEXT);
    status.textContent = this.busy ? say(BUSY_TEXT) : '';
  }

  private onClick(): void {
    if (this.busy || this.disabled) return;
    this.busy = true;
    let result: Promise<LoginResult>;
    try {
      // Synchronously inside the click, so the browser lets the popup open.
      result = login({ scope: this.scope, redirectUri: this.redirectUri, responseMode: this.responseMode, display: this.display, flow: this.flow, tokenStorage: this.tokenStorage, lang: langAsked(this), client: this.client });
    } catch (error) {
      result = failed(error, '', 'config');
    }
    void result.then((ended) => this.report(ended));
  }

  private report(result?: LoginResult): void {
    // `redirect`: the page is leaving, so the button stays busy.
    if (result?.status == 'redirect') return;
    this.busy = false;
    if (result?.status == 'success') this.emit('service-login-success', { profile: result.profile, token: result.token });
    else if (result) this.emit('service-login-error', { message: result.message, reason: result.reason });
  }
}

define('service-login-button', ServiceLoginButton);

declare global {
  interface HTMLElementTagNameMap {
    'service-login-button': ServiceLoginButton;
  }
  // Global, so that document and window listeners are typed too; GlobalEventHandlersEventMap inherits them.
  interface GlobalEventHandlersEventMap {
    'service-login-success': CustomEvent<LoginSuccessDetail>;
    'service-login-error': CustomEvent<LoginErrorDetail>;
  }
}
