import type { RouteModule } from '../context.js';
import type { UserTracksSort } from '../../src/core/types.js';
import { appNameOf, found, jsonList, keyOf, readApi, sendData } from '../api/index.js';
import { isoTime } from '../api/production.js';
import { encodeId } from '../ids.js';
import { flag, isSet, LIST_LIMIT, limit, offset, params, publicId, query, SEARCH_LIMIT, searchText } from '../http/schemas.js';

const userParams = params({ user_id: publicId });
const pageQuery = query({ limit: limit(LIST_LIMIT), offset });

type UserReq = { Params: { user_id: string }; Querystring: { limit: number; offset: number } };

export const userRoutes: RouteModule = (app, ctx) => {
  const { queries, serialize } = readApi(ctx);
  const existingUser = (publicUserId: string) => {
    const id = keyOf(publicUserId, 'user');
    return found(queries.userById(id), 'user', publicUserId);
  };

  app.get<{ Querystring: { query: string; only_downloadable?: string; limit: number; offset: number } }>(
    '/v1/users/search',
    { schema: { querystring: query({ query: searchText, only_downloadable: flag, limit: limit(SEARCH_LIMIT), offset }, ['query']) } },
    async (req, reply) =>
      sendData(reply, jsonList(queries.searchUsers(req.query.query, isSet(req.query.only_downloadable), req.query).map((row) => serialize.user(row)))),
  );

  app.get<UserReq>('/v1/users/:user_id', { schema: { params: userParams, querystring: query({}) } }, async (req, reply) =>
    sendData(reply, serialize.user(existingUser(req.params.user_id))),
  );

  app.get<UserReq>('/v1/users/:user_id/favorites', { schema: { params: userParams, querystring: pageQuery } }, async (req) => {
    const user = existingUser(req.params.user_id);
    const data = queries.userFavorites(user.id, req.query).map((row) => ({
      favorite_item_id: encodeId(row.item_id),
      favorite_type: `SaveType.${row.item_type}`,
      user_id: encodeId(user.id),
      created_at: isoTime(row.created_at),
    }));
    return { data };
  });

  // An Activity: the contract's `item_type` is `{ kind }`; production's, the string `track` or
  // `playlist` (albums too). Both carry production's `class`.
  app.get<UserReq>('/v1/users/:user_id/reposts', { schema: { params: userParams, querystring: pageQuery } }, async (req, reply) => {
    const user = existingUser(req.params.user_id);
    const data: string[] = [];
    for (const row of queries.userReposts(user.id, req.query)) {
      const isTrack = row.item_type === 'track';
      const track = isTrack ? queries.trackById(row.item_id) : undefined;
      const playlist = isTrack ? undefined : queries.playlistById(row.item_id);
      const item = track ? serialize.track(track, appNameOf(req)) : playlist ? serialize.playlist(playlist) : undefined;
      if (!item) continue; // a repost of something since removed
      const itemType = ctx.production ? `"${isTrack ? 'track' : 'playlist'}"` : `{"kind":"${row.item_type}"}`;
      data.push(
        `{"timestamp":"${isoTime(row.created_at)}","item_type":${itemType},"class":"${isTrack ? 'track' : 'collection'}_activity","item":${item}}`,
      );
    }
    return sendData(reply, jsonList(data));
  });

  app.get<UserReq>('/v1/users/:user_id/tags', { schema: { params: userParams, querystring: pageQuery } }, async (req) => {
    const user = existingUser(req.params.user_id);
    return { data: queries.userTags(user.id, req.query.limit) };
  });

  app.get<UserReq & { Querystring: { sort: UserTracksSort } }>(
    '/v1/users/:user_id/tracks',
    {
      schema: {
        params: userParams,
        querystring: query({ limit: limit(LIST_LIMIT), offset, sort: { type: 'string', enum: ['date', 'plays'], default: 'date' } }),
      },
    },
    async (req, reply) => {
      const user = existingUser(req.params.user_id);
      return sendData(reply, jsonList(queries.userTracks(user.id, req.query.sort, req.query).map((row) => serialize.track(row, appNameOf(req)))));
    },
  );
};
