import type { RouteModule } from '../context.js';
import { readApi } from '../api/index.js';
import { errorBody, notFound } from '../http/errors.js';
import { encodeId } from '../ids.js';
import { escapeHtml } from '../../src/ssr/escape-html.js';
import { FRAME_SIZES, PROVIDER } from '../embed/document.js';
import { EMBED_SIZES, EMBED_THEMES, type EmbedSize, type EmbedTheme } from '../embed/kinds.js';
import { resolvePath } from './resolve.js';
import { resourceTitle } from './embed.js';


interface OembedQuery {
  url: string;
  format?: string;
  maxwidth?: number;
  maxheight?: number;
  size: EmbedSize;
  theme?: EmbedTheme;
  /** The embed's language, passed on to its page. */
  lang?: string;
}

const dimension = { type: 'integer', minimum: 1, maximum: 100_000 } as const;

/**
 * oEmbed 1.0 (`GET /oembed?url=<public URL>`): a track, playlist, album or user, found by its
 * public path as /v1/resolve finds it, as a `rich` answer whose html is an iframe of its embed
 * page. `maxwidth` and `maxheight` bound the frame (a smaller size is picked when the asked one
 * is too tall); `size` (card, compact, tiny) and `theme` pick the embed. JSON only: another
 * `format` is a 501, an unknown URL a 404, both in the service's error shape.
 */
export const oembedRoutes: RouteModule = (app, ctx) => {
  const { queries, serialize } = readApi(ctx);

  app.get<{ Querystring: OembedQuery }>(
    '/oembed',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            url: { type: 'string', minLength: 1, maxLength: 2000 },
            format: { type: 'string', maxLength: 20 },
            maxwidth: dimension,
            maxheight: dimension,
            size: { type: 'string', enum: EMBED_SIZES, default: 'card' },
            theme: { type: 'string', enum: EMBED_THEMES },
            // Passed on to the embed page (`lang=`), which speaks it or its base language, else English.
            lang: { type: 'string', maxLength: 35 },
          },
          required: ['url'],
          additionalProperties: true,
        },
      },
    },
    async (req, reply) => {
      const { url, format = 'json', maxwidth = Infinity, maxheight = Infinity, theme, lang } = req.query;
      // Sent here: the error handler words every 5xx as an internal error, and this one is the caller's choice.
      if (format !== 'json') return reply.code(501).send(errorBody(501, `format ${JSON.stringify(format)} is not supported: this endpoint answers json only`));
      const resource = resolvePath(queries, url);
      if (!resource) throw notFound(`Nothing found at ${JSON.stringify(url.slice(0, 200))}`);

      // The asked size, or the largest smaller one whose frame fits maxheight.
      const sizes = FRAME_SIZES[resource.kind];
      let size = req.query.size;
      for (const smaller of EMBED_SIZES.slice(EMBED_SIZES.indexOf(size) + 1)) if (sizes[size].height > maxheight) size = smaller;
      const width = Math.min(sizes[size].width, maxwidth);
      const height = Math.min(sizes[size].height, maxheight);

      const base = ctx.baseUrl;
      const origin = /^https?:\/\//i.test(url) ? new URL(url).origin : base;
      const title = resourceTitle(resource, (id) => queries.userById(id)?.name ?? '');
      const owner = resource.kind === 'user' ? resource.row : queries.userById(resource.row.owner_id)!;
      const images = serialize.images<Record<string, string>>(
        resource.kind === 'user' ? resource.row.profile_picture : resource.row.artwork,
      );
      const thumbnail = images?.['480x480'];
      const src = `${base}/embed/${resource.kind}/${encodeId(resource.row.id)}?size=${size}${theme ? `&theme=${theme}` : ''}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;
      return {
        version: '1.0',
        type: 'rich',
        provider_name: PROVIDER,
        provider_url: `${base}/`,
        title,
        author_name: owner.name,
        author_url: `${origin}/${encodeURIComponent(owner.handle)}`,
        html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" allow="autoplay" loading="lazy" title="${escapeHtml(title)}"></iframe>`,
        width,
        height,
        ...(thumbnail ? { thumbnail_url: thumbnail, thumbnail_width: 480, thumbnail_height: 480 } : {}),
        cache_age: 3600,
      };
    },
  );
};
