// Hydration in Lit's development build: elements the service rendered (its embed pages, through
// service-kit/ssr) hydrate in place with the data they carry, with no request and no warning; they
// then work as any element; plain elements on the same page are not affected.
// Hydration support must load before Lit: this file imports it first.
import '../../src/hydrate.js';
import '../../src/all.js';
import '../../src/translations/fr.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import type { ServicePlaylist } from '../../src/components/playlist/playlist.js';
import { appName, serviceUrl } from '../support/service.js';
import { serverCommand } from '../support/commands.js';
import { waitFor } from '../support/waits.js';

type Track = { id: string; title: string };

/** The seeded demo app's API key (docs/login.md). */
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';

/** The element of one of the service's embed pages, as the page's HTML has it (declarative shadow DOM, seed script). */
async function renderedElement(path: string, tag: string): Promise<string> {
  const page = await (await fetch(serviceUrl + path)).text();
  const start = page.indexOf(`<${tag}`);
  const end = page.lastIndexOf(`</${tag}>`) + tag.length + 3;
  expect(start, `${tag} in ${path}`).to.be.greaterThan(0);
  return page.slice(start, end);
}

/** Requests this page made to the API for `path` (the resource timing of every fetch). */
const requestsFor = (path: string) => performance.getEntriesByType('resource').filter((e) => e.name.includes(`/v1${path}?`)).length;

describe('server-rendered elements (Lit development build)', () => {
  let tracks: Track[];
  let warnings: unknown[][];
  const warn = console.warn;
  const error = console.error;

  before(async () => {
    tracks = ((await (await fetch(`${serviceUrl}/v1/tracks/trending?limit=3&app_name=${appName}`)).json()) as { data: Track[] }).data;
  });

  beforeEach(() => {
    warnings = [];
    console.warn = (...args: unknown[]) => (warnings.push(args), warn(...args));
    console.error = (...args: unknown[]) => (warnings.push(args), error(...args));
  });

  afterEach(() => {
    console.warn = warn;
    console.error = error;
  });

  it('a track card hydrates in place with its embedded data, with no request and no warning; then it works as any', async () => {
    const track = tracks[0]!;
    const markup = await renderedElement(`/embed/track/${track.id}?size=compact`, 'service-track-card');
    const container = document.createElement('div');
    document.body.append(container);
    // Parsed as a page would parse it: the shadow root comes from the HTML, before the element upgrades.
    (container as HTMLElement & { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(markup);
    const card = container.querySelector('service-track-card') as ServiceTrackCard;
    const title = card.shadowRoot!.querySelector('[part~="title"]');
    expect(title?.textContent).to.equal(track.title);
    await card.updateComplete;
    await waitFor(() => card.track !== undefined, 'the task completes with the embedded track');
    expect(card.shadowRoot!.querySelector('[part~="title"]')).to.equal(title);
    expect(card.shadowRoot!.querySelectorAll('[part~="card"]')).to.have.length(1);
    expect(card.track!.id).to.equal(track.id);
    expect(requestsFor(`/tracks/${track.id}`)).to.equal(0);
    expect(warnings).to.deep.equal([]);

    // Another track: fetched and shown, as by a plain card.
    const other = tracks[1]!;
    card.trackId = other.id;
    await waitFor(() => card.shadowRoot!.querySelector('[part~="title"]')?.textContent === other.title, 'the other track shows');
    expect(requestsFor(`/tracks/${other.id}`)).to.equal(1);
    container.remove();
  });

  it('a playlist hydrates in place with its tracks', async () => {
    const { data: [playlist] } = (await (await fetch(`${serviceUrl}/v1/playlists/search?query=a&limit=1&app_name=${appName}`)).json()) as { data: { id: string }[] };
    const markup = await renderedElement(`/embed/playlist/${playlist!.id}`, 'service-playlist');
    const container = document.createElement('div');
    document.body.append(container);
    (container as HTMLElement & { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(markup);
    const element = container.querySelector('service-playlist') as ServicePlaylist;
    const items = [...element.shadowRoot!.querySelectorAll('[part~="item"]')];
    expect(items.length).to.be.greaterThan(0);
    await waitFor(() => element.playlist !== undefined, 'the task completes with the embedded playlist');
    expect([...element.shadowRoot!.querySelectorAll('[part~="item"]')]).to.deep.equal(items);
    expect(requestsFor(`/playlists/${playlist!.id}`)).to.equal(0);
    expect(warnings).to.deep.equal([]);
    container.remove();
  });

  it('a login button hydrates in place from its server render, in its language, then logs in as any', async () => {
    // service-kit/ssr's own render (test/support/ssr-render.mjs): the element's one template, rendered in Node.
    const options = { host: serviceUrl, appName, apiKey: API_KEY };
    const markup = await serverCommand<string>('ssr-render', { tag: 'service-login-button', attributes: { lang: 'fr', size: 'large' }, options });
    const container = document.createElement('div');
    document.body.append(container);
    (container as HTMLElement & { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(markup);
    const el = container.querySelector('service-login-button')!;
    const parsed = [...el.shadowRoot!.querySelectorAll('[part]')];
    expect(parsed.map((node) => node.getAttribute('part'))).to.deep.equal(['button', 'logo', 'label']);
    // A template that differs from the server's fails here: Lit's hydrate throws, and the update with it.
    await el.updateComplete;
    expect([...el.shadowRoot!.querySelectorAll('[part]')]).to.deep.equal(parsed);
    expect(el.shadowRoot!.querySelectorAll('button')).to.have.length(1);
    const button = parsed[0] as HTMLButtonElement;
    expect(button.id).to.equal('service-login-button');
    expect(button.textContent!.trim()).to.equal('Continuer avec Service');
    expect(button.getBoundingClientRect().height).to.equal(48); // size large
    expect(warnings).to.deep.equal([]);
    await expect(el).to.be.accessible();

    // The hydrated button is the one that works: busy in French, the prompt asked in French.
    const failed = oneEvent(el, 'service-login-error');
    button.click();
    await el.updateComplete;
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('En attente de la fenêtre de connexion');
    const { url } = await serverCommand<{ url: string }>('login-popup', { action: 'cancel' });
    expect(new URL(url).searchParams.get('lang')).to.equal('fr');
    expect((await failed).detail.reason).to.equal('cancelled');
    await el.updateComplete;
    expect(button.getAttribute('aria-busy')).to.equal('false');
    expect(warnings).to.deep.equal([]);
    container.remove();
  });

  it('a plain card on the same page fetches and renders as usual', async () => {
    const track = tracks[2]!;
    const card = await fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
    await waitFor(() => card.shadowRoot!.querySelector('[part~="title"]')?.textContent === track.title, 'the card renders');
    expect(requestsFor(`/tracks/${track.id}`)).to.equal(1);
  });
});
