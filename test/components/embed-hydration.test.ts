// The embed page's hydration on demand and Play before hydration, in every engine, against the
// real service's embed page in an iframe. The frame is same-origin (the service's /embed/ answers
// through test/support/embed-proxy.mjs) so the test can look into it; no script of the test's
// own runs there. Until an intent, nothing but the page's inline bootstrap runs: no kit fetched,
// no element defined. A Play before the kit starts the stream at once; the kit then takes that
// same audio over, with no restart and no second request.
import { expect } from '@open-wc/testing';
import type { AudioEngine } from '../../src/core/audio.js';
import { appName, browserEngine, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

type Track = { id: string; title: string; duration: number; user: { id: string } };
type Early = { audio: HTMLAudioElement; id: string };
type FrameWindow = Window & typeof globalThis & { [key: symbol]: unknown };

const EARLY = Symbol.for('service-kit.embed.audio');
const ENGINE = Symbol.for('service-kit.audio-engine');
const INBOX = Symbol.for('service-kit.embed.inbox');

/** An embed page of `track` in an iframe of this page, loaded. */
async function embedFrame(track: Track | string): Promise<{ frame: HTMLIFrameElement; win: FrameWindow; card: HTMLElement }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:640px;height:480px;border:0';
  frame.src = typeof track === 'string' ? track : `/embed/track/${track.id}`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  return { frame, win, card: win.document.querySelector<HTMLElement>('[data-embed]')! };
}

const part = (card: HTMLElement, name: string) => card.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
const kitRequests = (win: FrameWindow) => win.performance.getEntriesByType('resource').filter((e) => /\/embed\/kit/.test(e.name)).length;
const streamRequests = (win: FrameWindow) => win.performance.getEntriesByType('resource').filter((e) => e.name.includes('/stream')).length;
const hydrated = (win: FrameWindow, card: HTMLElement) => !!win.customElements.get(card.localName) && (card as HTMLElement & { hasUpdated?: boolean }).hasUpdated;

/** What a media element is doing, for a failure's message. */
const state = (audio: HTMLAudioElement) =>
  `at ${audio.currentTime}, ${audio.paused ? 'paused' : 'playing'}${audio.muted ? ', muted' : ''}, readyState ${audio.readyState}, duration ${audio.duration}`;

/** Every currentTime `audio` reports from now on, and how many loads it starts. */
function watch(audio: HTMLAudioElement) {
  const seen = { times: [] as number[], loads: 0 };
  audio.addEventListener('timeupdate', () => seen.times.push(audio.currentTime));
  audio.addEventListener('loadstart', () => seen.loads++);
  return seen;
}

