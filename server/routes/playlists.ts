import type { RouteModule } from '../context.js';
import { appNameOf, found, jsonList, keyOf, readApi, sendData } from '../api/index.js';
import { flag, isSet, LIST_LIMIT, limit, offset, params, publicId, query, SEARCH_LIMIT, searchText } from '../http/schemas.js';

type Page = { limit: number; offset: number };
const playlistParams = params({ playlist_id: publicId });

export const playlistRoutes: RouteModule = (app, ctx) => {
  const { queries, serialize } = readApi(ctx);
  const existingPlaylist = (publicPlaylistId: string) =>
    found(queries.playlistById(keyOf(publicPlaylistId, 'playlist')), 'playlist', publicPlaylistId);

  app.get<{ Querystring: { query: string; only_downloadable?: string } & Page }>(
    '/v1/playlists/search',
    { schema: { querystring: query({ query: searchText, only_downloadable: flag, limit: limit(SEARCH_LIMIT), offset }, ['query']) } },
    async (req, reply) =>
      sendData(reply, jsonList(queries.searchPlaylists(req.query.query, isSet(req.query.only_downloadable), req.query).map((row) => serialize.playlist(row)))),
  );

  app.get<{ Params: { playlist_id: string } }>(
    '/v1/playlists/:playlist_id',
    { schema: { params: playlistParams, querystring: query({}) } },
    async (req, reply) => {
      const playlist = serialize.playlist(existingPlaylist(req.params.playlist_id));
      // Production sends the one playlist in an array; the contract, as a single object.
      return sendData(reply, ctx.production ? `[${playlist}]` : playlist);
    },
  );

  app.get<{ Params: { playlist_id: string }; Querystring: Page }>(
    '/v1/playlists/:playlist_id/tracks',
    { schema: { params: playlistParams, querystring: query({ limit: limit(LIST_LIMIT), offset }) } },
    async (req, reply) => {
      const playlist = existingPlaylist(req.params.playlist_id);
      return sendData(reply, jsonList(queries.playlistTracks(playlist.id, req.query).map((row) => serialize.track(row, appNameOf(req)))));
    },
  );
};
