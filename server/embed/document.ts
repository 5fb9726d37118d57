import { dirOf } from '../languages.js';
import { listenOn } from './words.js';
import type { EmbedKind, EmbedSize, EmbedTheme } from './kinds.js';
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../src/ssr/escape-html.js';
import { ICON_LINKS } from './icons.js';
import { MARK_PATH } from '../media/mark.js';
import { kitUrl, translationUrl } from './kit.js';
import { BOOTSTRAP } from './bootstrap.js';

/**
 * The HTML documents around a server-rendered element: the embed pages (`/embed/<kind>/<id>`,
 * made to sit in an iframe on any site) and the public pages (`/<handle>/…`, which advertise
 * oEmbed). Both load one script, the kit with hydration support, from the service itself: a public
 * page at once, an embed page on the reader's intent (its inline bootstrap, server/embed/frame-bootstrap.js).
 */

/** The iframe's size for each kind and size of embed page, in CSS pixels: what the page needs without scrolling (a playlist's card scrolls its list). */
export const FRAME_SIZES: Record<EmbedKind, Record<EmbedSize, { width: number; height: number }>> = {
  track: { card: { width: 520, height: 200 }, compact: { width: 520, height: 124 }, tiny: { width: 520, height: 64 } },
  playlist: { card: { width: 640, height: 480 }, compact: { width: 640, height: 360 }, tiny: { width: 640, height: 186 } },
  user: { card: { width: 560, height: 640 }, compact: { width: 560, height: 420 }, tiny: { width: 560, height: 250 } },
};

export const ELEMENT_OF: Record<EmbedKind, 'service-track-card' | 'service-playlist' | 'service-user-card'> = {
  track: 'service-track-card',
  playlist: 'service-playlist',
  user: 'service-user-card',
};

/** The service's name, as its pages and oEmbed answers give it. */
export const PROVIDER = 'Music Service';

// The page's own rules. An embed page is the frame: the element fills it above the brand line
// (beside it in tiny), and adapts (its titles end in an ellipsis, its list scrolls under a header
// that stays). A size hides parts through ::part(), which wins over the element's own rules: a
// compact playlist or profile drops its description, a tiny one its list. The page's own parts
// (the brand line, a not-found message) take the theme's colours from one palette on the body.
// In a frame of 400 px or less a track's play button leaves its own column (under the card's
// artwork, on the compact's and tiny's), so the title and the seek bar get that width.
const PAGE_STYLE = `html,body{margin:0;background:transparent;height:100%}
body{font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow:hidden;--accent:#6a14b8;--text:#17171c;--muted:#55555f;--background:#fff;--border:#d9d7e0}
.dark{--accent:#c58cff;--text:#f2f1f6;--muted:#b4b2bf;--background:#17171c;--border:#3b3a45}
@media (prefers-color-scheme:dark){.auto{--accent:#c58cff;--text:#f2f1f6;--muted:#b4b2bf;--background:#17171c;--border:#3b3a45}}
.frame{height:100%;display:grid;grid-template:minmax(0,1fr) auto/minmax(0,1fr)}
.frame>[data-embed]{max-width:none;min-height:0;height:100%}
.tiny.track .frame{grid-template:100%/minmax(0,1fr) auto}
.brand{display:flex;align-items:center;justify-content:flex-end;gap:4px;padding:2px 8px;font-size:13px;color:var(--muted);text-decoration:none;white-space:nowrap;overflow:hidden}
.brand:hover{text-decoration:underline}
.brand svg{width:16px;height:16px;flex:none;color:var(--accent)}
.tiny.track .brand span{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.tiny.track .brand{padding:0 10px;min-width:44px;justify-content:center}
.tiny service-track-card::part(card){grid-template-columns:auto minmax(0,1fr) auto}
.tiny service-track-card::part(artwork){display:grid;width:40px;height:40px}
@media (max-width:400px){.card service-track-card::part(artwork){width:64px;height:64px}}
@media (max-width:400px){.track:is(.card,.compact,.tiny) service-track-card::part(card){grid-template-columns:auto minmax(0,1fr);align-items:center;align-content:center}.track service-track-card::part(artwork){grid-area:1/1}.card.track service-track-card::part(card){align-items:start}.card.track service-track-card::part(actions){grid-area:1/1;justify-self:center;margin-block-start:72px}.card.track service-track-card::part(play-button){width:40px;height:40px}.track:is(.compact,.tiny) service-track-card::part(actions){grid-area:1/1;place-self:center}.track:is(.compact,.tiny) service-track-card::part(play-button){box-shadow:0 0 0 2px var(--background)}.compact.track service-track-card::part(play-button){width:40px;height:40px}.compact.track service-track-card::part(share),.compact.track service-track-card::part(download){display:none}.tiny.track .brand{padding:0}}
:is(.compact,.tiny) service-playlist::part(description),:is(.compact,.tiny) service-user-card::part(bio){display:none}
:is(.compact,.tiny) service-playlist::part(artwork){width:72px;height:72px}
.tiny service-playlist::part(name){-webkit-line-clamp:1}
:is(.compact,.tiny) service-user-card::part(cover){height:72px}
.tiny service-playlist::part(list),.tiny service-user-card::part(tabs),.tiny service-user-card::part(panel){display:none}
.missing{height:100%;display:grid;place-content:center;gap:4px;padding:8px 16px;text-align:center;background:var(--background);color:var(--text);border:1px solid var(--border);border-radius:10px;box-sizing:border-box}
.missing p{margin:0}
.page{max-width:760px;margin:0 auto;padding:24px 16px}
.page h1{font-size:1.1rem;margin:0 0 16px}`;

