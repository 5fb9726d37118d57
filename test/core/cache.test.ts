// In-flight de-duplication, the TTL cache, abort, and the page-level configuration, counted
// at a fake host that forwards to the real reference service.
import { expect } from '@open-wc/testing';
import {
  configure, createClient, getClient, isPartialContent, selectHost, type ClientOptions, type Track,
} from '../../src/core/index.js';
import {
  appName, demoUser, fakeCount, fakeHost, release, requestsReached, serviceClient, serviceError, serviceUrl,
} from '../support/service.js';
import { quietFor } from '../support/waits.js';

/** A client pinned to a fresh counting proxy of the real service. */
function proxied(options: ClientOptions = {}, behavior = 'proxy') {
  const host = fakeHost(behavior);
  const client = createClient({ appName, host, ...options });
  return { host, client, requests: async () => (await fakeCount(host)).api };
}

describe('core de-dup, cache and abort', () => {
  let tracks: Track[];

  before(async () => {
    tracks = await serviceClient().getUserTracks(demoUser.id, { limit: 3 });
    expect(tracks).to.have.length(3);
  });

  describe('in-flight de-duplication', () => {
    it('20 parallel getTrack calls make one request', async () => {
      const { client, requests } = proxied({ cacheTtl: 0 });
      const got = await Promise.all(Array.from({ length: 20 }, () => client.getTrack(tracks[0]!.id)));
      expect(got.every((t) => t.id == tracks[0]!.id)).to.equal(true);
      expect(await requests()).to.equal(1);
    });

    it('different requests are not merged', async () => {
      const { client, requests } = proxied({ cacheTtl: 0 });
      await Promise.all([client.getTrack(tracks[0]!.id), client.getTrack(tracks[1]!.id), client.getUserTracks(demoUser.id, { limit: 1 })]);
      expect(await requests()).to.equal(3);
    });

    it('a finished request is not reused when the cache is off', async () => {
      const { client, requests } = proxied({ cacheTtl: 0 });
      await client.getTrack(tracks[0]!.id);
      await client.getTrack(tracks[0]!.id);
      expect(await requests()).to.equal(2);
    });
  });

  describe('TTL cache', () => {
    it('answers from the cache until the TTL passes', async () => {
      const { client, requests } = proxied({ cacheTtl: 60_000 });
      const first = await client.getTrack(tracks[0]!.id);
      expect(await client.getTrack(tracks[0]!.id)).to.deep.equal(first);
      expect(await requests()).to.equal(1);
      // The cache reads Date.now(): the page's clock is moved past the TTL rather than waited out.
      const realNow = Date.now;
      Date.now = () => realNow() + 30_000;
      try {
        await client.getTrack(tracks[0]!.id);
        expect(await requests(), 'halfway through the TTL').to.equal(1);
        Date.now = () => realNow() + 61_000;
        await client.getTrack(tracks[0]!.id);
      } finally {
        Date.now = realNow;
      }
      expect(await requests(), 'after the TTL').to.equal(2);
    });

    it('invalidate(prefix) drops matching answers only; invalidate() drops all', async () => {
      const { client, requests } = proxied({ cacheTtl: 60_000 });
      const [a, b] = [tracks[0]!.id, tracks[1]!.id];
      await client.getTrack(a);
      await client.getTrack(b);
      client.invalidate(`/tracks/${a}`);
      await client.getTrack(a);
      await client.getTrack(b);
      expect(await requests()).to.equal(3);
      client.invalidate();
      await client.getTrack(a);
      await client.getTrack(b);
      expect(await requests()).to.equal(5);
    });

    it('keeps at most cacheSize answers, dropping the least recently used', async () => {
      const { client, requests } = proxied({ cacheTtl: 60_000, cacheSize: 2 });
      const [a, b, c] = tracks.map((t) => t.id) as [string, string, string];
      await client.getTrack(a);
      await client.getTrack(b);
      await client.getTrack(a); // a is now the most recent
      await client.getTrack(c); // evicts b
      expect(await requests()).to.equal(3);
      await client.getTrack(a);
      expect(await requests()).to.equal(3);
      await client.getTrack(b);
      expect(await requests()).to.equal(4);
    });

    it('does not cache errors', async () => {
      const { client, requests } = proxied({ cacheTtl: 60_000 });
      await serviceError(client.getTrack('zzzzzzzzzz'));
      await serviceError(client.getTrack('zzzzzzzzzz'));
      expect(await requests()).to.equal(2);
    });
  });

  describe('abort', () => {
    it('rejects with kind abort when the signal fires, while the request waits for its answer', async () => {
      const { host, client } = proxied({ cacheTtl: 0 }, 'held'); // no answer comes until the test releases it
      const controller = new AbortController();
      const result = serviceError(client.getTrack(tracks[0]!.id, { signal: controller.signal }));
      await requestsReached(host, 1);
      controller.abort();
      const error = await result;
      await release(host);
      expect([error.kind, error.operation]).to.deep.equal(['abort', 'getTrack']);
    });

    it('rejects at once for a signal that is already aborted', async () => {
      const { client } = proxied({ cacheTtl: 60_000 });
      await client.getTrack(tracks[0]!.id); // even a cached answer is not given to an aborted caller
      const error = await serviceError(client.getTrack(tracks[0]!.id, { signal: AbortSignal.abort() }));
      expect(error.kind).to.equal('abort');
    });

    it('an already aborted signal sends no request at all', async () => {
      const { client, requests } = proxied({ cacheTtl: 0 });
      const error = await serviceError(client.getTrack(tracks[0]!.id, { signal: AbortSignal.abort() }));
      expect(error.kind).to.equal('abort');
      await quietFor(100); // nothing is sent within: a request would reach the fake host by then
      expect(await requests()).to.equal(0);
    });

    it('one caller aborting leaves the others sharing the request unharmed', async () => {
      const { host, client, requests } = proxied({ cacheTtl: 0 }, 'held');
      const controller = new AbortController();
      const aborted = client.getTrack(tracks[0]!.id, { signal: controller.signal });
      const kept = client.getTrack(tracks[0]!.id);
      await requestsReached(host, 1); // the shared request is on the wire, unanswered
      controller.abort();
      expect((await serviceError(aborted)).kind).to.equal('abort');
      await release(host);
      expect((await kept).id).to.equal(tracks[0]!.id);
      expect(await requests()).to.equal(1);
    });

    it('after every caller aborted, the next call starts a new request', async () => {
      const { host, client, requests } = proxied({ cacheTtl: 0 }, 'held');
      const controller = new AbortController();
      const aborted = client.getTrack(tracks[0]!.id, { signal: controller.signal });
      await requestsReached(host, 1);
      controller.abort();
      expect((await serviceError(aborted)).kind).to.equal('abort');
      await release(host, 2);
      expect((await client.getTrack(tracks[0]!.id)).id).to.equal(tracks[0]!.id);
      expect(await requests()).to.equal(2);
    });

    it('getStreamUrl takes a signal too', async () => {
      const error = await serviceError(serviceClient().getStreamUrl(tracks[0]!.id, { signal: AbortSignal.abort() }));
      expect([error.kind, error.operation]).to.deep.equal(['abort', 'getStreamUrl']);
    });
  });

  describe('page configuration', () => {
    after(() => configure({ appName: undefined, host: undefined, hostListUrl: undefined }));

    it('configure() sets the defaults of getClient() and createClient()', async () => {
      configure({ appName, hostListUrl: serviceUrl });
      const page = getClient();
      expect(getClient()).to.equal(page);
      expect(page.options.appName).to.equal(appName);
      expect(await selectHost()).to.equal(serviceUrl);
      expect((await page.getUser(demoUser.id)).handle).to.equal('demo');
      const own = createClient({ timeout: 1234 });
      expect([own.options.appName, own.options.timeout]).to.deep.equal([appName, 1234]);
      configure({ cacheTtl: 5 });
      expect(getClient()).not.to.equal(page);
      expect(getClient().options.cacheTtl).to.equal(5);
    });
  });

  it('isPartialContent accepts 206 and the listing’s 216', () => {
    expect([206, 216, 200, 416].map(isPartialContent)).to.deep.equal([true, true, false, false]);
  });
});
