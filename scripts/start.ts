/**
 * `npm start`: the reference service (same options as `npm run server`) and, on the next
 * port, a small static server for the demo pages and the CDN build. One process; Ctrl-C
 * stops both. Also a module: the screenshot script and the package test reuse its helpers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startService } from '../server/service.js';
import { parsePort, parseServiceArgs, SERVICE_USAGE } from '../server/options.js';
import { DEMO_APP } from '../server/auth/index.js';
import { ensureCdnBuild } from './ensure-cdn.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The service URL written literally in the demo pages; replaced with the real one when served. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:7700';

const USAGE = `Usage: npm start -- [options]

  --demo-port <n>     the demo pages' port (default: the service's port + 1)
${SERVICE_USAGE}`;

/** Element folder names: src/components/<name>/<name>.ts defines <service-<name>>. */
export function elementNames(root = ROOT): string[] {
  const dir = join(root, 'src/components');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, `${d.name}.ts`)))
    .map((d) => d.name)
    .sort();
}

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};

/** A file under `base` for a URL path, or undefined (never outside `base`; a folder gives index.html). */
export function fileUnder(base: string, urlPath: string): string | undefined {
  let file = resolve(base, `.${decodeURIComponent(urlPath)}`);
  if (file !== base && !file.startsWith(base + sep)) return undefined;
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves GET requests with `route(path)`: a file path, a `{ body, type }` answer, or undefined
 * for a 404. Listens on 127.0.0.1:`port` (0 picks a free one).
 */
export async function serveStatic(
  port: number,
  route: (path: string) => string | { body: string; type: string; status?: number; location?: string } | undefined,
): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let answer: ReturnType<typeof route>;
    try {
      answer = req.method === 'GET' || req.method === 'HEAD' ? route(path) : undefined;
    } catch {
      answer = undefined;
    }
    if (answer === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n`);
    } else if (typeof answer === 'string') {
      // A module script from another origin needs CORS: a page of your own loads /dist/cdn/all.js from here.
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(answer)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' });
      res.end(req.method === 'HEAD' ? undefined : readFileSync(answer));
    } else {
      const headers: Record<string, string> = { 'Content-Type': answer.type, 'Cache-Control': 'no-cache' };
      if (answer.location) headers.Location = answer.location;
      res.writeHead(answer.status ?? 200, headers).end(req.method === 'HEAD' ? undefined : answer.body);
    }
  });
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    server,
    close: () => new Promise<void>((ok) => server.close(() => ok()).closeAllConnections()),
  };
}

/**
 * The demo server: /demo/ (the pages, with the service URL filled in), /dist/cdn/ (the CDN
 * build, at the same relative path as in the repository), /demo/elements.json (the elements
 * found in src/components) and /custom-elements.json when it has been generated.
 */
export function startDemoServer(port: number, serviceUrl: string, root = ROOT): Promise<StaticServer> {
  const demo = join(root, 'demo');
  const cdn = join(root, 'dist/cdn');
  return serveStatic(port, (path) => {
    if (path === '/' || path === '/demo') return { status: 302, location: '/demo/', body: '', type: 'text/plain' };
    if (path === '/demo/elements.json') {
      return { body: JSON.stringify(elementNames(root).map((name) => ({ name, tag: `service-${name}` }))), type: CONTENT_TYPES['.json'] };
    }
    if (path === '/custom-elements.json') return fileUnder(root, path);
    if (path.startsWith('/dist/cdn/')) return fileUnder(cdn, path.slice('/dist/cdn'.length));
    if (!path.startsWith('/demo/')) return undefined;
    const file = fileUnder(demo, path.slice('/demo'.length));
    if (!file || extname(file) !== '.html') return file;
    return { body: readFileSync(file, 'utf8').replaceAll(DEFAULT_SERVICE_URL, serviceUrl), type: CONTENT_TYPES['.html'] };
  });
}

async function main(): Promise<void> {
  if (process.argv[2] === 'create-app') {
    const { createAppCommand } = await import('../server/cli-create-app.js');
    process.exitCode = createAppCommand(process.argv.slice(3));
    return;
  }
  const { service: options, help, values } = parseServiceArgs(process.argv.slice(2), { 'demo-port': { type: 'string' } });
  if (help) return console.log(USAGE);
  const demoPort = parsePort(String(values['demo-port'] ?? (options.port === 0 ? 0 : options.port + 1)), '--demo-port');

  // The demo pages load dist/cdn, and the service's embed pages its all-hydrate.js.
  await ensureCdnBuild();
  const service = await startService(options);
  let demo: StaticServer;
  try {
    demo = await startDemoServer(demoPort, service.url);
  } catch (error) {
    await service.close();
    throw error;
  }
  console.log(`service ready at ${service.url} (catalog ${service.catalog}, data ${options.dataDir}${options.compat ? `, compat ${options.compat}` : ''})`);
  console.log(`demo:            ${demo.url}/demo/`);
  console.log(`plain HTML page: ${demo.url}/demo/plain.html`);
  // What a page of your own needs (docs/guide.md's quick start): the CDN file, the service and the demo app's key.
  console.log(`your own page:   <script type="module" src="${demo.url}/dist/cdn/all.js"></script>`);
  console.log(`                 host="${service.url}" api-key="${DEMO_APP.apiKey}" (docs/guide.md, quick start)`);
  console.log('Ctrl-C stops both.');

  const stop = () => {
    Promise.all([demo.close(), service.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    console.error(USAGE);
    process.exit(1);
  });
}
