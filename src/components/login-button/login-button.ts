import { html, LitElement, nothing, type PropertyDeclarations } from 'lit';
import type { ClientOptions, LoginProfile } from '../../core/index.js';
import { login } from '../../core/login/login.js';
import { fail, type AuthClient, type LoginErrorReason, type LoginFlow, type LoginResult, type LoginScope, type TokenStorage } from '../../core/login/shared.js';
import { authClientFor } from '../../core/login/client.js';
import { ConfiguredElement, define } from '../shared/configured-element.js';
import { ProvidedSettings, settingsOf } from '../../controllers/provided-settings.js';
import { SessionUser } from '../../controllers/session-user.js';
import { getSession } from '../../core/login/session.js';
import { safeUrl } from '../../core/config.js';
import { Language, langAsked } from '../../controllers/language.js';
import { loginButtonStyles } from './login-button.styles.js';

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

/** Detail of `service-logout`: who signed out. */
export interface LogoutDetail {
  profile: LoginProfile;
}

/** The button's text when `custom-text` is not set. */
export const DEFAULT_TEXT = 'Continue with Service';

/**
 * A "Continue with Service" button: opens the login prompt in a popup (or, with
 * `redirect-uri`, by redirect), verifies the token and reports the user's profile.
 * With `flow="code"` it logs in with an authorization code and PKCE instead, to the app's
 * `redirect-uri`, and starts the page's session (bearer tokens, refreshed; see `getSession()`).
 * It draws itself at once, with no request; nothing is fetched until it is clicked.
 * Signed in, it shows the user (picture, else an initial, and name; "Signed in as <name>" to a screen reader) and a
 * "Sign out" button: in the code flow the page's session's user, whoever signed in (the favourite
 * button, the SDK), and its sign-out ends that session; in the JWT flow the user of its own last
 * login, and its sign-out only forgets it here (the app ends its own session on `service-logout`).
 *
 * @summary Log in with the service.
 * @fires service-login-success - The user logged in. Detail: `{ profile, token }`, the profile from the verify endpoint (code flow: from `/v1/me`, no email).
 * @fires service-login-error - The login failed or was abandoned. Detail: `{ message, reason }`.
 * @fires service-logout - The user pressed "Sign out". Detail: `{ profile }`, who signed out.
 * @csspart button - The button.
 * @csspart logo - The service's logo in the button.
 * @csspart label - The button's text; signed in, the user's name.
 * @csspart account - Signed in: the box with the user's picture, name and the sign-out button (a group named "Signed in as <name>").
 * @csspart avatar - Signed in: the user's picture, or their initial in a circle.
 * @csspart sign-out - Signed in: the "Sign out" button.
 * @cssproperty [--service-accent=#6a14b8] - The button's (and the account box's) background (dark: `#c58cff`).
 * @cssproperty [--service-on-accent=#fff] - The button's text and logo colour (dark: `#17101f`).
 * @cssproperty [--service-radius=4px] - Corner radius when `corners` is `default`.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceLoginButton extends ConfiguredElement(LitElement) {
  static override styles = loginButtonStyles;
  // Not ServiceElement: that brings the whole REST client, and logging in needs only host selection and verify (authClientFor).
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
    signedIn: { state: true },
  };

  /** `read` (default) or `write`: what the app asks the user for. */
  scope: LoginScope = 'read';
  /** `small` (32 px high, for dense layouts), `medium` (40 px, default) or `large` (48 px). */
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
  /** JWT flow: the profile of this button's last login, until "Sign out". */
  protected signedIn?: LoginProfile;
  /** Code flow: the page's session's user. */
  private readonly session = new SessionUser(this, () => (this.flow == 'code' ? getSession(this.client) : undefined));
  /** What had focus before an update: when its control goes (the state changed), the new state's button takes the focus. */
  private focused?: Element | null;

  /**
   * The element's language and direction, and its strings in it (`i18n.t`), as every element's.
   * @internal
   */
  readonly i18n: Language = new Language(this);

  /** A `<service-provider>`'s settings. */
  private provided?: ClientOptions;

  constructor() {
    super();
    new ProvidedSettings(this, (value) => (this.provided = value));
  }

  /**
   * The login's client for the settings in force: own attributes over a `<service-provider>`'s,
   * as every element. Host selection and verify only, not the whole typed client.
   */
  get client(): AuthClient {
    return authClientFor(settingsOf(this, this.provided));
  }

  /** The signed-in user, or none. */
  get user(): LoginProfile | undefined {
    return this.flow == 'code' ? this.session.profile : this.signedIn;
  }

  protected override willUpdate(): void {
    this.focused = this.shadowRoot?.activeElement;
    // Back from a redirect flow with an answer in the address: report it (the first button takes it). No address on a server.
    if (!this.hasUpdated && this.redirectUri && /[#?&](token|error|code)=/.test(globalThis.location?.href)) {
      this.busy = true;
      import('../../core/login/redirect.js')
        .then((module) => module.handleRedirect({ client: this.client }), (error: Error) => fail('network', error.message))
        .then((result) => this.report(result));
    }
  }

  protected override updated(): void {
    if (this.focused && !this.focused.isConnected) this.renderRoot.querySelector('button')!.focus();
  }

  protected override render() {
    const { busy, i18n, user } = this;
    const picture = safeUrl(user?.profilePicture?.['150x150'] ?? user?.profilePicture?.['480x480']);
    const name = user?.name || user?.handle || '';
    // aria-disabled while busy, not disabled: the button keeps its focus. Idle status `nothing`, not '': a hydrated '' has no text node, and Lit would write into its end marker.
    return html`${user
      ? html`<div part="account" role="group" aria-label=${i18n.t('Signed in as {name}', { name })}>
          ${picture ? html`<img part="avatar" src=${picture} alt="" />` : html`<span part="avatar" aria-hidden="true">${[...name][0]?.toUpperCase()}</span>`}
          <span part="label">${name}</span>
          <button part="sign-out" type="button" @click=${this.signOut}>${i18n.t('Sign out')}</button>
        </div>`
      : html`<button id="service-login-button" part="button" type="button" ?disabled=${this.disabled} aria-busy=${busy} aria-disabled=${busy || nothing} @click=${this.onClick}>
          <svg part="logo" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path fill-rule="evenodd" d="M12 2c9 0 10 1 10 10s-1 10-10 10S2 21 2 12 3 2 12 2zM9.5 7.5v9l8-4.5z"></path></svg>
          <span part="label">${this.customText || i18n.t(DEFAULT_TEXT)}</span>
        </button>`}<span role="status">${busy ? i18n.t('Waiting for the login window') : nothing}</span>`;
  }

  private onClick(): void {
    if (this.busy || this.disabled) return;
    this.busy = true;
    // Synchronously inside the click, so the browser lets the popup open; login() never throws or rejects.
    void login({ scope: this.scope, redirectUri: this.redirectUri, responseMode: this.responseMode, display: this.display, flow: this.flow, tokenStorage: this.tokenStorage, lang: langAsked(this), client: this.client }).then((ended) => this.report(ended));
  }

  private report(result?: LoginResult): void {
    // `redirect`: the page is leaving, so the button stays busy.
    if (result?.status == 'redirect') return;
    this.busy = false;
    // Kept for the JWT flow; the code flow's user is the session's, which the login has just started.
    if (result?.status == 'success') this.signedIn = result.profile;
    if (result?.status == 'success') this.emit('service-login-success', { profile: result.profile, token: result.token });
    else if (result) this.emit('service-login-error', { message: result.message, reason: result.reason });
  }

  private signOut(): void {
    const profile = this.user!;
    this.signedIn = undefined;
    // Forgets the tokens at once (the change reaches every element), then revokes them; never rejects.
    if (this.flow == 'code') void getSession(this.client).logout();
    this.emit('service-logout', { profile });
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
    'service-logout': CustomEvent<LogoutDetail>;
  }
}
