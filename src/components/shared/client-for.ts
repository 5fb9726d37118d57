import { createClient, getClient, type Client, type ClientOptions } from '../../core/index.js';

const clients = new Map<string, Client>();

/**
 * The client for a set of settings. Elements with the same settings share one client, so
 * they share its cache and in-flight requests; no settings means the page's default client.
 */
export function clientFor(options: ClientOptions): Client {
  const set = Object.entries(options).filter(([, value]) => value !== undefined && value !== null && value !== '');
  if (set.length === 0) return getClient();
  const key = JSON.stringify(set.sort(([a], [b]) => (a < b ? -1 : 1)));
  let client = clients.get(key);
  if (!client) clients.set(key, (client = createClient(Object.fromEntries(set))));
  return client;
}
