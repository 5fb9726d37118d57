// The code flow's session through the core's transport: a token refresh, a favourite and
// `session.fetch` against a host that accepts and never answers end within the client's timeout
// (they used to wait forever); a refused refresh signs out; the user id in a URL is encoded.
import { expect } from '@open-wc/testing';
import { authClientFor } from '../../src/core/login/client.js';
import { getSession, type Session } from '../../src/core/login/session.js';
import { favoriteTracks, setFavorite } from '../../src/core/favorites.js';
import type { LoginProfile } from '../../src/core/types.js';
import { appName, fakeCount, fakeHost, serviceError, serviceUrl } from '../support/service.js';

/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
/** The client timeout of these tests; the default is 10 s. */
const TIMEOUT = 2000;

/** A session on `host`, signed in with tokens the test makes up: the access token `due` for a refresh or not. */
function signedIn(host: string, { due = false, userId = 'u1' } = {}): Session {
  const session = getSession(authClientFor({ host, appName, apiKey: API_KEY, timeout: TIMEOUT }));
  const now = Date.now();
  const profile = { userId, sub: userId, name: 'Test', handle: 'test', verified: false, profilePicture: null, apiKey: API_KEY } as LoginProfile;
  session.start({ access: 'access-1', refresh: 'refresh-1', due: due ? now - 1 : now + 6e5, ends: now + 6e6, scope: 'write' }, profile);
  return session;
}

/** Signs out without waiting for the revoke (on a host that never answers it would take the timeout). */
const signOut = (session: Session) => void session.logout();

describe('the session through the core transport', () => {
  it('a token refresh against a host that never answers ends within the client timeout and keeps the tokens', async () => {
    const hang = fakeHost('hang');
    const session = signedIn(hang, { due: true });
    const started = performance.now();
    // Before the transport this never settled: the refresh was a bare fetch without a timeout.
    expect(await session.accessToken(), 'not refused, so still signed in').to.equal('access-1');
    expect(performance.now() - started, 'the client’s timeout, not the default 10 s').to.be.below(9000);
    expect(session.profile?.userId).to.equal('u1');
    expect((await fakeCount(hang)).paths, 'one refresh, sent once').to.deep.equal(['/v1/oauth/token']);
    signOut(session);
  });

  it('a refresh the service refuses (4xx) signs out', async () => {
    const session = signedIn(serviceUrl, { due: true });
    expect(await session.accessToken()).to.equal(undefined);
    expect(session.profile).to.equal(undefined);
  });

  it('a favourite against a host that never answers rejects within the client timeout with a ServiceError, sent once', async () => {
    const hang = fakeHost('hang');
    const session = signedIn(hang);
    const error = await serviceError(setFavorite(session, 'T1', true));
    expect([error.kind, error.status, error.operation]).to.deep.equal(['timeout', 0, 'favoriteTrack']);
    expect((await fakeCount(hang)).paths).to.deep.equal([`/v1/tracks/T1/favorites?user_id=u1&app_name=${appName}`]);
    signOut(session);
  });

  it('session.fetch against a host that never answers rejects with kind timeout', async () => {
    const hang = fakeHost('hang');
    const session = signedIn(hang);
    const error = await serviceError(session.fetch('/v1/me'));
    expect([error.kind, error.operation]).to.deep.equal(['timeout', 'fetch']);
    signOut(session);
  });

  it('encodes the user id and the track id: each stays one path segment', async () => {
    const missing = fakeHost('error404');
    const session = signedIn(missing, { userId: 'a/b?c' });
    const read = await serviceError(favoriteTracks(session));
    expect([read.kind, read.status, read.operation]).to.deep.equal(['http', 404, 'getUserFavorites']);
    const write = await serviceError(setFavorite(session, 'x/y#z', false));
    expect([write.kind, write.status, write.operation]).to.deep.equal(['http', 404, 'unfavoriteTrack']);
    expect((await fakeCount(missing)).paths).to.deep.equal([
      `/v1/users/a%2Fb%3Fc/favorites?limit=500&app_name=${appName}`,
      `/v1/tracks/x%2Fy%23z/favorites?user_id=a%2Fb%3Fc&app_name=${appName}`,
    ]);
    signOut(session);
  });
});
