// Host selection and failures a real host cannot produce on demand, with the fake host
// (test/support/fake-host.mjs) next to the real reference service.
import { expect } from '@open-wc/testing';
import { createClient, ServiceError, type ClientOptions, type Track } from '../../src/core/index.js';
import { timedFetch } from '../../src/core/http.js';
import {
  appName, browserEngine, deadUrl, demoUser, fakeCount, fakeHost, hostList, release, serviceClient, serviceError, serviceUrl,
} from '../support/service.js';

/** A client on exactly one host, no cache; tests of hanging hosts set a short timeout. */
const pinned = (host: string, options: ClientOptions = {}) => createClient({ appName, host, cacheTtl: 0, timeout: 5000, ...options });

/**
 * A client whose host list is `[faulty, real]` and that is made to pick `faulty` first:
 * the real host starts marked bad and hosts are probed one at a time.
 */
function faultyFirst(faulty: string, options: ClientOptions = {}) {
  const client = createClient({ appName, hostListUrl: hostList(faulty, 'real'), cacheTtl: 0, timeout: 5000, probes: 1, ...options });
  client.markHostBad(serviceUrl);
  return client;
}

describe('core host selection and faults', () => {
  let track: Track;

  before(async () => {
    [track] = await serviceClient().getUserTracks(demoUser.id, { limit: 1 });
  });

  describe('selection', () => {
    it('skips a dead host listed first and uses the live one', async () => {
      const client = createClient({ appName, hostListUrl: hostList('dead', 'real') });
      expect(await client.selectHost()).to.equal(serviceUrl);
      expect((await client.getTrack(track.id)).id).to.equal(track.id);
    });

    it('skips a host whose probe answers 503', async () => {
      const down = fakeHost('down');
      const client = createClient({ appName, hostListUrl: hostList(down, 'real'), probes: 1 });
      client.markHostBad(serviceUrl); // so the down host is probed first
      expect(await client.selectHost()).to.equal(serviceUrl);
      expect((await fakeCount(down)).probes).to.equal(1);
    });

    it('remembers the chosen host: the list and probes are read once', async () => {
      const a = fakeHost('proxy');
      const b = fakeHost('proxy');
      const client = createClient({ appName, hostListUrl: hostList(a, b), cacheTtl: 0 });
      const first = await client.selectHost();
      await client.getTrack(track.id);
      await client.getUser(demoUser.id);
      expect(await client.selectHost()).to.equal(first);
      const [ca, cb] = [await fakeCount(a), await fakeCount(b)];
      expect(ca.probes + cb.probes).to.be.within(1, 2);
      expect((first == a ? ca : cb).api).to.equal(2);
      expect((first == a ? cb : ca).api).to.equal(0);
    });

    it('a pinned host skips selection', async () => {
      const client = pinned(serviceUrl + '/', { hostListUrl: deadUrl });
      expect(await client.selectHost()).to.equal(serviceUrl);
      expect((await client.getUser(demoUser.id)).handle).to.equal('demo');
    });

    it('rejects with kind network when only a dead host is listed', async () => {
      const error = await serviceError(createClient({ appName, hostListUrl: hostList('dead') }).getTrack(track.id));
      expect(error.kind).to.equal('network');
      expect(error.status).to.equal(0);
    });

    it('rejects with kind network when the host list itself cannot be read', async () => {
      const error = await serviceError(createClient({ appName, hostListUrl: deadUrl }).selectHost());
      expect([error.kind, error.operation]).to.deep.equal(['network', 'selectHost']);
    });

    it('rejects with kind invalid when the host list is empty', async () => {
      const error = await serviceError(createClient({ appName, hostListUrl: hostList() }).selectHost());
      expect(error.kind).to.equal('invalid');
    });

    it('rejects with kind config without host or host list', async () => {
      const error = await serviceError(createClient({ appName, host: undefined, hostListUrl: undefined }).getTrack('x'));
      expect(error.kind).to.equal('config');
    });
  });

  it('a failed host stays out of later selections while marked bad', async () => {
    const faulty = fakeHost('error500');
    const [a, b] = [fakeHost('proxy'), fakeHost('proxy')];
    const client = createClient({ appName, hostListUrl: hostList(faulty, a, b), cacheTtl: 0, probes: 1 });
    client.markHostBad(a); // marked first: its mark ends first
    client.markHostBad(b);
    expect((await client.getUser(demoUser.id)).id).to.equal(demoUser.id); // faulty, then a
    expect([(await fakeCount(faulty)).api, (await fakeCount(a)).api]).to.deep.equal([1, 1]);
    // a answered, so it is the remembered host again: no more probes.
    const probes = (await fakeCount(a)).probes;
    await client.getUser(demoUser.id);
    await client.getTrack(track.id);
    expect(await fakeCount(a)).to.include({ api: 3, probes });
    client.markHostBad(a);
    // Now every host is marked; b's mark ends first, and faulty's (set by the client) before a's.
    expect(await client.selectHost()).to.equal(b);
  });

  it('a host that just failed does not race the healthy ones again', async () => {
    const fast = fakeHost('error500'); // wins every race it is in
    const slow = fakeHost('heldprobe'); // answers its probes once released, then serves the real data
    const client = createClient({ appName, hostListUrl: hostList(fast, slow), cacheTtl: 0 });
    expect(await client.selectHost()).to.equal(fast);
    const user = client.getUser(demoUser.id);
    await release(slow);
    expect((await user).id).to.equal(demoUser.id);
    expect([(await fakeCount(fast)).api, (await fakeCount(slow)).api]).to.deep.equal([1, 1]);
  });

  describe('a host that hangs', () => {
    it('times out with kind timeout, not before its time', async () => {
      const started = performance.now();
      const error = await serviceError(pinned(fakeHost('hang'), { timeout: 300 }).getTrack(track.id));
      expect(error.kind).to.equal('timeout');
      expect(error.operation).to.equal('getTrack');
      // Only a lower bound: a busy machine makes the timer late, never early.
      expect(performance.now() - started).to.be.at.least(250);
    });

    it('times out when the body stalls after the headers', async () => {
      const error = await serviceError(pinned(fakeHost('stall'), { timeout: 300 }).getTrack(track.id));
      expect(error.kind).to.equal('timeout');
    });

    it('is marked bad and the request is retried once on another host', async () => {
      const hang = fakeHost('hang');
      const client = faultyFirst(hang, { timeout: 3000 }); // also the real host's time to answer: ample on a busy machine
      const got = await client.getTrack(track.id);
      expect(got.id).to.equal(track.id);
      expect((await fakeCount(hang)).api).to.equal(1);
      expect(await client.selectHost()).to.equal(serviceUrl);
    });
  });

  describe('a host that answers 500', () => {
    it('rejects with the status and the server message when pinned, without retrying', async () => {
      const host = fakeHost('error500');
      const error = await serviceError(pinned(host).getUser(demoUser.id));
      expect([error.kind, error.status, error.message]).to.deep.equal(['http', 500, 'fake failure']);
      expect((await fakeCount(host)).api).to.equal(1);
    });

    it('switches host and retries once', async () => {
      // Several rounds, because the order among hosts marked bad is random: only the rule
      // "retry on another host" passes every one of them.
      for (let round = 0; round < 6; round++) {
        const host = fakeHost('error500');
        const client = faultyFirst(host);
        expect((await client.getUser(demoUser.id)).id).to.equal(demoUser.id);
        expect((await fakeCount(host)).api).to.equal(1);
        expect(await client.selectHost()).to.equal(serviceUrl);
      }
    });

    it('retries only once, and on the other host: two failing hosts get one request each', async () => {
      for (let round = 0; round < 6; round++) {
        const a = fakeHost('error500');
        const b = fakeHost('error500');
        const client = createClient({ appName, hostListUrl: hostList(a, b), cacheTtl: 0 });
        const error = await serviceError(client.getUser(demoUser.id));
        expect(error.status).to.equal(500);
        expect([(await fakeCount(a)).api, (await fakeCount(b)).api]).to.deep.equal([1, 1]);
      }
    });
  });

  describe('a host that drops the connection', () => {
    it('mid-response rejects with kind network (WebKit: invalid), never a TypeError', async () => {
      const error = await serviceError(pinned(fakeHost('reset')).getTrack(track.id));
      // WebKit hands the page the body cut short as if it were whole: it fails as broken JSON.
      expect(error.kind).to.equal(browserEngine === 'webkit' ? 'invalid' : 'network');
      expect(error).not.to.be.instanceOf(TypeError);
    });

    it('before answering rejects with kind network', async () => {
      expect((await serviceError(pinned(fakeHost('drop')).getTrack(track.id))).kind).to.equal('network');
    });

    it('is left for another host', async () => {
      const host = fakeHost('reset');
      expect((await faultyFirst(host).getTrack(track.id)).id).to.equal(track.id);
      expect((await fakeCount(host)).api).to.equal(1);
    });
  });

  describe('a host that answers what is not the contract', () => {
    it('broken JSON rejects with kind invalid, not a SyntaxError', async () => {
      const error = await serviceError(pinned(fakeHost('badjson')).getTrack(track.id));
      expect(error.kind).to.equal('invalid');
      expect(error).not.to.be.instanceOf(SyntaxError);
    });

    it('an unparsable body is kind invalid whatever class the engine\'s error has (WebKit: a DOMException)', async () => {
      // Each engine's own failure, then the one WebKit gives, in an engine that would not give it.
      const read = (error: unknown) => timedFetch(serviceUrl + '/', 5000, 'probe', () => Promise.reject(error));
      const own = await serviceError(timedFetch(`${fakeHost('badjson')}/v1/tracks/x`, 5000, 'getTrack', (r) => r.json()));
      expect([own.kind, (await serviceError(read(new DOMException('The string did not match the expected pattern.', 'SyntaxError')))).kind]).to.deep.equal(['invalid', 'invalid']);
      expect((await serviceError(read(new TypeError('Load failed')))).kind).to.equal('network');
    });

    it('a wrong content type rejects with kind invalid', async () => {
      expect((await serviceError(pinned(fakeHost('html')).getTrack(track.id))).kind).to.equal('invalid');
    });

    it('JSON without data rejects with kind invalid', async () => {
      expect((await serviceError(pinned(fakeHost('nodata')).getTrack(track.id))).kind).to.equal('invalid');
    });

    it('broken JSON in a list sends the request to another host', async () => {
      const host = fakeHost('badjson');
      expect((await faultyFirst(host).getTrack(track.id)).id).to.equal(track.id);
    });
  });

  describe('a 4xx', () => {
    it('never switches hosts', async () => {
      const host = fakeHost('error404');
      const client = faultyFirst(host);
      const error = await serviceError(client.getTrack(track.id));
      expect([error.kind, error.status, error.message]).to.deep.equal(['http', 404, 'fake not found']);
      expect((await fakeCount(host)).api).to.equal(1);
      expect(await client.selectHost()).to.equal(host);
    });
  });

  describe('verifyToken body shapes', () => {
    it('accepts the bare profile and the data-wrapped one alike', async () => {
      const client = pinned(fakeHost('verify'));
      const bare = await client.verifyToken('bare');
      const wrapped = await client.verifyToken('wrapped');
      expect(bare.handle).to.equal('demo');
      expect(bare.userId).to.equal(demoUser.id);
      expect(wrapped).to.deep.equal(bare);
    });

    it('reports 400 and 404 with the server message', async () => {
      const client = pinned(fakeHost('verify'));
      const bad = await serviceError(client.verifyToken('undecodable'));
      expect([bad.status, bad.message]).to.deep.equal([400, 'The JWT signature could not be decoded.']);
      const forged = await serviceError(client.verifyToken('forged'));
      expect(forged.status).to.equal(404);
      expect(forged.message).to.match(/wallet could not be recovered/);
    });

    it('is never cached', async () => {
      const host = fakeHost('verify');
      const client = pinned(host, { cacheTtl: 60_000 });
      await client.verifyToken('bare');
      await client.verifyToken('bare');
      expect((await fakeCount(host)).api).to.equal(2);
    });
  });

  it('every request carries app_name, options in snake_case', async () => {
    const host = fakeHost('proxy');
    await pinned(host).searchTracks('night', { onlyDownloadable: true, limit: 2 });
    const [path] = (await fakeCount(host)).paths;
    const q = new URL(path!, 'http://x').searchParams;
    expect([q.get('query'), q.get('only_downloadable'), q.get('limit'), q.get('app_name')]).to.deep.equal(['night', 'true', '2', appName]);
  });

  it('ServiceError is a real Error subclass', () => {
    const e = new ServiceError('m', 'http', 'getTrack', 500);
    expect(e).to.be.instanceOf(Error);
    expect([e.name, e.message, e.kind, e.operation, e.status]).to.deep.equal(['ServiceError', 'm', 'http', 'getTrack', 500]);
  });
});
