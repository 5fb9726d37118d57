// The core's one transport (src/core/transport.ts) against the real service and the fake host:
// URLs built with encoding in one place, failover for reads only, the timeout and the caller's
// signal on writes too, typed answers and ServiceErrors.
import { expect } from '@open-wc/testing';
import { createHostPicker } from '../../src/core/hosts.js';
import { readData } from '../../src/core/http.js';
import { apiPath, apiUrl, send } from '../../src/core/transport.js';
import { authClientFor } from '../../src/core/login/client.js';
import { requestTokens } from '../../src/core/login/tokens.js';
import { appName, demoUser, fakeCount, fakeHost, hostList, requestsReached, serviceError, serviceUrl } from '../support/service.js';

/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
const options = { appName, timeout: 2000 };

/** A host picker over `[first, second]` that tries `first` first (the other starts marked bad). */
function firstThenSecond(first: string, second: string) {
  const hosts = createHostPicker({ hostListUrl: hostList(first, second), timeout: 3000, badHostTtl: 6e4, probes: 1 });
  hosts[1](second);
  return hosts;
}

describe('the core transport', () => {
  it('builds URLs in one place: each path segment encoded, the query by URLSearchParams, app_name last', async () => {
    const path = '/users' + apiPath('a/b?c#d e') + '/favorites';
    expect(apiUrl('http://h', path, { userId: 'x&y', limit: 5, skipped: undefined, signal: new AbortController().signal }, 'my app')).to.equal(
      'http://h/v1/users/a%2Fb%3Fc%23d%20e/favorites?user_id=x%26y&limit=5&app_name=my+app',
    );
    // On the real service an id holding a slash stays one segment: refused as an id, not another route (the user's tracks).
    const error = await serviceError(send(options, createHostPicker({ host: serviceUrl, ...options, badHostTtl: 0, probes: 1 }), true, { operation: 'getUser', path: '/users' + apiPath(demoUser.id + '/tracks'), read: readData('getUser') }));
    expect([error.kind, error.status]).to.deep.equal(['http', 400]);
  });

  it('sends a read again to another host after a 5xx, but a write only once', async () => {
    const [failing, good] = [fakeHost('error500'), fakeHost('proxy')];
    const user = await send(options, firstThenSecond(failing, good), false, { operation: 'getUser', path: apiPath('users', demoUser.id), read: readData<{ handle: string }>('getUser') });
    expect(user.handle).to.equal(demoUser.handle);
    expect([(await fakeCount(failing)).api, (await fakeCount(good)).api], 'the read, retried on the good host').to.deep.equal([1, 1]);

    const [failing2, good2] = [fakeHost('error500'), fakeHost('proxy')];
    const write = { operation: 'favoriteTrack', method: 'POST', path: '/tracks/x/favorites', body: { a: 1 }, token: 't', read: readData('favoriteTrack', true) };
    const error = await serviceError(send(options, firstThenSecond(failing2, good2), false, write));
    expect([error.kind, error.status, error.operation]).to.deep.equal(['http', 500, 'favoriteTrack']);
    expect([(await fakeCount(failing2)).api, (await fakeCount(good2)).api], 'the write, never sent to a second host').to.deep.equal([1, 0]);
  });

  it('gives up on a write to a host that never answers within the timeout (kind timeout), once; the caller’s signal aborts it at once', async () => {
    const hang = fakeHost('hang');
    const hosts = createHostPicker({ host: hang, ...options, badHostTtl: 0, probes: 1 });
    const write = { operation: 'favoriteTrack', method: 'POST', path: '/tracks/x/favorites', read: readData('favoriteTrack', true) };
    const started = performance.now();
    const error = await serviceError(send(options, hosts, true, write));
    expect([error.kind, error.status, error.operation]).to.deep.equal(['timeout', 0, 'favoriteTrack']);
    // Only a lower bound: a busy machine makes the timer late, never early.
    expect(performance.now() - started).to.be.at.least(1900);
    expect((await fakeCount(hang)).paths).to.deep.equal([`/v1/tracks/x/favorites?app_name=${appName}`]);

    const controller = new AbortController();
    const aborted = serviceError(send({ ...options, timeout: 60_000 }, hosts, true, { ...write, signal: controller.signal }));
    await requestsReached(hang, 2);
    controller.abort();
    expect((await aborted).kind).to.equal('abort');
  });

  it('reads the token endpoint typed: a refusal is kind http with the service’s error_description; an answer without a token, kind invalid', async () => {
    const refused = await serviceError(requestTokens(authClientFor({ host: serviceUrl, apiKey: API_KEY }), { grant_type: 'refresh_token', refresh_token: 'not-a-token', client_id: API_KEY }));
    expect([refused.kind, refused.status, refused.operation]).to.deep.equal(['http', 400, 'refreshToken']);
    expect(refused.message, 'error_description, not error').to.equal('The refresh token is not valid.');

    const noToken = await serviceError(requestTokens(authClientFor({ host: fakeHost('nodata'), apiKey: API_KEY }), { grant_type: 'authorization_code', code: 'c', client_id: API_KEY }));
    expect([noToken.kind, noToken.operation]).to.deep.equal(['invalid', 'exchangeCode']);
  });
});
