import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../context.js';

/**
 * The service's mark as the browser's and the home screen's icon: `/favicon.svg`, `/favicon.ico`
 * (a 32 px PNG in an ICO, for the readers that ask for that name alone) and
 * `/apple-touch-icon.png` (180 px, what iOS and many link previews take as the site's icon).
 */

/** The note in a disc, white on the service's colour. */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="#6a14b8"/><path fill="#fff" d="M15 6v2.5h-2.5V15a2.5 2.5 0 1 1-1.5-2.3V6z"/></svg>`;

/** The head's icon links. */
export const ICON_LINKS = `<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">`;

/** The icon at `size` px as PNG, rendered with sharp (loaded on first use). */
async function iconPng(size: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(ICON_SVG), { density: Math.ceil((72 * size) / 24) }).resize(size, size).png().toBuffer();
}

/** An ICO file holding one PNG image (Windows Vista's format, read by every browser). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6);
  header.writeUInt8(size % 256, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // where the image starts
  return Buffer.concat([header, png]);
}

export const iconRoutes: RouteModule = (app) => {
  // Rendered once per process: the mark does not change while the service runs.
  const rendered = new Map<string, Promise<Buffer>>();
  const once = (name: string, make: () => Promise<Buffer>) => {
    let body = rendered.get(name);
    if (!body) rendered.set(name, (body = make()));
    return body;
  };
  const send = (reply: FastifyReply, type: string, body: string | Buffer) =>
    reply.type(type).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(body);

  app.get('/favicon.svg', (_req, reply) => send(reply, 'image/svg+xml', ICON_SVG));
  app.get('/favicon.ico', async (_req, reply) => send(reply, 'image/x-icon', await once('ico', async () => icoOf(await iconPng(32), 32))));
  app.get('/apple-touch-icon.png', async (_req, reply) => send(reply, 'image/png', await once('touch', () => iconPng(180))));
};
