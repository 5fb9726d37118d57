import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../context.js';
import { readApi } from '../api/index.js';
import { errorBody, notFound } from '../http/errors.js';
import { decodeId, encodeId } from '../ids.js';
import { CDN_DIR, cdnFile, KIT_FILE, KIT_MISSING, kitBuilt } from '../embed/kit.js';
import { KIT_TRANSLATIONS } from '../languages.js';
import { embedLang, missingText } from '../embed/words.js';
import { EMBED_APP_NAME, pageRenderer } from '../embed/render.js';
import { ELEMENT_OF, htmlDocument, KIT_PATH } from '../embed/document.js';
import { EMBED_KINDS, EMBED_SIZES, EMBED_THEMES, type EmbedKind, type EmbedSize, type EmbedTheme } from '../embed/kinds.js';
import { resolvePath, type FoundResource } from './resolve.js';
import { escapeHtml } from '../../src/ssr/escape-html.js';
import { shareFacts } from '../embed/share-facts.js';
import { shareTags } from '../embed/share-tags.js';
import { publicOrigin } from '../embed/public-origin.js';

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
 * The embed pages, `GET /embed/{track,playlist,user}/<id>?size=&theme=&lang=`: the element alone,
 * server-rendered with its data, in a page any site may put in an iframe (frame-ancestors *,
 * scripts from the service alone, no cookies). The public pages, `GET /<handle>`,
 * `/<handle>/<slug>`, `/<handle>/{playlist,album}/<slug>`: the same element under a heading.
 * Both carry the share tags (server/embed/share-tags.ts), the canonical public URL and the oEmbed
 * discovery link. And the kit they load, `GET /embed/kit.js`.
 */
export const embedRoutes: RouteModule = (app, ctx) => {
  const { queries } = readApi(ctx);
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

  const render = async (resource: FoundResource, size: EmbedSize, theme: EmbedTheme | undefined, embed = false, lang?: string) => {
    const id = encodeId(resource.row.id);
    // English is the kit's own: no attribute, as before.
    const attributes = elementAttributes(resource.kind, id, size, theme, lang === 'en' ? undefined : lang);
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
      const element = await render(resource, size, theme, true, lang);
      return send(reply, htmlDocument({ title: resourceTitle(resource, ownerName), element, baseUrl: ctx.baseUrl, layout: 'embed', size, theme, kind, lang, ...sharing(resource) }));
    },
  );

  // The CDN build's own files (server/embed/kit.ts); before `npm run build`, a 503 that says what to run.
  const cdnDir = ctx.cdnDir ?? CDN_DIR;
  if (!kitBuilt(cdnDir)) console.warn(`service: ${KIT_MISSING}`);
  const sendCdnFile = async (name: string, req: FastifyRequest, reply: FastifyReply) => {
    const file = await cdnFile(name, cdnDir);
    if (!file) return reply.code(503).header('cache-control', 'no-store').type('application/json').send(errorBody(503, KIT_MISSING));
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').header('etag', file.etag);
    if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.send(file.code);
  };

  app.get(KIT_PATH, (req, reply) => sendCdnFile(KIT_FILE, req, reply));

  // The translations embed pages load: the shipped languages alone.
  app.get<{ Params: { file: string } }>('/embed/translations/:file', async (req, reply) => {
    const code = req.params.file.replace(/\.js$/, '');
    if (!KIT_TRANSLATIONS.includes(code)) throw notFound(`No translation ${JSON.stringify(code.slice(0, 40))}`);
    return sendCdnFile(`translations/${code}.js`, req, reply);
  });

  // Public pages: only paths that name something; anything else is the service's usual 404.
  const publicPage = async (path: string, reply: FastifyReply) => {
    const resource = resolvePath(queries, path);
    if (!resource) throw notFound(`No route for GET ${path}`);
    const element = await render(resource, 'card', undefined);
    return send(reply, htmlDocument({ title: resourceTitle(resource, ownerName), element, baseUrl: ctx.baseUrl, layout: 'page', ...sharing(resource) }));
  };
  for (const route of ['/:handle', '/:handle/:slug', '/:handle/:kind/:slug']) {
    app.get(route, async (req, reply) => publicPage(req.url.split('?')[0]!, reply));
  }
};
