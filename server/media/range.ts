/**
 * The `Range` request header (RFC 9110 §14), resolved against a file's size.
 *
 * - No header: the whole file.
 * - One range (`a-b`, `a-`, `-n`): that range, its end clamped to the file.
 * - Several ranges (`0-1,5-6`): the whole file with 200. RFC 9110 lets a server ignore
 *   Range, media players never send several, and it spares us multipart/byteranges.
 * - A range starting past the end, `-0`, `b < a`, another unit, or anything that does not
 *   parse: unsatisfiable (416), as Go's http.ServeContent (production's server) answers.
 */

export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/** One `first-last` spec as an inclusive [start, end]; undefined if it lies past the end, 'invalid' if malformed. */
function resolveSpec(spec: string, size: number): { start: number; end: number } | undefined | 'invalid' {
  const match = SPEC.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? undefined : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Infinity : Number(match[2]);
  if (last < start) return 'invalid';
  return start >= size ? undefined : { start, end: Math.min(last, size - 1) };
}

export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'whole' };
  const unit = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!unit) return { kind: 'unsatisfiable' };
  const specs = unit[1].split(',').map((spec) => spec.trim()).filter((spec) => spec !== '');
  if (specs.length === 0) return { kind: 'unsatisfiable' };

  const satisfiable: Array<{ start: number; end: number }> = [];
  for (const spec of specs) {
    const range = resolveSpec(spec, size);
    if (range === 'invalid') return { kind: 'unsatisfiable' };
    if (range) satisfiable.push(range);
  }
  if (satisfiable.length === 0) return { kind: 'unsatisfiable' };
  if (specs.length > 1) return { kind: 'whole' };
  return { kind: 'partial', ...satisfiable[0] };
}
