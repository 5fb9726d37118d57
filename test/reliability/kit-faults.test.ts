// Part 5, the kit under faults, in every engine (web-test-runner): elements pointed at hosts that
// hang, stall, answer 500, reset, drop, send broken JSON, HTML or no `data`, or do not exist
// (test/support/fake-host.mjs) end in exactly one `service-error` event, or recover when a
// healthy host is listed too; an element removed while its request is in flight stays silent;
// a login popup that navigates elsewhere ends in one clear `service-login-error`. Never an
// uncaught error or unhandled rejection in the page.
import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';
import '../../src/components/track-card/track-card.js';
import '../../src/components/trending-list/trending-list.js';
import '../../src/components/search/search.js';
import '../../src/components/audio-player/audio-player.js';
import '../../src/components/login-button/login-button.js';
import type { ServiceLoginButton } from '../../src/components/login-button/login-button.js';
import { configure, createClient, type Track } from '../../src/core/index.js';
import { getAudioEngine } from '../../src/core/audio.js';
import {
  appName, deadUrl, fakeCount, fakeHost, fakeUrl, hostList, release, serviceClient, serviceUrl,
} from '../support/service.js';
import { playing } from '../support/playback.js';
import { quietFor, waitFor } from '../support/waits.js';

// Every client the elements make from here on gives up after 3 s (the default is 10 s): long enough
// for the healthy host to answer on a busy machine, short enough to wait out a host that hangs.
const TIMEOUT = 3000;
configure({ timeout: TIMEOUT });
/** A client of the healthy service that waits as long as the test may: a busy machine is no fault. */
const healthy = () => createClient({ appName, host: serviceUrl, cacheTtl: 0, timeout: 60_000 });
const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
const FAULTS = ['hang', 'stall', 'error500', 'reset', 'drop', 'badjson', 'html', 'nodata', 'dead'];
const ELEMENTS = ['service-track-card', 'service-trending-list', 'service-search', 'service-audio-player'] as const;

const uncaught: string[] = [];
window.addEventListener('error', (e) => uncaught.push(`error: ${e.message}`));
window.addEventListener('unhandledrejection', (e) => uncaught.push(`unhandled rejection: ${(e.reason as Error)?.message ?? e.reason}`));

let track: Track;
/** Other tracks, shortest first: each stream test plays a track of its own (the engine keeps a current one). */
let others: Track[];

/** An element of `tag` asking `host` (or a host list) for something real. */
function make(tag: (typeof ELEMENTS)[number], where: { host?: string; hostListUrl?: string }): HTMLElement & { updateComplete: Promise<boolean> } {
  const el = document.createElement(tag) as unknown as HTMLElement & Record<string, unknown>;
  Object.assign(el, { appName, ...where });
  if (tag === 'service-track-card' || tag === 'service-audio-player') el.trackId = track.id;
  if (tag === 'service-trending-list') el.limit = 5;
  if (tag === 'service-search') Object.assign(el, { debounce: 0, value: track.title.split(' ')[0] });
  return el as unknown as HTMLElement & { updateComplete: Promise<boolean> };
}

/** Records the `service-error` events an element fires. */
function errorsOf(el: HTMLElement): CustomEvent[] {
  const seen: CustomEvent[] = [];
  el.addEventListener('service-error', (e) => seen.push(e as CustomEvent));
  return seen;
}

/** True once the element shows what it loaded. */
function shows(el: HTMLElement): boolean {
  const root = el.shadowRoot!;
  if (el.localName === 'service-search') return ((el as unknown as { results?: { items: unknown[] } }).results?.items.length ?? 0) > 0;
  return !!root.querySelector('[part="card"], [part="list"], [part="title"]') && !root.querySelector('[part="error"], [part="loading"]');
}

