import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/user-card/user-card.js';
import type { ServiceUserCard } from '../../src/components/user-card/user-card.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Activity, Playlist, Track, User } from '../../src/core/index.js';
import {
  appName, onFirstError, demoUser, fakeHost, serviceClient, serviceUrl, eachService,
} from '../support/service.js';
import { engineState, playing } from '../support/playback.js';
import { quietFor, waitFor } from '../support/waits.js';

const root = (el: Element) => el.shadowRoot!;
const part = (el: Element, name: string) => root(el).querySelector<HTMLElement>(`[part="${name}"]`);
const tabs = (el: Element) => [...root(el).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const openPanel = (el: Element) => root(el).querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])')!;
const panelTitles = (el: Element) => [...openPanel(el).querySelectorAll('li[part="item"] [part="item-title"]')].map((n) => n.textContent);
const loaded = (el: ServiceUserCard) => waitFor(() => part(el, 'card') || part(el, 'error'), 'the card settles');
const panelLoaded = (el: ServiceUserCard) =>
  waitFor(() => openPanel(el)?.querySelector('[part="list"], [part="empty"], [part="error"]'), 'the tab settles');
const pagerButton = (el: Element, label: string) => [...openPanel(el).querySelectorAll<HTMLButtonElement>('[part="pager"] button')].find((b) => b.textContent === label)!;

