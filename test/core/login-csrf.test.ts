// Cookie tossing from a sibling origin, in every engine, against the real login page: a page on
// another port of 127.0.0.1 (the fake host) plants its own session cookie on a narrower path
// and auto-submits a forged form. Ports do not separate cookies, and SameSite=Lax lets the
// victim's cookie come along (same site), so only the service's own checks stand in the way.
import { expect } from '@open-wc/testing';
import { serverCommand } from '../support/commands.js';
import { browserEngine, fakeUrl, serviceUrl } from '../support/service.js';

const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
const authUrl = `${serviceUrl}/oauth/auth?scope=write&api_key=${API_KEY}&redirect_uri=${encodeURIComponent('https://app.example.com/cb')}`;

interface Toss {
  status?: number; // the answer's HTTP status, where the engine tells a page (docs/reliability.md: not WebKit)
  heading?: string;
  seen?: string; // what the tab showed instead, when no page with a heading came
  stolen?: string;
  signedInAs: string;
}
const toss = (form: 'authorize' | 'login') => serverCommand<Toss>('cookie-toss', { authUrl, attackerUrl: fakeUrl, form });
/** The refusal page: its heading, and its status 403 where the engine gives a page its status (WebKit gives none). */
const expectRefused = (r: Toss) =>
  expect({ status: r.status, heading: r.heading }, r.seen).to.deep.equal({ status: browserEngine === 'webkit' ? undefined : 403, heading: 'Form refused' });

describe('login page: cookie tossing from another port of 127.0.0.1', () => {
  it('a forged consent is refused: no token reaches the attacker, the victim stays who they are', async () => {
    expect(new URL(fakeUrl).hostname).to.equal(new URL(serviceUrl).hostname);
    expect(new URL(fakeUrl).port).to.not.equal(new URL(serviceUrl).port);
    const r = await toss('authorize');
    expectRefused(r);
    expect(r.stolen, 'nothing delivered to the attacker').to.equal(undefined);
    expect(r.signedInAs).to.equal('Demo Listener');
  });

  it('a forged sign-in is refused: the victim is not signed in as the attacker', async () => {
    const r = await toss('login');
    expectRefused(r);
    expect(r.signedInAs).to.equal('Demo Listener');
  });
});

describe('login page: the consent screen in the popup', () => {
  it('names where the answer goes and fits 375×785 without scrolling (write scope, popup display)', async () => {
    // The popup window is 375×785; its own title and address bars take some of the height.
    for (const [redirect, expected] of [
      ['https://a-rather-long-app-name.example.com:8443/callback', 'a-rather-long-app-name.example.com:8443'],
      [`postmessage&origin=${encodeURIComponent(location.origin)}`, location.origin],
    ]) {
      const url = `${serviceUrl}/oauth/auth?scope=write&display=popup&api_key=${API_KEY}&redirect_uri=${redirect.startsWith('https') ? encodeURIComponent(redirect) : redirect}`;
      const r = await serverCommand<{ scrollWidth: number; scrollHeight: number; contentBottom: number; destination: string }>('consent-layout', { authUrl: url, width: 375, height: 700 });
      expect(r.destination).to.equal(expected);
      expect(r.scrollWidth, 'no sideways scrolling').to.be.at.most(375);
      expect(r.scrollHeight, 'no scrolling').to.be.at.most(700);
      expect(r.contentBottom, 'the whole screen in view').to.be.at.most(700);
    }
  });
});
