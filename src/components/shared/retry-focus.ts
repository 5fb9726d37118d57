/**
 * Where focus goes after Retry, loaded at the first Retry (most pages never fail; the CDN files
 * fetch it beside them, `retry-focus.js`, scripts/build/lazy-parts.ts). Plain DOM: it imports nothing.
 */

/** Where focus goes when the content a Retry loaded (or its new error) replaces it: Retry again, the heading, the title, the list. */
const SUCCESSORS = '[part~="retry"], [role="heading"], [part~="title"], [part~="name"], [part~="list"], [part~="empty"], button, input, a[href]';

/**
 * Keeps focus on the page while a Retry's task runs (`running`): the loading state holds it, then
 * what it loaded (or the new Retry) takes it, made focusable when it is not. Only while focus is
 * still ours: a listener who moved on keeps their place. `root` is the element's shadow root and
 * `container` the error state's container, where what replaces it lands, both taken at the click.
 */
export async function keepFocus(root: ShadowRoot, container: Element | null | undefined, running: Promise<void>): Promise<void> {
  const host = root.host as HTMLElement & { updateComplete?: Promise<unknown> };
  const place = () => (container?.isConnected ? container : root);
  const ours = () => !document.activeElement || document.activeElement == document.body || (document.activeElement == host && !root.activeElement?.isConnected);
  const hold = (target: Element | null | undefined) => {
    if (!(target instanceof HTMLElement)) return;
    if (!target.matches('button, input, select, a[href], [tabindex]')) target.tabIndex = -1;
    target.focus();
  };
  await host.updateComplete;
  if (ours()) hold(place().querySelector('[part~="loading"]'));
  await running;
  await host.updateComplete;
  const stillOurs = ours() || root.activeElement?.matches('[part~="loading"]');
  if (stillOurs) hold(place().querySelector(SUCCESSORS) ?? root.querySelector(SUCCESSORS));
}