eachService(() =>
  describe('<service-user-card>', function () {
  let user: User;
  let tracks: Track[];
  let tags: string[];
  let favoriteTracks: Track[];
  let reposts: Activity[];

  before(async () => {
    performance.setResourceTimingBufferSize(10000); // the lazy test counts requests
    const client = serviceClient();
    [user, tracks, tags, reposts] = await Promise.all([
      client.getUser(demoUser.id),
      client.getUserTracks(demoUser.id, { sort: 'date' }),
      client.getUserTags(demoUser.id, { limit: 5 }),
      client.getUserReposts(demoUser.id),
    ]);
    const favorites = (await client.getUserFavorites(demoUser.id)).filter((f) => f.favorite_type === 'SaveType.track');
    favoriteTracks = await Promise.all(favorites.slice(0, 10).map((f) => client.getTrack(f.favorite_item_id)));
    expect(tracks.length, 'the demo user has tracks').to.be.greaterThan(2);
    expect(favorites.length, 'the demo user has more than a page of favorite tracks').to.be.greaterThan(10);
  });

  afterEach(() => getAudioEngine().pause());

  it('shows an accessible skeleton while the host has not answered', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${fakeHost('hang')} app-name=${appName} user-id=${demoUser.id}></service-user-card>`);
    expect(part(el, 'loading')!.textContent).to.contain('Loading profile');
    await expect(el).to.be.accessible();
  });

  it('shows the profile by id as text, with counts, tags and the tracks tab open', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id}></service-user-card>`);
    await loaded(el);
    expect(part(el, 'name')!.textContent).to.equal(user.name);
    expect(part(el, 'handle')!.textContent).to.equal('@demo');
    expect(part(el, 'bio')!.textContent).to.equal(user.bio);
    expect(part(el, 'location')!.textContent).to.contain(user.location);
    expect((part(el, 'cover') as HTMLImageElement).src).to.equal(user.cover_photo!['640x']);
    expect((part(el, 'avatar') as HTMLImageElement).src).to.equal(user.profile_picture!['150x150']);
    const counts = part(el, 'counts')!.textContent!.replace(/\s+/g, ' ');
    for (const text of [`${user.follower_count} followers`, `${user.followee_count} following`, `${user.track_count} tracks`, `${user.repost_count} reposts`]) {
      expect(counts).to.contain(text);
    }
    expect([...part(el, 'tags')!.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(tags);
    expect(tags).to.have.length(5);
    expect(part(el, 'name')!.querySelector('svg')).to.equal(null); // the demo user is not verified

    expect(tabs(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    await panelLoaded(el);
    expect(panelTitles(el)).to.deep.equal(tracks.slice(0, 10).map((t) => t.title));
    await expect(el).to.be.accessible();
  });

  it('resolves a handle to the same user', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} handle="@demo"></service-user-card>`);
    await loaded(el);
    expect(el.user?.id).to.equal(demoUser.id);
    expect(part(el, 'name')!.textContent).to.equal(user.name);
    await panelLoaded(el);
    expect(panelTitles(el)).to.deep.equal(tracks.slice(0, 10).map((t) => t.title));
  });

  it('an unknown handle is not available, with no Retry, and a service-error event', async () => {
    await onFirstError('service-user-card', { host: serviceUrl, appName, handle: 'no-such-user-here' }, async (el, detail) => {
      expect(detail.status).to.equal(404);
      expect(detail.operation).to.equal('resolve');
      await el.updateComplete;
      expect(part(el, 'error')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('This user is not available. It may have been removed or made private.');
      expect(part(el, 'retry')).to.equal(null);
      await expect(el).to.be.accessible();
    });
  });

  it('a failing host is an error state', async () => {
    await onFirstError('service-user-card', { host: fakeHost('error500'), appName, userId: demoUser.id }, async (el, detail) => {
      expect(detail.status).to.equal(500);
      // The event comes from the task's error callback; the error state renders in an update after it.
      await waitFor(() => part(el, 'error'), 'the error state shows');
    });
  });

  it('tabs follow the WAI-ARIA pattern: arrows, Home and End move and open the tab', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id}></service-user-card>`);
    await loaded(el);
    expect(part(el, 'tabs')!.getAttribute('role')).to.equal('tablist');
    const [tracksTab, favoritesTab, repostsTab] = tabs(el);
    expect(tabs(el).map((t) => t.textContent)).to.deep.equal(['Tracks', 'Favorites', 'Reposts']);
    expect(tabs(el).map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    for (const tab of tabs(el)) {
      const panel = root(el).getElementById(tab.getAttribute('aria-controls')!)!;
      expect(panel.getAttribute('role')).to.equal('tabpanel');
      expect(panel.getAttribute('aria-labelledby')).to.equal(tab.id);
    }
    const focused = () => root(el).activeElement;

    tracksTab!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(focused()).to.equal(favoritesTab);
    expect(el.tab).to.equal('favorites');
    expect(tabs(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['false', 'true', 'false']);
    expect(tabs(el).map((t) => t.tabIndex)).to.deep.equal([-1, 0, -1]);
    expect(openPanel(el).id).to.equal('panel-favorites');

    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(focused()).to.equal(repostsTab);
    await sendKeys({ press: 'ArrowRight' }); // wraps to the first
    await el.updateComplete;
    expect(focused()).to.equal(tracksTab);
    await sendKeys({ press: 'ArrowLeft' }); // wraps to the last
    await el.updateComplete;
    expect(focused()).to.equal(repostsTab);
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(focused()).to.equal(tracksTab);
    expect(el.tab).to.equal('tracks');
  });

  it('an unknown tab value opens Tracks', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id} tab="bogus"></service-user-card>`);
    await loaded(el);
    expect(tabs(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    await panelLoaded(el);
    expect(panelTitles(el)).to.deep.equal(tracks.slice(0, 10).map((t) => t.title));
  });

  it('Favorites shows the favorited tracks, a page at a time', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id}></service-user-card>`);
    await loaded(el);
    tabs(el)[1]!.click();
    await el.updateComplete;
    expect(part(el, 'loading')).to.exist;
    await panelLoaded(el);
    expect(panelTitles(el)).to.deep.equal(favoriteTracks.map((t) => t.title));
    expect(pagerButton(el, 'Next').getAttribute('aria-disabled')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('Reposts shows tracks and playlists, marking albums', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id} tab="reposts"></service-user-card>`);
    await loaded(el);
    await panelLoaded(el);
    const names = reposts.slice(0, 10).map((a) => (a.item_type?.kind === 'track' ? (a.item as Track).title : (a.item as Playlist).playlist_name));
    expect(panelTitles(el)).to.deep.equal(names);
    const kinds = [...openPanel(el).querySelectorAll('[part="item-kind"]')].map((n) => n.textContent);
    expect(kinds).to.deep.equal(reposts.filter((a) => a.item_type?.kind !== 'track').map((a) => (a.item_type?.kind === 'album' ? 'Album' : 'Playlist')));
    expect(kinds.length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();

    const engine = getAudioEngine();
    const firstTrack = reposts.find((a) => a.item_type?.kind === 'track')!.item as Track;
    openPanel(el).querySelector<HTMLButtonElement>('[part="item-play"]')!.click();
    await engineState((s) => s.track?.id === firstTrack.id, 'the reposted track to be current');
    expect(engine.state.queue.map((t) => t.id)).to.deep.equal(reposts.filter((a) => a.item_type?.kind === 'track').map((a) => (a.item as Track).id));
  });

  it('pages the tracks with Previous and Next', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id} page-size="2"></service-user-card>`);
    await loaded(el);
    await panelLoaded(el);
    expect(panelTitles(el)).to.deep.equal(tracks.slice(0, 2).map((t) => t.title));
    expect(part(el, 'pager')!.textContent).to.contain('Page 1');
    expect(pagerButton(el, 'Previous').getAttribute('aria-disabled')).to.equal('true');
    await expect(el).to.be.accessible();

    pagerButton(el, 'Next').click();
    await el.updateComplete;
    await panelLoaded(el);
    expect(panelTitles(el)).to.deep.equal(tracks.slice(2, 4).map((t) => t.title));
    expect(part(el, 'pager')!.textContent).to.contain('Page 2');
    const more = tracks.length > 4;
    expect(pagerButton(el, 'Next').getAttribute('aria-disabled')).to.equal(more ? 'false' : 'true');

    pagerButton(el, 'Previous').click();
    await el.updateComplete;
    await panelLoaded(el);
    expect(panelTitles(el)).to.deep.equal(tracks.slice(0, 2).map((t) => t.title));
  });

  it('playing a track from the tab queues the page and marks it', async () => {
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${demoUser.id}></service-user-card>`);
    await loaded(el);
    await panelLoaded(el);
    const engine = getAudioEngine();
    const item = openPanel(el).querySelectorAll('li[part="item"]')[1]!;
    item.querySelector<HTMLButtonElement>('[part="item-play"]')!.click();
    await playing(tracks[1]!.id);
    expect(engine.state.queue.map((t) => t.id)).to.deep.equal(tracks.slice(0, 10).map((t) => t.id));
    await el.updateComplete;
    expect(item.getAttribute('aria-current')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('an empty tab says so', async () => {
    const quiet = (await serviceClient().searchUsers('a', { limit: 50 })).find((u) => u.track_count === 0);
    if (!quiet) return void console.warn('no user without tracks in the catalog: empty tab not checked');
    const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${appName} user-id=${quiet.id}></service-user-card>`);
    await loaded(el);
    await panelLoaded(el);
    expect(openPanel(el).querySelector('[part="empty"]')!.textContent).to.equal('No tracks yet.');
    expect(openPanel(el).querySelector('[part="pager"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('markup in a name or bio shows as text', async () => {
    const markup = '<img src=x onerror="window.__pwned=1"><em>DJ</em> & friends';
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      if (!new URL(String(input)).pathname.endsWith(`/users/${demoUser.id}`)) return res;
      const body = await res.json();
      Object.assign(body.data, { name: markup, bio: markup, location: markup });
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
    try {
      const el = await fixture<ServiceUserCard>(html`<service-user-card host=${serviceUrl} app-name=${`markup-${Date.now()}`} user-id=${demoUser.id}></service-user-card>`);
      await loaded(el);
      expect(part(el, 'name')!.textContent).to.equal(markup);
      expect(part(el, 'bio')!.textContent).to.equal(markup);
      expect(part(el, 'location')!.textContent).to.contain(markup);
      expect(root(el).querySelector('em, [part="name"] img, [part="bio"] img, [part="location"] img')).to.equal(null);
      await quietFor(50); // nothing happens within: time for a payload's handler to run
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('loading="lazy" fetches only when the card comes into view', async () => {
    const app = `user-lazy-${Date.now()}`;
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <div style="height: 3000px"></div>
      <service-user-card host=${serviceUrl} app-name=${app} loading="lazy" user-id=${demoUser.id}></service-user-card>
    </div>`);
    const el = wrap.querySelector('service-user-card')!;
    const requests = () => performance.getEntriesByType('resource').filter((e) => e.name.includes(`app_name=${app}`));
    await quietFor(300); // nothing happens within: a lazy element off screen sends no request
    expect(requests()).to.have.length(0);
    el.scrollIntoView();
    await loaded(el);
    expect(part(el, 'name')!.textContent).to.equal(user.name);
    expect(requests().length).to.be.greaterThan(0);
  });
  }),
);
