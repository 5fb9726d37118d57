import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

/**
 * The embed page's inline bootstrap (server/embed/frame-bootstrap.js, written to be read),
 * minified once when the service starts: hydration on demand and Play before the kit.
 */
export const BOOTSTRAP = transformSync(readFileSync(new URL('./frame-bootstrap.js', import.meta.url), 'utf8'), {
  minify: true,
  target: 'es2020',
  legalComments: 'none',
}).code.trim();
