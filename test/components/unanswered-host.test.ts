// The login button and the favourite button against an API host that accepts the connection and
// never answers (the fake host's `hang`), the sign-in page being the real service's (`auth-url`):
// the code flow's exchange, and a favourite, fail within the client's timeout instead of waiting forever.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';
import '../../src/components/login-button/login-button.js';
import '../../src/components/favorite-button/favorite-button.js';
import type { ServiceLoginButton } from '../../src/components/login-button/login-button.js';
import type { ServiceFavoriteButton } from '../../src/components/favorite-button/favorite-button.js';
import { configure } from '../../src/core/client.js';
import type { LoginProfile } from '../../src/core/types.js';
import { appName, fakeCount, fakeHost, serviceUrl } from '../support/service.js';

const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
const REDIRECT_PAGE = `${location.origin}/test/support/pages/code-redirect.html`;
/** The client timeout of these tests (the page's, through `configure()`); the default is 10 s. */
const TIMEOUT = 2000;

const inner = (el: Element) => el.shadowRoot!.querySelector<HTMLButtonElement>('button')!;

async function click(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
  await sendMouse({ type: 'move', position: [0, 0] });
}

/** Signs in and out of the real sign-in page in the popup; resolves with what `el` fires: its login error. */
async function loginFails(el: Element): Promise<{ reason: string; message: string }> {
  const failure = oneEvent(el, 'service-login-error');
  await click(inner(el));
  await serverCommand('login-popup', { action: 'authorize' });
  return (await failure).detail;
}

describe('elements against a host that never answers', () => {
  before(() => configure({ timeout: TIMEOUT }));
  after(() => configure({ timeout: 1e4 }));

  it('the login button (code flow): the token endpoint never answers, service-login-error with reason network', async () => {
    const hang = fakeHost('hang');
    const el = await fixture<ServiceLoginButton>(
      html`<service-login-button flow="code" host=${hang} auth-url=${serviceUrl} app-name=${appName} api-key=${API_KEY} redirect-uri=${REDIRECT_PAGE}></service-login-button>`,
    );
    const { reason, message } = await loginFails(el);
    expect(reason).to.equal('network');
    expect(message).to.contain(`no answer within ${TIMEOUT} ms`);
    // The exchange was sent once, to the host that never answered, and nothing after it.
    expect((await fakeCount(hang)).paths).to.deep.equal(['/v1/oauth/token']);
    expect(inner(el).getAttribute('aria-busy'), 'the button is usable again').not.to.equal('true');
  });

  it('the favourite button signed out: the login’s token endpoint never answers, service-login-error with reason network', async () => {
    const hang = fakeHost('hang');
    const el = await fixture<ServiceFavoriteButton>(
      html`<service-favorite-button track-id="T1" host=${hang} auth-url=${serviceUrl} app-name=${appName} api-key=${API_KEY} redirect-uri=${REDIRECT_PAGE}></service-favorite-button>`,
    );
    const { reason } = await loginFails(el);
    expect(reason).to.equal('network');
    expect((await fakeCount(hang)).paths.filter((path) => path.startsWith('/v1/oauth/')), 'one exchange').to.deep.equal(['/v1/oauth/token']);
    expect(el.session.profile).to.equal(undefined);
  });

  it('the favourite button signed in: the write never answers, service-error (kind timeout, status 0) and the toggle rolled back', async () => {
    const hang = fakeHost('hang');
    const el = await fixture<ServiceFavoriteButton>(html`<service-favorite-button track-id="T1" host=${hang} app-name=${appName} api-key=${API_KEY}></service-favorite-button>`);
    const now = Date.now();
    const profile = { userId: 'u1', sub: 'u1', name: 'Test', handle: 'test', verified: false, profilePicture: null, apiKey: API_KEY } as LoginProfile;
    el.session.start({ access: 'a', refresh: 'r', due: now + 6e5, ends: now + 6e6, scope: 'write' }, profile);
    // The track's own read hangs too and fails with operation getTrack: the write's error is the one awaited.
    const failed = new Promise<GlobalEventHandlersEventMap['service-error']['detail']>((resolve) =>
      el.addEventListener('service-error', (e) => e.detail.operation == 'favoriteTrack' && resolve(e.detail)),
    );
    inner(el).click();
    await el.updateComplete;
    expect(inner(el).getAttribute('aria-pressed'), 'shown at once').to.equal('true');
    const detail = await failed;
    expect(detail).to.deep.include({ operation: 'favoriteTrack', kind: 'timeout', status: 0, message: `no answer within ${TIMEOUT} ms` });
    await el.updateComplete;
    expect(inner(el).getAttribute('aria-pressed'), 'rolled back').to.equal('false');
    expect((await fakeCount(hang)).paths.filter((path) => path.startsWith('/v1/tracks/T1/favorites')), 'the write, sent once').to.deep.equal([`/v1/tracks/T1/favorites?user_id=u1&app_name=${appName}`]);
    void el.session.logout();
  });
});
