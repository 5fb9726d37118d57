// Every client method against the real reference service started for this run.
import { expect } from '@open-wc/testing';
import { isPartialContent, type Client, type Track } from '../../src/core/index.js';
import { appName, demoUser, serviceClient, serviceError, serviceUrl, slugify } from '../support/service.js';

describe('core client against the reference service', () => {
  let client: Client;
  let demoTracks: Track[];

  before(async () => {
    client = serviceClient();
    demoTracks = await client.getUserTracks(demoUser.id);
    expect(demoTracks.length, 'the demo user has tracks').to.be.greaterThan(1);
  });

  it('selects the host the host list names', async () => {
    expect(await client.selectHost()).to.equal(serviceUrl);
  });

  describe('users', () => {
    it('getUser returns the user with that id', async () => {
      const user = await client.getUser(demoUser.id);
      expect(user.id).to.equal(demoUser.id);
      expect(user.handle).to.equal(demoUser.handle);
      expect(user.name).to.equal('Demo Listener');
      expect(user.track_count).to.equal(demoTracks.length);
    });

    it('getUser of an unknown id rejects with the 404 and the server message', async () => {
      const error = await serviceError(client.getUser('zzzzzzzzzz'));
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(404);
      expect(error.operation).to.equal('getUser');
      expect(error.message).to.be.a('string').and.not.empty;
    });

    it('searchUsers finds the demo user by handle first and honours limit', async () => {
      const users = await client.searchUsers('demo', { limit: 3 });
      expect(users.length).to.be.within(1, 3);
      expect(users[0]!.handle).to.equal('demo');
    });

    it('searchUsers rejects a limit over 50 with a 400', async () => {
      const error = await serviceError(client.searchUsers('demo', { limit: 51 }));
      expect([error.kind, error.status]).to.deep.equal(['http', 400]);
    });

    it('getUserFavorites lists saves of the demo user', async () => {
      const favorites = await client.getUserFavorites(demoUser.id);
      expect(favorites.length).to.be.greaterThan(0);
      for (const f of favorites) {
        expect(f.user_id).to.equal(demoUser.id);
        expect(f.favorite_type).to.match(/^SaveType\.(track|playlist|album)$/);
      }
      const saved = favorites.find((f) => f.favorite_type == 'SaveType.track')!;
      expect((await client.getTrack(saved.favorite_item_id)).id).to.equal(saved.favorite_item_id);
    });

    it('getUserReposts lists activities with their items, paged', async () => {
      const all = await client.getUserReposts(demoUser.id);
      expect(all.length).to.be.greaterThan(1);
      for (const a of all) {
        expect(a.item_type?.kind).to.be.oneOf(['track', 'playlist', 'album']);
        expect(a.item).to.have.property('id');
      }
      const second = await client.getUserReposts(demoUser.id, { limit: 1, offset: 1 });
      expect(second).to.have.length(1);
      expect(second[0]!.item!.id).to.equal(all[1]!.item!.id);
    });

    it('getUserTags returns the most used tags of the user tracks', async () => {
      const tags = await client.getUserTags(demoUser.id, { limit: 3 });
      expect(tags.length).to.be.within(1, 3);
      const used = demoTracks.flatMap((t) => (t.tags ?? '').split(',').map((s) => s.trim()));
      for (const tag of tags) expect(used).to.include(tag);
    });

    it('getUserTracks sorts by plays, descending, and pages', async () => {
      const tracks = await client.getUserTracks(demoUser.id, { sort: 'plays' });
      const plays = tracks.map((t) => t.play_count);
      expect(plays).to.deep.equal([...plays].sort((a, b) => b - a));
      expect(tracks.every((t) => t.user.id == demoUser.id)).to.equal(true);
      const page = await client.getUserTracks(demoUser.id, { sort: 'plays', limit: 2, offset: 1 });
      expect(page.map((t) => t.id)).to.deep.equal(tracks.slice(1, 3).map((t) => t.id));
    });

    it('getUserTracks rejects an unknown sort with a 400', async () => {
      const error = await serviceError(client.getUserTracks(demoUser.id, { sort: 'bogus' as 'plays' }));
      expect(error.status).to.equal(400);
    });
  });

  describe('playlists', () => {
    it('searchPlaylists, getPlaylist and getPlaylistTracks find the demo playlist', async () => {
      const found = await client.searchPlaylists('Demo Favorites');
      const hit = found[0]!;
      expect(hit.playlist_name).to.equal('Demo Favorites');
      const playlist = await client.getPlaylist(hit.id);
      expect(playlist.id).to.equal(hit.id);
      expect(playlist.user.handle).to.equal('demo');
      const tracks = await client.getPlaylistTracks(hit.id);
      expect(tracks.length).to.be.greaterThan(0);
      for (const t of tracks) expect(t.title).to.be.a('string');
    });
  });

  describe('tracks', () => {
    it('getTrack returns the track with that id', async () => {
      const track = await client.getTrack(demoTracks[0]!.id);
      expect(track.id).to.equal(demoTracks[0]!.id);
      expect(track.title).to.equal(demoTracks[0]!.title);
      expect(track.user.id).to.equal(demoUser.id);
    });

    it('searchTracks finds a track by its title, exact match first', async () => {
      const target = demoTracks[0]!;
      const results = await client.searchTracks(target.title);
      expect(results.map((t) => t.id)).to.include(target.id);
      expect(results[0]!.title.toLowerCase()).to.equal(target.title.toLowerCase());
    });

    it('searchTracks with onlyDownloadable returns downloadable tracks only', async () => {
      const word = demoTracks[0]!.genre ?? demoTracks[0]!.title.split(' ')[0]!;
      const all = await client.searchTracks(word, { limit: 50 });
      const downloadable = await client.searchTracks(word, { limit: 50, onlyDownloadable: true });
      expect(all.some((t) => !t.downloadable), 'the query also matches tracks that are not downloadable').to.equal(true);
      expect(downloadable.length).to.be.greaterThan(0);
      expect(downloadable.every((t) => t.downloadable === true)).to.equal(true);
    });

    it('getTrendingTracks returns at most 100 tracks, honours genre and limit', async () => {
      const top = await client.getTrendingTracks();
      expect(top.length).to.be.within(1, 100);
      const genre = top[0]!.genre!;
      const byGenre = await client.getTrendingTracks({ genre, time: 'allTime', limit: 5 });
      expect(byGenre.length).to.be.within(1, 5);
      expect(byGenre.every((t) => t.genre == genre)).to.equal(true);
    });

    it('getTrendingTracks with time=bogus rejects with a 400', async () => {
      const error = await serviceError(client.getTrendingTracks({ time: 'bogus' as 'week' }));
      expect([error.kind, error.status, error.operation]).to.deep.equal(['http', 400, 'getTrendingTracks']);
    });

    it('getStreamUrl gives a URL that answers a range request with partial content', async () => {
      const id = demoTracks[0]!.id;
      const url = await client.getStreamUrl(id);
      expect(url.startsWith(`${serviceUrl}/v1/tracks/${id}/stream?`)).to.equal(true);
      expect(new URL(url).searchParams.get('app_name')).to.equal(appName);
      const res = await fetch(url, { headers: { range: 'bytes=0-1' } });
      expect(res.status).to.equal(206);
      expect(isPartialContent(res.status)).to.equal(true);
      expect(res.headers.get('content-range')).to.match(/^bytes 0-1\/\d+$/);
      expect(res.headers.get('content-type')).to.equal('audio/mpeg');
      // Only the headers matter here: the rest of the body is not read.
      await res.body?.cancel();
    });
  });

  describe('metrics', () => {
    it('getAppNameMetrics counts this app, ordered by count', async () => {
      const metrics = await client.getAppNameMetrics('all_time');
      const mine = metrics.find((m) => m.name == appName);
      expect(mine?.count).to.be.greaterThan(0);
      const counts = metrics.map((m) => m.count!);
      expect(counts).to.deep.equal([...counts].sort((a, b) => b - a));
      expect(await client.getAppNameMetrics('week', { limit: 1 })).to.have.length(1);
    });
  });

  describe('resolve', () => {
    it('resolves /demo to the demo user', async () => {
      const found = await client.resolve('/demo');
      expect(found.kind).to.equal('user');
      expect(found.data.id).to.equal(demoUser.id);
      expect((found.data as { handle: string }).handle).to.equal('demo');
    });

    it('resolves a full track URL to the track', async () => {
      const titles = demoTracks.map((t) => slugify(t.title));
      const track = demoTracks.find((t) => titles.filter((s) => s == slugify(t.title)).length == 1)!;
      const found = await client.resolve(`https://example.com/demo/${slugify(track.title)}`);
      expect(found.kind).to.equal('track');
      expect(found.data.id).to.equal(track.id);
    });

    it('resolves a playlist path to the playlist', async () => {
      const found = await client.resolve('/demo/playlist/demo-favorites');
      expect(found.kind).to.equal('playlist');
      expect((found.data as { playlist_name: string }).playlist_name).to.equal('Demo Favorites');
    });

    it('rejects an unknown path with the 404', async () => {
      const error = await serviceError(client.resolve('/demo/no-such-track-anywhere'));
      expect([error.kind, error.status, error.operation]).to.deep.equal(['http', 404, 'resolve']);
    });
  });

  describe('verifyToken', () => {
    it('rejects a token that is not a JWT with a 400', async function () {
      const probe = await fetch(`${serviceUrl}/v1/users/verify_token?token=x&app_name=${appName}`);
      // Until the endpoint lands (a later issue) the path falls through to /v1/users/:user_id or to no route.
      if (/user_id|No route/.test(await probe.text())) this.skip();
      const error = await serviceError(client.verifyToken('not-a-jwt'));
      expect([error.kind, error.status, error.operation]).to.deep.equal(['http', 400, 'verifyToken']);
      expect(error.message).to.match(/decode/i);
    });
  });
});
