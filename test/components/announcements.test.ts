// Issue 40: one polite live region for the page says play, pause, the next track, a list loaded and
// a failure naming the element, once each, in the element's language (English, French, Arabic);
// and the controls' names say which item they act on.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/audio-player/audio-player.js';
import '../../src/components/trending-list/trending-list.js';
import '../../src/components/playlist/playlist.js';
import '../../src/components/track-card/track-card.js';
import '../../src/components/favorite-button/favorite-button.js';
import '../../src/translations/fr.js';
import '../../src/translations/ar.js';
import type { ServiceAudioPlayer } from '../../src/components/audio-player/audio-player.js';
import type { ServiceTrendingList } from '../../src/components/trending-list/trending-list.js';
import type { ServicePlaylist } from '../../src/components/playlist/playlist.js';
import type { ServiceFavoriteButton } from '../../src/components/favorite-button/favorite-button.js';
import { ANNOUNCER_ID } from '../../src/core/announcer.js';
import { getAudioEngine } from '../../src/core/audio.js';
import { translate } from '../../src/core/i18n/translate.js';
import type { Playlist, Track } from '../../src/core/index.js';
import { appName, fakeHost, onFirstError, serviceClient, serviceUrl } from '../support/service.js';
import { playing } from '../support/playback.js';
import { waitFor } from '../support/waits.js';
import { listen } from '../support/announcer.js';

const part = <T extends Element = HTMLElement>(el: Element, name: string) => el.shadowRoot!.querySelector<T>(`[part="${name}"]`);

