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

/**
 * The level of an element's heading from its `heading-level`: a whole number from 2 to 6, else
 * `fallback`. The heading is `role="heading"` with this `aria-level`, as Lit templates cannot
 * choose a tag name at run time.
 */
export const levelOf = (value: unknown, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 2 && n <= 6 ? n : fallback;
};

export const emptyState = (message: string): TemplateResult => html`<div part="empty" class="state">${message}</div>`;

/**
 * A decorative image (the text beside it names what it shows), or an empty box of the same
 * part when there is no URL, so the layout holds. The part name is also its class.
 */
export const picture = (part: string, url: string | undefined): TemplateResult =>
  url ? html`<img part=${part} class=${part} src=${url} alt="" loading="lazy" />` : html`<span part=${part} class=${part}></span>`;
