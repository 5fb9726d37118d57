import type {
  Activity, AppNameMetric, Favorite, LoginProfile, MetricsTimeRange, Playlist, Track, TrendingTime, User, UserTracksSort,
} from './types.js';
import { abortable, readJson } from './http.js';
import { createHostPicker } from './hosts.js';
import { createRequester, pathWithQuery, type CallOptions, type Reader } from './request.js';
import { setDefaults, withDefaults } from './config.js';

/** Settings of a client; `configure()` sets the page's defaults. */
export interface ClientOptions {
  /** The application's unique name, sent as `app_name` with every request. */
  appName?: string;
  /** The application's API key, for the login flow. */
  apiKey?: string;
  /** Where the list of API hosts is read (contract 4.1). */
  hostListUrl?: string;
  /** Origin of the login prompt page (contract 4.2). */
  authUrl?: string;
  /** Pins one API host and skips host selection. */
  host?: string;
  /** Milliseconds before a request (or a host probe) gives up; default 10000. */
  timeout?: number;
  /** Milliseconds an answer stays cached; default 30000, 0 turns the cache off. */
  cacheTtl?: number;
  /** Most answers kept in the cache; default 100. */
  cacheSize?: number;
  /** Milliseconds a failed host is left out of selection; default 60000. */
  badHostTtl?: number;
  /** Hosts probed at once during selection; default 3. */
  probes?: number;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

export interface SearchOptions extends CallOptions {
  onlyDownloadable?: boolean;
  limit?: number;
  offset?: number;
}
export interface PageOptions extends CallOptions {
  limit?: number;
  offset?: number;
}
export interface LimitOptions extends CallOptions {
  limit?: number;
}
export interface UserTracksOptions extends PageOptions {
  sort?: UserTracksSort;
}
export interface TrendingOptions extends PageOptions {
  genre?: string;
  time?: TrendingTime;
}

/** What `resolve` found behind a public URL. */
export type Resolved =
  | { kind: 'track'; data: Track }
  | { kind: 'user'; data: User }
  | { kind: 'playlist'; data: Playlist };

/** A typed client: one method per operation of contract 4.3 and 4.5. */
export interface Client {
  /** The settings in force, defaults filled in. */
  readonly options: Readonly<ClientOptions & Required<Pick<ClientOptions, 'timeout' | 'cacheTtl' | 'cacheSize' | 'badHostTtl' | 'probes'>>>;
  /** The API host requests go to now, selected on first use. */
  selectHost(): Promise<string>;
  /** Reports a host that failed outside the client (e.g. an audio element's stream). */
  markHostBad(host: string): void;
  /** Drops cached answers whose `path?query` starts with `prefix`, e.g. `/tracks/D7KyD`; all when omitted. */
  invalidate(prefix?: string): void;
  searchUsers(query: string, o?: SearchOptions): Promise<User[]>;
  getUser(id: string, o?: CallOptions): Promise<User>;
  getUserFavorites(id: string, o?: CallOptions): Promise<Favorite[]>;
  getUserReposts(id: string, o?: PageOptions): Promise<Activity[]>;
  getUserTags(id: string, o?: LimitOptions): Promise<string[]>;
  getUserTracks(id: string, o?: UserTracksOptions): Promise<Track[]>;
  searchPlaylists(query: string, o?: SearchOptions): Promise<Playlist[]>;
  getPlaylist(id: string, o?: CallOptions): Promise<Playlist>;
  getPlaylistTracks(id: string, o?: CallOptions): Promise<Track[]>;
  searchTracks(query: string, o?: SearchOptions): Promise<Track[]>;
  getTrendingTracks(o?: TrendingOptions): Promise<Track[]>;
  getTrack(id: string, o?: CallOptions): Promise<Track>;
  /** The URL an `<audio>` element plays (`app_name` included), on the selected host. */
  getStreamUrl(id: string, o?: CallOptions): Promise<string>;
  getAppNameMetrics(timeRange: MetricsTimeRange, o?: LimitOptions): Promise<AppNameMetric[]>;
  /** Resolves a public URL or path (`/handle/track-slug`) to the resource and its kind. */
  resolve(url: string, o?: CallOptions): Promise<Resolved>;
  /** Verifies a login JWT (contract 4.3); never cached. */
  verifyToken(token: string, o?: CallOptions): Promise<LoginProfile>;
}

const e = encodeURIComponent;

// Method name -> path; `*` takes the first argument, `?name` sends it as that query parameter.
// A path with neither takes the options first.
const OPS = {
  searchUsers: '/users/search?query',
  getUser: '/users/*',
  getUserFavorites: '/users/*/favorites',
  getUserReposts: '/users/*/reposts',
  getUserTags: '/users/*/tags',
  getUserTracks: '/users/*/tracks',
  searchPlaylists: '/playlists/search?query',
  getPlaylist: '/playlists/*',
  getPlaylistTracks: '/playlists/*/tracks',
  searchTracks: '/tracks/search?query',
  getTrendingTracks: '/tracks/trending',
  getTrack: '/tracks/*',
  getAppNameMetrics: '/metrics/app_name/trailing/*',
  resolve: '/resolve?url',
  verifyToken: '/users/verify_token?token',
};

/** A generated method: first argument, call options, and the reader a wrapper may pass. */
type Method = (a?: unknown, p?: CallOptions, read?: Reader<unknown>) => Promise<unknown>;

let pageClient: Client | undefined;

/** Sets the page's defaults; later `getClient()` and `createClient()` calls use them. */
export const configure = (options: ClientOptions): void => {
  setDefaults(options);
  pageClient = undefined;
};

/** The page's shared client, made from `configure()`'s settings on first use. */
export const getClient = (): Client => (pageClient ??= createClient());

/** The page client's API host. */
export const selectHost = (): Promise<string> => getClient().selectHost();

/** A client with its own cache and host choice; `options` override the page's defaults. */
export function createClient(options: ClientOptions = {}): Client {
  const o = withDefaults(options);
  const hosts = createHostPicker(o);
  const [select, markHostBad] = hosts;
  const [request, invalidate] = createRequester(o, hosts);
  const c: Record<string, unknown> = { options: o, selectHost: () => select(), markHostBad, invalidate };
  for (const [op, tpl] of Object.entries(OPS)) {
    const [path, q] = tpl.split('?') as [string, string?];
    c[op] = ((a, p, read) =>
      path.includes('*') ? request(op, path.replace('*', e(a as string)), p, read)
      : q ? request(op, path, { ...p, [q]: a }, read, op != 'verifyToken')
      : request(op, path, a as CallOptions)) as Method;
  }
  // Production sends the one playlist in an array.
  const getPlaylist = c.getPlaylist as Method;
  c.getPlaylist = (id: string, p?: CallOptions) => getPlaylist(id, p).then((d) => (d as Playlist[])[0] || d);
  // The contract's verify body is the bare profile; production wraps it in `data`: accept both.
  const verify = c.verifyToken as Method;
  c.verifyToken = (token: string, p?: CallOptions) => verify(token, p, readJson('verifyToken', true));
  // The 302's Location keeps app_name, so fetch's own redirect lands on the resource; its shape tells the kind.
  const resolve = c.resolve as Method;
  c.resolve = (url: string, p?: CallOptions) =>
    resolve(url, p, async (res) => {
      let data = await readJson<{ title?: string; playlist_name?: string }>('resolve')(res);
      data = (data as Playlist[])[0] || data;
      return { kind: data.title ? 'track' : data.playlist_name ? 'playlist' : 'user', data };
    });
  c.getStreamUrl = (id: string, p?: CallOptions) =>
    abortable(select().then((h) => h + '/v1' + pathWithQuery('/tracks/' + e(id) + '/stream', {}, o.appName)), 'getStreamUrl', p?.signal);
  return c as unknown as Client;
}
