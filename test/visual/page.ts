// The visual check's page (test/visual/run.ts): every element and state in one page per width,
// theme and direction, each in a `.shot` box named for its baseline file, and what the browser
// runs to know the page is done drawing and where each shot's pixels are.
import { escapeHtml } from '../../src/ssr/escape-html.js';
import { DEMO } from '../../demo/presets.js';

export const WIDTHS = [390, 1280] as const;
export const THEMES = { light: '#ffffff', dark: '#17171c' } as const;
export const DIRS = { ltr: 'en', rtl: 'ar' } as const;
export type Theme = keyof typeof THEMES;
export type Dir = keyof typeof DIRS;

/** What the page is made from: the services' URLs and the catalog's items it shows. */
export interface PageData {
  serviceUrl: string;
  /** A host that takes requests and never answers: the loading state, held. */
  hangingUrl: string;
  /** A host that answers every request 503: the error state, with Retry. */
  failingUrl: string;
  trackId: string;
  playlistId: string;
  userId: string;
}

/** One shot: its name (the baseline's file name stem), its element and attributes, and its column at 1280 px. */
interface Shot {
  name: string;
  tag: string;
  attrs: Record<string, string | boolean>;
  width: number;
}

export function shots(data: PageData): Shot[] {
  const { serviceUrl: host, trackId, playlistId, userId } = data;
  return [
    { name: 'track-card', tag: 'service-track-card', attrs: { host, 'track-id': trackId }, width: 360 },
    { name: 'track-card-loading', tag: 'service-track-card', attrs: { host: data.hangingUrl, 'track-id': trackId }, width: 360 },
    { name: 'track-card-error', tag: 'service-track-card', attrs: { host: data.failingUrl, 'track-id': trackId }, width: 360 },
    { name: 'track-card-not-available', tag: 'service-track-card', attrs: { host, 'track-id': 'zzzzzzzz' }, width: 360 },
    { name: 'trending-list', tag: 'service-trending-list', attrs: { host, limit: '5', controls: true }, width: 560 },
    { name: 'playlist', tag: 'service-playlist', attrs: { host, 'playlist-id': playlistId }, width: 560 },
    { name: 'user-card', tag: 'service-user-card', attrs: { host, 'user-id': userId, 'page-size': '5' }, width: 560 },
    { name: 'audio-player', tag: 'service-audio-player', attrs: { host, 'track-id': trackId }, width: 560 },
    { name: 'login-button', tag: 'service-login-button', attrs: { host, 'api-key': DEMO.apiKey }, width: 320 },
    { name: 'login-button-signed-in', tag: 'service-login-button', attrs: { host, 'api-key': DEMO.apiKey }, width: 320 },
    { name: 'favorite-button', tag: 'service-favorite-button', attrs: { host, 'track-id': trackId, 'api-key': DEMO.apiKey }, width: 200 },
    { name: 'app-metrics', tag: 'service-app-metrics', attrs: { host, 'time-range': 'week', limit: '5' }, width: 520 },
    // Last: its open results are drawn over what follows.
    { name: 'search', tag: 'service-search', attrs: { host }, width: 420 },
  ];
}

/** A baseline's file name stem: the shot, then width, theme and direction. */
export const shotFile = (name: string, width: number, theme: Theme, dir: Dir) => `${name}-${width}-${theme}-${dir}`;

export function pageHtml(data: PageData, theme: Theme, dir: Dir): string {
  const lang = DIRS[dir];
  const boxes = shots(data).map(({ name, tag, attrs, width }) => {
    const all: Record<string, string | boolean> = { 'app-name': 'visual-check', theme, ...attrs };
    const markup = Object.entries(all)
      .map(([k, v]) => (v === true ? k : `${k}="${escapeHtml(String(v))}"`))
      .join(' ');
    return `<div class="shot" data-name="${name}" style="width: ${width}px"><${tag} ${markup}></${tag}></div>`;
  });
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>visual check</title>
${lang === 'en' ? '' : `<script type="module" src="/dist/cdn/translations/${lang}.js"></script>`}
<script type="module" src="/dist/cdn/all.js"></script>
<style>
  :root { color-scheme: ${theme}; }
  body { margin: 0; padding: 24px; background: ${THEMES[theme]}; font-family: system-ui, sans-serif; }
  .shot { max-width: 100%; margin-block-end: 32px; }
</style></head><body>
${boxes.join('\n')}
</body></html>`;
}

/**
 * In the page, and synchronous (waitForFunction takes a returned promise as a truthy answer):
 * whether every element has drawn its final state (no skeleton but the held
 * loading card's, every picture arrived, the fonts loaded, the search's results open).
 */
export function pageSettled(): boolean {
  const images = (root: ParentNode): HTMLImageElement[] => [
    ...root.querySelectorAll('img'),
    ...[...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? images(el.shadowRoot) : [])),
  ];
  for (const box of document.querySelectorAll<HTMLElement>('.shot')) {
    const el = box.firstElementChild as (HTMLElement & { isUpdatePending?: boolean }) | null;
    if (!el || !customElements.get(el.localName) || el.isUpdatePending) return false;
    const root = el.shadowRoot;
    if (!root) return false;
    const name = box.dataset.name!;
    const busy = root.querySelector('[part~="loading"], .skeleton, [aria-busy="true"]');
    if (name === 'track-card-loading' ? !busy : busy) return false;
    if (name === 'track-card-error' && !root.querySelector('[part~="retry"]')) return false;
    if (name === 'track-card-not-available' && !root.querySelector('[part~="error"]')) return false;
    if (name === 'search' && !root.querySelector('[part~="option"]')) return false;
    if (name === 'login-button-signed-in' && !root.querySelector('[part="account"]')) return false;
    if (name === 'app-metrics' && !root.querySelector('table, svg, [part~="chart"]')) return false;
    if (!images(root).every((img) => img.complete)) return false;
  }
  return document.fonts.status === 'loaded';
}

/** In the page: each shot's box in page pixels, grown to hold what its element draws outside it (a popup). */
export function shotBoxes(pad: number): Record<string, { x: number; y: number; width: number; height: number }> {
  const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
  for (const box of document.querySelectorAll<HTMLElement>('.shot')) {
    let { left, top, right, bottom } = box.getBoundingClientRect();
    for (const node of box.firstElementChild!.shadowRoot!.querySelectorAll('*')) {
      const r = node.getBoundingClientRect();
      const style = getComputedStyle(node);
      // Only what is drawn outside the flow can leave the box: a popup, an absolutely placed layer.
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || !/absolute|fixed/.test(style.position)) continue;
      [left, top, right, bottom] = [Math.min(left, r.left), Math.min(top, r.top), Math.max(right, r.right), Math.max(bottom, r.bottom)];
    }
    const x = Math.max(0, Math.floor(left - pad));
    const y = Math.max(0, Math.floor(top - pad + window.scrollY));
    boxes[box.dataset.name!] = { x, y, width: Math.ceil(right + pad) - x, height: Math.ceil(bottom + pad + window.scrollY) - y };
  }
  return boxes;
}
