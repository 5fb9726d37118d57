/**
 * The login button in a server render (service-kit/ssr). The button draws its few nodes itself,
 * without lit-html (its CDN file's budget), so @lit-labs/ssr's LitElement renderer is given a
 * template of the same nodes to render: the button takes them over when it upgrades.
 */
import { html, nothing, type ReactiveElement } from 'lit';
import { LitElementRenderer } from '@lit-labs/ssr/lib/lit-element-renderer.js';
import { BUSY_TEXT, BUTTON_ID, DEFAULT_TEXT, LOGO_PATH, ServiceLoginButton } from '../components/login-button/login-button.js';

const template = (button: ServiceLoginButton) => {
  // `busy` is protected: the element's state, not its API.
  const busy = button['busy'];
  return html`<button id=${BUTTON_ID} part="button" type="button" ?disabled=${button.disabled} aria-busy=${busy} aria-disabled=${busy || nothing}><svg part="logo" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path fill-rule="evenodd" d=${LOGO_PATH}></path></svg><span part="label">${button.customText || DEFAULT_TEXT}</span></button><span role="status">${busy ? BUSY_TEXT : ''}</span>`;
};

/** Renders `<service-login-button>` as LitElements are rendered, with `template` as its render. */
export class LoginButtonRenderer extends LitElementRenderer {
  static override matchesClass(ctor: typeof HTMLElement): boolean {
    return ctor === ServiceLoginButton;
  }

  constructor(tagName: string) {
    super(tagName);
    const element: ReactiveElement = this.element;
    // matchesClass made it one; the renderer calls the element's render().
    if (element instanceof ServiceLoginButton) Object.assign(element, { render: () => template(element) });
  }
}
