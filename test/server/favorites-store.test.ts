// The favourites store (src/core/favorites-store.ts) in Node, against a real service and its
// real DB: a user signed in through the real code flow writes with their bearer token. What every
// element shows of a track's favourites is decided here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeId } from '../../server/ids.js';
import { authService, type AuthService } from './auth-fixture.js';
import { signIn } from './oauth-fixture.js';
import { ServiceError } from '../../src/core/errors.js';
import { createFavoritesStore, getFavorites, type FavoritesSource, type FavoriteState } from '../../src/core/favorites-store.js';
import { getSession } from '../../src/core/login/session.js';
import { createAuthClient } from '../../src/core/login/client.js';

let service: AuthService;
let writeToken: string;
let readToken: string;
before(async () => {
  service = await authService();
  writeToken = (await signIn(service, { scope: 'write' })).access_token;
  readToken = (await signIn(service, { scope: 'read' })).access_token;
});
after(() => service.close());

const RILEY = encodeId(2);
const FIRST = encodeId(1); // "First Light": 3 favourites seeded, none of them Riley's
const SECOND = encodeId(2); // "Second Wind": none

/** The service's count of a track now. */
const countOf = async (trackId: string) => (await service.read<{ favorite_count: number }>(`/v1/tracks/${trackId}`)).favorite_count;

/** The service's requests as a store's source, for Riley with `token` while `signedIn.user` is set (the session's, in a page). */
function rileySource(token: () => string, signedIn: { user?: string } = { user: RILEY }): FavoritesSource {
  return {
    user: () => signedIn.user,
    async favoriteTracks() {
      const list = await service.read<{ favorite_item_id: string }[]>(`/v1/users/${RILEY}/favorites`);
      return new Set(list.map((f) => f.favorite_item_id));
    },
    async setFavorite(trackId, on) {
      const res = await service.app.inject({
        method: on ? 'POST' : 'DELETE',
        url: `/v1/tracks/${trackId}/favorites?user_id=${RILEY}`,
        headers: { authorization: `Bearer ${token()}` },
      });
      if (res.statusCode != 200) throw new ServiceError(res.json().error, 'http', on ? 'favoriteTrack' : 'unfavoriteTrack', res.statusCode);
    },
  };
}

