import type { FastifyInstance } from 'fastify';
import type { Db } from './db/open.js';
import type { TokenLifetimes } from './auth/tokens/lifetimes.js';

/** What every route module is given. */
export interface ServiceContext {
  db: Db;
  /** Where the database and the audio palette (media/) live. */
  dataDir: string;
  /** The service's own base URL (no trailing slash), set once it listens. */
  baseUrl: string;
  /** The hosts `GET /` lists; the service's own base URL when undefined. */
  hosts?: string[];
  /** The public pages' origins (`--public-hosts`), the first the canonical one; the service's own when undefined (server/embed/public-origin.ts). */
  publicHosts?: string[];
  /** `--compat production`: answer as production does where it and the contract disagree. */
  production?: boolean;
  /** The code flow's lifetimes in seconds (access 1 h, refresh 30 days, code 60 s unless set). */
  tokenLifetimes?: Partial<TokenLifetimes>;
  /** The CDN build the embed pages load (server/embed/kit.ts); dist/cdn unless set. */
  cdnDir?: string;
}

/** A route module: registers its routes on the app. */
export type RouteModule = (app: FastifyInstance, ctx: ServiceContext) => void;
