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
    api = { queries, serialize: new Serializer(() => ctx.baseUrl, queries.userById) };
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
