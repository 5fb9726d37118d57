// No setting and no host-list entry that is not an http(s) URL is ever opened, fetched or run:
// login() ends with reason config, the data elements report service-error, nothing opens.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/login-button/login-button.js';
import '../../src/components/track-card/track-card.js';
import type { ServiceLoginButton } from '../../src/components/login-button/login-button.js';
import { createClient } from '../../src/core/index.js';
import { login, type LoginResult } from '../../src/core/login/login.js';
import { safeUrl } from '../../src/core/config.js';
import { appName, hostList, onFirstError, serviceError, serviceUrl } from '../support/service.js';

const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
declare global {
  interface Window {
    __ran?: string;
  }
}
/** URLs that would run script (or load something else than http) if they were opened. */
const HOSTILE = [
  'javascript:window.__ran="js"//x',
  'JavaScript:window.__ran="case"//x',
  ' javascript:window.__ran="space"//x',
  'java\tscript:window.__ran="tab"//x',
  'data:text/html,<script>opener.__ran="data"</script>',
  'vbscript:x',
  '//evil.example/protocol-relative',
  'about:blank',
];
const SETTINGS = ['authUrl', 'host', 'hostListUrl'] as const;

describe('kit settings that are not http(s) URLs', () => {
  const realOpen = window.open;
  const here = location.href;
  let opened: Window[] = [];
  /** URLs the kit asked window.open for (never opened: the popup counts as blocked). */
  let asked: string[] = [];
  beforeEach(() => {
    window.__ran = undefined;
    opened = [];
    asked = [];
    window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
      const url = String(args[0] ?? '');
      if (url !== '') return void asked.push(url), null;
      const w = realOpen.apply(this, args)!;
      opened.push(w);
      return w;
    };
  });
  afterEach(() => {
    window.open = realOpen;
    for (const w of opened) w.close();
    expect(asked, 'nothing opened').to.deep.equal([]);
    expect(window.__ran, 'no script ran').to.equal(undefined);
    expect(location.href, 'the page stayed').to.equal(here);
  });

  const expectConfig = (r: LoginResult) => {
    expect(r.status, JSON.stringify(r)).to.equal('error');
    if (r.status == 'error') expect(r.reason, r.message).to.equal('config');
  };

  it('safeUrl keeps http(s) URLs only', () => {
    for (const url of HOSTILE) expect(safeUrl(url), url).to.equal(undefined);
    for (const url of ['http://x.example/a.png', 'HTTPS://x.example/']) expect(safeUrl(url)).to.equal(url);
    expect(safeUrl(undefined)).to.equal(undefined);
    expect(safeUrl(null)).to.equal(undefined);
  });

  for (const setting of SETTINGS) {
    it(`login(): ${setting} → reason config, no window, no navigation (popup and redirect flows)`, async () => {
      for (const url of HOSTILE) {
        const client = createClient({ appName, apiKey: API_KEY, host: serviceUrl, [setting]: url });
        expectConfig(await login({ client }));
        expectConfig(await login({ client, redirectUri: 'https://app.example.com/cb' }));
        expectConfig(await login({ client, fallbackToRedirect: true }));
      }
      expect(opened).to.have.length(0);
    });
  }

  it('login(): a host-list entry that is not http(s) → reason config; the blank popup closes and never leaves about:blank', async () => {
    for (const entry of ['javascript:window.opener.__ran="entry"//x', 'data:text/html,x']) {
      const client = createClient({ appName, apiKey: API_KEY, hostListUrl: hostList(entry) });
      const r = await login({ client });
      expectConfig(r);
      expect(opened.at(-1)!.closed, 'popup closed').to.equal(true);
    }
  });

  it('the login button ends with service-login-error reason config for auth-url and host', async () => {
    for (const attribute of ['auth-url', 'host', 'host-list-url']) {
      const el = await fixture<ServiceLoginButton>(html`<service-login-button api-key=${API_KEY}></service-login-button>`);
      el.setAttribute(attribute, HOSTILE[0]!);
      await el.updateComplete;
      const failed = oneEvent(el, 'service-login-error');
      el.shadowRoot!.querySelector('button')!.click();
      expect((await failed).detail.reason).to.equal('config');
    }
    expect(opened).to.have.length(0);
  });

  it('the client rejects with kind config for host, host-list URL and every host-list entry', async () => {
    for (const url of HOSTILE) {
      for (const options of [{ host: url }, { hostListUrl: url }, { hostListUrl: hostList('real', url) }]) {
        // A list with a good entry is refused whole: a bad entry means a bad list.
        const e = await serviceError(createClient({ appName, cacheTtl: 0, ...options }).getTrack('D7KyD'));
        expect(e.kind, `${JSON.stringify(options)}: ${e.message}`).to.equal('config');
      }
    }
  });

  it('data elements report service-error for host, host-list-url and a host-list entry', async () => {
    for (const props of [{ host: HOSTILE[0] }, { hostListUrl: HOSTILE[0] }, { hostListUrl: hostList(HOSTILE[0]!) }]) {
      await onFirstError('service-track-card', { appName, trackId: 'D7KyD', ...props }, (el, detail) => {
        expect(detail.message).to.match(/http\(s\) URL/);
        expect(detail.status).to.equal(0);
        expect(el.shadowRoot!.querySelector('img'), 'no artwork').to.equal(null);
      });
    }
  });
});