describe('the page live region (issue 40)', function () {
  const engine = getAudioEngine();
  let short: Track[];
  let playlist: Playlist;

  before(async () => {
    const client = serviceClient();
    short = [...(await client.getTrendingTracks({ time: 'allTime', limit: 100 }))].sort((a, b) => a.duration - b.duration).slice(0, 3);
    playlist = (await client.searchPlaylists('a', { limit: 20 })).find((p) => p.playlist_name)!;
  });

  afterEach(() => engine.pause());

  for (const lang of ['en', 'fr', 'ar']) {
    it(`says play, pause and the next track once each, in ${lang}`, async () => {
      const log = listen();
      try {
        const el = await fixture<ServiceAudioPlayer>(html`<service-audio-player lang=${lang} host=${serviceUrl} app-name=${appName}></service-audio-player>`);
        const [first, second] = short as [Track, Track];
        const playingText = (track: Track) => translate(lang, 'Playing {title} by {artist}', { title: track.title, artist: track.user.name });
        await engine.play(first, { queue: short, client: el.client });
        await playing(first.id);
        await log.said(playingText(first));
        engine.pause();
        await log.said(translate(lang, 'Paused'));
        await engine.next();
        await playing(second.id);
        await log.said(playingText(second));
        expect(log.heard.every((m) => m.lang === lang), 'said in the element language').to.equal(true);
        expect([log.times(playingText(first)), log.times(translate(lang, 'Paused')), log.times(playingText(second))]).to.deep.equal([1, 1, 1]);
        if (lang === 'en') expect(log.heard.map((m) => m.text)).to.include(`Playing ${second.title} by ${second.user.name}`);
        if (lang === 'fr') expect(log.heard.map((m) => m.text)).to.include('En pause');
        if (lang === 'ar') expect(log.heard.map((m) => m.text)).to.include('متوقف مؤقتًا');
      } finally {
        log.stop();
      }
    });

    it(`says a list loaded once, in ${lang}, through the one region of the page`, async () => {
      const log = listen();
      try {
        const lists = await fixture(html`<div>
          <service-trending-list lang=${lang} limit="3" time="allTime" host=${serviceUrl} app-name=${appName}></service-trending-list>
          <service-trending-list lang=${lang} limit="2" time="allTime" host=${serviceUrl} app-name=${appName}></service-trending-list>
        </div>`);
        const three = translate(lang, '{n} track loaded|{n} tracks loaded', { n: 3 });
        if (lang === 'en') expect(three).to.equal('3 tracks loaded');
        if (lang === 'fr') expect(three).to.equal('3 morceaux chargés');
        await log.said(three);
        await log.said(translate(lang, '{n} track loaded|{n} tracks loaded', { n: 2 }));
        await waitFor(() => [...lists.querySelectorAll<ServiceTrendingList>('service-trending-list')].every((l) => part(l, 'list')), 'both lists');
        expect(log.times(three)).to.equal(1);
        expect(document.querySelectorAll(`#${ANNOUNCER_ID}`).length, 'one region for every element').to.equal(1);
        expect(document.getElementById(ANNOUNCER_ID)!.getAttribute('role')).to.equal('status');
        expect(document.getElementById(ANNOUNCER_ID)!.getAttribute('aria-live')).to.equal('polite');
      } finally {
        log.stop();
      }
    });
  }

  it('says a failure naming the element, with Retry? where it can help, in the element language', async () => {
    const log = listen();
    try {
      await onFirstError('service-playlist', { host: fakeHost('error500'), appName, playlistId: playlist.id }, async () => {
        await log.said('Could not load the playlist. Retry?');
      });
      await onFirstError('service-track-card', { host: fakeHost('error500'), appName, trackId: short[0]!.id, lang: 'fr' }, async () => {
        await log.said('Impossible de charger la carte du morceau. Réessayer ?');
      });
      await onFirstError('service-track-card', { host: fakeHost('error404'), appName, trackId: 'zzzzzzzz' }, async () => {
        await log.said('Could not load the track card.'); // a 404: no Retry to offer
      });
      expect(log.times('Could not load the playlist. Retry?')).to.equal(1);
    } finally {
      log.stop();
    }
  });

  it('the loading state is no live region made full and then removed', async () => {
    const el = await fixture<ServicePlaylist>(html`<service-playlist host=${fakeHost('hang')} app-name=${appName} playlist-id=${playlist.id}></service-playlist>`);
    const loading = part(el, 'loading')!;
    expect(loading.textContent).to.contain('Loading playlist');
    expect([loading.getAttribute('role'), loading.getAttribute('aria-live'), loading.getAttribute('aria-busy')]).to.deep.equal([null, null, null]);
  });

  it('names say which item: Play, Seek, Play all, Favorite', async () => {
    const track = short[0]!;
    const player = await fixture<ServiceAudioPlayer>(html`<service-audio-player track-id=${track.id} host=${serviceUrl} app-name=${appName}></service-audio-player>`);
    await waitFor(() => part(player, 'title')?.textContent === track.title, 'the player to show its track');
    expect(part(player, 'play-button')!.getAttribute('aria-label')).to.equal(`Play ${track.title}`);
    expect(part(player, 'seek')!.getAttribute('aria-label')).to.equal(`Seek in ${track.title}`);

    const list = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${playlist.id}></service-playlist>`);
    await waitFor(() => part(list, 'play-all'), 'the playlist');
    expect(part(list, 'play-all')!.getAttribute('aria-label')).to.equal(`Play all of ${playlist.playlist_name}`);

    const heart = await fixture<ServiceFavoriteButton>(html`<service-favorite-button track-id=${track.id} host=${serviceUrl} app-name=${appName}></service-favorite-button>`);
    await waitFor(() => heart.count !== undefined && part(heart, 'button')!.getAttribute('aria-label'), 'the favourite count');
    const n = heart.count!;
    expect(part(heart, 'button')!.getAttribute('aria-label')).to.equal(`Favorite ${track.title}, ${n} favorite${n === 1 ? '' : 's'}`);

    heart.lang = 'fr';
    await waitFor(() => part(heart, 'button')!.getAttribute('aria-label')!.startsWith(`Ajouter ${track.title} aux favoris`), 'the French name');
  });
});
