import { html, nothing, type TemplateResult } from 'lit';
import { noteIcon, unavailableIcon } from './icons.js';
import type { Params, Translate } from '../../core/i18n/translate.js';
import type { Key } from '../../core/i18n/en.js';
import { isRetryable, isServiceError } from '../../core/errors.js';
import { announce } from '../../core/announcer.js';

/**
 * The three non-data states every data element shows. Loading is no live region: the page's one
 * (core/announcer.ts) says when data arrives, and a region made full and then removed says nothing.
 */
export const loadingState = (label: string, rows = 3): TemplateResult => html`
  <div part="loading" class="state">
    <span class="visually-hidden">${label}</span>
    ${Array.from({ length: rows }, () => html`<div class="skeleton"></div>`)}
  </div>
`;

/**
 * An error, in words, and Retry where trying again can help: a host that could not be reached,
 * answered late or in a broken shape, or failed (5xx, 429). An item the service does not have
 * (404) is `missing`; another 4xx, or a bad setting, would fail the same way again. Other failures
 * say which element (and item) failed, `failed`, and why: in the reader's words, or the kit's own
 * sentence about a bad setting; the service's own message, for developers, stays in the `service-error` event.
 */
export const errorState = (error: unknown, missing: string, retry: (event: Event) => void, t: Translate, failed?: string): TemplateResult => {
  const { status = 0, kind, message } = (error ?? {}) as { status?: number; kind?: string; message?: string };
  // A bad setting is the kit's own sentence for the site's author ("That URL is not a playlist.").
  const own = (kind == 'config' || !isServiceError(error)) && message;
  const why = kind == 'network' || kind == 'timeout' ? t('The service could not be reached.') : own || t('Something went wrong.');
  // No alert: the page's live region says the failure once, naming the element (DataTask's `failed`).
  return html`
    <div part="error" class="state">
      ${status == 404 ? unavailableIcon() : nothing}
      <span>${status == 404 ? missing : (failed ?? why)}</span>
      ${status == 404 ? html`<span class="state-line">${t('It may have been removed or made private.')}</span>` : failed ? html`<span class="state-line">${why}</span>` : nothing}
      ${isRetryable(error) ? html`<button class="retry" part="retry" @click=${retry}>${t('Retry')}</button>` : nothing}
    </div>
  `;
};

/**
 * What a data element's task (controllers/data-task.ts) shows: loading, its error, the empty state,
 * or `complete`'s view of the data. `labels` are the English keys, with `params` for their values;
 * `t` says them, and the error's own words, in the element's language.
 */
export const taskView = <R>(
  task: { readonly shown: { value: R | undefined } | { error: unknown; failed?: string } | undefined; run(): Promise<void> },
  complete: (value: R) => TemplateResult,
  labels: { loading: Key; empty: Key; missing: Key; params?: Params; isEmpty?: (value: R) => boolean; rows?: number },
  t: Translate,
): TemplateResult => {
  const shown = task.shown;
  return !shown
    ? loadingState(t(labels.loading), labels.rows)
    : 'error' in shown
      ? errorState(shown.error, t(labels.missing), (event) => void retryKeepingFocus(event, task, t(labels.loading)), t, shown.failed)
      : shown.value === undefined || labels.isEmpty?.(shown.value)
        ? emptyState(t(labels.empty, labels.params))
        : complete(shown.value);
};

/** Where focus goes when the content a Retry loaded (or its new error) replaces it: Retry again, the heading, the title, the list. */
const SUCCESSORS = '[part~="retry"], [role="heading"], [part~="title"], [part~="name"], [part~="list"], [part~="empty"], button, input, a[href]';

/**
 * Runs `task` again from Retry's click without dropping focus on the page: the loading state holds
 * it while the task runs, then what it loaded (or the new Retry) takes it, made focusable when it is
 * not. Only while focus is still ours: a listener who moved on keeps their place.
 */
async function retryKeepingFocus(event: Event, task: { run(): Promise<void> }, loading: string): Promise<void> {
  const button = event.currentTarget as HTMLElement;
  const root = button.getRootNode() as ShadowRoot;
  const host = root.host as HTMLElement & { updateComplete?: Promise<unknown>; i18n?: { lang: string } };
  // The error state's container, where what replaces it lands (the shadow root when the state is the whole view).
  const container = button.parentElement?.parentElement;
  const place = () => (container?.isConnected ? container : root);
  const ours = () => !document.activeElement || document.activeElement == document.body || (document.activeElement == host && !root.activeElement?.isConnected);
  const hold = (target: Element | null | undefined) => {
    if (!(target instanceof HTMLElement)) return;
    if (!target.matches('button, input, select, a[href], [tabindex]')) target.tabIndex = -1;
    target.focus();
  };
  announce(loading, host.i18n?.lang);
  const running = task.run();
  await host.updateComplete;
  if (ours()) hold(place().querySelector('[part~="loading"]'));
  await running;
  await host.updateComplete;
  const stillOurs = ours() || root.activeElement?.matches('[part~="loading"]');
  if (stillOurs) hold(place().querySelector(SUCCESSORS) ?? root.querySelector(SUCCESSORS));
}

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
 * A decorative image (the text beside it names what it shows), or, when there is no URL, a tile
 * of the same part and size with `glyph` in the theme's colours, so nothing else moves. The part
 * name is also its class.
 */
export const picture = (part: string, url: string | undefined, glyph?: TemplateResult | typeof nothing): TemplateResult =>
  url
    ? html`<img part=${part} class=${part} src=${url} alt="" loading="lazy" />`
    : html`<span part=${part} class="${part} placeholder">${glyph ?? noteIcon()}</span>`;
