import type { RouteModule } from '../context.js';
import { readApi } from '../api/index.js';
import { badRequest, notFound } from '../http/errors.js';
import { encodeId } from '../ids.js';
import { query } from '../http/schemas.js';
import type { CatalogQueries } from '../api/queries.js';
import type { PlaylistRow, TrackRow, UserRow } from '../api/serialize.js';

/** What a public path names: a user, a track, or a playlist (albums are playlists). */
export type FoundResource =
  | { kind: 'user'; row: UserRow }
  | { kind: 'track'; row: TrackRow }
  | { kind: 'playlist'; row: PlaylistRow };

/**
 * Public-site URLs to API resources. Only the path matters: `/<handle>` is a user,
 * `/<handle>/<slug>` a track, `/<handle>/playlist/<slug>` and `/<handle>/album/<slug>` a
 * playlist. The 302's Location is the resource's API path with the caller's app_name kept,
 * so a client that follows the redirect gets the resource at once.
 */
export const resolveRoutes: RouteModule = (app, ctx) => {
  const { queries } = readApi(ctx);

  app.get<{ Querystring: { url: string; app_name: string } }>(
    '/v1/resolve',
    { schema: { querystring: query({ url: { type: 'string', minLength: 1, maxLength: 2000 } }, ['url']) } },
    async (req, reply) => {
      const found = resolvePath(queries, req.query.url);
      const location = found && `/v1/${found.kind}s/${encodeId(found.row.id)}`;
      if (!location) throw notFound(`Nothing found at ${JSON.stringify(req.query.url.slice(0, 200))}`);
      return reply
        .code(302)
        .header('location', `${location}?app_name=${encodeURIComponent(req.query.app_name)}`)
        .send();
    },
  );
};

/**
 * The resource behind a public URL or path, or undefined when there is none; a 400 for a URL
 * that cannot be read. Shared by /v1/resolve, /oembed and the public pages.
 */
export function resolvePath(queries: CatalogQueries, url: string): FoundResource | undefined {
  const segments = pathSegments(url);
  const [handle, second, third] = segments;
  const user = handle === undefined ? undefined : queries.userByHandle(handle);
  if (!user) return undefined;
  if (segments.length === 1) return { kind: 'user', row: user };
  if (segments.length === 2) {
    const track = queries.trackBySlug(user.id, second!);
    return track && { kind: 'track', row: track };
  }
  if (segments.length === 3 && (second === 'playlist' || second === 'album')) {
    const playlist = queries.playlistBySlug(user.id, second === 'album', third!);
    return playlist && { kind: 'playlist', row: playlist };
  }
  return undefined;
}

/** The decoded, non-empty path segments of a full URL or an absolute path. */
function pathSegments(url: string): string[] {
  let path: string;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      throw badRequest('url is not a valid URL');
    }
  } else if (url.startsWith('/')) {
    path = url.replace(/[?#].*$/s, '');
  } else {
    throw badRequest('url must be a full http(s) URL or an absolute path');
  }
  try {
    return path.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    throw badRequest('url has a malformed percent-encoding');
  }
}
