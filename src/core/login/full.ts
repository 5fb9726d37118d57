/**
 * all.js's login client (scripts/build/cdn.ts puts this module in client.ts's place): the
 * elements' own full client, which all.js carries anyway, so the file holds one client, and a
 * page's login and data share their host choice. Only `authClientFor` reaches all.js from
 * client.ts; a module there importing another of its names fails the build, not the page.
 */
import { clientFor } from '../client.js';
import type { ClientOptions } from '../config.js';
import type { AuthClient } from './shared.js';

export const authClientFor: (options?: ClientOptions) => AuthClient = clientFor;
