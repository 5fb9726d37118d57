import Hashids from 'hashids';

// Production's public ids: Hashids with this salt and minimum length (reference-notes).
const hashids = new Hashids('azowernasdfoia', 5);

// Encoding is the hot path of every answer, decoding of every lookup; ids repeat, so both
// directions of each id met are kept.
const encoded = new Map<number, string>();
const decoded = new Map<string, number>();
const KEPT_MAX = 200_000;

/** The public string id of an internal integer key. */
export function encodeId(id: number): string {
  let publicId = encoded.get(id);
  if (publicId === undefined) {
    publicId = hashids.encode(id);
    if (encoded.size >= KEPT_MAX) {
      encoded.clear();
      decoded.clear();
    }
    encoded.set(id, publicId);
    decoded.set(publicId, id);
  }
  return publicId;
}

/** The internal key of a public id, or undefined when the string is not a valid id. */
export function decodeId(publicId: string): number | undefined {
  const known = decoded.get(publicId);
  if (known !== undefined) return known;
  if (publicId.length === 0 || publicId.length > 32) return undefined;
  let numbers: ReturnType<typeof hashids.decode>;
  try {
    numbers = hashids.decode(publicId);
  } catch {
    return undefined;
  }
  if (numbers.length !== 1) return undefined;
  const id = Number(numbers[0]);
  // Hashids decodes some foreign strings; only the canonical spelling is an id.
  if (!Number.isSafeInteger(id) || id < 1 || encodeId(id) !== publicId) return undefined;
  return id;
}
