import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { decodeId } from '../ids.js';
import { notFound } from '../http/errors.js';
import { prepareQueries, type CatalogQueries } from './queries.js';
import { Serializer } from './serialize.js';

/** The read API's data layer: prepared queries and the serializer, one per service. */
export interface ReadApi {
  queries: CatalogQueries;
  serialize: Serializer;
}

const apis = new WeakMap<ServiceContext, ReadApi>();

export function readApi(ctx: ServiceContext): ReadApi {
  let api = apis.get(ctx);
  if (!api) {
    const queries = prepareQueries(ctx.db);
    api = { queries, serialize: new Serializer(() => ctx.baseUrl, queries.userById, queries.remixParents, ctx.production) };
    apis.set(ctx, api);
  }
  return api;
}

/** The internal key of a public id, or a 404 naming the resource. */
export function keyOf(publicId: string, kind: 'user' | 'track' | 'playlist'): number {
  const id = decodeId(publicId);
  if (id === undefined) throw notFound(`No ${kind} with id ${JSON.stringify(publicId)}`);
  return id;
}

export function found<T>(value: T | undefined, kind: string, publicId: string): T {
  if (value === undefined) throw notFound(`No ${kind} with id ${JSON.stringify(publicId)}`);
  return value;
}

/**
 * Answers `{"data": <json>}` from JSON text the serializer built (`--compat production` adds
 * production's envelope fields in a hook, compat.ts).
 */
export function sendData(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"data":${json}}`);
}

/** JSON texts as one JSON array. */
export const jsonList = (items: string[]): string => `[${items.join(',')}]`;

/** The request's app_name, which the stream URLs in its answer carry. */
export const appNameOf = (req: FastifyRequest): string | undefined => (req.query as { app_name?: string }).app_name;
