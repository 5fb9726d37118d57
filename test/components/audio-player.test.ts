import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/audio-player/audio-player.js';
import '../../src/components/track-card/track-card.js';
import type { ServiceAudioPlayer } from '../../src/components/audio-player/audio-player.js';
import type { ServiceTrackCard } from '../../src/components/track-card/track-card.js';
import { getAudioEngine } from '../../src/core/audio.js';
import type { Track } from '../../src/core/index.js';
import { appName, browserEngine, serviceClient, serviceUrl, eachService } from '../support/service.js';
import { engineState, playing } from '../support/playback.js';
import { waitFor } from '../support/waits.js';
import { durationWords } from '../../src/components/shared/progress.js';

let engine = getAudioEngine();
const part = <T extends Element = HTMLElement>(el: Element, name: string) => el.shadowRoot!.querySelector<T>(`[part="${name}"]`);
const text = (el: Element, name: string) => part(el, name)?.textContent?.trim();
const seekSlider = (el: Element) => part<HTMLInputElement>(el, 'seek')!;
const playerFor = (attrs: { host?: string; app?: string; trackId?: string } = {}) =>
  fixture<ServiceAudioPlayer>(
    html`<service-audio-player host=${attrs.host ?? serviceUrl} app-name=${attrs.app ?? appName} track-id=${attrs.trackId ?? ''}></service-audio-player>`,
  );
/**
 * The recorder's rate for seek tests. Chromium seeks past what it holds with a new Range request:
 * at four times the track's bitrate it never holds the whole file before the seek. Firefox and
 * WebKit wait for the running download instead, so theirs runs unthrottled (docs/reliability.md).
 */
const SEEK_RATE = browserEngine === 'chromium' ? 24000 : 0;

/** The run's recording proxy (test/support/range-recorder.mjs), served by its web-test-runner plugin. */
async function recorder(): Promise<string> {
  const path = '/__range-recorder.js';
  try {
    return ((await import(/* @vite-ignore */ path)) as { RECORDER_URL: string }).RECORDER_URL;
  } catch {
    throw new Error('rangeRecorderPlugin() from test/support/range-recorder.mjs is not in web-test-runner.config.mjs');
  }
}

interface Exchange { method: string; path: string; range: string | null; status: number; contentRange: string | null }
const streamLog = async (recorderUrl: string, trackId: string, app: string): Promise<Exchange[]> => {
  const { data } = (await (await fetch(`${recorderUrl}/log`)).json()) as { data: Exchange[] };
  return data.filter((x) => x.path.startsWith(`/v1/tracks/${trackId}/stream?`) && x.path.includes(`app_name=${app}`));
};

