import { createHash } from 'node:crypto';
import { escapeHtml } from '../auth/pages.js';

/**
 * The HTML documents around a server-rendered element: the embed pages (`/embed/<kind>/<id>`,
 * made to sit in an iframe on any site) and the public pages (`/<handle>/…`, which advertise
 * oEmbed). Both load one script, the kit with hydration support, from the service itself.
 */

export type EmbedKind = 'track' | 'playlist' | 'user';
export const EMBED_KINDS: readonly EmbedKind[] = ['track', 'playlist', 'user'];
export type EmbedSize = 'card' | 'compact' | 'tiny';
export const EMBED_SIZES: readonly EmbedSize[] = ['card', 'compact', 'tiny'];
export const EMBED_THEMES = ['light', 'dark', 'auto'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The iframe's size for each kind and size of embed page, in CSS pixels: what the page needs without scrolling (a playlist's card scrolls its list). */
export const FRAME_SIZES: Record<EmbedKind, Record<EmbedSize, { width: number; height: number }>> = {
  track: { card: { width: 520, height: 160 }, compact: { width: 520, height: 104 }, tiny: { width: 520, height: 64 } },
  playlist: { card: { width: 640, height: 480 }, compact: { width: 640, height: 320 }, tiny: { width: 640, height: 186 } },
  user: { card: { width: 560, height: 640 }, compact: { width: 560, height: 420 }, tiny: { width: 560, height: 250 } },
};

export const ELEMENT_OF: Record<EmbedKind, 'service-track-card' | 'service-playlist' | 'service-user-card'> = {
  track: 'service-track-card',
  playlist: 'service-playlist',
  user: 'service-user-card',
};

/** Where the kit is served (server/routes/embed.ts). */
export const KIT_PATH = '/embed/kit.js';

// The page's own rules. The elements fill the frame; a size hides parts through ::part(), which
// wins over the element's own rules: a tiny track keeps a small artwork, a compact playlist or
// profile drops its description, a tiny one its list.
const PAGE_STYLE = `html,body{margin:0;background:transparent}
body{font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
service-track-card,service-playlist,service-user-card{max-width:none}
.tiny service-track-card::part(card){grid-template-columns:auto 1fr auto}
.tiny service-track-card::part(artwork){display:grid;place-items:center;width:32px;height:32px}
:is(.compact,.tiny) service-playlist::part(description),:is(.compact,.tiny) service-user-card::part(bio){display:none}
:is(.compact,.tiny) service-playlist::part(artwork){width:72px;height:72px}
.tiny service-playlist::part(list),.tiny service-user-card::part(tabs),.tiny service-user-card::part(panel){display:none}
.page{max-width:760px;margin:0 auto;padding:24px 16px}
.page h1{font-size:1.1rem;margin:0 0 16px}`;

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
  /** The page's own address (public pages). */
  canonical?: string;
}

export interface HtmlDocument {
  html: string;
  /** Its Content-Security-Policy: scripts from the service alone, styles by hash, any site may frame it. */
  csp: string;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP sources of every `<style>` element in `html` (the page's and the elements' declarative shadow roots). */
function styleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!)))];
}

export function htmlDocument({ title, element, baseUrl, layout, size = 'card', oembed, canonical }: DocumentOptions): HtmlDocument {
  const links = [
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    oembed ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(title)}">` : '',
  ].filter(Boolean);
  const body = layout === 'embed' ? element : `<main class="page"><h1>${escapeHtml(title)}</h1>\n${element}\n</main>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Music Service</title>
<link rel="icon" href="data:,">
${links.join('\n')}${links.length ? '\n' : ''}<style>${PAGE_STYLE}</style>
<script type="module" src="${KIT_PATH}"></script>
</head>
<body class="${layout === 'embed' ? size : 'card'}">
${body}
</body>
</html>
`;
  const self = `'self' ${baseUrl}`;
  const csp = [
    "default-src 'none'",
    `script-src ${self}`,
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
