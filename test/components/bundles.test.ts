// A page may load the same element from two CDN bundles (all.js and a service-<name>.js, say):
// each bundle has its own copy of the modules. Here a second copy is made by importing the
// source again under another URL: its definitions must not throw, and what the copies share
// (the provider's context key) must be the same value.
import { expect, fixture, html } from '@open-wc/testing';
import { serviceContext } from '../../src/controllers/provided-settings.js';
import '../../src/all.js';
import { appName, serviceUrl } from '../support/service.js';

const ELEMENTS = ['provider', 'track-card', 'trending-list', 'audio-player', 'user-card', 'playlist', 'search', 'app-metrics', 'login-button', 'favorite-button'];

/** Imports a module of src/ again as a separate module instance (another URL, same file). */
const secondCopy = (path: string) => import(/* @vite-ignore */ `/src/${path}?second-copy`);

describe('two bundles on one page', () => {
  it('defining every element a second time throws nothing and keeps the first definition', async () => {
    const first = ELEMENTS.map((name) => customElements.get(`service-${name}`));
    // A throwing define rejects the import.
    for (const name of ELEMENTS) await secondCopy(`components/${name}/${name}.ts`);
    ELEMENTS.forEach((name, i) => {
      const defined = customElements.get(`service-${name}`);
      expect(defined, name).to.exist;
      expect(defined, name).to.equal(first[i]);
    });
  });

  it("a provider from one copy configures an element from another: the context key is the page's", async () => {
    const other = (await secondCopy('controllers/provided-settings.ts')) as typeof import('../../src/controllers/provided-settings.js');
    expect(other.serviceContext).to.equal(serviceContext);
    // The second copy's consumer, on an element under a provider of the first copy, hears it.
    const provider = await fixture(html`<service-provider app-name=${appName} host=${serviceUrl}><div></div></service-provider>`);
    const host = Object.assign(provider.querySelector('div')!, { addController: () => {}, requestUpdate: () => {} });
    let heard: { appName?: string; host?: string } | undefined;
    new other.ProvidedSettings(host as never, (value) => (heard = value)).hostConnected();
    expect(heard).to.include({ appName, host: serviceUrl });
  });
});
