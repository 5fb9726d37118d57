/**
 * service-kit/next: `<ServerElement>`, one of the kit's elements server-rendered in a Next.js
 * (App Router) page, with its data, and hydrated in the browser with no request.
 *
 * It is a client component. Next renders it to HTML on the server (with service-kit/ssr) and
 * leaves that HTML alone in the browser, where service-kit/hydrate picks it up. So the markup goes
 * out once, in the HTML: the RSC payload holds only the props. And the server loads one Lit, the
 * one the React wrappers use; a server component rendering the same would load a second.
 *
 * ```tsx
 * import { ServerElement } from 'service-kit/next';
 * <ServerElement tag="service-track-card" attributes={{ 'track-id': 'D7KyD' }} options={{ appName: 'my-app', host }} />
 * ```
 */
import '../hydrate.js'; // Lit's hydration support must load before Lit does: first, before any element.
import '../components/track-card/track-card.js';
import '../components/playlist/playlist.js';
import '../components/trending-list/trending-list.js';
import '../components/user-card/user-card.js';
import '../components/login-button/login-button.js';
import { createElement, use, useLayoutEffect, useRef, type ReactElement } from 'react';
// The package's own entry: Node gets the renderer, the browser build a stub (ssr-unavailable.ts).
import { renderToString } from 'service-kit/ssr';
import type { SsrElement, SsrOptions } from '../node/ssr.js';
import { attributeValue, withSettings, type Attributes } from '../ssr/settings.js';

export interface ServerElementProps {
  /** The element: `service-track-card`, `service-playlist`, `service-trending-list`, `service-user-card` or `service-login-button`. */
  tag: SsrElement;
  /** The element's own attributes (`track-id`, `size`, `limit`, …), as for `renderElement`. */
  attributes?: Attributes;
  /** The client's settings, written on the element too; only what a server component can pass (no `fetch`, no `client`). */
  options?: Omit<SsrOptions, 'fetch' | 'client'>;
}

type Rendered = { html: string } | { error: unknown };

// Renders in flight, by props: React renders a suspended component again once its promise settles, and must get the same promise.
const renders = new Map<string, Promise<Rendered>>();
const MAX_RENDERS = 100;

/** The element's HTML, rendered on the server; suspends the component until it is ready. */
function useServerHtml(key: string, { tag, attributes, options }: ServerElementProps): string {
  let render = renders.get(key);
  if (!render) {
    // A page whose render was abandoned never comes back for its answer: keep the newest few.
    if (renders.size >= MAX_RENDERS) renders.delete(renders.keys().next().value!);
    render = renderToString(tag, attributes, options).then((html) => ({ html }), (error: unknown) => ({ error }));
    renders.set(key, render);
  }
  const rendered = use(render);
  renders.delete(key);
  if ('error' in rendered) throw rendered.error;
  return rendered.html;
}

/** Sets `element`'s attributes to `next`, removing those of `previous` that `next` leaves out. */
function applyAttributes(element: Element, previous: Attributes, next: Attributes): void {
  for (const name of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    const value = attributeValue(next[name]);
    if (value === undefined) element.removeAttribute(name);
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

/** One of the kit's elements, server-rendered with its data and hydrated in place (a client component). */
export function ServerElement(props: ServerElementProps): ReactElement {
  const { tag, attributes = {}, options = {} } = props;
  const key = JSON.stringify([tag, attributes, options]);
  // On the server, the rendered element; in the browser, nothing React would write: hydration keeps the server's nodes.
  const html = typeof window === 'undefined' ? useServerHtml(key, props) : '';
  const box = useRef<HTMLDivElement>(null);
  const applied = useRef<Attributes>({});
  useLayoutEffect(() => {
    const next = withSettings(attributes, options);
    let element = box.current?.firstElementChild;
    // Nothing from the server (a client-side navigation) or another tag: the plain element, which fetches its data.
    if (element?.localName !== tag) {
      element = document.createElement(tag);
      box.current?.replaceChildren(element);
      applied.current = {};
    }
    applyAttributes(element, applied.current, next);
    applied.current = next;
  }, [key]); // `key` is the props' value: new objects with the same content change nothing
  return createElement('div', { ref: box, style: { display: 'contents' }, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: html } });
}
