import type { RouteModule } from '../context.js';
import { readApi } from '../api/index.js';
import { badRequest, errorBody, notFound } from '../http/errors.js';
import { decodeId, encodeId } from '../ids.js';
import { escapeHtml } from '../../src/ssr/escape-html.js';
import { FRAME_SIZES, PROVIDER } from '../embed/document.js';
import { EMBED_KINDS, EMBED_SIZES, EMBED_THEMES, type EmbedKind, type EmbedSize, type EmbedTheme } from '../embed/kinds.js';
import { IMAGE_KIND_OF, imageUrl, squareWithin } from '../embed/share-facts.js';
import { publicOrigin, servesHost } from '../embed/public-origin.js';
import { resolvePath, type FoundResource } from './resolve.js';
import { resourceTitle } from './embed.js';
import { embedOptionsQuery, parseEmbedOptions } from '../embed/embed-options.js';

interface OembedQuery {
  url: string;
  format?: string;
  maxwidth?: number;
  maxheight?: number;
  size: EmbedSize;
  theme?: EmbedTheme;
  /** The embed's language, passed on to its page. */
  lang?: string;
  /** The embed's URL options (`autoplay`, `t`, `color`…), checked and passed on to its page. */
  [option: string]: unknown;
}

const dimension = { type: 'integer', minimum: 1, maximum: 100_000 } as const;

/** How long a consumer may keep an answer: `cache_age` and the `Cache-Control` max-age alike. */
const CACHE_AGE = 3600;
/** The thumbnail's size when the consumer sets no bound. */
const DEFAULT_THUMBNAIL = 480;

/**
 * oEmbed 1.0 (`GET /oembed?url=<public URL>`): a track, playlist, album or user, found by its
 * public path as /v1/resolve finds it (or by its embed page's URL), as a `rich` answer whose html
 * is an iframe of its embed page. A URL on a host the service does not serve (server/embed/
 * public-origin.ts) is a 404. `maxwidth` and `maxheight` bound the frame (a smaller size is
 * picked when the asked one is too tall) and the thumbnail (the largest raster that fits);
 * `size` (card, compact, tiny) and `theme` pick the embed, and the embed's URL options
 * (`autoplay`, `t`, `color`, `artwork=0`…, server/embed/embed-options.ts) go on to its page. JSON only: another `format` is a 501,
 * an unknown URL a 404, both in the service's error shape.
 */
export const oembedRoutes: RouteModule = (app, ctx) => {
  const { queries } = readApi(ctx);

  /** What `url` names: a public page's resource or an embed page's; a 404 for another host's URL. */
  const findResource = (url: string): FoundResource | undefined => {
    let path = url;
    if (/^https?:\/\//i.test(url)) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw badRequest('url is not a valid URL');
      }
      if (!servesHost(ctx, parsed)) throw notFound(`${JSON.stringify(parsed.host.slice(0, 200))} is not a host of this service`);
      path = parsed.pathname;
    }
    const embed = /^\/embed\/([a-z]+)\/([^/?#]+)\/?(?:[?#].*)?$/s.exec(path);
    if (embed && EMBED_KINDS.includes(embed[1] as EmbedKind)) {
      const key = decodeId(embed[2]!);
      const kind = embed[1] as EmbedKind;
      const row = key === undefined ? undefined : kind === 'track' ? queries.trackById(key) : kind === 'playlist' ? queries.playlistById(key) : queries.userById(key);
      return row && ({ kind, row } as FoundResource);
    }
    return resolvePath(queries, url);
  };

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
      const resource = findResource(url);
      if (!resource) throw notFound(`Nothing found at ${JSON.stringify(url.slice(0, 200))}`);

      // The asked size, or the largest smaller one whose frame fits maxheight.
      const sizes = FRAME_SIZES[resource.kind];
      let size = req.query.size;
      for (const smaller of EMBED_SIZES.slice(EMBED_SIZES.indexOf(size) + 1)) if (sizes[size].height > maxheight) size = smaller;
      const width = Math.min(sizes[size].width, maxwidth);
      const height = Math.min(sizes[size].height, maxheight);

      const base = publicOrigin(ctx);
      // A served host's URL keeps its own origin for the author (a path alone takes the public one).
      const origin = /^https?:\/\//i.test(url) ? new URL(url).origin : base;
      const title = resourceTitle(resource, (id) => queries.userById(id)?.name ?? '');
      const owner = resource.kind === 'user' ? resource.row : queries.userById(resource.row.owner_id)!;
      const id = encodeId(resource.row.id);
      const bounded = maxwidth !== Infinity || maxheight !== Infinity;
      const thumbnail = bounded ? squareWithin(maxwidth, maxheight) : DEFAULT_THUMBNAIL;
      // The embed's URL options, checked as the embed page checks them: those it would drop are not passed on.
      const options = embedOptionsQuery(parseEmbedOptions(req.query, resource.kind))
        .map(([name, value]) => `&${name}=${encodeURIComponent(value)}`)
        .join('');
      const src = `${base}/embed/${resource.kind}/${id}?size=${size}${theme ? `&theme=${theme}` : ''}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}${options}`;
      reply.header('cache-control', `public, max-age=${CACHE_AGE}`);
      return {
        version: '1.0',
        type: 'rich',
        provider_name: PROVIDER,
        provider_url: `${base}/`,
        title,
        author_name: owner.name,
        author_url: `${origin}/${encodeURIComponent(owner.handle)}`,
        // The column's width up to the embed's own, as Spotify's frame does; WordPress's kses keeps both declarations.
        html: `<iframe src="${escapeHtml(src)}" width="100%" height="${height}" style="border:0;max-width:${width}px" allow="autoplay; clipboard-write" loading="lazy" title="${escapeHtml(title)}"></iframe>`,
        width,
        height,
        ...(thumbnail
          ? { thumbnail_url: imageUrl(base, IMAGE_KIND_OF[resource.kind], id, `${thumbnail}x${thumbnail}`), thumbnail_width: thumbnail, thumbnail_height: thumbnail }
          : {}),
        cache_age: CACHE_AGE,
      };
    },
  );
};
