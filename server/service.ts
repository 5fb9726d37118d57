import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServiceContext } from './context.js';
import { getMeta, openDatabase, type Db } from './db/open.js';
import { computeTrending, loadCatalogFile, seedCatalog } from './catalog/index.js';
import { upgradeSearchIndex } from './catalog/derive.js';
import { hostRoutes } from './routes/hosts.js';
import { compatRoutes } from './routes/compat.js';
import { userRoutes } from './routes/users.js';
import { trackRoutes } from './routes/tracks.js';
import { playlistRoutes } from './routes/playlists.js';
import { resolveRoutes } from './routes/resolve.js';
import { metricsRoutes } from './routes/metrics.js';
import { mediaRoutes } from './routes/media.js';
import { prepareLogin } from './auth/index.js';
import { oauthRoutes } from './routes/oauth.js';
import { verifyRoutes } from './routes/verify.js';
import { writeRoutes } from './routes/write.js';
import { oembedRoutes } from './routes/oembed.js';
import { embedRoutes } from './routes/embed.js';
import { iconRoutes } from './embed/icons.js';
import { oauthTokenRoutes } from './routes/oauth-token.js';
import { meRoutes } from './routes/me.js';
import { bearerWriteRoutes } from './routes/bearer-write.js';
import type { TokenLifetimes } from './auth/tokens/lifetimes.js';

export type Scale = 'default' | 'large';

export interface ServiceOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  dataDir: string;
  scale?: Scale;
  /** A catalog file in the contract's field names, loaded instead of the generated one. */
  catalog?: string;
  /** What `GET /` lists; the service's own base URL by default. */
  hosts?: string[];
  /** The origins the public pages are reached at, the first the canonical one (share tags, oEmbed); the service's own by default. */
  publicHosts?: string[];
  /** `production`: production's shapes where they differ from the contract (docs/guide.md). */
  compat?: 'production';
  /** The code flow's lifetimes in seconds (access 3600, refresh 2592000, code 60); shorter ones for tests. */
  tokenLifetimes?: Partial<TokenLifetimes>;
  /** The CDN build the embed pages load; dist/cdn unless set (tests give another). */
  cdnDir?: string;
  logger?: boolean;
}

export interface RunningService {
  app: FastifyInstance;
  ctx: ServiceContext;
  url: string;
  /** How the catalog came to be: seeded now, loaded now, or reused from the data directory. */
  catalog: string;
  close(): Promise<void>;
}

// Trending is recomputed from the play events this often while the service runs.
const TRENDING_REFRESH_MS = 10 * 60_000;

/** Opens (seeding on first start) the catalog for these options. Each source has its own file. */
export function openCatalog(options: Pick<ServiceOptions, 'dataDir' | 'scale' | 'catalog'>): { db: Db; catalog: string } {
  if (options.catalog) {
    const text = readFileSync(options.catalog, 'utf8');
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
    const db = openDatabase(options.dataDir, `catalog-file-${digest}.sqlite`);
    upgradeSearchIndex(db);
    if (getMeta(db, 'seeded_at')) return { db, catalog: `file ${options.catalog} (reused)` };
    try {
      loadCatalogFile(db, options.catalog);
    } catch (error) {
      db.close();
      throw error;
    }
    return { db, catalog: `file ${options.catalog} (loaded)` };
  }
  const scale = options.scale ?? 'default';
  const db = openDatabase(options.dataDir, `catalog-${scale}.sqlite`);
  upgradeSearchIndex(db);
  if (getMeta(db, 'seeded_at')) {
    computeTrending(db);
    return { db, catalog: `${scale} (reused)` };
  }
  const stats = seedCatalog(db, { scale });
  return { db, catalog: `${scale} (seeded in ${Math.round(stats.ms)} ms)` };
}

/** SQLite's "database is locked" (SQLITE_BUSY and its extended codes), as better-sqlite3 reports it. */
const isBusy = (error: unknown) => /^SQLITE_BUSY/.test(String((error as { code?: unknown })?.code ?? ''));

/** The catalog of `options`, or a one-line error when another server holds its database. */
function openOwnCatalog(options: ServiceOptions): { db: Db; catalog: string } {
  try {
    return openCatalog(options);
  } catch (error) {
    if (!isBusy(error)) throw error;
    throw new Error(`the data directory ${options.dataDir} is in use by another server (its database is locked); stop that server or pass another --data-dir`);
  }
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { db, catalog } = openOwnCatalog(options);
  // Every user gets a login (email, password hash, wallet) and the demo app exists; cheap once done.
  prepareLogin(db);
  const ctx: ServiceContext = { db, dataDir: options.dataDir, baseUrl: '', hosts: options.hosts, publicHosts: options.publicHosts, production: options.compat === 'production', tokenLifetimes: options.tokenLifetimes, cdnDir: options.cdnDir };
  const app = await buildApp(
    ctx,
    [compatRoutes, hostRoutes, metricsRoutes, verifyRoutes, userRoutes, trackRoutes, playlistRoutes, resolveRoutes, mediaRoutes, oauthRoutes, oauthTokenRoutes, meRoutes, writeRoutes, bearerWriteRoutes, oembedRoutes, iconRoutes, embedRoutes],
    options.logger ?? false,
  );
  const refresh = setInterval(() => computeTrending(db), TRENDING_REFRESH_MS);
  refresh.unref();
  app.addHook('onClose', async () => {
    clearInterval(refresh);
  });
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host ?? '127.0.0.1';
  ctx.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    app,
    ctx,
    url: ctx.baseUrl,
    catalog,
    async close() {
      await app.close();
      db.close();
    },
  };
}
