import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../context.js';
import { readApi } from '../api/index.js';
import { errorBody, notFound } from '../http/errors.js';
import { decodeId, encodeId } from '../ids.js';
import { CDN_DIR, cdnFile, encodedKit, KIT_FILE, KIT_MISSING, KIT_PARTS, KIT_PATH, kitBuilt } from '../embed/kit.js';
import { acceptedEncoding } from '../http/compression.js';
import { KIT_TRANSLATIONS } from '../languages.js';
import { embedLang, missingText } from '../embed/words.js';
import { EMBED_APP_NAME, pageRenderer } from '../embed/render.js';
import { ELEMENT_OF, htmlDocument } from '../embed/document.js';
import { EMBED_KINDS, EMBED_SIZES, EMBED_THEMES, type EmbedKind, type EmbedSize, type EmbedTheme } from '../embed/kinds.js';
import { resolvePath, type FoundResource } from './resolve.js';
import { escapeHtml } from '../../src/ssr/escape-html.js';
import { shareFacts } from '../embed/share-facts.js';
import { shareTags } from '../embed/share-tags.js';
import { publicOrigin } from '../embed/public-origin.js';
import { optionAttributes, optionBodyData, optionStyle, parseEmbedOptions, type EmbedOptions } from '../embed/embed-options.js';

/** The element's own attributes for a resource, size and theme. */
function elementAttributes(kind: EmbedKind, id: string, size: EmbedSize, theme?: EmbedTheme, lang?: string): Record<string, string | undefined> {
  if (kind === 'track') return { 'track-id': id, size, theme, lang };
  if (kind === 'playlist') return { 'playlist-id': id, size, theme, lang };
  return { 'user-id': id, 'page-size': size === 'card' ? '10' : '5', size, theme, lang };
}

/** "Title by Artist", a playlist's "Name by Owner", or a user's name. */
export function resourceTitle(resource: FoundResource, ownerName: (ownerId: number) => string): string {
  if (resource.kind === 'user') return resource.row.name;
  const name = resource.kind === 'track' ? resource.row.title : resource.row.playlist_name;
  return `${name} by ${ownerName(resource.row.owner_id)}`;
}

/**
 * The embed pages, `GET /embed/{track,playlist,user}/<id>?size=&theme=&lang=` (and the URL options
 * of server/embed/embed-options.ts): the element alone,
 * server-rendered with its data, in a page any site may put in an iframe (frame-ancestors *,
 * scripts from the service alone, no cookies). The public pages, `GET /<handle>`,
 * `/<handle>/<slug>`, `/<handle>/{playlist,album}/<slug>`: the same element under a heading.
 * Both carry the share tags (server/embed/share-tags.ts), the canonical public URL and the oEmbed
 * discovery link. And the kit they load, `GET /embed/kit.<hash>.js` (`/embed/kit.js` for pages
 * that name the fixed address).
 */
