/**
 * Server rendering (service-kit/ssr): the track card, playlist, trending list, user card and
 * login button as HTML with declarative shadow DOM, through `@lit-labs/ssr`, with their data.
 * The data is fetched by the elements' own loaders through the kit's core client and embedded
 * in the element (a JSON seed script, src/ssr/seeds.ts), so the page is readable before any
 * script runs and the elements hydrate (with the CDN's all-hydrate.js, or service-kit/hydrate
 * imported before the elements) without asking again.
 *
 * ```ts
 * import { renderElement } from 'service-kit/ssr';
 * const card = await renderElement('service-track-card', { 'track-id': 'D7KyD' }, { appName: 'my-app', host });
 * // `card` is HTML: put it in the page, and load the kit with hydration: cdn/all-hydrate.js.
 * ```
 *
 * In another language: `lang` among the attributes (`{ 'track-id': 'D7KyD', lang: 'fr' }`); every
 * shipped translation is registered here. The page loads the same translation for the browser.
 */
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html, unsafeStatic } from 'lit/static-html.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { createClient, type Client, type ClientOptions } from '../core/index.js';
import type { SeedHook } from '../controllers/data-task.js';
import { SEED, seedKey, seedScript } from '../ssr/seeds.js';
import { escapeHtml } from '../ssr/escape-html.js';
import { attributeValue, withSettings, type Attributes } from '../ssr/settings.js';
import '../components/track-card/track-card.js';
import '../components/playlist/playlist.js';
import '../components/trending-list/trending-list.js';
import '../components/user-card/user-card.js';
import '../components/login-button/login-button.js';
// Every shipped language, so a render in any of them needs no setup (Node only: their size costs no page).
import '../translations/ar.js';
import '../translations/de.js';
import '../translations/es.js';
import '../translations/fr.js';
import '../translations/ja.js';
import '../translations/pt.js';

/** The elements this module renders. */
export const SSR_ELEMENTS = ['service-track-card', 'service-playlist', 'service-trending-list', 'service-user-card', 'service-login-button'] as const;
export type SsrElement = (typeof SSR_ELEMENTS)[number];

export type { Attributes };

export interface SsrOptions extends Pick<ClientOptions, 'appName' | 'apiKey' | 'host' | 'hostListUrl' | 'authUrl' | 'timeout' | 'fetch'> {
  /** The client that fetches the data; by default one made from these options (not the page-wide one). */
  client?: Client;
}

/** What a render gives: the element's HTML, and the failures of the requests it made (an element whose data failed is rendered loading, and fetches in the browser). */
export interface SsrResult {
  html: string;
  errors: unknown[];
}

// A render asks for more data once what it has shows more (a user card's open tab once its profile is in).
const MAX_PASSES = 4;

/** The opening tag's attributes, each name checked, each value escaped. */
function attributeText(attributes: Attributes): string {
  let text = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new TypeError(`${JSON.stringify(name)} is not an attribute name`);
    const written = attributeValue(value);
    if (written === undefined) continue;
    text += value === true ? ` ${name}` : ` ${name}="${escapeHtml(written)}"`;
  }
  return text;
}

/** Renders `value` with `hook` as the page's seed hook (renders are synchronous, so one at a time). */
function renderWith(hook: SeedHook, value: unknown): string {
  const slot = globalThis as Record<symbol, SeedHook | undefined>;
  const previous = slot[SEED];
  slot[SEED] = hook;
  try {
    return collectResultSync(render(value));
  } finally {
    slot[SEED] = previous;
  }
}

/**
 * Renders one of the kit's elements, with its data, to HTML. `attributes` are the element's
 * own (`track-id`, `size`, `theme`, …); the configuration attributes come from `options`.
 * A user card given a `handle` is rendered with the `user-id` it resolves to, so its open tab
 * is rendered too.
 */
export async function renderElement(tag: SsrElement, attributes: Attributes = {}, options: SsrOptions = {}): Promise<SsrResult> {
  if (!SSR_ELEMENTS.includes(tag)) throw new TypeError(`service-kit/ssr renders ${SSR_ELEMENTS.join(', ')}; not ${JSON.stringify(tag)}`);
  const { client: given, ...settings } = options;
  const client = given ?? createClient({ cacheTtl: 0, ...settings });
  const errors: unknown[] = [];
  const own = withSettings(attributes, settings);
  if (tag === 'service-user-card' && own.handle && !own['user-id']) {
    try {
      const found = await client.resolve('/' + encodeURIComponent(String(own.handle).replace(/^@/, '')));
      if (found.kind === 'user') own['user-id'] = found.data.id;
    } catch (error) {
      errors.push(error);
    }
  }
  const open = unsafeStatic(`<${tag}${attributeText(own)}>`);
  const close = unsafeStatic(`</${tag}>`);

  const seeds: Record<string, unknown> = {};
  const asked = new Set<string>();
  let output = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const loads: Promise<void>[] = [];
    const hook: SeedHook = (_host, task, args) => {
      const key = seedKey(task.operation, args);
      if (key in seeds || asked.has(key)) return seeds[key];
      asked.add(key);
      const load = task.fetch(args, client, new AbortController().signal);
      // undefined: nothing to ask for (a closed tab); the browser finds the same.
      if (load) loads.push(load.then((value) => void (value !== undefined && (seeds[key] = value)), (error: unknown) => void errors.push(error)));
      return undefined;
    };
    const seed = Object.keys(seeds).length ? unsafeHTML(seedScript(seeds)) : '';
    output = renderWith(hook, html`${open}${seed}${close}`);
    if (!loads.length) break;
    await Promise.all(loads);
  }
  // The wrapping template's own markers: nothing hydrates it (each element hydrates its shadow root).
  return { html: output.replace(/^<!--lit-part [^>]*-->/, '').replace(/<!--\/lit-part-->$/, ''), errors };
}

/** `renderElement`'s HTML alone. */
export const renderToString = async (tag: SsrElement, attributes?: Attributes, options?: SsrOptions): Promise<string> =>
  (await renderElement(tag, attributes, options)).html;
