// Issue 40: focus never falls to the page. A control with nowhere to go stays focusable with
// aria-disabled; Retry hands focus to what it loaded (or to the new Retry); the seek slider steps
// 5 s with the arrows, a tenth with Page Up and Down, and speaks its value in words.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/audio-player/audio-player.js';
import '../../src/components/track-card/track-card.js';
import '../../src/components/playlist/playlist.js';
import '../../src/components/trending-list/trending-list.js';
import '../../src/components/user-card/user-card.js';
import '../../src/translations/fr.js';
import { ServiceAudioPlayer } from '../../src/components/audio-player/audio-player.js';
import { durationWords } from '../../src/components/shared/progress.js';
import { createAudioEngine, getAudioEngine } from '../../src/core/audio.js';
import type { Track } from '../../src/core/index.js';
import { appName, demoUser, fakeHost, serviceClient, serviceUrl } from '../support/service.js';
import { playing } from '../support/playback.js';
import { waitFor } from '../support/waits.js';

const part = <T extends Element = HTMLElement>(el: Element, name: string) => el.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
/** What has focus inside `el`'s shadow root, and that the page's focus is on `el` (not on the body). */
const focusedIn = (el: Element) => (document.activeElement === el ? el.shadowRoot!.activeElement : null);

describe('focus and the seek slider (issue 40)', function () {
  const engine = getAudioEngine();
  let short: Track[];
  let long: Track;

  before(async () => {
    const tracks = [...(await serviceClient().getTrendingTracks({ time: 'allTime', limit: 100 }))].sort((a, b) => a.duration - b.duration);
    short = tracks.slice(0, 3);
    long = tracks.find((t) => t.duration >= 200)!;
  });

  afterEach(() => engine.pause());

  it('Next on the second-to-last track keeps focus: aria-disabled, and a press does nothing', async () => {
    const el = await fixture<ServiceAudioPlayer>(html`<service-audio-player host=${serviceUrl} app-name=${appName}></service-audio-player>`);
    const [first, second] = short as [Track, Track];
    await engine.play(first, { queue: [first, second], client: el.client });
    await playing(first.id);
    await el.updateComplete;
    const next = part<HTMLButtonElement>(el, 'next-button')!;
    next.focus();
    await sendKeys({ press: 'Enter' });
    await playing(second.id);
    await el.updateComplete;
    expect(next.getAttribute('aria-disabled')).to.equal('true');
    expect(next.disabled).to.equal(false);
    expect(focusedIn(el), 'focus stays on Next').to.equal(next);
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(engine.state.track?.id).to.equal(second.id);
    expect(focusedIn(el)).to.equal(next);
    await expect(el).to.be.accessible();
  });

  it('Previous at the very start of the first track keeps focus: aria-disabled, and a press does nothing', async () => {
    const el = await fixture<ServiceAudioPlayer>(html`<service-audio-player host=${serviceUrl} app-name=${appName}></service-audio-player>`);
    const [first, second] = short as [Track, Track];
    await engine.play(second, { queue: [first, second], client: el.client });
    await playing(second.id);
    await el.updateComplete;
    const previous = part<HTMLButtonElement>(el, 'previous-button')!;
    expect(previous.getAttribute('aria-disabled')).to.equal('false');
    previous.focus();
    await sendKeys({ press: 'Enter' });
    await playing(first.id);
    engine.pause();
    engine.seek(0);
    await waitFor(() => previous.getAttribute('aria-disabled') === 'true', 'Previous to have nowhere to go');
    expect(previous.disabled).to.equal(false);
    expect(focusedIn(el), 'focus stays on Previous').to.equal(previous);
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect([engine.state.track?.id, engine.state.currentTime]).to.deep.equal([first.id, 0]);
    expect(focusedIn(el)).to.equal(previous);
  });

  for (const [tag, attrs, successor] of [
    ['service-track-card', { trackId: 'track' }, '[role="heading"]'],
    ['service-playlist', { playlistId: 'playlist' }, '[role="heading"]'],
    ['service-trending-list', { limit: 3 }, '[part~="list"]'],
    ['service-audio-player', { trackId: 'track' }, '[part~="title"]'],
    // The profile and its first tab load at once: whichever failed, Retry hands focus to what it reloaded.
    ['service-user-card', { userId: demoUser.id }, '[role="heading"], [part~="list"]'],
  ] as const) {
    it(`Retry in <${tag}> hands focus to what it loaded, or to the new Retry`, async () => {
      const playlistId = (await serviceClient().searchPlaylists('a', { limit: 5 }))[0]!.id;
      const props = Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, v === 'track' ? short[0]!.id : v === 'playlist' ? playlistId : v]));
      for (const [host, after] of [[fakeHost('error500'), '[part~="retry"]'], [fakeHost('failonce'), successor]] as const) {
        const el = Object.assign(document.createElement(tag), { host, appName }, props);
        // A player of its own engine: the page's one may hold a track, which a player shows instead of its error.
        if (el instanceof ServiceAudioPlayer) el.engine = createAudioEngine();
        document.body.append(el);
        try {
          await waitFor(() => part(el, 'retry'), 'Retry');
          const retry = part(el, 'retry')!;
          retry.focus();
          await sendKeys({ press: 'Enter' });
          await waitFor(() => focusedIn(el) && focusedIn(el) !== retry && focusedIn(el)!.matches(after), () => `focus on ${after}; it is on ${document.activeElement?.tagName} ${focusedIn(el)?.outerHTML.slice(0, 80)}`);
        } finally {
          el.remove();
        }
      }
    });
  }

  it('speaks durations as words in the page language', () => {
    expect(durationWords(65, 'en')).to.equal('1 minute 5 seconds');
    expect(durationWords(270, 'en')).to.equal('4 minutes 30 seconds');
    expect(durationWords(3725, 'en')).to.equal('1 hour 2 minutes 5 seconds');
    expect(durationWords(0, 'en')).to.equal('0 seconds');
    expect(durationWords(65, 'fr')).to.match(/^1\sminute\s5\ssecondes$/u); // French may join with a no-break space
  });

  it('the seek slider steps 5 s with the arrows, a tenth with Page Up/Down, and goes to its ends with Home/End', async () => {
    const el = await fixture<ServiceAudioPlayer>(html`<service-audio-player track-id=${long.id} host=${serviceUrl} app-name=${appName}></service-audio-player>`);
    await waitFor(() => part(el, 'title')?.textContent === long.title, 'the player to show its track');
    const slider = part<HTMLInputElement>(el, 'seek')!;
    const total = long.duration;
    slider.focus();
    // The cued track moves where it will start: no audio, so each key's effect is exact.
    const press = async (key: string, expected: number) => {
      await sendKeys({ press: key });
      await waitFor(() => Math.abs(el.currentTime - expected) < 0.01, () => `${key} to move to ${expected} s; at ${el.currentTime}`);
    };
    await press('ArrowRight', 5);
    await press('ArrowUp', 10);
    await press('ArrowLeft', 5);
    await press('PageUp', 5 + Math.round(total / 10));
    await press('PageDown', 5);
    await press('ArrowDown', 0);
    await press('End', total);
    await press('Home', 0);
    await press('ArrowRight', 5);
    expect(slider.getAttribute('aria-valuetext')).to.equal(`5 seconds of ${durationWords(total, 'en')}`);
    expect(durationWords(total, 'en')).to.match(/^\d+ minutes?( \d+ seconds?)?$/);
    el.lang = 'fr';
    // French writes a no-break space between a number and its unit.
    const spaced = (text: string | null) => text?.replace(/\s/gu, ' ');
    const french = spaced(`5 secondes sur ${durationWords(total, 'fr')}`);
    await waitFor(() => spaced(slider.getAttribute('aria-valuetext')) === french, () => `"${french}"; it says "${slider.getAttribute('aria-valuetext')}"`);
  });
});