describe('an embed page (hydration on demand)', () => {
  let tracks: Track[];
  let frame: HTMLIFrameElement | undefined;

  let playlist: { id: string };

  before(async () => {
    const get = async <T>(path: string): Promise<T> => ((await (await fetch(`${serviceUrl}/v1${path}&app_name=${appName}`)).json()) as { data: T }).data;
    tracks = await get<Track[]>('/tracks/trending?limit=5');
    [playlist] = (await get<{ id: string; track_count: number }[]>('/playlists/search?query=a&limit=10')).filter((p) => p.track_count >= 2);
  });

  afterEach(() => {
    const early = (frame?.contentWindow as FrameWindow | null)?.[EARLY] as Early | undefined;
    early?.audio.pause();
    (frame?.contentWindow as FrameWindow | null)?.document.querySelectorAll('audio').forEach((a) => a.pause());
    ((frame?.contentWindow as FrameWindow | null)?.[ENGINE] as AudioEngine | undefined)?.pause();
    frame?.remove();
    frame = undefined;
  });

  it('shows its card but fetches no kit and defines no element until a pointer comes over it; then it hydrates', async () => {
    const { frame: f, win, card } = await embedFrame(tracks[0]!);
    frame = f;
    expect(part(card, 'title').textContent).to.contain(tracks[0]!.title);
    expect(win.customElements.get('service-track-card'), 'no element defined before an intent').to.equal(undefined);
    expect(win[INBOX], "the bootstrap's inbox for the parent's messages").to.deep.equal([]);
    expect(kitRequests(win), 'no kit fetched before an intent').to.equal(0);
    card.dispatchEvent(new win.PointerEvent('pointerover', { bubbles: true, composed: true }));
    await waitFor(() => hydrated(win, card), 'the card to hydrate after a pointer came over it');
    expect(kitRequests(win), 'the kit fetched once').to.be.at.most(1);
  });

  it('hydrates on focus, and on a message from the parent page', async () => {
    const first = await embedFrame(tracks[1]!);
    frame = first.frame;
    first.win.document.querySelector('.brand')!.dispatchEvent(new first.win.FocusEvent('focusin', { bubbles: true }));
    await waitFor(() => hydrated(first.win, first.card), 'the card to hydrate on focus');
    frame.remove();
    const second = await embedFrame(tracks[1]!);
    frame = second.frame;
    expect(second.win.customElements.get('service-track-card')).to.equal(undefined);
    second.win.postMessage({ type: 'listen' }, '*');
    await waitFor(() => hydrated(second.win, second.card), 'the card to hydrate on a message from the parent');
  });

  it('plays on a Play before hydration, then the kit takes that audio over: no restart, one stream request, Pause works', async () => {
    const { frame: f, win, card } = await embedFrame(tracks[2]!);
    frame = f;
    part(card, 'play-button').click();
    expect(win.customElements.get('service-track-card'), 'the bootstrap handled the click').to.equal(undefined);
    const early = win[EARLY] as Early;
    expect(early?.id).to.equal(tracks[2]!.id);
    const seen = watch(early.audio);
    await waitFor(() => early.audio.currentTime > 0, 'the early audio to sound');
    await waitFor(() => hydrated(win, card) && /^Pause /.test(part(card, 'play-button').getAttribute('aria-label') ?? ''), 'the hydrated card to show Pause');
    const engine = win[ENGINE] as AudioEngine;
    expect(win[EARLY], 'the engine took the early audio').to.equal(undefined);
    const takenAt = early.audio.currentTime;
    await waitFor(() => engine.state.status === 'playing' && early.audio.currentTime > takenAt + 0.5, 'the same audio to play on after the takeover');
    expect(seen.times.every((t, i) => i === 0 || t >= seen.times[i - 1]!), `the clock never went back: ${seen.times.join(', ')}`).to.equal(true);
    expect(seen.loads, 'one load of the stream').to.equal(1);
    // Chromium lists a media element's first request alone (test/support/range-recorder.mjs): a second load would be another.
    if (browserEngine === 'chromium') expect(streamRequests(win), 'one stream request').to.equal(1);
    expect(early.audio.getAttribute('src')).to.contain(`/tracks/${tracks[2]!.id}/stream`);
    part(card, 'play-button').click();
    await waitFor(() => early.audio.paused && engine.state.paused && /^Play /.test(part(card, 'play-button').getAttribute('aria-label') ?? ''), 'the card to pause the audio');
  });

  it('starts where the still bar was clicked before hydration, sounding nothing before it', async () => {
    const track = tracks[3]!;
    const { frame: f, win, card } = await embedFrame(track);
    frame = f;
    const bar = card.shadowRoot!.querySelector<HTMLElement>('.seek.still')!;
    const box = bar.getBoundingClientRect();
    bar.dispatchEvent(new win.MouseEvent('click', { bubbles: true, composed: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }));
    const early = win[EARLY] as Early;
    const heard: number[] = [];
    early.audio.addEventListener('timeupdate', () => early.audio.paused || early.audio.muted || heard.push(early.audio.currentTime));
    const target = Math.floor(track.duration / 2);
    await waitFor(() => !early.audio.paused && !early.audio.muted && early.audio.currentTime > target, () => `the audio to sound from ${target} s (${state(early.audio)})`);
    expect(early.audio.currentTime).to.be.below(target + 5);
    expect(heard.filter((t) => t < target - 1), 'what sounded before the start').to.deep.equal([]);
    await waitFor(() => hydrated(win, card) && (win[ENGINE] as AudioEngine | undefined)?.state.status === 'playing', 'the hydrated engine to play on');
    expect((win[ENGINE] as AudioEngine).state.currentTime).to.be.at.least(target);
  });

  it('starts a Play before hydration at the embed\'s t=, and the hydrated card plays on from there', async () => {
    const track = tracks[4]!;
    const { frame: f, win, card } = await embedFrame(`/embed/track/${track.id}?t=1:00`);
    frame = f;
    part(card, 'play-button').click();
    const early = win[EARLY] as Early;
    await waitFor(() => !early.audio.paused && !early.audio.muted && early.audio.currentTime > 60, () => `the audio to sound from 60 s (${state(early.audio)})`);
    expect(early.audio.currentTime).to.be.below(65);
    await waitFor(() => hydrated(win, card) && (win[ENGINE] as AudioEngine | undefined)?.state.status === 'playing', 'the hydrated engine to play on');
    expect((win[ENGINE] as AudioEngine).state.currentTime).to.be.at.least(60);
  });

  it("clicks a profile's Play again once the kit has hydrated it: one click plays", async () => {
    const { frame: f, win, card } = await embedFrame(`/embed/user/${tracks[0]!.user.id}`);
    frame = f;
    const play = card.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label^="Play "]')!;
    play.click();
    expect(win.customElements.get(card.localName), 'the bootstrap saw the click').to.equal(undefined);
    await waitFor(() => (win[ENGINE] as AudioEngine | undefined)?.state.status === 'playing', 'the profile to play after hydration');
  });

  it("plays a playlist's row clicked before hydration; the hydrated list plays on with its tracks queued", async () => {
    const { frame: f, win, card } = await embedFrame(`/embed/playlist/${playlist.id}`);
    frame = f;
    const rows = card.shadowRoot!.querySelectorAll<HTMLElement>('[part~="item"]');
    const row = rows[1]!;
    row.querySelector<HTMLElement>('[part~="item-play"]')!.click();
    const early = win[EARLY] as Early;
    expect(early?.id, 'the bootstrap plays the row clicked').to.equal(row.dataset.trackId);
    const seen = watch(early.audio);
    await waitFor(() => early.audio.currentTime > 0, 'the early audio to sound');
    await waitFor(() => hydrated(win, card) && row.getAttribute('aria-current') === 'true', 'the hydrated list to mark the row playing');
    const engine = win[ENGINE] as AudioEngine;
    await waitFor(() => engine.state.status === 'playing', 'the engine to play on');
    expect(engine.state.track?.id).to.equal(row.dataset.trackId);
    expect(engine.state.queue.map((t) => t.id)).to.deep.equal([...rows].map((r) => r.dataset.trackId));
    expect(seen.loads, 'one load of the stream').to.equal(1);
    expect(/^Pause /.test(part(card, 'play-all').getAttribute('aria-label') ?? ''), 'Play all says Pause').to.equal(true);
  });
});