describe('the favourites store', () => {
  test('learns a fetched count once: the count it knows wins over a later (maybe cached) answer', () => {
    const store = createFavoritesStore(rileySource(() => writeToken, {}));
    const told: (string | undefined)[] = [];
    const stop = store.subscribe((trackId) => told.push(trackId));
    assert.deepEqual(store.get(FIRST), { favorited: false }, 'signed out: not favourited, no count yet');
    store.learn({ id: FIRST, favorite_count: 3 });
    store.learn({ id: FIRST, favorite_count: 1 });
    store.learn({ id: SECOND, favorite_count: undefined });
    assert.deepEqual(store.get(FIRST), { favorited: false, count: 3 });
    assert.deepEqual(store.get(SECOND), { favorited: false }, 'a track without a count teaches nothing');
    assert.deepEqual(told, [FIRST], 'listeners hear of a change, not of a learn that changed nothing');
    stop();
    store.learn({ id: SECOND, favorite_count: 0 });
    assert.deepEqual(told, [FIRST], 'nothing after unsubscribing');
  });

  test('signed in: reads the user\'s favourites; a favourite shows at once, then the service has it; an unfavourite goes back', async () => {
    const store = createFavoritesStore(rileySource(() => writeToken));
    const before = await countOf(FIRST);
    store.learn({ id: FIRST, favorite_count: before });
    assert.equal(store.get(FIRST).favorited, undefined, 'not read yet');
    await store.loadFavorited();
    assert.deepEqual(store.get(FIRST), { favorited: false, count: before });

    const seen: FavoriteState[] = [];
    store.subscribe((trackId) => trackId == FIRST && seen.push(store.get(FIRST)));
    const write = store.setFavorited(FIRST, true);
    assert.deepEqual(store.get(FIRST), { favorited: true, count: before + 1, pending: true }, 'at once, before the service answers');
    assert.deepEqual(await write, { favorited: true, count: before + 1 });
    assert.equal(await countOf(FIRST), before + 1, 'the service counts it');
    assert.ok((await rileySource(() => writeToken).favoriteTracks()).has(FIRST), 'the service has the favourite');
    assert.deepEqual(seen, [{ favorited: true, count: before + 1, pending: true }, { favorited: true, count: before + 1 }]);

    assert.deepEqual(await store.setFavorited(FIRST, true), { favorited: true, count: before + 1 }, 'twice is once');
    assert.deepEqual(await store.setFavorited(FIRST, false), { favorited: false, count: before });
    assert.equal(await countOf(FIRST), before);
  });

  test('a write the service refuses is rolled back, and rejects with its error', async () => {
    const store = createFavoritesStore(rileySource(() => readToken)); // a read grant: the service answers 403
    store.learn({ id: SECOND, favorite_count: 0 });
    await store.loadFavorited();
    const seen: FavoriteState[] = [];
    store.subscribe(() => seen.push(store.get(SECOND)));
    await assert.rejects(store.setFavorited(SECOND, true), (error: ServiceError) => error.status == 403 && error.operation == 'favoriteTrack');
    assert.deepEqual(store.get(SECOND), { favorited: false, count: 0 }, 'rolled back');
    assert.deepEqual(seen, [{ favorited: true, count: 1, pending: true }, { favorited: false, count: 0 }]);
    assert.equal(await countOf(SECOND), 0);
  });

  test('a refused write does not undo a later one that stands', async () => {
    let token = readToken;
    const store = createFavoritesStore(rileySource(() => token));
    store.learn({ id: SECOND, favorite_count: 0 });
    await store.loadFavorited();
    const refused = store.setFavorited(SECOND, true); // sent with the read token
    token = writeToken;
    const later = store.setFavorited(SECOND, true); // sent with the write token while the first is on its way
    await assert.rejects(refused);
    assert.deepEqual(await later, { favorited: true, count: 1 });
    assert.deepEqual(store.get(SECOND), { favorited: true, count: 1 }, 'the later write\'s state stands');
    assert.equal(await countOf(SECOND), 1, 'as the service has it');
    await store.setFavorited(SECOND, false);
    assert.equal(await countOf(SECOND), 0);
  });

  test('a sign-out or another user drops the favourites read for the last one, not the counts', async () => {
    const signedIn: { user?: string } = { user: RILEY };
    const store = createFavoritesStore(rileySource(() => writeToken, signedIn));
    store.learn({ id: FIRST, favorite_count: 3 });
    store.learn({ id: SECOND, favorite_count: 0 });
    await store.loadFavorited();
    await store.setFavorited(SECOND, true);
    const told: (string | undefined)[] = [];
    store.subscribe((trackId) => told.push(trackId));
    signedIn.user = undefined;
    store.sync();
    assert.deepEqual(told, [undefined], 'every listener hears of it, for every track');
    assert.deepEqual([store.get(FIRST), store.get(SECOND)], [{ favorited: false, count: 3 }, { favorited: false, count: 1 }]);
    signedIn.user = encodeId(3);
    store.sync();
    assert.equal(store.get(SECOND).favorited, undefined, 'another user: not read yet');
    await store.setFavorited(SECOND, false).catch(() => {}); // leave the catalog as it was (the token is Riley's)
    signedIn.user = RILEY;
    store.sync();
    await store.setFavorited(SECOND, false);
    assert.equal(await countOf(SECOND), 0);
  });

  test('the page shares one store per session, across copies of the kit', () => {
    const session = getSession(createAuthClient({ host: 'http://127.0.0.1:1', apiKey: 'favourites-store-test' }));
    const store = getFavorites(session);
    assert.equal(getFavorites(session), store);
    assert.notEqual(getFavorites(getSession(createAuthClient({ host: 'http://127.0.0.1:1', apiKey: 'another' }))), store);
    const shared = (globalThis as Record<symbol, WeakMap<object, unknown>>)[Symbol.for('service-kit.favorites')];
    assert.equal(shared?.get(session), store, 'held where another copy of the module finds it');
  });
});
