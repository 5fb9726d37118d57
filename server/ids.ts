import Hashids from 'hashids';

// Production's public ids: Hashids with this salt and minimum length (reference-notes).
const hashids = new Hashids('azowernasdfoia', 5);

// Encoding is the hot path of every answer; ids repeat, so their spellings are kept.
const encoded = new Map<number, string>();
const ENCODED_MAX = 200_000;

/** The public string id of an internal integer key. */
export function encodeId(id: number): string {
  let publicId = encoded.get(id);
  if (publicId === undefined) {
    publicId = hashids.encode(id);
    if (encoded.size >= ENCODED_MAX) encoded.clear();
    encoded.set(id, publicId);
  }
  return publicId;
}

/** The internal key of a public id, or undefined when the string is not a valid id. */
export function decodeId(publicId: string): number | undefined {
  if (publicId.length === 0 || publicId.length > 32) return undefined;
  let decoded: ReturnType<typeof hashids.decode>;
  try {
    decoded = hashids.decode(publicId);
  } catch {
    return undefined;
  }
  if (decoded.length !== 1) return undefined;
  const id = Number(decoded[0]);
  // Hashids decodes some foreign strings; only the canonical spelling is an id.
  if (!Number.isSafeInteger(id) || id < 1 || encodeId(id) !== publicId) return undefined;
  return id;
}
