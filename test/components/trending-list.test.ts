import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/trending-list/trending-list.js';
import type { ServiceTrendingList } from '../../src/components/trending-list/trending-list.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Track } from '../../src/core/index.js';
import { appName, onFirstError, fakeHost, serviceClient, serviceUrl, eachService } from '../support/service.js';
import { engineState, playing } from '../support/playback.js';
import { quietFor, waitFor } from '../support/waits.js';

const items = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLLIElement>('li[part="item"]')];
const titles = (el: Element) => items(el).map((li) => li.querySelector('[part="item-title"]')!.textContent);
const loaded = (el: ServiceTrendingList) =>
  waitFor(() => el.shadowRoot!.querySelector('[part="list"], [part="empty"], [part="error"]'), 'the list settles');
/** After a change: the update that starts the new fetch, then its result. */
const settledAgain = async (el: ServiceTrendingList) => {
  await el.updateComplete;
  await loaded(el);
};
/** Requests this page made to the trending endpoint for this app name. */
const trendingRequests = (app: string) =>
  performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/v1/tracks/trending?') && n.includes(`app_name=${app}`));

eachService(() =>
  describe('<service-trending-list>', function () {
  let week: Track[];
  let allTime: Track[];

  before(async () => {
    performance.setResourceTimingBufferSize(10000); // 100 artworks a list would fill the default 250
    const client = serviceClient();
    [week, allTime] = await Promise.all([client.getTrendingTracks({ time: 'week' }), client.getTrendingTracks({ time: 'allTime' })]);
  });

  afterEach(() => getAudioEngine().pause());

  it('shows an accessible skeleton while the host has not answered', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${fakeHost('hang')} app-name=${appName} controls></service-trending-list>`);
    const loading = el.shadowRoot!.querySelector('[part="loading"]')!;
    expect(loading.getAttribute('role'), 'no region of its own: the page one says when the list arrives').to.equal(null);
    expect(loading.textContent).to.contain('Loading trending tracks');
    await expect(el).to.be.accessible();
    expect(el.shadowRoot!.querySelector('[part="loading"]')).to.exist;
  });

  it('shows a skeleton, then exactly 100 ranked items of the week as text', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${appName}></service-trending-list>`);
    expect(el.shadowRoot!.querySelector('[part="loading"]')).to.exist;
    await loaded(el);
    expect(el.shadowRoot!.querySelector('ol[part="list"]')).to.exist;
    expect(items(el)).to.have.length(100);
    expect(titles(el)).to.deep.equal(week.map((t) => t.title));
    const first = items(el)[0]!;
    expect(first.querySelector('[part="rank"]')!.textContent).to.equal('1');
    expect(first.querySelector('[part="item-artist"]')!.textContent).to.contain(week[0]!.user.name);
    expect(first.querySelector('[part="item-play"]')!.getAttribute('aria-label')).to.equal(`Play ${week[0]!.title}`);
    expect(items(el)[99]!.querySelector('[part="rank"]')!.textContent).to.equal('100');
    await expect(el).to.be.accessible();
  });

  it('limit="10" gives 10 items, and out-of-range limits are clamped to 1..100', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${appName} limit="10"></service-trending-list>`);
    await loaded(el);
    expect(items(el)).to.have.length(10);
    expect(titles(el)).to.deep.equal(week.slice(0, 10).map((t) => t.title));
    el.limit = 0;
    await settledAgain(el);
    expect(items(el)).to.have.length(1);
    el.limit = 500;
    await settledAgain(el);
    expect(items(el)).to.have.length(100);
  });

  it('time and genre attributes change the fetched list', async () => {
    const app = `trending-attrs-${Date.now()}`;
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${app} time="allTime"></service-trending-list>`);
    await loaded(el);
    expect(titles(el)).to.deep.equal(allTime.map((t) => t.title));
    expect(trendingRequests(app).some((u) => u.includes('time=allTime'))).to.equal(true);

    const electronic = await serviceClient().getTrendingTracks({ time: 'allTime', genre: 'Electronic' });
    expect(electronic.length).to.be.greaterThan(0);
    el.setAttribute('genre', 'Electronic');
    await settledAgain(el);
    expect(titles(el)).to.deep.equal(electronic.map((t) => t.title));
    expect(el.tracks.every((t) => t.genre === 'Electronic')).to.equal(true);
    expect(trendingRequests(app).some((u) => u.includes('genre=Electronic') && u.includes('time=allTime'))).to.equal(true);
  });

  it('controls switch the window and the genre and fire service-trending-change', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${appName} controls></service-trending-list>`);
    await loaded(el);
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="window-button"]')];
    expect(buttons.map((b) => b.textContent!.trim())).to.deep.equal(['This week', 'This month', 'All time']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false', 'false']);
    await expect(el).to.be.accessible();

    let event = oneEvent(el, 'service-trending-change');
    buttons[2]!.click();
    expect((await event).detail).to.deep.equal({ time: 'allTime', genre: undefined });
    await settledAgain(el);
    expect(el.getAttribute('time')).to.equal('allTime');
    expect(titles(el)).to.deep.equal(allTime.map((t) => t.title));
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['false', 'false', 'true']);

    const select = el.shadowRoot!.querySelector<HTMLSelectElement>('[part="genre-select"]')!;
    expect(select.labels?.[0]?.textContent).to.contain('Genre');
    expect([...select.options].map((o) => o.value)).to.include.members(['', 'Electronic', 'Hip-Hop/Rap', 'Moombahton']);
    const rock = await serviceClient().getTrendingTracks({ time: 'allTime', genre: 'Rock' });
    event = oneEvent(el, 'service-trending-change');
    select.value = 'Rock';
    select.dispatchEvent(new Event('change'));
    expect((await event).detail).to.deep.equal({ time: 'allTime', genre: 'Rock' });
    await settledAgain(el);
    expect(titles(el)).to.deep.equal(rock.map((t) => t.title));
    expect(el.tracks.every((t) => t.genre === 'Rock')).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('a cancelled change keeps the list', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${appName} controls limit="5"></service-trending-list>`);
    await loaded(el);
    el.addEventListener('service-trending-change', (e) => e.preventDefault());
    el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="window-button"]')[1]!.click();
    await el.updateComplete;
    expect(el.time).to.equal('week');
    expect(el.shadowRoot!.querySelectorAll('[part="window-button"]')[0]!.getAttribute('aria-pressed')).to.equal('true');
  });

  it('playing an item queues the list, marks the item and toggles to pause', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${appName} limit="20"></service-trending-list>`);
    await loaded(el);
    const engine = getAudioEngine();
    const [a, b] = [1, 2];
    const target = items(el)[a]!;
    target.querySelector<HTMLButtonElement>('[part="item-play"]')!.click();
    await playing(week[a]!.id);
    expect(engine.state.track?.id).to.equal(week[a]!.id);
    expect(engine.state.queue.map((t) => t.id)).to.deep.equal(week.slice(0, 20).map((t) => t.id));
    expect(engine.state.index).to.equal(a);
    await el.updateComplete;
    expect(target.getAttribute('aria-current')).to.equal('true');
    expect(items(el).filter((li) => li.hasAttribute('aria-current'))).to.have.length(1);
    const button = target.querySelector('[part="item-play"]')!;
    expect(button.getAttribute('aria-label')).to.equal(`Pause ${week[a]!.title}`);
    await expect(el).to.be.accessible();

    (button as HTMLButtonElement).click();
    await engineState((s) => s.paused, 'it to pause');
    await el.updateComplete;
    expect(button.getAttribute('aria-label')).to.equal(`Play ${week[a]!.title}`);

    items(el)[b]!.querySelector<HTMLButtonElement>('[part="item-play"]')!.click();
    await playing(week[b]!.id);
    await el.updateComplete;
    expect(items(el)[b]!.getAttribute('aria-current')).to.equal('true');
    expect(target.hasAttribute('aria-current')).to.equal(false);
    expect(engine.state.index).to.equal(b);
  });

  it('shows the empty state for a genre with no tracks', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${appName} genre="Polka"></service-trending-list>`);
    await loaded(el);
    expect(el.shadowRoot!.querySelector('[part="empty"]')!.textContent).to.equal('No trending tracks for this genre');
    expect(items(el)).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('shows an error with retry and fires service-error when the host fails', async () => {
    await onFirstError('service-trending-list', { host: fakeHost('error500'), appName }, async (el, detail) => {
      expect(detail.status).to.equal(500);
      expect(detail.operation).to.equal('getTrendingTracks');
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="error"]')).to.exist;
      expect(el.shadowRoot!.querySelector('[part="retry"]')!.textContent).to.equal('Retry');
      await expect(el).to.be.accessible();
    });
  });

  it('an invalid time is an error the service reports, with no Retry (it would fail the same way); a valid time recovers', async () => {
    const el = document.createElement('service-trending-list');
    el.host = serviceUrl;
    el.appName = appName;
    el.setAttribute('time', 'yesterday');
    const event = oneEvent(el, 'service-error');
    document.body.append(el);
    try {
      expect((await event).detail.status).to.equal(400);
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="error"]')).to.exist;
      expect(el.shadowRoot!.querySelector('[part="retry"]')).to.equal(null);
      el.time = 'month';
      await el.updateComplete; // the new run starts: loading, no longer the error
      await loaded(el);
      expect(items(el)).to.have.length(100);
      expect(el.shadowRoot!.querySelector('[part="error"]')).to.equal(null);
    } finally {
      el.remove();
    }
  });

  it('markup in a title shows as text', async () => {
    const markup = '<img src=x onerror="window.__pwned=1"><b>Bold</b> & co';
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      if (!String(input).includes('/v1/tracks/trending')) return res;
      const body = await res.json();
      body.data[0].title = markup;
      body.data[0].user.name = markup;
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
    try {
      const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${`markup-${Date.now()}`} limit="3"></service-trending-list>`);
      await loaded(el);
      const first = items(el)[0]!;
      expect(first.querySelector('[part="item-title"]')!.textContent).to.equal(markup);
      expect(first.querySelector('[part="item-artist"]')!.textContent).to.contain(markup);
      expect(first.querySelector('b, [part="item-title"] img, [part="item-artist"] img')).to.equal(null);
      await quietFor(50); // nothing happens within: time for a payload's handler to run
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('loading="lazy" fetches only when the list comes into view', async () => {
    const app = `trending-lazy-${Date.now()}`;
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <div style="height: 3000px"></div>
      <service-trending-list host=${serviceUrl} app-name=${app} loading="lazy" limit="5"></service-trending-list>
    </div>`);
    const el = wrap.querySelector('service-trending-list')!;
    await quietFor(300); // nothing happens within: a lazy element off screen sends no request
    expect(trendingRequests(app)).to.have.length(0);
    expect(el.shadowRoot!.querySelector('[part="loading"]')).to.exist;
    el.scrollIntoView();
    await loaded(el);
    expect(items(el)).to.have.length(5);
    expect(trendingRequests(app)).to.have.length(1);
  });
  }),
);
