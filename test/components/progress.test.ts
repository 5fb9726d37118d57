// A card that plays like a player: while its track plays, the track card (every size), the
// playlist's rows and the trending list's rows show a progress bar with the elapsed and total
// time, which seeks with the arrow keys; a click anywhere on a row plays it; Play all pauses.
// And what a touch screen gets: 44 px targets, no volume slider, time buttons on one line.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import type { ServicePlaylist } from '../../src/components/playlist/playlist.js';
import type { ServiceTrendingList } from '../../src/components/trending-list/trending-list.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Playlist, Track } from '../../src/core/index.js';
import { appName, serviceClient, serviceUrl } from '../support/service.js';
import { engineState, playing } from '../support/playback.js';
import { waitFor } from '../support/waits.js';
import { asTouchScreen } from '../support/colour-scheme.js';

const engine = getAudioEngine();
const part = <T extends HTMLElement = HTMLElement>(el: Element, name: string, within: ParentNode = el.shadowRoot!) =>
  within.querySelector<T>(`[part~="${name}"]`);
const rendered = (el: Element, name: string) => waitFor(() => part(el, name), `the ${name} part`);

/** Waits for `el`'s seek slider to show at least `seconds`, then checks its text and its time. */
async function advanced(el: Element, seconds: number, within?: ParentNode): Promise<HTMLInputElement> {
  await engineState((s) => s.status === 'playing' && s.currentTime >= seconds, `${seconds} s played`);
  const seek = () => part<HTMLInputElement>(el, 'seek', within ?? el.shadowRoot!);
  await waitFor(() => seek() && seek()!.valueAsNumber >= seconds, `the slider to reach ${seconds} s`);
  const slider = seek()!;
  // In words, as a screen reader speaks it: "3 seconds of 2 minutes 5 seconds".
  expect(slider.getAttribute('aria-valuetext')).to.match(/^\d seconds? of (\d+ minutes? ?)?(\d+ seconds?)?$/);
  expect(slider.getAttribute('aria-label')).to.match(/^Seek in /);
  const time = part(el, 'time', within ?? el.shadowRoot!)!.textContent!.replace(/\s+/g, ' ').trim();
  expect(time).to.match(/^Elapsed 0:0\d \/ , total \d+:\d\d$/);
  return slider;
}

/** Paused (so only the key moves it), ArrowRight on `slider` seeks one step (5 s) on from where the slider stands. */
async function arrowSeeks(slider: HTMLInputElement): Promise<void> {
  engine.pause();
  await engineState((s) => s.paused, 'paused');
  slider.focus();
  const from = slider.valueAsNumber; // the step is from where the slider stands, its whole second
  await sendKeys({ press: 'ArrowRight' });
  await engineState((s) => Math.abs(s.currentTime - Math.min(from + 5, s.duration)) < 0.25, `ArrowRight to seek from ${from} s to ${from + 5} s`);
}

