import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/track-card/track-card.js';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import { getAudioEngine } from '../../src/core/audio.js';
import { createFavoritesStore, sessionSource } from '../../src/core/favorites-store.js';
import { getSession } from '../../src/core/login/session.js';
import type { Track } from '../../src/core/index.js';
import { appName, eachService, fakeCount, fakeHost, onFirstError, serviceClient, serviceUrl } from '../support/service.js';
import { playing } from '../support/playback.js';
import { waitFor } from '../support/waits.js';

const shadowText = (el: Element) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
const loaded = (el: ServiceTrackCard) => waitFor(() => el.shadowRoot!.querySelector('[part="card"]'), 'the card renders');

eachService(() =>
  describe('<service-track-card>', () => {
  let tracks: Track[];

  before(async () => {
    tracks = await serviceClient().getTrendingTracks({ time: 'allTime', limit: 10 });
  });

  afterEach(() => getAudioEngine().pause());

  it('shows a skeleton, then the track as text', async () => {
    const track = tracks[0]!;
    const el = await fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
    expect(el.shadowRoot!.querySelector('[part="loading"]')).to.exist;
    await loaded(el);
    expect(el.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal(track.title);
    expect(shadowText(el)).to.contain(track.user.name);
    const img = el.shadowRoot!.querySelector<HTMLImageElement>('[part="artwork"]')!;
    expect(img.src).to.match(/^http:\/\/127\.0\.0\.1:\d+\/images\/artwork\//);
    await expect(el).to.be.accessible();
  });

  it('loads by public URL through resolve', async () => {
    const track = tracks[1]!;
    const found = await serviceClient().resolve(`/${track.user.handle}`);
    expect(found.kind).to.equal('user');
    const own = await serviceClient().getUserTracks(track.user.id, { limit: 1 });
    const slug = own[0]!.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
    const el = await fixture<ServiceTrackCard>(
      html`<service-track-card host=${serviceUrl} app-name=${appName} url=${`https://example.com/${track.user.handle}/${slug}`}></service-track-card>`,
    );
    await loaded(el);
    expect(el.track?.id).to.equal(own[0]!.id);
  });

  it('says an unknown track is not available, with no Retry, and fires service-error', async () => {
    await onFirstError('service-track-card', { host: serviceUrl, appName, trackId: 'zzzzzzzz' }, async (el, detail) => {
      expect(detail.status).to.equal(404);
      expect(detail.operation).to.equal('getTrack');
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('This track is not available. It may have been removed or made private.');
      expect(el.shadowRoot!.querySelector('[part="retry"]'), 'a Retry that would fail the same way').to.equal(null);
      await expect(el).to.be.accessible();
    });
  });

  // The card names itself and says why in the reader's words; the service's own message ("fake failure") is the event's.
  for (const [fault, why] of [['error500', 'Something went wrong.'], ['drop', 'The service could not be reached.'], ['badjson', 'Something went wrong.']] as const) {
    it(`offers Retry when the host fails ("${fault}"), and Retry asks again`, async () => {
      const host = fakeHost(fault);
      await onFirstError('service-track-card', { host, appName, trackId: 'zzzzzzzz' }, async (el) => {
        await el.updateComplete;
        const lines = [...el.shadowRoot!.querySelectorAll('[part="error"] span')].map((span) => span.textContent);
        expect(lines).to.deep.equal(['Could not load the track card.', why]);
        const before = (await fakeCount(host)).api; // Chromium tries a dropped request again by itself
        const again = oneEvent(el, 'service-error');
        el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
        await again;
        expect((await fakeCount(host)).api).to.be.above(before);
        await expect(el).to.be.accessible();
      });
    });
  }

  it('offers no Retry where asking again fails the same way: a 404 from any host, a bad setting', async () => {
    await onFirstError('service-track-card', { host: fakeHost('error404'), appName, trackId: 'zzzzzzzz' }, async (el) => {
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="error"] span')!.textContent).to.equal('This track is not available.');
      expect(el.shadowRoot!.querySelector('[part="retry"]')).to.equal(null);
    });
    await onFirstError('service-track-card', { host: 'javascript:alert(1)', appName, trackId: 'zzzzzzzz' }, async (el) => {
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="error"]')).to.exist;
      expect(el.shadowRoot!.querySelector('[part="retry"]'), 'a bad host setting').to.equal(null);
    });
  });

  it('shows the empty state with nothing to load', async () => {
    const el = await fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName}></service-track-card>`);
    await waitFor(() => el.shadowRoot!.querySelector('[part="empty"], [part="loading"]'), 'the empty or loading state');
    // No id and no URL: nothing is fetched and the card says so once the task settles.
    expect(el.track).to.equal(undefined);
  });

  it('plays through the page engine, and two cards never play at once', async function () {
    const [a, b] = [tracks[2]!, tracks[3]!];
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <service-track-card host=${serviceUrl} app-name=${appName} track-id=${a.id}></service-track-card>
      <service-track-card host=${serviceUrl} app-name=${appName} track-id=${b.id}></service-track-card>
    </div>`);
    const [cardA, cardB] = [...wrap.querySelectorAll('service-track-card')] as ServiceTrackCard[];
    await Promise.all([loaded(cardA!), loaded(cardB!)]);
    cardA!.shadowRoot!.querySelector<HTMLButtonElement>('[part="play-button"]')!.click();
    await playing(a.id);
    await cardA!.updateComplete;
    expect(cardA!.shadowRoot!.querySelector('[part="play-button"]')!.getAttribute('aria-label')).to.equal(`Pause ${a.title}`);
    await expect(cardA).to.be.accessible();

    cardB!.shadowRoot!.querySelector<HTMLButtonElement>('[part="play-button"]')!.click();
    await playing(b.id);
    await cardA!.updateComplete;
    expect(cardA!.shadowRoot!.querySelector('[part="play-button"]')!.getAttribute('aria-label')).to.equal(`Play ${a.title}`);
    expect(cardB!.shadowRoot!.querySelector('[part="play-button"]')!.getAttribute('aria-label')).to.equal(`Pause ${b.title}`);
  });

  it('twenty cards of one track make one request', async () => {
    const track = tracks[4]!;
    const wrap = await fixture<HTMLDivElement>(html`<div>
      ${Array.from({ length: 20 }, () => html`<service-track-card size="tiny" host=${serviceUrl} app-name="dedupe-test" track-id=${track.id}></service-track-card>`)}
    </div>`);
    const cards = [...wrap.querySelectorAll('service-track-card')] as ServiceTrackCard[];
    await Promise.all(cards.map(loaded));
    const requests = performance.getEntriesByType('resource').filter((e) => e.name.startsWith(`${serviceUrl}/v1/tracks/${track.id}?`) && e.name.includes('dedupe-test'));
    expect(requests.length).to.equal(1);
  });

  it('shows the favourite count of the store it is given over the fetched one, and teaches it nothing it knows', async () => {
    const track = tracks.find((t) => t.favorite_count < 900)!;
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>
      <service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>
    </div>`);
    const [own, page] = [...wrap.querySelectorAll('service-track-card')] as ServiceTrackCard[];
    // A store of the app's own over the same session, knowing a newer count than the service's answer.
    const store = createFavoritesStore(sessionSource(getSession(own!.client)));
    store.learn({ id: track.id, favorite_count: track.favorite_count + 7 });
    own!.favorites = store;
    await Promise.all([loaded(own!), loaded(page!)]);
    const favourites = (card: ServiceTrackCard) => card.shadowRoot!.querySelector('[part=stats] li:nth-child(2) span[aria-hidden]')!.textContent;
    await own!.updateComplete;
    expect(favourites(own!), 'the store\'s count').to.equal(String(track.favorite_count + 7));
    expect(favourites(page!), 'the page\'s store knows the fetched count').to.equal(String(track.favorite_count));
    expect(store.get(track.id).count).to.equal(track.favorite_count + 7);
  });
  }),
);
