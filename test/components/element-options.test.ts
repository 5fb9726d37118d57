// The elements' options of issue 39: `t`, `autoplay` and `start-track` on the track card and the
// playlist, the card's share button and download link, and the lock screen's position (Media Session).
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/track-card/track-card.js';
import '../../src/components/playlist/playlist.js';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import type { ServicePlaylist } from '../../src/components/playlist/playlist.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Track } from '../../src/core/index.js';
import { appName, serviceClient, serviceUrl } from '../support/service.js';
import { engineState } from '../support/playback.js';
import { asTouchScreen } from '../support/colour-scheme.js';
import { quietFor, waitFor } from '../support/waits.js';
import { listen } from '../support/announcer.js';

const engine = getAudioEngine();
const part = <T extends HTMLElement = HTMLElement>(el: Element, name: string) => el.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
const loaded = (el: Element, name = 'card') => waitFor(() => part(el, name), `the ${name} part`);
const card = (track: Track, extra: Partial<ServiceTrackCard> = {}) =>
  fixture<ServiceTrackCard>(html`<service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}
    .t=${extra.t} ?autoplay=${extra.autoplay} size=${extra.size ?? 'card'}></service-track-card>`);

/** Replaces `object[key]` with `value` for one test; the returned function puts it back. */
function stub<T extends object>(object: T, key: PropertyKey, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(object, key);
  Object.defineProperty(object, key, { value, configurable: true, writable: true });
  return () => (own ? Object.defineProperty(object, key, own) : delete (object as Record<PropertyKey, unknown>)[key]);
}

