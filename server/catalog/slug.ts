/** URL slugs and stored image maps, shared by the generator and the catalog loader. */
import { encodeId } from '../ids.js';

/**
 * A title's slug: lower case, every run of characters that are not letters or digits turned into
 * one '-', no '-' at either end. Letters of any script stay (production keeps them too), so a
 * slug may need percent-encoding in a URL; resolve decodes path segments before matching.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'untitled';
}

/** Hands out slugs unique within a scope (an owner, or an owner and a playlist kind): -2, -3 ... */
export class SlugBook {
  private readonly taken = new Map<string, Set<string>>();

  claim(scope: string | number, title: string): string {
    let used = this.taken.get(String(scope));
    if (!used) this.taken.set(String(scope), (used = new Set()));
    const base = slugify(title);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  }
}

export const SQUARE_SIZES = ['150x150', '480x480', '1000x1000'] as const;
export const COVER_SIZES = ['640x', '2000x'] as const;

/** The relative image paths the media routes serve, as the JSON the database stores. */
export function imagePaths(kind: 'profile' | 'cover' | 'artwork' | 'playlist', id: number): string {
  const sizes = kind === 'cover' ? COVER_SIZES : SQUARE_SIZES;
  const publicId = encodeId(id);
  const map: Record<string, string> = {};
  for (const size of sizes) map[size] = `/images/${kind}/${publicId}/${size}.svg`;
  return JSON.stringify(map);
}
