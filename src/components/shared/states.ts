import { html, type TemplateResult } from 'lit';

/** The three non-data states every data element shows. */
export const loadingState = (label: string, rows = 3): TemplateResult => html`
  <div part="loading" class="state" role="status" aria-live="polite" aria-busy="true">
    <span class="visually-hidden">${label}</span>
    ${Array.from({ length: rows }, () => html`<div class="skeleton"></div>`)}
  </div>
`;

export const errorState = (message: string, retry: () => void): TemplateResult => html`
  <div part="error" class="state" role="alert">
    <span>${message}</span>
    <button class="retry" part="retry" @click=${retry}>Retry</button>
  </div>
`;

export const emptyState = (message: string): TemplateResult => html`<div part="empty" class="state">${message}</div>`;

/**
 * A decorative image (the text beside it names what it shows), or an empty box of the same
 * part when there is no URL, so the layout holds. The part name is also its class.
 */
export const picture = (part: string, url: string | undefined): TemplateResult =>
  url ? html`<img part=${part} class=${part} src=${url} alt="" loading="lazy" />` : html`<span part=${part} class=${part}></span>`;
