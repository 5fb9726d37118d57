// What a reader sees of the elements (issue 36): no word cut in a badge, tag or count row, in
// either direction and at a phone's width; the card's type scale; a seek bar that keeps its width
// when its track starts and starts it where it is clicked; a playing row that says its time once
// and keeps its artist; a player with no row for a lone mute; Latin text beside its artwork in RTL.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Track } from '../../src/core/index.js';
import { formatDuration } from '../../src/components/shared/format.js';
import { appName, serviceClient, serviceUrl } from '../support/service.js';
import { engineState, playing } from '../support/playback.js';
import { waitFor } from '../support/waits.js';
import { trySetViewport } from '../support/media.js';

const engine = getAudioEngine();
const part = <T extends HTMLElement = HTMLElement>(el: Element, name: string) => el.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
/** Waits for `el`'s part `name`, and gives it. */
const rendered = async (el: Element, name: string): Promise<HTMLElement> => {
  await waitFor(() => part(el, name), `the ${name} part`);
  return part(el, name)!;
};
const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize);

/** Each item of each one-row list in `el` that is cut: neither whole in its row's box nor wholly out of it. */
function cutItems(el: Element): string[] {
  const cut: string[] = [];
  for (const row of el.shadowRoot!.querySelectorAll<HTMLElement>('ul.stats, ul.meta, ul.tags, ul.counts')) {
    const box = row.getBoundingClientRect();
    for (const item of row.querySelectorAll<HTMLElement>(':scope > li')) {
      const r = item.getBoundingClientRect();
      const whole = r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      const out = r.width === 0 || r.top >= box.bottom - 0.5 || r.bottom <= box.top + 0.5 || r.right <= box.left + 0.5 || r.left >= box.right - 0.5;
      const textFits = item.scrollWidth <= item.clientWidth + 0.5;
      if (!(whole && textFits) && !out) cut.push(`${row.className}: "${item.textContent!.trim()}"`);
    }
  }
  return cut;
}