eachService(() =>
  describe('<service-audio-player>', function () {
  // A bound for a run that hangs only: every wait is on an event or the engine's state.
  let short: Track[]; // the three shortest trending tracks
  let long: Track; // one long enough to seek a minute into

  before(async () => {
    // Each service's suite starts with a fresh page engine, as a page load would give it.
    engine.pause();
    delete (globalThis as { [key: symbol]: unknown })[Symbol.for('service-kit.audio-engine')];
    engine = getAudioEngine();
    const tracks = await serviceClient().getTrendingTracks({ time: 'allTime', limit: 100 });
    const byLength = [...tracks].sort((a, b) => a.duration - b.duration);
    short = byLength.slice(0, 3);
    long = byLength.find((t) => t.duration >= 95)!;
  });

  afterEach(() => {
    engine.pause();
    engine.setMuted(false);
    engine.setVolume(1);
  });

  it('says "Nothing playing" with every control disabled when idle (buttons focusable, aria-disabled)', async () => {
    const el = await playerFor();
    expect(engine.state.track).to.equal(undefined);
    expect(el.shadowRoot!.textContent).to.contain('Nothing playing');
    const controls = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')];
    expect(controls.map((c) => c.getAttribute('part'))).to.have.members(['previous-button', 'play-button', 'next-button', 'seek', 'mute-button', 'volume']);
    expect(controls.every((c) => c.disabled || c.getAttribute('aria-disabled') === 'true')).to.equal(true);
    expect(seekSlider(el).getAttribute('aria-label')).to.equal('Seek');
    expect(seekSlider(el).getAttribute('aria-valuetext')).to.equal('0 seconds of 0 seconds');
    expect([el.paused, el.currentTime, el.duration]).to.deep.equal([true, 0, 0]);
    await expect(el).to.be.accessible();
  });

  it('says the track is not available, with no Retry, and fires service-error when track-id does not exist', async () => {
    const el = document.createElement('service-audio-player');
    Object.assign(el, { host: serviceUrl, appName, trackId: 'zzzzzzzz' });
    const event = oneEvent(el, 'service-error');
    document.body.append(el);
    try {
      const { detail } = await event;
      expect(detail.status).to.equal(404);
      expect(detail.operation).to.equal('getTrack');
      await el.updateComplete;
      expect(part(el, 'error')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('This track is not available. It may have been removed or made private.');
      expect(part(el, 'retry')).to.equal(null);
      expect(part<HTMLButtonElement>(el, 'play-button')!.getAttribute('aria-disabled')).to.equal('true');
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });

  it('loads track-id without playing it, and shows it', async () => {
    const track = short[0]!;
    const el = document.createElement('service-audio-player');
    Object.assign(el, { host: serviceUrl, appName, trackId: track.id });
    const changed = oneEvent(el, 'service-trackchange');
    document.body.append(el);
    try {
      await el.updateComplete;
      expect(part(el, 'loading')).to.exist;
      expect((await changed).detail.track.id).to.equal(track.id);
      await el.updateComplete;
      expect(text(el, 'title')).to.equal(track.title);
      expect(text(el, 'artist')).to.equal(track.user.name);
      expect(part<HTMLImageElement>(el, 'artwork')!.src).to.match(/^http:\/\/127\.0\.0\.1:\d+\/images\/artwork\//);
      expect(part(el, 'play-button')!.getAttribute('aria-label')).to.equal(`Play ${track.title}`);
      expect(part<HTMLButtonElement>(el, 'play-button')!.getAttribute('aria-disabled')).to.equal('false');
      expect(seekSlider(el).getAttribute('aria-valuetext')).to.equal(`0 seconds of ${durationWords(track.duration, 'en')}`);
      expect(el.paused).to.equal(true);
      expect(el.duration).to.equal(track.duration);
      expect(engine.state.status).to.equal('idle'); // loaded, not played
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });

  it('play() plays the track-id track from where currentTime was set; pause() pauses it', async () => {
    const track = short[0]!;
    const el = await playerFor({ trackId: track.id });
    await waitFor(() => text(el, 'title') === track.title, 'the player to show the track');
    el.currentTime = 20; // before it plays: where it will start
    await el.updateComplete;
    expect(seekSlider(el).getAttribute('aria-valuetext')).to.equal(`20 seconds of ${durationWords(track.duration, 'en')}`);
    expect(engine.state.status).to.equal('idle');
    const started = oneEvent(el, 'service-play');
    void el.play();
    expect((await started).detail.track.id).to.equal(track.id);
    await engineState((s) => s.status === 'playing' && s.track?.id === track.id && s.currentTime >= 20, 'the track to play from 0:20');
    const tick = await oneEvent(el, 'service-timeupdate');
    expect(tick.detail.currentTime).to.be.greaterThan(0);
    expect(tick.detail.duration).to.be.closeTo(track.duration, 1);
    expect(el.paused).to.equal(false);
    await el.updateComplete;
    expect(part(el, 'play-button')!.getAttribute('aria-label')).to.equal(`Pause ${track.title}`);
    await expect(el).to.be.accessible();

    const paused = oneEvent(el, 'service-pause');
    el.pause();
    expect((await paused).detail.track.id).to.equal(track.id);
    expect(el.paused).to.equal(true);
    expect(engine.state.status).to.equal('paused');
  });

  it('shows what a track card plays, and controls it', async () => {
    const track = short[1]!;
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <service-track-card host=${serviceUrl} app-name=${appName} track-id=${track.id}></service-track-card>
      <service-audio-player host=${serviceUrl} app-name=${appName}></service-audio-player>
    </div>`);
    const card = wrap.querySelector('service-track-card') as ServiceTrackCard;
    const el = wrap.querySelector('service-audio-player')!;
    await waitFor(() => part(card, 'play-button'), "the card's play button");
    const changed = oneEvent(el, 'service-trackchange');
    part(card, 'play-button')!.click();
    expect((await changed).detail.track.id).to.equal(track.id);
    await playing(track.id);
    await el.updateComplete;
    expect(text(el, 'title')).to.equal(track.title);
    expect(part(el, 'play-button')!.getAttribute('aria-label')).to.equal(`Pause ${track.title}`);

    part(el, 'play-button')!.click();
    await engineState((s) => s.paused, 'the player to pause it');
    await card.updateComplete;
    expect(part(card, 'play-button')!.getAttribute('aria-label')).to.equal(`Play ${track.title}`);
  });

  it('seeks with currentTime: playback goes on from there, fetched as the engine fetches (Chromium: a Range request, 206)', async () => {
    const [recorderUrl, port] = [await recorder(), new URL(serviceUrl).port];
    const app = 'player-seek-property';
    const el = await playerFor({ host: `${recorderUrl}/p/${port}/${SEEK_RATE}`, app, trackId: long.id });
    await el.play();
    await playing(long.id);
    el.currentTime = 60;
    await engineState((s) => s.status === 'playing' && s.currentTime >= 60, 'playing from 60 s');
    const from = el.currentTime;
    await engineState((s) => s.currentTime >= from + 1, 'the position to advance');
    await expectSeekFetched(recorderUrl, app, 60);
  });

  it('seeks with the slider: playback goes on from there, fetched as the engine fetches (Chromium: a Range request, 206)', async () => {
    const [recorderUrl, port] = [await recorder(), new URL(serviceUrl).port];
    const app = 'player-seek-slider';
    await engine.play(short[0]!, { client: serviceClient() }); // something else first: the long track starts afresh
    const el = await playerFor({ host: `${recorderUrl}/p/${port}/${SEEK_RATE}`, app, trackId: long.id });
    await waitFor(() => text(el, 'title') === long.title, 'the player to show the long track');
    part(el, 'play-button')!.click();
    await playing(long.id);
    const target = long.duration - 30;
    const slider = seekSlider(el);
    slider.value = String(target); // as a drag leaves it
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    await engineState((s) => s.status === 'playing' && s.currentTime >= target, `playing from ${target} s`);
    const from = el.currentTime;
    await engineState((s) => s.currentTime >= from + 1, 'the position to advance');
    await el.updateComplete;
    expect(slider.getAttribute('aria-valuetext')).to.equal(`${durationWords(el.currentTime, 'en')} of ${durationWords(long.duration, 'en')}`);
    await expectSeekFetched(recorderUrl, app, target);
  });

  it('fires service-ended at the end of the track', async () => {
    await engine.play(short[0]!, { client: serviceClient() }); // something else first: the long track starts afresh, from the service
    const el = await playerFor({ trackId: long.id });
    await el.play();
    await playing(long.id);
    const ended = oneEvent(el, 'service-ended');
    el.currentTime = long.duration - 1;
    expect((await ended).detail.track.id).to.equal(long.id);
    expect(el.paused).to.equal(true);
  });

  it('goes next and previous through the queue', async () => {
    const el = await playerFor();
    await engine.play(short[0]!, { queue: short, client: el.client });
    await el.updateComplete;
    expect(text(el, 'title')).to.equal(short[0]!.title);
    expect(part<HTMLButtonElement>(el, 'next-button')!.getAttribute('aria-disabled')).to.equal('false');

    const changed = oneEvent(el, 'service-trackchange');
    part(el, 'next-button')!.click();
    expect((await changed).detail.track.id).to.equal(short[1]!.id);
    await el.updateComplete;
    expect(text(el, 'title')).to.equal(short[1]!.title);

    part(el, 'next-button')!.click();
    await waitFor(() => text(el, 'title') === short[2]!.title, 'the player to show the third track');
    expect(part<HTMLButtonElement>(el, 'next-button')!.getAttribute('aria-disabled')).to.equal('true'); // the end of the queue, still focusable

    part(el, 'previous-button')!.click(); // within 3 s of its start: the previous track
    await waitFor(() => text(el, 'title') === short[1]!.title, 'the player to show the second track');
    await playing(short[1]!.id);
  });

  it('answers keyboard shortcuts while focused', async () => {
    const el = await playerFor();
    await engine.play(long, { queue: [long, short[0]!], client: el.client });
    await playing(long.id);
    engine.seek(30);
    await engineState((s) => s.status === 'playing' && s.currentTime >= 30, 'playing again');
    part(el, 'mute-button')!.focus();

    await sendKeys({ press: 'k' });
    await engineState((s) => s.paused, 'K to pause');
    // Paused, so the position moves only by what the keys do, however long a key press takes.
    let before = el.currentTime;
    await sendKeys({ press: 'ArrowRight' });
    expect(el.currentTime - before).to.be.closeTo(5, 0.05);
    before = el.currentTime;
    await sendKeys({ press: 'ArrowLeft' });
    expect(el.currentTime - before).to.be.closeTo(-5, 0.05);
    await sendKeys({ press: 'k' });
    await engineState((s) => !s.paused, 'K to play');

    await sendKeys({ press: 'm' });
    expect(el.muted).to.equal(true);
    await el.updateComplete;
    expect(part(el, 'mute-button')!.getAttribute('aria-pressed')).to.equal('true');
    await sendKeys({ press: 'm' });
    expect(el.muted).to.equal(false);

    // On the seek slider the arrows are the slider's own (5 s a step); Space still plays/pauses.
    // (' ', not 'Space': every engine's driver knows the character; BiDi has no key named Space.)
    seekSlider(el).focus();
    await sendKeys({ press: ' ' });
    await engineState((s) => s.paused, 'Space to pause');
    before = seekSlider(el).valueAsNumber; // the step is from where the slider stands, its whole second
    await sendKeys({ press: 'ArrowRight' });
    expect(el.currentTime - before).to.be.closeTo(5, 0.05); // one step of 5 s

    part(el, 'mute-button')!.focus();
    await sendKeys({ press: 'n' });
    await engineState((s) => s.track?.id === short[0]!.id, 'N: the next track');
    await sendKeys({ press: 'p' });
    await engineState((s) => s.track?.id === long.id, 'P: the previous track');
  });

  it('sets volume and mute from its controls and properties', async () => {
    const el = await playerFor({ trackId: short[0]!.id });
    await waitFor(() => text(el, 'title'), 'the player to show a title');
    const volume = part<HTMLInputElement>(el, 'volume')!;
    el.volume = 0.5;
    await engineState((s) => s.volume === 0.5, 'the property to set the volume');
    await el.updateComplete;
    expect(volume.value).to.equal('0.5');
    expect(volume.getAttribute('aria-valuetext')).to.equal('50%');
    volume.value = '0.25';
    volume.dispatchEvent(new Event('input', { bubbles: true }));
    await engineState((s) => s.volume === 0.25, 'the slider to set the volume');

    part(el, 'mute-button')!.click();
    await engineState((s) => s.muted, 'muted');
    await el.updateComplete;
    expect(part(el, 'mute-button')!.getAttribute('aria-pressed')).to.equal('true');
    expect(el.muted).to.equal(true);
    el.muted = false;
    await engineState((s) => !s.muted, 'unmuted');
  });

  it('shows a playback error as text and fires service-error', async () => {
    const el = await playerFor();
    const missing: Track = { ...short[0]!, id: 'zzzzzzzz', title: '<b>Lost</b> track' };
    const failed = oneEvent(el, 'service-error');
    void engine.play(missing, { client: el.client });
    const { detail } = await failed;
    expect(detail.operation).to.equal('play');
    expect(detail.message).to.be.a('string').and.not.be.empty;
    await el.updateComplete;
    expect(engine.state.status).to.equal('error');
    expect(text(el, 'message')).to.equal(detail.message);
    // No alert of its own: the page's live region says it once, naming the track (announcements.test.ts).
    expect(part(el, 'message')!.getAttribute('role')).to.equal(null);
    await waitFor(() => document.getElementById('service-kit-announcer')?.textContent?.includes('Could not play <b>Lost</b> track.'), 'the region to name the track');
    expect(text(el, 'title')).to.equal('<b>Lost</b> track'); // markup shows as text
    expect(part(el, 'title')!.querySelector('b')).to.equal(null);
    expect(el.paused).to.equal(true);
    await expect(el).to.be.accessible();
  });
  }),
);

/**
 * How the bytes at about `seconds` in came: Chromium sends the stream again with a Range from
 * there, answered 206 with that range. Firefox and WebKit may do the same (then it must be
 * answered so), or take them from the download already running, which then holds the whole file.
 */
async function expectSeekFetched(recorderUrl: string, app: string, seconds: number): Promise<void> {
  const { track, duration } = getAudioEngine().state;
  const all = await streamLog(recorderUrl, track!.id, app);
  const log = JSON.stringify(all);
  const size = Number(all.map((x) => /\/(\d+)$/.exec(x.contentRange ?? '')?.[1]).find(Boolean));
  expect(all.length, `the stream went through the recorder: ${log}`).to.be.greaterThan(0);
  const startOf = (x: Exchange) => Number(/^bytes=(\d+)-/.exec(x.range ?? '')?.[1] ?? NaN);
  // The MP3 is constant-bitrate, so the byte a seek asks for says which second it wants;
  // Chromium asks from the start of the 32 KiB block (5.5 s here) that holds it, or one before.
  const seek = all.find((x) => {
    if (!(size > 0)) return false;
    const second = (startOf(x) / size) * duration;
    return second <= seconds + 1 && second > seconds - 12;
  });
  if (browserEngine === 'chromium') expect(seek, `a Range request from about ${seconds} s in: ${log}`).to.exist;
  if (seek) {
    expect(seek.status).to.equal(206);
    expect(seek.contentRange).to.match(new RegExp(`^bytes ${startOf(seek)}-\\d+/${size}$`));
  } else {
    const first = all.find((x) => !x.range || startOf(x) === 0);
    expect(first?.status, `the download from the start: ${log}`).to.be.oneOf([200, 206]);
    expect(all.every((x) => x.status === 200 || x.status === 206), log).to.equal(true);
    if (first?.status === 206) expect(first.contentRange).to.equal(`bytes 0-${size - 1}/${size}`);
  }
}
