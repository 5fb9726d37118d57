// The client fed each shape production sends where it differs from the contract
// (../shared/production-shapes.md, "Where production differs"), and both spellings of the fields
// production and the contract name differently. A fake fetch: these are answers the reference
// service in its contract mode does not give (its --compat production mode is covered by the
// element tests, which run against it too).
import { expect } from '@open-wc/testing';
import { createClient, type Client } from '../../src/core/index.js';

const HOST = 'https://api.production.example';

/** A client whose every request gets `body` as JSON, from `url` (so the answer has a URL, as a real one does). */
function answering(body: unknown, url = `${HOST}/v1/x`): Client {
  const fetch = async () => {
    const res = new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    Object.defineProperty(res, 'url', { value: url });
    return res;
  };
  return createClient({ appName: 'shapes', host: HOST, cacheTtl: 0, fetch: fetch as typeof globalThis.fetch });
}

/** Production's envelope beside `data`. */
const envelope = (data: unknown) => ({
  data,
  latest_chain_block: 1, latest_indexed_block: 1, latest_chain_slot_plays: 1, latest_indexed_slot_plays: 1,
  signature: '0x', timestamp: '2026-01-01T00:00:00Z', version: { service: 'discovery-node', version: '0.7.1' },
});

const user = { id: '7eP5n', handle: 'demo', name: 'Demo', is_verified: false, album_count: 0, followee_count: 0, follower_count: 3,
  playlist_count: 0, repost_count: 0, track_count: 1, wallet: '0xabc', profile_picture: null, cover_photo: null, bio: null };
const track = (extra: object = {}) => ({ id: 'D7KyD', title: 'Night Rain', user, duration: 200, repost_count: 1, favorite_count: 2,
  play_count: 3, artwork: null, genre: '', mood: null, tags: null, description: null, permalink: '/demo/night-rain', unknown_field: { x: 1 }, ...extra });
const playlist = (extra: object = {}) => ({ id: 'ML51L', playlist_name: 'Mix', is_album: false, user, repost_count: 0, favorite_count: 0,
  total_play_count: 0, artwork: null, description: null, permalink: '/demo/playlist/mix', ...extra });

describe('core client: production shapes and both spellings', () => {
  it('get playlist: a one-element array (production) or an object (contract)', async () => {
    for (const data of [[playlist()], playlist()]) {
      const got = await answering(envelope(data)).getPlaylist('ML51L');
      expect(got.id).to.equal('ML51L');
      expect(got.user.handle).to.equal('demo');
    }
  });

  it('resolve to a playlist: a one-element array or an object; the kind is right', async () => {
    for (const data of [[playlist({ is_album: true })], playlist()]) {
      const got = await answering({ data }).resolve('/demo/playlist/mix');
      expect(got.kind).to.equal('playlist');
      expect(got.data.id).to.equal('ML51L');
    }
  });

  it('reposts: item_type as a string (track, playlist, album as playlist) or as the contract object', async () => {
    const activities = [
      { timestamp: '2026-01-01T00:00:00Z', item_type: 'track', class: 'track_activity', item: track() },
      { timestamp: '2026-01-01T00:00:00Z', item_type: 'playlist', class: 'collection_activity', item: playlist() },
      { timestamp: '2026-01-01T00:00:00Z', item_type: 'playlist', class: 'collection_activity', item: playlist({ is_album: true }) },
      { timestamp: '2026-01-01T00:00:00Z', item_type: { kind: 'album' }, item: playlist({ is_album: true }) },
    ];
    const got = await answering(envelope(activities)).getUserReposts('7eP5n');
    expect(got.map((a) => a.item_type?.kind)).to.deep.equal(['track', 'playlist', 'album', 'album']);
  });

  it('favorites with created_at', async () => {
    const data = [{ favorite_item_id: 'D7KyD', favorite_type: 'SaveType.track', user_id: '7eP5n', created_at: '2026-01-01T00:00:00Z' }];
    const [favorite] = await answering(envelope(data)).getUserFavorites('7eP5n');
    expect(favorite).to.deep.equal(data[0]);
  });

  it('downloadable or is_downloadable, either or both', async () => {
    const cases: [object, boolean | undefined][] = [
      [{ is_downloadable: true }, true],
      [{ is_downloadable: false }, false],
      [{ downloadable: true }, true],
      [{ downloadable: true, is_downloadable: true }, true],
      [{}, undefined],
    ];
    for (const [fields, expected] of cases) {
      const got = await answering({ data: track(fields) }).getTrack('D7KyD');
      expect(got.downloadable, JSON.stringify(fields)).to.equal(expected);
    }
  });

  it('optional fields null, remix_of without a list, unknown fields: read without a throw', async () => {
    const got = await answering(envelope([track({ remix_of: { tracks: null } }), track({ remix_of: null })])).getTrendingTracks();
    expect(got[0]!.remix_of!.tracks).to.equal(null);
    expect(got[1]!.remix_of).to.equal(null);
    expect(got[0]!.artwork).to.equal(null);
    expect((got[0] as unknown as { unknown_field: unknown }).unknown_field).to.deep.equal({ x: 1 });
  });

  it('permalink: a link on the answering host when it is a path, never anything else', async () => {
    const cases: [string, string | undefined][] = [
      ['/demo/night-rain', `${HOST}/demo/night-rain`],
      ['javascript:alert(1)', undefined],
      ['//evil.example/x', undefined],
      ['/\\evil.example', undefined],
      ['https://elsewhere.example/demo', undefined],
    ];
    for (const [permalink, link] of cases) {
      const got = await answering({ data: track({ permalink }) }, `${HOST}/v1/tracks/D7KyD?app_name=shapes`).getTrack('D7KyD');
      expect(got.link, permalink).to.equal(link);
      expect(got.permalink).to.equal(permalink);
    }
  });

  it('verify token: production `{data}` with a string iat and string ids, or the bare profile with numbers', async () => {
    const profile = { email: 'demo@example.com', name: 'Demo', handle: 'demo', verified: false, profilePicture: null, apiKey: 'k' };
    const wrapped = await answering({ data: { ...profile, userId: '7eP5n', sub: '7eP5n', iat: '1700000000' } }).verifyToken('a.b.c');
    expect([wrapped.userId, wrapped.iat]).to.deep.equal(['7eP5n', '1700000000']);
    const bare = await answering({ ...profile, userId: 1, sub: 1, iat: 1700000000 }).verifyToken('a.b.c');
    expect([bare.userId, bare.handle, Number(bare.iat)]).to.deep.equal([1, 'demo', 1700000000]);
  });

  it("host selection accepts a host answering production's health check", async () => {
    const health = { data: { healthy: true, service: 'discovery-node', version: '0.7.1', block_difference: 0 }, comms: { healthy: true } };
    const fetch = async (url: string) =>
      new Response(JSON.stringify(url.endsWith('/hosts') ? { data: ['https://a.example', 'https://b.example'] } : health));
    const client = createClient({ appName: 'shapes', hostListUrl: 'https://list.example/hosts', fetch: fetch as unknown as typeof globalThis.fetch });
    expect(['https://a.example', 'https://b.example']).to.include(await client.selectHost());
  });
});