describe('element options (issue 39)', () => {
  let tracks: Track[]; // longer than two minutes
  let downloadable: Track;
  let notDownloadable: Track;
  const restore: Array<() => void> = [];

  before(async () => {
    const all = await serviceClient().getTrendingTracks({ time: 'allTime', limit: 50 });
    tracks = all.filter((t) => t.duration > 120);
    downloadable = all.find((t) => t.downloadable && t.link)!;
    notDownloadable = all.find((t) => !t.downloadable && t.link)!;
    expect(tracks.length, 'tracks longer than two minutes').to.be.above(3);
    expect(downloadable && notDownloadable, 'a downloadable track and one that is not').to.exist;
  });

  afterEach(() => {
    for (const undo of restore.splice(0).reverse()) undo();
    engine.pause();
  });

  it('t starts the card\'s first play there: 1:30 plays from 90 s', async () => {
    const track = tracks[0]!;
    const el = await card(track, { t: '1:30' });
    await loaded(el);
    expect(engine.state.track?.id, 'nothing plays before the click').to.not.equal(track.id);
    part(el, 'play-button')!.click();
    const state = await engineState((s) => s.status === 'playing' && s.track?.id === track.id && s.currentTime > 0, `track ${track.id} to play`);
    expect(state.currentTime).to.be.within(89.5, 100);
  });

  it('a t that is no time is ignored: the track plays from the start', async () => {
    const track = tracks[1]!;
    const el = await card(track, { t: 'soon' });
    await loaded(el);
    part(el, 'play-button')!.click();
    const state = await engineState((s) => s.status === 'playing' && s.track?.id === track.id && s.currentTime > 0, `track ${track.id} to play`);
    expect(state.currentTime).to.be.below(10);
  });

  it('autoplay plays the card once its track is loaded, from t, and once only', async () => {
    const track = tracks[2]!;
    const el = await card(track, { t: '1m5s', autoplay: true });
    const state = await engineState((s) => s.status === 'playing' && s.track?.id === track.id && s.currentTime > 0, `track ${track.id} to autoplay`);
    expect(state.currentTime).to.be.within(64.5, 75);
    engine.pause();
    await engineState((s) => s.paused, 'the pause');
    el.theme = 'dark'; // a re-render
    await el.updateComplete;
    await quietFor(300); // a play it must not ask for
    expect(engine.state.paused, 'a re-render does not play again').to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('autoplay the browser refuses shows Play, fires service-autoplay-blocked, and is no error', async () => {
    const track = tracks[3]!;
    // No engine can be made to refuse on demand (the runner allows autoplay): play() rejects as a refusing browser's does.
    restore.push(stub(HTMLMediaElement.prototype, 'play', () => Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'))));
    const errors: Event[] = [];
    const wrap = await fixture<HTMLDivElement>(html`<div @service-error=${(e: Event) => errors.push(e)}></div>`);
    const blocked = oneEvent(wrap, 'service-autoplay-blocked');
    const el = document.createElement('service-track-card');
    Object.assign(el, { host: serviceUrl, appName, trackId: track.id, autoplay: true });
    wrap.append(el);
    const event = await blocked;
    expect(event.detail).to.deep.equal({ trackId: track.id });
    expect(event.composed && event.bubbles).to.equal(true);
    await el.updateComplete;
    expect([engine.state.status, engine.state.error, engine.state.blocked]).to.deep.equal(['paused', undefined, true]);
    expect(part(el, 'play-button')!.getAttribute('aria-label')).to.equal(`Play ${track.title}`);
    expect(errors).to.have.length(0);
  });

  it('the playlist autoplays its start-track from t, with the list queued; out of range means the first', async () => {
    const client = serviceClient();
    const lists = await client.searchPlaylists('a', { limit: 50 });
    let found: { id: string; tracks: Track[] } | undefined;
    for (const list of lists) {
      const listed = await client.getPlaylistTracks(list.id);
      if (listed.length >= 3 && listed[1]!.duration > 30) found = { id: list.id, tracks: listed };
      if (found) break;
    }
    expect(found, 'a playlist of three tracks whose second is longer than 30 s').to.exist;
    const { id, tracks: listed } = found!;
    const el = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${id} start-track="2" t="20" autoplay></service-playlist>`);
    const state = await engineState((s) => s.status === 'playing' && s.track?.id === listed[1]!.id && s.currentTime > 0, 'the second track to autoplay');
    expect(state.currentTime).to.be.within(19.5, 30);
    expect(state.queue.map((t) => t.id)).to.deep.equal(listed.map((t) => t.id));
    engine.pause();
    await el.updateComplete;

    const other = await fixture<ServicePlaylist>(html`<service-playlist host=${serviceUrl} app-name=${appName} playlist-id=${id} start-track="99"></service-playlist>`);
    await loaded(other, 'play-all');
    await waitFor(() => !part<HTMLButtonElement>(other, 'play-all')!.disabled, 'Play all');
    part(other, 'play-all')!.click();
    await engineState((s) => s.status === 'playing' && s.track?.id === listed[0]!.id, 'the first track to play');
  });

  it('share copies the public URL where there is no share sheet, says "Link copied", and announces it', async () => {
    const track = downloadable;
    const copied: string[] = [];
    // No share sheet (Firefox and Linux Chromium have none; WebKit's would open one) and a clipboard a test can read.
    restore.push(stub(navigator, 'share', undefined));
    restore.push(stub(navigator.clipboard, 'writeText', (text: string) => (copied.push(text), Promise.resolve())));
    const el = await card(track);
    await loaded(el);
    const share = part(el, 'share')!;
    expect(share.getAttribute('aria-label')).to.equal(`Share ${track.title}`);
    const region = listen();
    share.click();
    await waitFor(() => part(el, 'share-note'), 'the note');
    expect(copied).to.deep.equal([track.link]);
    expect(copied[0]).to.equal(new URL(track.permalink!, serviceUrl).href);
    expect(part(el, 'share-note')!.textContent!.trim()).to.equal('Link copied');
    // Heard line by line: another page's news (a pause) may replace it a moment later, as a screen reader still speaks it.
    await region.said('Link copied');
    region.stop();
    await expect(el).to.be.accessible();
  });

  it('where the clipboard refuses, the link shows selected in a read-only field to copy by hand', async () => {
    const track = downloadable;
    restore.push(stub(navigator, 'share', undefined));
    restore.push(stub(navigator.clipboard, 'writeText', () => Promise.reject(new DOMException('no', 'NotAllowedError'))));
    const el = await card(track);
    await loaded(el);
    part(el, 'share')!.click();
    await waitFor(() => part(el, 'share-note'), 'the field');
    const field = part<HTMLInputElement>(el, 'share-note')!;
    expect([field.value, field.readOnly]).to.deep.equal([track.link, true]);
    expect(el.shadowRoot!.activeElement, 'focused, its text selected').to.equal(field);
    expect([field.selectionStart, field.selectionEnd]).to.deep.equal([0, track.link!.length]);
    await expect(el).to.be.accessible();
  });

  it('the download link is there only for a downloadable track, to its download URL', async () => {
    const yes = await card(downloadable);
    await loaded(yes);
    const link = part<HTMLAnchorElement>(yes, 'download')!;
    expect(link.href).to.equal(downloadable.download!.url);
    expect(link.hasAttribute('download')).to.equal(true);
    expect(link.getAttribute('aria-label')).to.equal(`Download ${downloadable.title}`);
    const no = await card(notDownloadable);
    await loaded(no);
    expect(part(no, 'download')).to.equal(null);
    expect(part(no, 'share')).to.exist;
  });

  /** Share's and download's boxes in `el`, each whole inside the card, or `hidden`. */
  function targets(el: ServiceTrackCard): Array<DOMRect | 'hidden'> {
    const card = part(el, 'card')!.getBoundingClientRect();
    return ['share', 'download'].map((name) => {
      const r = part(el, name)!.getBoundingClientRect();
      if (r.width === 0) return 'hidden';
      expect(r.left >= card.left && r.right <= card.right && r.top >= card.top && r.bottom <= card.bottom, `${name} inside the card`).to.equal(true);
      return r;
    });
  }

  for (const size of ['card', 'compact', 'tiny'] as const) {
    it(`share and download fit a 300 px ${size} card: 24 px targets or more, 44 px on a touch screen (none in tiny)`, async () => {
      const wrap = await fixture<HTMLDivElement>(html`<div style="width: 300px"><service-track-card host=${serviceUrl} app-name=${appName} track-id=${downloadable.id} size=${size}></service-track-card></div>`);
      const el = wrap.firstElementChild as ServiceTrackCard;
      await loaded(el);
      const height = part(el, 'card')!.getBoundingClientRect().height;
      for (const box of targets(el)) {
        if (size === 'tiny') expect(box, 'hidden in tiny').to.equal('hidden');
        else expect(box !== 'hidden' && box.width >= 24 && box.height >= 24, JSON.stringify(box)).to.equal(true);
      }
      await asTouchScreen([el], async () => {
        for (const box of targets(el)) if (size !== 'tiny') expect(box !== 'hidden' && box.width >= 44 && box.height >= 44, JSON.stringify(box)).to.equal(true);
      });
      // Off a touch screen the card keeps its height for its size: the title's lines decide it, not the new controls.
      el.shadowRoot!.querySelector('.tools')!.remove();
      await new Promise(requestAnimationFrame);
      expect(part(el, 'card')!.getBoundingClientRect().height).to.equal(height);
    });
  }

  it('the lock screen hears the position while playing: finite, within the duration, at play, seek and pause', async function () {
    const session = navigator.mediaSession;
    if (!session?.setPositionState) this.skip(); // an engine with no position support
    const told: MediaPositionState[] = [];
    restore.push(stub(session, 'setPositionState', (state?: MediaPositionState) => void told.push(state ?? {})));
    const track = tracks[0]!;
    const el = await card(track);
    await loaded(el);
    part(el, 'play-button')!.click();
    await engineState((s) => s.status === 'playing' && s.track?.id === track.id, `track ${track.id} to play`);
    await waitFor(() => told.some((s) => !!s.duration), 'a position');
    engine.seek(60);
    await waitFor(() => told.some((s) => s.position! >= 60), 'the position after the seek');
    const before = told.length;
    engine.pause();
    await waitFor(() => told.length > before, 'the position at the pause');
    for (const state of told) {
      expect(Number.isFinite(state.duration) && state.duration! > 0, JSON.stringify(state)).to.equal(true);
      expect(state.position! >= 0 && state.position! <= state.duration!, JSON.stringify(state)).to.equal(true);
      expect(state.playbackRate).to.equal(1);
    }
    expect(told.at(-1)!.position).to.be.at.least(60);
  });
});