describe('elements a designer would sign off', function () {
  let tracks: Track[];
  /** A track with every badge (genre, mood, downloadable) and tags: the fullest row there is. */
  let full: Track;

  before(async () => {
    tracks = await serviceClient().getTrendingTracks({ time: 'allTime', limit: 100 });
    full = tracks.find((t) => t.genre && t.mood && t.downloadable && t.tags && t.duration > 30) ?? tracks[0]!;
  });

  afterEach(async () => {
    engine.pause();
    await trySetViewport({ width: 800, height: 600 });
  });

  for (const dir of ['ltr', 'rtl'] as const) {
    for (const width of [280, 342, 520]) {
      it(`cuts no badge, tag or count inside a word (${dir}, ${width} px)`, async () => {
        await trySetViewport({ width: Math.max(width + 48, 320), height: 800 });
        const stack = await fixture<HTMLElement>(html`<div dir=${dir} style="width: ${width}px">
          <service-track-card host=${serviceUrl} app-name=${appName} track-id=${full.id}></service-track-card>
          <service-user-card host=${serviceUrl} app-name=${appName} user-id=${full.user.id}></service-user-card>
        </div>`);
        const card = stack.querySelector('service-track-card')!;
        const user = stack.querySelector('service-user-card')!;
        await rendered(card, 'card');
        await rendered(user, 'counts');
        expect(cutItems(card), 'the card').to.deep.equal([]);
        expect(cutItems(user), 'the user card').to.deep.equal([]);
        // At least the first count shows: the row drops whole items from its end, not all of them.
        const firstCount = card.shadowRoot!.querySelector('ul.stats > li')!.getBoundingClientRect();
        expect(firstCount.top).to.be.below(part(card, 'stats')!.getBoundingClientRect().bottom);
      });
    }
  }

  it('drops whole counts in a playlist too', async () => {
    const [playlist] = await serviceClient().searchPlaylists('Demo Favorites');
    for (const width of [280, 342]) {
      const el = await fixture<HTMLElement>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${playlist!.id} style="width: ${width}px"></service-playlist>`);
      await rendered(el, 'counts');
      expect(cutItems(el), `the playlist at ${width} px`).to.deep.equal([]);
    }
  });

  it('sets the card in a type scale: the title above the artist, badges at 12 px or more, no underline until hover', async () => {
    const el = await fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${full.id}></service-track-card>`);
    await rendered(el, 'card');
    const title = part(el, 'title')!;
    expect(px(title)).to.be.at.least(px(part(el, 'artist')!) + 2);
    expect(Number(getComputedStyle(title).fontWeight)).to.be.at.least(600);
    for (const badge of el.shadowRoot!.querySelectorAll('[part~="badge"]')) expect(px(badge), badge.textContent!).to.be.at.least(12);
    const link = part(el, 'link');
    if (link) expect(getComputedStyle(link).textDecorationLine).to.equal('none');
    // As tall as its content: no band of empty space above or below the text.
    const body = el.shadowRoot!.querySelector('.body')!.getBoundingClientRect();
    expect(part(el, 'card')!.getBoundingClientRect().height - body.height).to.be.below(40);
  });

  it('keeps the seek bar one width when the track starts, at half the text column or more on a phone', async function () {
    if (!(await trySetViewport({ width: 390, height: 800 }))) this.skip();
    const track = tracks.find((t) => t.duration > 30 && t.id !== engine.state.track?.id)!;
    const el = await fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id} style="width: 342px"></service-track-card>`);
    await rendered(el, 'card');
    const bar = () => el.shadowRoot!.querySelector<HTMLElement>('.seek')!.getBoundingClientRect().width;
    const before = bar();
    expect(before).to.be.at.least(el.shadowRoot!.querySelector('.body')!.getBoundingClientRect().width / 2);
    part(el, 'play-button')!.click();
    await playing(track.id);
    await rendered(el, 'seek');
    expect(Math.abs(bar() - before), `the bar was ${before} px`).to.be.below(1);
  });

  it('starts a track from where its still bar is clicked', async () => {
    const track = tracks.find((t) => t.duration > 60 && t.id !== engine.state.track?.id)!;
    const el = await fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>`);
    await rendered(el, 'card');
    const still = el.shadowRoot!.querySelector<HTMLElement>('.seek.still')!;
    const box = still.getBoundingClientRect();
    still.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }));
    const state = await engineState((s) => s.track?.id === track.id && s.status === 'playing' && s.currentTime >= track.duration * 0.4, 'the track to play from its middle');
    expect(state.currentTime).to.be.below(track.duration * 0.6);
  });

  it('shows a playing row its time once, and its artist', async () => {
    const el = await fixture<HTMLElement>(html`<service-trending-list host=${serviceUrl} app-name=${appName} time="allTime" limit="5"></service-trending-list>`);
    await rendered(el, 'item');
    const row = el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="item"]')[1]!;
    const track = tracks.find((t) => t.id === row.dataset.trackId)!;
    row.querySelector<HTMLElement>('[part~="item-play"]')!.click();
    await playing(track.id);
    await waitFor(() => row.querySelector('[part~="seek"]'), 'the row slider');
    const total = formatDuration(track.duration);
    const seen = row.innerText.replace(/\s+/g, ' ');
    expect(seen.split(total).length - 1, seen).to.equal(1);
    expect(row.querySelector<HTMLElement>('[part~="item-artist"]')!.offsetHeight).to.be.above(0);
  });

  it('gives the player on a phone no row for a lone mute button', async function () {
    if (!(await trySetViewport({ width: 390, height: 800 }))) this.skip();
    const el = await fixture<HTMLElement>(html`<service-audio-player host=${serviceUrl} app-name=${appName} track-id=${tracks[0]!.id} style="width: 342px"></service-audio-player>`);
    const mute = (await rendered(el, 'mute-button')).getBoundingClientRect();
    const play = part(el, 'play-button')!.getBoundingClientRect();
    expect(mute.top).to.be.below(play.bottom);
    expect(mute.bottom).to.be.above(play.top);
  });

  it('sets a Latin title in an RTL page at the row\'s start, beside the artwork', async () => {
    const latin = tracks.find((t) => /^[A-Za-z]/.test(t.title))!;
    const wrap = await fixture<HTMLElement>(html`<div dir="rtl" style="width: 520px"><service-track-card host=${serviceUrl} app-name=${appName} track-id=${latin.id}></service-track-card></div>`);
    const el = wrap.firstElementChild!;
    const title = await rendered(el, 'title');
    const range = document.createRange();
    range.selectNodeContents(title);
    const text = range.getBoundingClientRect();
    const body = el.shadowRoot!.querySelector('.body')!.getBoundingClientRect();
    expect(body.right - text.right, 'the title ends its line at the right, by the artwork').to.be.below(2);
  });

  it('shows a not-available track as a mark, a title and a line', async () => {
    const el = await fixture<HTMLElement>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id="zzzzzzzz"></service-track-card>`);
    const error = await rendered(el, 'error');
    expect(error.querySelector('svg')).to.not.equal(null);
    const [title, line] = [...error.querySelectorAll('span')];
    expect(title!.textContent).to.equal('This track is not available.');
    expect(Number(getComputedStyle(title!).fontWeight)).to.be.at.least(600);
    expect(line!.textContent).to.equal('It may have been removed or made private.');
  });
});