export const embedRoutes: RouteModule = (app, ctx) => {
  const { queries } = readApi(ctx);
  const cdnDir = ctx.cdnDir ?? CDN_DIR;
  const renderPage = pageRenderer(app, () => ctx.baseUrl);
  const ownerName = (ownerId: number) => queries.userById(ownerId)?.name ?? '';
  /** What a page of `resource` tells link previews: its canonical URL, oEmbed discovery link and share tags. */
  const sharing = (resource: FoundResource) => {
    const origin = publicOrigin(ctx);
    const facts = shareFacts(resource, queries, origin);
    return { canonical: facts.url, oembed: `${origin}/oembed?url=${encodeURIComponent(facts.url)}&format=json`, head: shareTags(facts) };
  };

  /** What the embed page's bootstrap needs to play before the kit arrives: the streams' URL (`{id}` a track's id) and a track's duration (s). */
  const earlyPlay = (resource: FoundResource) => {
    if (resource.kind === 'user') return {};
    const stream = { 'data-stream': `${ctx.baseUrl}/v1/tracks/{id}/stream?app_name=${EMBED_APP_NAME}` };
    return resource.kind === 'track' ? { ...stream, 'data-duration': String(resource.row.duration) } : stream;
  };

  const send = (reply: FastifyReply, doc: { html: string; csp: string }) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', doc.csp)
      .header('cache-control', 'public, max-age=60')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(doc.html);

  const render = async (resource: FoundResource, size: EmbedSize, theme: EmbedTheme | undefined, embed = false, lang?: string, options?: EmbedOptions) => {
    const id = encodeId(resource.row.id);
    // English is the kit's own: no attribute, as before.
    const attributes = { ...elementAttributes(resource.kind, id, size, theme, lang === 'en' ? undefined : lang), ...(options && optionAttributes(options)) };
    const result = await renderPage(ELEMENT_OF[resource.kind], embed ? { ...attributes, 'data-embed': '', ...earlyPlay(resource) } : attributes);
    // The resource exists (it was just read): a failed render is the service's own fault.
    if (result.errors.length) throw result.errors[0];
    return result.html;
  };

  app.get<{ Params: { kind: EmbedKind; id: string }; Querystring: { size: EmbedSize; theme?: EmbedTheme; lang?: string } }>(
    '/embed/:kind/:id',
    {
      schema: {
        params: { type: 'object', properties: { kind: { type: 'string', enum: EMBED_KINDS }, id: { type: 'string', maxLength: 200 } }, required: ['kind', 'id'], additionalProperties: false },
        querystring: {
          type: 'object',
          properties: {
            size: { type: 'string', enum: EMBED_SIZES, default: 'card' },
            theme: { type: 'string', enum: EMBED_THEMES },
            // A language tag; one the embeds do not speak means English (see embedLang).
            lang: { type: 'string', maxLength: 35 },
          },
          additionalProperties: true,
        },
      },
    },
    async (req, reply) => {
      const { kind, id } = req.params;
      // Any id the service does not have, well-formed or not, gets the page below.
      const key = decodeId(id);
      const row = key === undefined ? undefined : kind === 'track' ? queries.trackById(key) : kind === 'playlist' ? queries.playlistById(key) : queries.userById(key);
      const { size, theme } = req.query;
      const lang = embedLang(req.query.lang);
      if (!row) {
        // An HTML page in the frame, never the API's JSON: the embed's theme, its size, a way on.
        const element = `<div class="missing" data-embed role="alert"><p>${escapeHtml(missingText(lang, kind))}</p></div>`;
        const doc = htmlDocument({ title: `Not available`, element, baseUrl: ctx.baseUrl, layout: 'embed', size, theme, kind, script: false, lang });
        return send(reply.code(404), doc);
      }
      const resource = { kind, row } as FoundResource;
      // The URL options (server/embed/embed-options.ts): a value not taken is dropped, never an error.
      const options = parseEmbedOptions(req.query, kind);
      const element = await render(resource, size, theme, true, lang, options);
      const page = { style: optionStyle(options), bodyData: optionBodyData(options) };
      return send(reply, htmlDocument({ title: resourceTitle(resource, ownerName), element, baseUrl: ctx.baseUrl, layout: 'embed', size, theme, kind, lang, cdnDir, ...sharing(resource), ...page }));
    },
  );

  // The CDN build's own files (server/embed/kit.ts); before `npm run build`, a 503 that says what to run.
  if (!kitBuilt(cdnDir)) console.warn(`service: ${KIT_MISSING}`);
  /**
   * A file of the build, compressed once per build. Under its hashed name (`hash` given) it is
   * cached for a year; a hash of another build redirects to the current name rather than 404: a
   * page rendered before a new build (kept for its 60 s) still gets a kit, never an old name
   * holding new bytes for a year.
   */
  const sendCdnFile = async (name: string, req: FastifyRequest, reply: FastifyReply, hash?: { given: string; current: (hash: string) => string }) => {
    const file = cdnFile(name, cdnDir);
    if (!file) return reply.code(503).header('cache-control', 'no-store').type('application/json').send(errorBody(503, KIT_MISSING));
    if (hash && hash.given !== file.hash) return reply.header('cache-control', 'no-store').redirect(hash.current(file.hash), 302);
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    // One ETag per encoding: a cache holding the gzip bytes never answers a Brotli request with them.
    const etag = encoding ? `"${file.hash}-${encoding}"` : file.etag;
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', hash ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('vary', 'accept-encoding')
      .header('etag', etag);
    if (notModified(req.headers['if-none-match'], file.hash)) return reply.code(304).send();
    if (!encoding) return reply.send(file.code);
    return reply.header('content-encoding', encoding).send(await encodedKit(file, encoding));
  };
  // Compressed above, once per build: the plugin's own compression is off here.
  const prebuilt = { compress: false } as const;

  app.get(KIT_PATH, prebuilt, (req, reply) => sendCdnFile(KIT_FILE, req, reply));
  app.get<{ Params: { hash: string } }>('/embed/kit.:hash', prebuilt, (req, reply) => {
    const hash = /^([\w-]{1,64})\.js$/.exec(req.params.hash)?.[1];
    if (!hash) throw notFound(`No route for GET ${req.url.split('?')[0]}`);
    return sendCdnFile(KIT_FILE, req, reply, { given: hash, current: (current) => `/embed/kit.${current}.js` });
  });
  // The kit imports them from beside itself (`./login-flow.js` when a login starts or comes back, `./audio-media.js` once an element that plays is on the page).
  for (const part of KIT_PARTS) app.get(KIT_PATH.replace(/[^/]+$/, part), prebuilt, (req, reply) => sendCdnFile(part, req, reply));

  // The translations embed pages load (`<code>.js`, `<code>.<hash>.js`): the shipped languages alone.
  app.get<{ Params: { file: string } }>('/embed/translations/:file', prebuilt, async (req, reply) => {
    const [, code = '', hash] = /^([^.]*)(?:\.([\w-]{1,64}))?\.js$/.exec(req.params.file) ?? [];
    if (!KIT_TRANSLATIONS.includes(code)) throw notFound(`No translation ${JSON.stringify(req.params.file.slice(0, 40))}`);
    const hashed = hash === undefined ? undefined : { given: hash, current: (current: string) => `/embed/translations/${code}.${current}.js` };
    return sendCdnFile(`translations/${code}.js`, req, reply, hashed);
  });

  // Public pages: only paths that name something; anything else is the service's usual 404.
  const publicPage = async (path: string, reply: FastifyReply) => {
    const resource = resolvePath(queries, path);
    if (!resource) throw notFound(`No route for GET ${path}`);
    const element = await render(resource, 'card', undefined);
    return send(reply, htmlDocument({ title: resourceTitle(resource, ownerName), element, baseUrl: ctx.baseUrl, layout: 'page', cdnDir, ...sharing(resource) }));
  };
  for (const route of ['/:handle', '/:handle/:slug', '/:handle/:kind/:slug']) {
    app.get(route, async (req, reply) => publicPage(req.url.split('?')[0]!, reply));
  }
};

/** Whether If-None-Match names this file in any of its encodings (a list, weak or not, or `*`). */
function notModified(header: string | undefined, hash: string): boolean {
  return header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"') === `"${hash}"`);
}
