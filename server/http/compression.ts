import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * What the service compresses: text (HTML, CSS, JavaScript), JSON and SVG. Never audio (a Range
 * names bytes of the file itself) and never JPEG or PNG (compressed already).
 */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json|application\/javascript|image\/svg\+xml)(?:;|$)/;

/**
 * gzip and Brotli by the request's Accept-Encoding (Brotli first), for every route registered
 * after it. Quality 4: a dynamic answer (a page, a list) is compressed on every request, and 4 is
 * about 10 % larger than 11 in a fiftieth of the time. Answers under 1 KiB stay as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Answers only: request bodies keep arriving as they do today.
    globalDecompression: false,
  });
}

/**
 * The encoding to send a precompressed file in: Brotli when the request accepts it, else gzip,
 * else none. `q=0` refuses an encoding; `*` accepts those not named.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    if (name) weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}
