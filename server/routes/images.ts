/**
 * Generated images: GET /images/:kind/:id/:size, where the size name ends in `.svg` (or nothing)
 * for the SVG, `.jpg` for JPEG and `.png` for PNG, rendered from that same SVG (production names
 * its images `150x150.jpg`…). `1200x630.jpg` (or `.png`) of a track (`artwork`), a playlist or
 * album (`playlist`) or a user (`profile`) is the share image link previews show (media/share.ts).
 *
 * A raster image is rendered once and kept (media/raster.ts), so a later request costs the row
 * lookup that tells a known id from a 404, and a Map lookup. Every answer may be kept a day.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { params, publicId } from '../http/schemas.js';
import { decodeId } from '../ids.js';
import { artSvg, type ImageKind } from '../media/art.js';
import { RasterCache, rasterize, warmRasterizer, type RasterFormat, type RasterImage } from '../media/raster.js';
import { SHARE_HEIGHT, SHARE_SIZE, SHARE_WIDTH, itemShareSvg, profileShareSvg } from '../media/share.js';

const SQUARE_SIZES: Record<string, [number, number]> = { '150x150': [150, 150], '480x480': [480, 480], '1000x1000': [1000, 1000] };
/** The contract's image-map keys per kind; a cover is a wide banner (8:3). */
export const IMAGE_SIZES: Record<ImageKind, Record<string, [number, number]>> = {
  profile: SQUARE_SIZES,
  artwork: SQUARE_SIZES,
  playlist: SQUARE_SIZES,
  cover: { '640x': [640, 240], '2000x': [2000, 750] },
};
/** The kinds with a share image: a user, a track, a playlist or album. */
const SHARE_KINDS: ReadonlySet<ImageKind> = new Set(['profile', 'artwork', 'playlist']);
/** The table whose row an image belongs to: an image of an unknown row is a 404. */
const IMAGE_OWNERS: Record<ImageKind, string> = { profile: 'users', cover: 'users', artwork: 'tracks', playlist: 'playlists' };
const IMAGE_KINDS = Object.keys(IMAGE_SIZES) as ImageKind[];
const SIZES = [...new Set(IMAGE_KINDS.flatMap((kind) => Object.keys(IMAGE_SIZES[kind])))];
// The bare size and `.svg` answer the SVG; the share image is raster only.
const SIZE_NAMES = [...SIZES.flatMap((size) => [size, `${size}.svg`, `${size}.jpg`, `${size}.png`]), `${SHARE_SIZE}.jpg`, `${SHARE_SIZE}.png`];
const CACHE_CONTROL = 'public, max-age=86400';

/** The size and format a size name asks for: `480x480.jpg` is 480x480 as JPEG. */
function parseSizeName(name: string): { size: string; format: RasterFormat | 'svg' } {
  const match = /^(.*?)(?:\.(svg|jpg|png))?$/.exec(name)!;
  return { size: match[1]!, format: (match[2] as RasterFormat | 'svg' | undefined) ?? 'svg' };
}

/** Whether the client's If-None-Match names this ETag (a list, weak or not, or `*`). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}

export function registerImageRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const cache = new RasterCache();
  app.addHook('onReady', async () => {
    // Not awaited: the service listens at once, and a request that comes first renders as it would anyway.
    warmRasterizer().catch((error: unknown) => app.log.warn({ err: error }, 'could not warm the image rasterizer'));
  });
  const ownerExists = Object.fromEntries(
    Object.entries(IMAGE_OWNERS).map(([kind, table]) => [kind, ctx.db.prepare<[number]>(`SELECT 1 FROM ${table} WHERE id = ?`)]),
  ) as Record<ImageKind, ReturnType<typeof ctx.db.prepare<[number]>>>;
  const userNames = ctx.db.prepare<[number], { name: string; handle: string }>('SELECT name, handle FROM users WHERE id = ?');

  const send = (request: FastifyRequest, reply: FastifyReply, { image, hit }: { image: RasterImage; hit: boolean }) => {
    // Server-Timing says whether this answer was rendered, and how long that took (the tests and the bench read it).
    const timing = hit ? 'cache;desc=hit' : `render;dur=${image.renderMs.toFixed(1)}`;
    reply.header('Cache-Control', CACHE_CONTROL).header('ETag', image.etag).header('Server-Timing', timing);
    if (notModified(request, image.etag)) return reply.code(304).send();
    return reply.type(image.type).send(image.bytes);
  };

  app.get<{ Params: { kind: ImageKind; id: string; size: string } }>(
    '/images/:kind/:id/:size',
    {
      schema: {
        params: params({ kind: { type: 'string', enum: IMAGE_KINDS }, id: publicId, size: { type: 'string', enum: SIZE_NAMES } }),
      },
    },
    async (request, reply) => {
      const kind = request.params.kind;
      const { size, format } = parseSizeName(request.params.size);
      const share = size === SHARE_SIZE && SHARE_KINDS.has(kind);
      const dimensions = share ? [SHARE_WIDTH, SHARE_HEIGHT] : IMAGE_SIZES[kind][size];
      if (!dimensions) {
        const known = [...Object.keys(IMAGE_SIZES[kind]), ...(SHARE_KINDS.has(kind) ? [`${SHARE_SIZE} (.jpg, .png)`] : [])];
        throw badRequest(`size ${size} is not a size of ${kind} images (${known.join(', ')})`);
      }
      const id = decodeId(request.params.id);
      if (id === undefined) throw badRequest(`id ${request.params.id} is not an id`);
      if (!ownerExists[kind].get(id)) throw notFound(`No ${kind} image for ${request.params.id}`);
      const [width, height] = dimensions as [number, number];
      if (format === 'svg') return reply.type('image/svg+xml').header('Cache-Control', CACHE_CONTROL).send(artSvg(kind, id, width, height));

      const key = `${kind}/${id}/${size}.${format}`;
      if (!share) return send(request, reply, await cache.get(key, () => rasterize(artSvg(kind, id, width, height), format)));
      if (kind !== 'profile') return send(request, reply, await cache.get(key, () => rasterize(itemShareSvg(kind as 'artwork' | 'playlist', id), format)));
      // The picture shows the user's name: a renamed account gets a new image, not the old one.
      const user = userNames.get(id)!;
      const named = `${key}|${user.handle}|${user.name}`;
      return send(request, reply, await cache.get(named, () => rasterize(profileShareSvg(id, user.name, user.handle), format)));
    },
  );
}
