/**
 * Raster images (JPEG, PNG) from the generated SVGs, for the consumers that show no SVG (link
 * previews, production's clients, which name `.jpg` files). sharp (libvips, with librsvg for the
 * SVG) renders and encodes; a render happens once per image, then the bytes are kept in memory.
 *
 * Memory rather than files in the data directory: a hit is one Map lookup with no I/O and no
 * file to keep in step with the catalog, and a miss costs one render (tens of ms), so losing the
 * cache on a restart is cheap. The bound is on bytes, least recently used first out, so a crawler
 * walking every id and size evicts old pictures instead of growing the process.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type RasterFormat = 'jpg' | 'png';

export const RASTER_TYPES: Record<RasterFormat, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** A rendered image: its bytes, their content type, an ETag made from the bytes and how long the render took. */
export interface RasterImage {
  bytes: Buffer;
  type: string;
  etag: string;
  renderMs: number;
}

/** 64 MiB: about 2,000 share images or 3,500 480 × 480 JPEGs. */
export const RASTER_CACHE_BYTES = 64 * 1024 * 1024;

/** The SVG as JPEG (quality 82, what link previews re-encode to anyway) or PNG (a fast zlib level: the art is gradients, which compress little more at 9). */
export async function rasterize(svg: string, format: RasterFormat): Promise<RasterImage> {
  const started = performance.now();
  const image = sharp(Buffer.from(svg));
  const bytes = await (format === 'jpg' ? image.jpeg({ quality: 82 }) : image.png({ compressionLevel: 4, adaptiveFiltering: false })).toBuffer();
  const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
  return { bytes, type: RASTER_TYPES[format], etag, renderMs: performance.now() - started };
}

/** Renders a small picture with text once, so the first real request does not wait for fontconfig and libvips to start. */
export async function warmRasterizer(): Promise<void> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="16"><text y="12" font-family="sans-serif" font-size="12">Aa</text></svg>';
  await Promise.all([rasterize(svg, 'jpg'), rasterize(svg, 'png')]);
}

/**
 * Rendered images by key, bounded in bytes (least recently used out first). Two requests for an
 * image not yet rendered share one render, so a burst of unfurlers fetching a new link costs one.
 */
export class RasterCache {
  private readonly kept = new Map<string, RasterImage>();
  private readonly rendering = new Map<string, Promise<RasterImage>>();
  private bytes = 0;

  constructor(readonly maxBytes = RASTER_CACHE_BYTES) {}

  /** The kept image for `key` (`hit`), else `render()`'s, kept for the next request. */
  async get(key: string, render: () => Promise<RasterImage>): Promise<{ image: RasterImage; hit: boolean }> {
    const kept = this.kept.get(key);
    if (kept) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return { image: kept, hit: true };
    }
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render().finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
      pending.then((image) => this.keep(key, image), () => undefined);
    }
    return { image: await pending, hit: false };
  }

  /** How many images and bytes are kept (for tests and the bench). */
  get size(): { images: number; bytes: number } {
    return { images: this.kept.size, bytes: this.bytes };
  }

  private keep(key: string, image: RasterImage): void {
    // One image over an eighth of the bound would push out many others for little gain.
    if (image.bytes.length > this.maxBytes / 8) return;
    this.kept.set(key, image);
    this.bytes += image.bytes.length;
    for (const [oldest, old] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= old.bytes.length;
    }
  }
}
