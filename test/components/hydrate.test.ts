// Hydration in Lit's development build: elements the service rendered (its embed pages, through
// service-kit/ssr) hydrate in place with the data they carry, with no request and no warning; they
// then work as any element; plain elements on the same page are not affected.
// Hydration support must load before Lit: this file imports it first.
import '../../src/hydrate.js';
import '../../src/all.js';
import { expect, fixture, html } from '@open-wc/testing';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import type { ServicePlaylist } from '../../src/components/playlist/playlist.js';
import { appName, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

type Track = { id: string; title: string };

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

  it('a plain card on the same page fetches and renders as usual', async () => {
    const track = tracks[2]!;
    const card = await fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
    await waitFor(() => card.shadowRoot!.querySelector('[part~="title"]')?.textContent === track.title, 'the card renders');
    expect(requestsFor(`/tracks/${track.id}`)).to.equal(1);
  });
});
