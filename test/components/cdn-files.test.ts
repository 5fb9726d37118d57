// Each CDN file, copied into a site's folder with only login-flow.js beside it, logs in end to end
// (test/support/cdn-site.mjs): a real mouse click, the real prompt page and verify endpoint; the
// login's parts are loaded from beside the file, and only once the login starts.
// And all.js in a page with another, unrelated copy of Lit (the page's own, from node_modules).
import { expect } from '@open-wc/testing';
import { html, LitElement, render } from 'lit';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import type { AudioEngine } from '../../src/core/audio.js';
import { executeServerCommand } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';
import { appName, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

interface SiteLogin {
  kind: 'success' | 'error';
  email?: string;
  message?: string;
  tokenParts?: number;
  found?: string;
  files: string[];
  requested: string[];
  beforeClick: string[];
  errors: string[];
}

const siteLogin = (file: string, page: string, twice = false) =>
  serverCommand<SiteLogin>('cdn-site-login', { file, page, twice });

function expectLoggedIn(r: SiteLogin, file: string) {
  expect(r.errors, 'page errors').to.deep.equal([]);
  expect(r.kind, r.message).to.equal('success');
  expect(r.email).to.equal('demo@example.com');
  expect(r.tokenParts).to.equal(3);
  expect(r.files, 'the site folder').to.deep.equal(['cdn', `cdn/${file}`, 'cdn/login-flow.js', 'index.html'].sort());
  // The page loads its HTML and the one file; the login's parts come from beside the file (not the page) at the click.
  expect(r.beforeClick, 'before the click').to.deep.equal(['/ 200', `/cdn/${file} 200`]);
  expect(r.requested).to.deep.equal(['/ 200', `/cdn/${file} 200`, '/cdn/login-flow.js 200']);
  expect(r.found, "document.getElementById('service-login-button')").to.equal('service-login-button');
}

// The CDN build of the current sources, made once for this file's tests.
before(async function () {
  this.timeout(300_000);
  while (!(await executeServerCommand<boolean, object>('cdn-site-build'))) {
    // still building: each command waits up to 10 s for it
  }
});

describe('one CDN file, copied with login-flow.js, logs in', function () {
  // A whole login in a page of its own: each of its steps gives up after 30 s and names itself
  // (test/support/cdn-site.mjs), so the test's own bound only has to outlast their sum.
  this.timeout(240_000);

  for (const file of ['all.js', 'service-login-button.js']) {
    it(`${file}: the <service-login-button> tag`, async () => expectLoggedIn(await siteLogin(file, 'element'), file));
  }

  it('sdk.iife.js: a classic script, serviceKit.init + renderButton', async () => {
    expectLoggedIn(await siteLogin('sdk.iife.js', 'sdk-script'), 'sdk.iife.js');
  });

  it('sdk.iife.js loaded twice: still one serviceKit, still logs in', async () => {
    const r = await siteLogin('sdk.iife.js', 'sdk-script', true);
    expect(r.requested.filter((p) => p.startsWith('/cdn/sdk.iife.js')).length).to.be.greaterThan(0);
    expect(r.errors).to.deep.equal([]);
    expect(r.kind, r.message).to.equal('success');
    expect(r.found).to.equal('service-login-button');
  });
});

describe('sdk.js, copied with login-flow.js, logs in', function () {
  // A whole login in a page of its own: each of its steps gives up after 30 s and names itself
  // (test/support/cdn-site.mjs), so the test's own bound only has to outlast their sum.
  this.timeout(240_000);

  it('an ES module: import { init, renderButton } from ./sdk.js', async () => {
    expectLoggedIn(await siteLogin('sdk.js', 'sdk-module'), 'sdk.js');
  });
});

/** The page's own element, made with the page's own copy of Lit (node_modules), not the kit's. */
class PageGreeting extends LitElement {
  static override properties = { who: {} };
  who = '';
  override render() {
    return html`<p part="greeting">Hello ${this.who}</p><slot></slot>`;
  }
}
customElements.define('page-greeting', PageGreeting);

describe('all.js beside another copy of Lit', function () {
  this.timeout(240_000);
  const errors: string[] = [];
  let tracks: { id: string; title: string }[];
  const titleOf = (card: Element | null | undefined) => card?.shadowRoot?.querySelector('[part="title"]')?.textContent;

  before(async () => {
    addEventListener('error', (e) => errors.push(String(e.message)));
    const bundle = '/__cdn-site/all.js';
    await import(/* @vite-ignore */ bundle);
    const answer = await fetch(`${serviceUrl}/v1/tracks/trending?limit=2&app_name=${appName}`);
    tracks = ((await answer.json()) as { data: { id: string; title: string }[] }).data;
  });

  afterEach(() => expect(errors, 'page errors').to.deep.equal([]));

  it("both render their own templates: the page's elements and lists, and the kit's track card inside them", async () => {
    const [first, second] = tracks;
    // The bundle's own definition: this page imports no element from src/.
    expect(customElements.get('service-track-card')).to.exist;
    const host = document.createElement('div');
    document.body.append(host);
    // The page's Lit renders the kit's element (inside the page's own element) and a list of its own.
    const page = (who: string, trackId: string, items: string[]) =>
      render(html`<page-greeting who=${who}><service-track-card app-name=${appName} host=${serviceUrl} track-id=${trackId}></service-track-card></page-greeting>
        <ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`, host);
    const title = () => titleOf(host.querySelector('service-track-card'));
    const greeting = () => host.querySelector('page-greeting')!.shadowRoot!.querySelector('p')!.textContent;
    const items = () => [...host.querySelectorAll('li')].map((li) => li.textContent);

    page('reader', first!.id, ['a', 'b']);
    await waitFor(() => title() === first!.title, "the kit's card to show its title");
    await waitFor(() => greeting() === 'Hello reader', "the page's element to render");
    expect(items()).to.deep.equal(['a', 'b']);

    // The page's Lit updates its templates and sets the kit's attribute; the kit's card follows.
    const card = host.querySelector('service-track-card');
    page('again', second!.id, ['c']);
    await waitFor(() => title() === second!.title, 'the card to show the track the page set');
    await waitFor(() => greeting() === 'Hello again', "the page's element to update");
    expect(items()).to.deep.equal(['c']);
    expect(host.querySelector('service-track-card'), 'the same card').to.equal(card);
    host.remove();
  });

  it("a page's subclass of the kit's card: the kit's Lit renders the page's template around the kit's own", async () => {
    // Two copies of Lit 3 know each other's template results: a CDN file that renamed Lit's markers would show "[object Object]".
    const KitCard = customElements.get('service-track-card') as typeof ServiceTrackCard;
    class FramedCard extends KitCard {
      protected override render() {
        return html`<p class="page-frame">Framed by the page</p>${super.render()}`;
      }
    }
    customElements.define('page-framed-card', FramedCard);
    const card = Object.assign(document.createElement('page-framed-card'), { host: serviceUrl, appName, trackId: tracks[0]!.id });
    document.body.append(card);
    await waitFor(() => titleOf(card) === tracks[0]!.title, "the framed card to show the kit's title");
    expect(card.shadowRoot!.querySelector('.page-frame')?.textContent).to.equal('Framed by the page');
    expect(card.shadowRoot!.textContent).not.to.include('[object Object]');
    card.remove();
  });

  it("an element that plays fetches the audio engine's media side from beside all.js once it is on the page, once, and plays", async () => {
    const fetched = () => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('/audio-media.js'));
    const card = Object.assign(document.createElement('service-track-card'), { host: serviceUrl, appName, trackId: tracks[0]!.id });
    document.body.append(card);
    await waitFor(() => titleOf(card) === tracks[0]!.title, 'the card to show its title');
    // Before any play, so that the first Play does not wait for it.
    await waitFor(() => fetched().length, 'the media side to be fetched');
    card.shadowRoot!.querySelector<HTMLButtonElement>('[part~="play-button"]')!.click();
    // all.js's engine, the page's: this page imports none from src/.
    const engine = (globalThis as { [key: symbol]: AudioEngine })[Symbol.for('service-kit.audio-engine')]!;
    await waitFor(() => engine.state.status === 'playing' && engine.state.track?.id === tracks[0]!.id, 'the track to play');
    expect(fetched()).to.deep.equal(['/__cdn-site/audio-media.js']);
    engine.pause();
    card.remove();
  });
});