describe('the kit under faults', () => {
  const wrap = document.createElement('div');

  before(async () => {
    document.body.append(wrap);
    const top = await serviceClient().getTrendingTracks({ time: 'allTime', limit: 30 });
    track = top[0]!;
    others = top.slice(1).sort((a, b) => a.duration - b.duration);
  });
  /** Puts a player of the healthy service on the page, showing its track; resolves with its errors. */
  async function playerShowingItsTrack(): Promise<CustomEvent[]> {
    const player = make('service-audio-player', { host: serviceUrl });
    const seen = errorsOf(player);
    wrap.append(player);
    await waitFor(() => shows(player), 'the player to show its track');
    return seen;
  }

  afterEach(() => {
    wrap.replaceChildren();
    getAudioEngine().pause();
    expect(uncaught.splice(0), 'uncaught errors in the page').to.deep.equal([]);
  });

  for (const fault of FAULTS) {
    it(`a host that ${fault === 'dead' ? 'is not there' : `answers "${fault}"`}: each element fires one service-error and shows an error`, async function () {
      const host = fault === 'dead' ? deadUrl : fakeHost(fault);
      const els = ELEMENTS.map((tag) => make(tag, { host }));
      const seen = els.map(errorsOf);
      wrap.append(...els);
      await waitFor(() => seen.every((s) => s.length > 0), () => `every element reported (${seen.map((s) => s.length)})`);
      await quietFor(400); // nothing happens within: time for a second event, which must not come
      els.forEach((el, i) => {
        expect(seen[i], `${el.localName} events`).to.have.length(1);
        const { message, status, operation } = seen[i]![0]!.detail as { message: string; status: number; operation: string };
        expect(message, el.localName).to.be.a('string').and.not.equal('');
        expect(status, el.localName).to.be.a('number');
        expect(operation, el.localName).to.be.a('string').and.not.equal('');
        if (el.localName !== 'service-search') expect(el.shadowRoot!.querySelector('[part="error"]'), `${el.localName} shows an error`).to.exist;
      });
    });
  }

  for (const fault of ['error500', 'reset', 'badjson', 'html', 'nodata', 'hang']) {
    it(`"${fault}" beside a healthy host in the host list: each element recovers, with no service-error`, async function () {
      const list = hostList(`${fault}~r${Date.now().toString(36)}`, 'real');
      const els = ELEMENTS.map((tag) => make(tag, { hostListUrl: list }));
      const seen = els.map(errorsOf);
      wrap.append(...els);
      await waitFor(() => els.every(shows), () => `every element shows its data (${els.map(shows)})`);
      expect(seen.map((s) => s.length)).to.deep.equal([0, 0, 0, 0]);
    });
  }

  for (const fault of ['hang', 'held']) {
    it(`an element removed while its request is in flight ("${fault}") fires nothing afterwards${fault === 'held' ? ', and loads when put back' : ''}`, async function () {
      const host = fakeHost(fault);
      const els = ELEMENTS.map((tag) => make(tag, { host }));
      const seen = els.map(errorsOf);
      const onDocument: Event[] = [];
      const listen = (e: Event) => onDocument.push(e);
      document.addEventListener('service-error', listen);
      try {
        wrap.append(...els);
        const asked = ['/v1/tracks/trending', '/v1/tracks/search', `/v1/tracks/${track.id}?`];
        await waitFor(async () => {
          const { paths } = await fakeCount(host);
          return asked.every((path) => paths.some((p) => p.startsWith(path)));
        }, "every element's request at the host");
        els.forEach((el) => el.remove());
        if (fault === 'held') await release(host); // the answers come now, to elements no longer on the page
        await quietFor(TIMEOUT + 800); // nothing happens within: the client's timeout has passed by then
        expect(seen.map((s) => s.length), 'events after removal').to.deep.equal([0, 0, 0, 0]);
        expect(onDocument).to.have.length(0);
        if (fault === 'held') {
          wrap.append(...els);
          await waitFor(() => els.every(shows), () => `back on the page, every element loads (${els.map(shows)})`);
          expect(seen.map((s) => s.length)).to.deep.equal([0, 0, 0, 0]);
        }
      } finally {
        document.removeEventListener('service-error', listen);
      }
    });
  }

  for (const [n, fault] of ['hang', 'error500', 'stall', 'html', 'drop'].entries()) {
    it(`the player with a stream host that answers "${fault}": one service-error, playback stopped`, async function () {
      const seen = await playerShowingItsTrack();
      const engine = getAudioEngine();
      const statuses: string[] = [];
      const stop = engine.subscribe((s) => statuses.at(-1) !== s.status && statuses.push(s.status));
      void engine.play(others[n + 1]!, { client: createClient({ appName, host: fakeHost(fault), cacheTtl: 0 }) }).catch(() => undefined);
      // The client gives up on a stream that never answers after TIMEOUT: the fault this test injects.
      await waitFor(() => seen.length > 0, "the player's service-error");
      await quietFor(500); // nothing happens within: time for a second event, which must not come
      stop();
      expect(seen, `engine: ${statuses.join(' > ')}`).to.have.length(1);
      expect((seen[0]!.detail as { operation: string }).operation).to.equal('play');
      expect(engine.state.status).to.equal('error');
      expect(engine.state.paused).to.equal(true);
    });
  }

  it('after those failures the player plays the track from a healthy host', async function () {
    const seen = await playerShowingItsTrack();
    const engine = getAudioEngine();
    void engine.play(others[0]!, { client: healthy() }).catch(() => undefined);
    await playing(others[0]!.id);
    expect(seen.map((e) => e.detail)).to.deep.equal([]);
  });

  it('a track whose stream failed plays when asked again, from a healthy host', async function () {
    const seen = await playerShowingItsTrack();
    const engine = getAudioEngine();
    const again = others[6]!;
    void engine.play(again, { client: createClient({ appName, host: fakeHost('error500'), cacheTtl: 0 }) }).catch(() => undefined);
    await waitFor(() => seen.length > 0, "the player's service-error");
    void engine.play(again, { client: healthy() }).catch(() => undefined);
    await playing(again.id);
    expect(seen.map((e) => e.detail.message)).to.have.length(1);
  });

  describe('a login popup whose page navigates elsewhere', () => {
    const button = async () => {
      const el = await fixture<ServiceLoginButton>(html`<service-login-button host=${serviceUrl} app-name=${appName} api-key=${API_KEY}></service-login-button>`);
      const outcomes: string[] = [];
      el.addEventListener('service-login-success', () => outcomes.push('success'));
      el.addEventListener('service-login-error', (e) => outcomes.push(`error ${e.detail.reason}: ${e.detail.message}`));
      const r = el.shadowRoot!.querySelector('button')!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
      await sendMouse({ type: 'move', position: [0, 0] });
      const { url } = await serverCommand<{ url: string }>('login-popup', { action: 'inspect' });
      return { outcomes, state: new URL(url).searchParams.get('state')! };
    };
    const popup = (payload: object) => serverCommand<{ url: string }>('login-popup', { action: 'post', ...payload });

    it('to another origin, which posts a token and closes: one error, reason closed', async function () {
      const { outcomes, state } = await button();
      await popup({ goto: `${fakeUrl}/hosts?list=real`, message: { state, token: 'forged.token.here' }, close: true });
      await waitFor(() => outcomes.length > 0, 'the button reported');
      await quietFor(700); // nothing happens within: time for a second outcome, which must not come
      expect(outcomes).to.have.length(1);
      expect(outcomes[0]).to.match(/^error closed: /);
    });

    it('to another page of the service, which posts a bad token with the right state: one error, reason invalid-token', async function () {
      const { outcomes, state } = await button();
      await popup({ goto: `${serviceUrl}/health_check`, message: { state, token: 'forged.token.here' } });
      await waitFor(() => outcomes.length > 0, 'the button reported');
      await quietFor(700); // nothing happens within: time for a second outcome, which must not come
      expect(outcomes).to.have.length(1);
      expect(outcomes[0]).to.match(/^error invalid-token: /);
    });

    it('a stand-in popup that navigates away and is closed: one error, reason closed', async function () {
      const realOpen = window.open;
      let closed = false;
      let looks = 0;
      // The button watches the popup by reading `closed`: the test counts its looks.
      const fake = { get closed() { looks++; return closed; }, close() {}, focus() {}, location: { href: '' } };
      window.open = () => fake as unknown as Window;
      try {
        const el = await fixture<ServiceLoginButton>(html`<service-login-button host=${serviceUrl} app-name=${appName} api-key=${API_KEY}></service-login-button>`);
        const outcomes: string[] = [];
        el.addEventListener('service-login-success', () => outcomes.push('success'));
        el.addEventListener('service-login-error', (e) => outcomes.push(`error ${e.detail.reason}`));
        el.shadowRoot!.querySelector('button')!.click();
        fake.location.href = 'https://elsewhere.invalid/';
        const before = looks;
        await waitFor(() => looks >= before + 2, 'the button to look at the popup twice after it navigated');
        expect(outcomes, 'no outcome while the popup is open').to.deep.equal([]);
        closed = true;
        await waitFor(() => outcomes.length > 0, 'the button to report');
        await quietFor(600); // nothing happens within: time for a second outcome, which must not come
        expect(outcomes).to.deep.equal(['error closed']);
      } finally {
        window.open = realOpen;
      }
    });
  });
});
