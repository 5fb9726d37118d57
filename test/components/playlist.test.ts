import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/playlist/playlist.js';
import type { ServicePlaylist } from '../../src/components/playlist/playlist.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Playlist, Track } from '../../src/core/index.js';
import {
  appName, onFirstError, demoUser, fakeHost, serviceClient, serviceUrl, slugify, eachService,
} from '../support/service.js';
import { playing } from '../support/playback.js';
import { quietFor, waitFor } from '../support/waits.js';

const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);
const items = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLLIElement>('li[part="item"]')];
const loaded = (el: ServicePlaylist) => waitFor(() => part(el, 'header') || part(el, 'error'), 'the playlist settles');

/** Rewrites the JSON of the real service's answers whose URL contains `match`, for records the catalog lacks. */
function rewriteAnswers(match: string, edit: (body: { data: unknown }) => void): () => void {
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    if (!String(input).includes(match)) return res;
    const body = await res.json();
    edit(body);
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  };
  return () => (window.fetch = realFetch);
}

eachService(() =>
  describe('<service-playlist>', function () {
  let demo: Playlist;
  let demoTracks: Track[];
  let album: Playlist;
  /** A playlist of three tracks or more. */
  let playable: { playlist: Playlist; tracks: Track[] };

  before(async () => {
    performance.setResourceTimingBufferSize(10000); // the lazy test counts requests
    const client = serviceClient();
    const found = await client.searchPlaylists('Demo Favorites');
    demo = found.find((p) => p.user.id === demoUser.id && p.playlist_name === 'Demo Favorites')!;
    expect(demo, 'the demo playlist').to.exist;
    demoTracks = await client.getPlaylistTracks(demo.id);
    const some = await client.searchPlaylists('a', { limit: 50 });
    album = some.find((p) => p.is_album)!;
    expect(album, 'an album in the catalog').to.exist;
    for (const playlist of some) {
      const tracks = await client.getPlaylistTracks(playlist.id);
      if (tracks.length >= 3) {
        playable = { playlist, tracks };
        break;
      }
    }
    expect(playable, 'a playlist of three tracks').to.exist;
  });

  afterEach(() => getAudioEngine().pause());

  it('shows an accessible skeleton while the host has not answered', async () => {
    const el = await fixture<ServicePlaylist>(html`<service-playlist host=${fakeHost('hang')} app-name=${appName} playlist-id=${demo.id}></service-playlist>`);
    expect(part(el, 'loading')!.textContent).to.contain('Loading playlist');
    await expect(el).to.be.accessible();
  });

  it('shows the header and the tracks as text', async () => {
    const el = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${demo.id}></service-playlist>`);
    expect(part(el, 'loading')).to.exist;
    await loaded(el);
    expect(part(el, 'name')!.textContent).to.equal('Demo Favorites');
    expect(part(el, 'kind')!.textContent).to.equal('Playlist');
    expect(part(el, 'owner')!.textContent).to.contain('By Demo Listener');
    expect(part(el, 'counts')!.textContent).to.contain(`${demoTracks.length} tracks`);
    expect(demo.description).to.be.a('string');
    expect(part(el, 'description')!.textContent).to.equal(demo.description);
    expect((part(el, 'artwork') as HTMLImageElement).src).to.equal(demo.artwork!['480x480']);
    expect(items(el)).to.have.length(demoTracks.length);
    expect(items(el).map((li) => li.querySelector('[part="item-title"]')!.textContent)).to.deep.equal(demoTracks.map((t) => t.title));
    expect(items(el)[0]!.querySelector('[part="rank"]')!.textContent).to.equal('1');
    await expect(el).to.be.accessible();
  });

  it('marks an album as an album', async () => {
    const el = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${album.id}></service-playlist>`);
    await loaded(el);
    expect(part(el, 'kind')!.textContent).to.equal('Album');
    expect(part(el, 'name')!.textContent).to.equal(album.playlist_name);
  });

  it('Play all plays the first track with the whole list queued; an item plays from its place', async () => {
    const { playlist, tracks } = playable;
    const el = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${playlist.id}></service-playlist>`);
    await loaded(el);
    const engine = getAudioEngine();
    const playAll = part(el, 'play-all') as HTMLButtonElement;
    expect(playAll.textContent!.trim()).to.equal('Play all');
    playAll.click();
    await playing(tracks[0]!.id);
    expect(engine.state.queue.map((t) => t.id)).to.deep.equal(tracks.map((t) => t.id));
    await el.updateComplete;
    expect(items(el)[0]!.getAttribute('aria-current')).to.equal('true');
    expect(items(el)[0]!.querySelector('[part="item-play"]')!.getAttribute('aria-label')).to.equal(`Pause ${tracks[0]!.title}`);
    await expect(el).to.be.accessible();

    items(el)[2]!.querySelector<HTMLButtonElement>('[part="item-play"]')!.click();
    await playing(tracks[2]!.id);
    expect(engine.state.index).to.equal(2);
    expect(engine.state.queue).to.have.length(tracks.length);
    await el.updateComplete;
    expect(items(el)[2]!.getAttribute('aria-current')).to.equal('true');
    expect(items(el)[0]!.hasAttribute('aria-current')).to.equal(false);
  });

  it('loads by public URL through resolve, and refuses a URL that is not a playlist', async () => {
    const el = await fixture<ServicePlaylist>(
      html`<service-playlist host=${serviceUrl} app-name=${appName} url=${`https://example.com/demo/playlist/${slugify('Demo Favorites')}`}></service-playlist>`,
    );
    await loaded(el);
    expect(el.playlist?.id).to.equal(demo.id);
    expect(items(el)).to.have.length(demoTracks.length);

    const event = oneEvent(el, 'service-error');
    el.url = `/${demoUser.handle}`;
    const { detail } = await event;
    expect(detail.operation).to.equal('resolve');
    expect(detail.message).to.equal('That URL is not a playlist.');
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('That URL is not a playlist.');
  });

  it('says an unknown playlist is not available, with no Retry, and fires service-error', async () => {
    await onFirstError('service-playlist', { host: serviceUrl, appName, playlistId: 'zzzzzzzz' }, async (el, detail) => {
      expect(detail.status).to.equal(404);
      await el.updateComplete;
      expect(part(el, 'error')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('This playlist is not available. It may have been removed or made private.');
      expect(part(el, 'retry'), 'a Retry that would fail the same way').to.equal(null);
      await expect(el).to.be.accessible();
    });
  });

  it('a failing host is an error state', async () => {
    await onFirstError('service-playlist', { host: fakeHost('error500'), appName, playlistId: demo.id }, async (el, detail) => {
      expect(detail.status).to.equal(500);
      await el.updateComplete;
      expect(part(el, 'error')).to.exist;
    });
  });

  it('a playlist without tracks says so and cannot Play all', async () => {
    const restore = rewriteAnswers(`/playlists/${demo.id}/tracks`, (body) => (body.data = []));
    try {
      const el = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${`empty-${Date.now()}`} playlist-id=${demo.id}></service-playlist>`);
      await loaded(el);
      expect(part(el, 'empty')!.textContent).to.equal('This playlist has no tracks.');
      expect(part(el, 'counts')!.textContent).to.contain('0 tracks');
      expect((part(el, 'play-all') as HTMLButtonElement).disabled).to.equal(true);
      expect(items(el)).to.have.length(0);
      await expect(el).to.be.accessible();
    } finally {
      restore();
    }
  });

  it('markup in a name, description or title shows as text', async () => {
    const markup = '<img src=x onerror="window.__pwned=1"><i>Mix</i> & more';
    const restore = rewriteAnswers(`/playlists/${demo.id}`, (body) => {
      // The playlist's tracks, or the playlist (an object, or production's one-element array).
      for (const item of [body.data].flat() as Record<string, unknown>[]) {
        Object.assign(item, 'title' in item ? { title: markup } : { playlist_name: markup, description: markup });
      }
    });
    try {
      const el = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${`markup-${Date.now()}`} playlist-id=${demo.id}></service-playlist>`);
      await loaded(el);
      expect(part(el, 'name')!.textContent).to.equal(markup);
      expect(part(el, 'description')!.textContent).to.equal(markup);
      expect(items(el)[0]!.querySelector('[part="item-title"]')!.textContent).to.equal(markup);
      expect(el.shadowRoot!.querySelector('i, [part="name"] img, [part="description"] img, [part="item-title"] img')).to.equal(null);
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    } finally {
      restore();
    }
  });

  it('loading="lazy" fetches only when the playlist comes into view', async () => {
    const app = `playlist-lazy-${Date.now()}`;
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <div style="height: 3000px"></div>
      <service-playlist host=${serviceUrl} app-name=${app} loading="lazy" playlist-id=${demo.id}></service-playlist>
    </div>`);
    const el = wrap.querySelector('service-playlist')!;
    const requests = () => performance.getEntriesByType('resource').filter((e) => e.name.includes(`app_name=${app}`));
    await quietFor(300); // nothing happens within: a lazy element off screen sends no request
    expect(requests()).to.have.length(0);
    expect(part(el, 'loading')).to.exist;
    el.scrollIntoView();
    await loaded(el);
    expect(items(el)).to.have.length(demoTracks.length);
    expect(requests()).to.have.length(2);
  });
  }),
);