describe('progress, seek and rows that play', function () {
  let track: Track;
  /** A track for each card size: a new card's track is never the engine's current one. */
  let bySize: Record<'card' | 'compact' | 'tiny', Track>;
  let playlist: Playlist;
  let listTracks: Track[];

  before(async () => {
    const client = serviceClient();
    const trending = await client.getTrendingTracks({ time: 'allTime', limit: 20 });
    const long = trending.filter((t) => t.duration > 30);
    track = long[0]!;
    bySize = { card: long[1]!, compact: long[2]!, tiny: long[3]! };
    const found = await client.searchPlaylists('Demo Favorites');
    playlist = found[0]!;
    listTracks = await client.getPlaylistTracks(playlist.id);
  });

  afterEach(() => engine.pause());

  for (const size of ['card', 'compact', 'tiny'] as const) {
    it(`a ${size} track card shows progress while it plays, and ArrowRight seeks`, async () => {
      const track = bySize[size];
      const el = await fixture<ServiceTrackCard>(html`<service-track-card size=${size} host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
      await rendered(el, 'card');
      // Before it plays: no slider; a card shows the duration, tiny the artist.
      expect(!!part(el, 'seek'), 'a slider before it plays').to.equal(false);
      if (size === 'tiny') expect(!!part(el, 'artist'), 'the artist').to.equal(true);
      else expect(part(el, 'time')!.textContent).to.contain(':');
      const height = el.getBoundingClientRect().height;
      part(el, 'play-button')!.click();
      await playing(track.id);
      const slider = await advanced(el, 1);
      expect(el.getBoundingClientRect().height, 'nothing moves when it starts').to.equal(height);
      await expect(el).to.be.accessible();
      await arrowSeeks(slider);
    });
  }

  it('a click anywhere on a playlist row plays it; its row seeks; Play all turns into Pause', async () => {
    const el = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${playlist.id}></service-playlist>`);
    await rendered(el, 'item');
    const rows = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="item"]')];
    const n = listTracks.findIndex((t) => t.duration > 30); // room to seek
    part(el, 'item-title', rows[n])!.click(); // the title, not the button
    await playing(listTracks[n]!.id);
    await el.updateComplete;
    expect(rows[n]!.getAttribute('aria-current')).to.equal('true');
    const slider = await advanced(el, 1, rows[n]);
    expect(part(el, 'play-all')!.textContent!.trim()).to.equal('Pause');
    await expect(el).to.be.accessible();
    // A click on the slider is the slider's: the row's click does not pause it.
    slider.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(engine.state.paused).to.equal(false);
    part(el, 'play-all')!.click();
    await engineState((s) => s.paused, 'Pause to pause the list');
    await el.updateComplete;
    expect(part(el, 'play-all')!.textContent!.trim()).to.equal('Play all');
    await arrowSeeks(part<HTMLInputElement>(el, 'seek', rows[n])!);
  });

  it('a trending row plays from a click on it and shows its progress', async () => {
    const el = await fixture<ServiceTrendingList>(html`<service-trending-list host=${serviceUrl} app-name=${appName} time="allTime" limit="5"></service-trending-list>`);
    await rendered(el, 'item');
    const row = el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="item"]')[0]!;
    part(el, 'item-artwork', row)!.click();
    const id = engine.state.track?.id ?? (await engineState((s) => !!s.track, 'a track')).track!.id;
    await playing(id);
    await advanced(el, 1, row);
  });

  it('on a touch screen: every control is 44 × 44 px, no volume slider, the time buttons on one line at 320 px', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div style="width:320px">
      <service-track-card size="tiny" host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>
      <service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>
      <service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${playlist.id}></service-playlist>
      <service-trending-list controls host=${serviceUrl} app-name=${appName} limit="3"></service-trending-list>
      <service-user-card host=${serviceUrl} app-name=${appName} user-id=${track.user.id} page-size="3"></service-user-card>
      <service-audio-player host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-audio-player>
    </div>`);
    const els = [...wrap.children] as HTMLElement[];
    await Promise.all(els.map((el) => waitFor(() => part(el, 'card') ?? part(el, 'list') ?? part(el, 'title'), `${el.localName} to render`)));
    const cards = els.slice(0, 2) as ServiceTrackCard[];
    cards[0]!.shadowRoot!.querySelector<HTMLButtonElement>('[part="play-button"]')!.click(); // a seek slider to measure
    await playing(track.id);
    await waitFor(() => part(cards[1]!, 'seek'), 'the slider');
    await asTouchScreen(els, async () => {
      const small: string[] = [];
      for (const el of els) {
        for (const control of el.shadowRoot!.querySelectorAll<HTMLElement>('button, select, input')) {
          const box = control.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue; // not shown (a closed tab's)
          if (box.width < 44 || box.height < 44) small.push(`${el.localName} ${control.getAttribute('part') ?? control.className}: ${Math.round(box.width)}×${Math.round(box.height)}`);
        }
      }
      expect(small, 'controls under 44 × 44 px').to.deep.equal([]);
      const volume = part(els[5]!, 'volume')!;
      expect(getComputedStyle(volume).display, 'the volume slider on a touch screen').to.equal('none');
    });
    const windows = [...els[3]!.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="window-button"]')];
    expect(windows.length).to.equal(3);
    for (const button of windows) {
      const range = document.createRange();
      range.selectNodeContents(button);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      expect(lines.size, `"${button.textContent!.trim()}" on one line`).to.equal(1);
    }
  });

  it('the loading card has the loaded card\'s height: nothing below it moves (layout shift under 0.01)', async () => {
    const shifts: number[] = [];
    const observing = PerformanceObserver.supportedEntryTypes.includes('layout-shift');
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => shifts.push((e as PerformanceEntry & { value: number }).value)));
    if (observing) observer.observe({ type: 'layout-shift' });
    const wrap = await fixture<HTMLDivElement>(html`<div style="width:520px">
      ${(['card', 'compact', 'tiny'] as const).map((size) => html`<service-track-card size=${size} host=${serviceUrl} app-name="cls-test" track-id=${track.id}></service-track-card>`)}
      <service-playlist host=${serviceUrl} app-name="cls-test" playlist-id=${playlist.id}></service-playlist>
    </div>`);
    const cards = [...wrap.querySelectorAll('service-track-card')] as ServiceTrackCard[];
    const loading = cards.map((c) => (part(c, 'loading') ? c.getBoundingClientRect().height : undefined));
    await Promise.all(cards.map((c) => rendered(c, 'card')));
    await rendered(wrap.querySelector('service-playlist')!, 'item');
    cards.forEach((card, i) => {
      if (loading[i] !== undefined) expect(card.getBoundingClientRect().height, `${card.size}: loaded as high as loading`).to.equal(loading[i]);
    });
    if (observing) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      observer.disconnect();
      expect(shifts.reduce((a, b) => a + b, 0), 'cumulative layout shift').to.be.below(0.01);
    }
  });
});
