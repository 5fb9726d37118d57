import type {
  Activity, AppNameMetric, Favorite, LoginProfile, MetricsTimeRange, Playlist, Track, TrendingTime, User, UserTracksSort,
} from './types.js';
import { abortable, readJson } from './http.js';
import { createHostPicker } from './hosts.js';
import { createRequester, type CallOptions } from './request.js';
import { apiPath, apiUrl } from './transport.js';
import { perSettings, setDefaults, withDefaults, type ClientOptions, type Settings } from './config.js';

export type { ClientOptions } from './config.js';

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
  readonly options: Readonly<Settings>;
  /** The API host requests go to now, selected on first use. */
  selectHost(): Promise<string>;
  /** Reports a host that failed outside the client (e.g. an audio element's stream). */
  markHostBad(host: string): void;
  /** Drops cached answers whose `path?query` starts with `prefix`, e.g. `/tracks/D7KyD`; all when omitted. */
  invalidate(prefix?: string): void;
  searchUsers(query: string, options?: SearchOptions): Promise<User[]>;
  getUser(id: string, options?: CallOptions): Promise<User>;
  getUserFavorites(id: string, options?: CallOptions): Promise<Favorite[]>;
  getUserReposts(id: string, options?: PageOptions): Promise<Activity[]>;
  getUserTags(id: string, options?: LimitOptions): Promise<string[]>;
  getUserTracks(id: string, options?: UserTracksOptions): Promise<Track[]>;
  searchPlaylists(query: string, options?: SearchOptions): Promise<Playlist[]>;
  getPlaylist(id: string, options?: CallOptions): Promise<Playlist>;
  getPlaylistTracks(id: string, options?: CallOptions): Promise<Track[]>;
  searchTracks(query: string, options?: SearchOptions): Promise<Track[]>;
  getTrendingTracks(options?: TrendingOptions): Promise<Track[]>;
  getTrack(id: string, options?: CallOptions): Promise<Track>;
  /** The URL an `<audio>` element plays (`app_name` included), on the selected host. */
  getStreamUrl(id: string, options?: CallOptions): Promise<string>;
  getAppNameMetrics(timeRange: MetricsTimeRange, options?: LimitOptions): Promise<AppNameMetric[]>;
  /** Resolves a public URL or path (`/handle/track-slug`) to the resource and its kind. */
  resolve(url: string, options?: CallOptions): Promise<Resolved>;
  /** Verifies a login JWT (contract 4.3); never cached. */
  verifyToken(token: string, options?: CallOptions): Promise<LoginProfile>;
}

let pageClient: Client | undefined;

/** Sets the page's defaults; later `getClient()` and `createClient()` calls use them. */
export const configure = (options: ClientOptions): void => {
  setDefaults(options);
  pageClient = undefined;
};

/** The page's shared client, made from `configure()`'s settings on first use. */
export const getClient = (): Client => (pageClient ??= createClient());

/**
 * The client for a set of settings, shared by every element (and, in all.js, every login) that
 * has the same; no settings means the page client. @internal
 */
export const clientFor = /* @__PURE__ */ perSettings(createClient, getClient);

/** The page client's API host. */
export const selectHost = (): Promise<string> => getClient().selectHost();

/** A client with its own cache and host choice; `options` override the page's defaults. */
export function createClient(options: ClientOptions = {}): Client {
  const settings = withDefaults(options);
  const hosts = createHostPicker(settings);
  const [select, markHostBad] = hosts;
  const [request, invalidate] = createRequester(settings, hosts);
  // One helper per kind of operation (the options become the query), so each operation is one line.
  /** `GET {path}/{id}{tail}`: an operation on one resource, its id encoded. */
  const byId =
    <T, O extends CallOptions = CallOptions>(operation: string, path: string, tail = '') =>
    (id: string, callOptions?: O) =>
      request<T>(operation, path + apiPath(id) + tail, callOptions);
  /** `GET {path}?query=`: a search. */
  const search =
    <T>(operation: string, path: string) =>
    (query: string, callOptions?: SearchOptions): Promise<T> =>
      request(operation, path, { ...callOptions, query });
  const getPlaylist = byId<Playlist | Playlist[]>('getPlaylist', '/playlists');
  // Production sends the one playlist (and what `resolve` finds) in an array.
  const first = <T>(data: T | T[]) => (data as T[])[0] || (data as T);
  return {
    options: settings,
    selectHost: () => select(),
    markHostBad,
    invalidate,
    searchUsers: search('searchUsers', '/users/search'),
    getUser: byId('getUser', '/users'),
    getUserFavorites: byId('getUserFavorites', '/users', '/favorites'),
    getUserReposts: byId('getUserReposts', '/users', '/reposts'),
    getUserTags: byId('getUserTags', '/users', '/tags'),
    getUserTracks: byId('getUserTracks', '/users', '/tracks'),
    searchPlaylists: search('searchPlaylists', '/playlists/search'),
    getPlaylist: (id, callOptions) => getPlaylist(id, callOptions).then(first),
    getPlaylistTracks: byId('getPlaylistTracks', '/playlists', '/tracks'),
    searchTracks: search('searchTracks', '/tracks/search'),
    getTrendingTracks: (callOptions) => request('getTrendingTracks', '/tracks/trending', callOptions),
    getTrack: byId('getTrack', '/tracks'),
    getStreamUrl: (id, callOptions) =>
      abortable(select().then((host) => apiUrl(host, '/tracks' + apiPath(id) + '/stream', {}, settings.appName)), 'getStreamUrl', callOptions?.signal),
    getAppNameMetrics: byId('getAppNameMetrics', '/metrics/app_name/trailing'),
    // The 302's Location keeps app_name, so fetch's own redirect lands on the resource; its shape tells the kind.
    resolve: (url, callOptions) =>
      request('resolve', '/resolve', { ...callOptions, url }, async (response): Promise<Resolved> => {
        const data = first(await readJson<{ title?: string; playlist_name?: string }>('resolve')(response));
        return { kind: data.title ? 'track' : data.playlist_name ? 'playlist' : 'user', data } as Resolved;
      }),
    // The contract's verify body is the bare profile; production wraps it in `data`: accept both. Never cached.
    verifyToken: (token, callOptions) => request('verifyToken', '/users/verify_token', { ...callOptions, token }, readJson('verifyToken', true), false),
  };
}