/** The service's mark: a note in a disc. */
const MARK = `<svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="${MARK_PATH}"/></svg>`;

export interface DocumentOptions {
  /** The document's title (text). */
  title: string;
  /** The server-rendered element (HTML). */
  element: string;
  /** The service's base URL, for the CSP. */
  baseUrl: string;
  /** `embed`: the page is the element alone; `page`: a public page with a heading. */
  layout: 'embed' | 'page';
  size?: EmbedSize;
  /** The oEmbed endpoint URL for this page's resource (public pages). */
  oembed?: string;
  /** The page's own address (public pages); in an embed, where its "Listen on" link goes. */
  canonical?: string;
  /** The embed's theme, for the page's own parts (the brand line, a not-found message). */
  theme?: EmbedTheme;
  /** What the embed shows (its page's layout differs by kind in tiny). */
  kind?: EmbedKind;
  /** Whether the page loads the kit (a not-found page has nothing to run). */
  script?: boolean;
  /** The page's language, one `embedLang` gave (default English): `<html lang dir>`, its own words, and the kit's translation it loads. */
  lang?: string;
  /** More of the head (HTML): the share tags of server/embed/share-tags.ts. */
  head?: string;
  /** The page's own CSS beyond its rules (an embed's URL options), checked by its maker: a `<style>` after them. */
  style?: string;
  /** The body's data attributes (an embed's URL options): name to value, each escaped. */
  bodyData?: Record<string, string>;
  /** The CDN build the kit's and translations' hashed URLs are named from (server/embed/kit.ts; default dist/cdn). */
  cdnDir?: string;
}

export interface HtmlDocument {
  html: string;
  /** Its Content-Security-Policy: scripts from the service alone, styles by hash, any site may frame it. */
  csp: string;
}

/**
 * The id of an empty element at the end of the body. The head's `<link rel="expect"
 * blocking="render">` names it, so the browser paints no frame before the whole body is
 * parsed. Without it, a busy machine's parser can stop inside the element's declarative shadow
 * root and paint a part of the card (its title lines alone, and no brand line under it) before
 * the rest moves it: a layout shift on load, seen once in about a dozen loads under load.
 * Browsers without `rel="expect"` (Firefox, Safari) ignore the link.
 */
const PARSED_ID = 'parsed';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP sources of every `<style>` element in `html` (the page's and the elements' declarative shadow roots). */
function styleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!)))];
}

/** ` data-x="…"` for each entry, the names checked and the values escaped. */
const dataAttributes = (data: Record<string, string>) =>
  Object.entries(data).map(([name, value]) => {
    if (!/^data-[a-z][a-z0-9-]*$/.test(name)) throw new TypeError(`${JSON.stringify(name)} is not a data attribute`);
    return value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }).join('');

export function htmlDocument({ title, element, baseUrl, layout, size = 'card', oembed, canonical, theme = 'light', script = true, kind, lang = 'en', head, style, bodyData = {}, cdnDir }: DocumentOptions): HtmlDocument {
  const links = [
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    oembed ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(title)}">` : '',
    head ?? '',
  ].filter(Boolean);
  const translation = lang !== 'en' ? escapeHtml(translationUrl(lang, cdnDir)) : undefined;
  const kit = kitUrl(cdnDir);
  const scripts = `${translation ? `<script type="module" src="${translation}"></script>\n` : ''}<script type="module" src="${kit}"></script>`;
  // An embed page loads the kit on intent (until then it runs about 1.7 kB of inline script); a public page at once.
  const onDemand = script && layout === 'embed';
  const brand = `<a class="brand" href="${escapeHtml(canonical ?? `${baseUrl}/`)}" target="_blank" rel="noopener">${MARK}<span>${escapeHtml(listenOn(lang, PROVIDER))}</span></a>`;
  const body = layout === 'embed' ? `<div class="frame">\n${element}\n${brand}\n</div>` : `<main class="page"><h1>${escapeHtml(title)}</h1>\n${element}\n</main>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${dirOf(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PROVIDER}</title>
${ICON_LINKS}
<link rel="expect" href="#${PARSED_ID}" blocking="render">
${links.join('\n')}${links.length ? '\n' : ''}<style>${PAGE_STYLE}</style>${style ? `\n<style>${style}</style>` : ''}
${script && !onDemand ? `${scripts}\n` : ''}</head>
<body class="${layout === 'embed' ? `${size} ${theme} ${kind ?? ''}`.trim() : 'card'}"${dataAttributes(bodyData)}${onDemand ? ` data-kit="${kit}"${translation ? ` data-translation="${translation}"` : ''}` : ''}>
${body}
${onDemand ? `<script>${BOOTSTRAP}</script>\n` : ''}<template id="${PARSED_ID}"></template>
</body>
</html>
`;
  const self = `'self' ${baseUrl}`;
  const csp = [
    "default-src 'none'",
    `script-src ${self}${onDemand ? ` ${sha256(BOOTSTRAP)}` : ''}`,
    `style-src ${styleHashes(html).join(' ')}`,
    `img-src ${self} https: data:`,
    `media-src ${self}`,
    `connect-src ${self}`,
    'frame-ancestors *',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return { html, csp };
}
