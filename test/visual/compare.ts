// One shot against its baseline with pixelmatch: how many pixels differ beyond anti-aliasing, and
// the images that show where (the shot as taken, and pixelmatch's diff in red over a faded copy).
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';

/** pixelmatch's per-pixel colour distance (0 to 1): 0.1 tells a 2 px shift from font smoothing noise. */
export const THRESHOLD = 0.1;
/**
 * Differing pixels a shot may have and still pass: 0.05 % of its area, at least 10. Re-runs on one
 * machine differ by 0; a 2 px shift of the card's title by about 530 (README, The visual check).
 */
export const allowedPixels = (width: number, height: number) => Math.max(10, Math.round(width * height * 0.0005));

export interface Comparison {
  /** Pixels that differ, or the whole area when the sizes differ. */
  differing: number;
  allowed: number;
  sizeChanged: boolean;
  /** The diff image (PNG bytes), when anything differs. */
  diff?: Buffer;
}

/** A copy of `png` on a canvas of `width` × `height`, the new area transparent. */
function padded(png: PNG, width: number, height: number): PNG {
  if (png.width === width && png.height === height) return png;
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, 0, 0, png.width, png.height, 0, 0);
  return out;
}

export function compare(actualBytes: Buffer, baselineBytes: Buffer): Comparison {
  const actual = PNG.sync.read(actualBytes);
  const baseline = PNG.sync.read(baselineBytes);
  const width = Math.max(actual.width, baseline.width);
  const height = Math.max(actual.height, baseline.height);
  const sizeChanged = actual.width !== baseline.width || actual.height !== baseline.height;
  const diff = new PNG({ width, height });
  const count = pixelmatch(padded(actual, width, height).data, padded(baseline, width, height).data, diff.data, width, height, { threshold: THRESHOLD });
  const allowed = allowedPixels(width, height);
  const differing = sizeChanged ? Math.max(count, allowed + 1) : count;
  return { differing, allowed, sizeChanged, diff: differing ? PNG.sync.write(diff) : undefined };
}
