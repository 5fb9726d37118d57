/**
 * Generated placeholder images: abstract SVG art seeded by the image's kind and id, so a
 * user, track or playlist always gets the same picture. Only numbers and colours the
 * generator makes go into the markup; nothing from the database does.
 */
import { Rng, hashSeed } from './prng.js';

export type ImageKind = 'profile' | 'cover' | 'artwork' | 'playlist';

const fixed = (n: number) => n.toFixed(1);

function color(rng: Rng, hue: number, lightness: [number, number]): string {
  const h = Math.round((hue + 360) % 360);
  return `hsl(${h} ${Math.round(rng.range(45, 85))}% ${Math.round(rng.range(lightness[0], lightness[1]))}%)`;
}

/** A smooth wave across the picture at height `y` (fractions of the height). */
function wavePath(rng: Rng, width: number, height: number, y: number): string {
  const bumps = rng.int(2, 5);
  const amplitude = rng.range(0.04, 0.14) * height;
  const step = width / bumps;
  let d = `M0 ${fixed(y * height)}`;
  for (let i = 0; i < bumps; i++) {
    const x = i * step;
    const sign = i % 2 === 0 ? -1 : 1;
    d += ` Q${fixed(x + step / 2)} ${fixed(y * height + sign * amplitude * 2)} ${fixed(x + step)} ${fixed(y * height)}`;
  }
  return `${d} L${width} ${height} L0 ${height} Z`;
}

/** The SVG document for one image at `width` x `height` pixels; `scope` prefixes its ids when one document holds two of them. */
export function artSvg(kind: ImageKind, id: number, width: number, height: number, scope = ''): string {
  const rng = new Rng(hashSeed(`${kind}|${id}`));
  const hue = rng.range(0, 360);
  const spread = rng.pick([30, 60, 150, 180]);
  const palette = [0, spread, -spread / 2, spread / 2].map((offset) => color(rng, hue + offset, [35, 70]));
  const angle = rng.range(0, 360);
  const g = `${scope}g${kind[0]}${id}`; // ids scoped per image in case two are inlined into one page
  const defs: string[] = [
    `<linearGradient id="${g}bg" gradientTransform="rotate(${fixed(angle)} 0.5 0.5)">` +
      `<stop offset="0" stop-color="${color(rng, hue, [15, 30])}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient>`,
  ];
  const shapes: string[] = [`<rect width="${width}" height="${height}" fill="url(#${g}bg)"/>`];
  const small = Math.min(width, height);

  const blobs = kind === 'profile' ? rng.int(3, 5) : rng.int(2, 4);
  for (let i = 0; i < blobs; i++) {
    defs.push(
      `<radialGradient id="${g}b${i}"><stop offset="0" stop-color="${palette[(i + 1) % palette.length]}"/>` +
        `<stop offset="1" stop-color="${palette[(i + 2) % palette.length]}" stop-opacity="0"/></radialGradient>`,
    );
    const r = rng.range(0.25, 0.6) * small;
    shapes.push(`<circle cx="${fixed(rng.next() * width)}" cy="${fixed(rng.next() * height)}" r="${fixed(r)}" fill="url(#${g}b${i})" opacity="${rng.range(0.55, 0.95).toFixed(2)}"/>`);
  }

  if (kind === 'artwork' || kind === 'playlist') {
    const cx = rng.range(0.3, 0.7) * width;
    const cy = rng.range(0.3, 0.7) * height;
    for (let ring = rng.int(2, 5); ring > 0; ring--) {
      const stroke = palette[ring % palette.length];
      shapes.push(`<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(ring * rng.range(0.06, 0.1) * small)}" fill="none" stroke="${stroke}" stroke-width="${fixed(rng.range(0.005, 0.03) * small)}" opacity="0.7"/>`);
    }
  }
  if (kind === 'playlist') {
    const cells = rng.int(2, 4);
    for (let i = 0; i < cells; i++) {
      const w = rng.range(0.15, 0.35) * width;
      shapes.push(`<rect x="${fixed(rng.next() * (width - w))}" y="${fixed(rng.next() * (height - w))}" width="${fixed(w)}" height="${fixed(w)}" rx="${fixed(w * 0.12)}" fill="${palette[i % palette.length]}" opacity="0.45"/>`);
    }
  }

  const waves = kind === 'cover' ? rng.int(2, 4) : rng.int(1, 2);
  for (let i = 0; i < waves; i++) {
    const y = 0.45 + (0.5 * (i + rng.next())) / waves;
    shapes.push(`<path d="${wavePath(rng, width, height, y)}" fill="${palette[(i + 3) % palette.length]}" opacity="${rng.range(0.2, 0.45).toFixed(2)}"/>`);
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.join('')}</defs>${shapes.join('')}</svg>`
  );
}
