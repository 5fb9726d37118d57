// The embed control API across origins: this page (the test runner's origin) steers two of the
// real service's embed frames (the service's origin, another port) through src/embed-api.ts, as a
// site does through dist/cdn/embed-api.js. The frames run the service's own kit, embed-frame.js.
import { expect } from '@open-wc/testing';
import { embed, type EmbedController, type EmbedEvents } from '../../src/embed-api.js';
import { appName, serviceUrl } from '../support/service.js';
import { quietFor, waitFor } from '../support/waits.js';

type Track = { id: string; title: string; duration: number; permalink?: string };
type Heard = { event: keyof EmbedEvents; data: unknown }[];
const EVENTS: (keyof EmbedEvents)[] = ['ready', 'play', 'pause', 'finish', 'progress', 'seek', 'error', 'autoplayblocked'];

const api = async <T>(path: string): Promise<T> => ((await (await fetch(`${serviceUrl}/v1${path}${path.includes('?') ? '&' : '?'}app_name=${appName}`)).json()) as { data: T }).data;

/** An iframe of the service's embed page at `path`, in this page. */
function frame(path: string): HTMLIFrameElement {
  const iframe = Object.assign(document.createElement('iframe'), { src: serviceUrl + path, width: '520', height: '200' });
  iframe.allow = 'autoplay';
  document.body.append(iframe);
  return iframe;
}

/** Every event `controller` fires, in order. */
function heard(controller: EmbedController): Heard {
  const events: Heard = [];
  for (const event of EVENTS) controller.on(event, (data) => events.push({ event, data }));
  return events;
}

/** Waits for `event` after the first `from` events heard, and gives its data. */
async function next(events: Heard, event: keyof EmbedEvents, from: number, accept: (data: never) => boolean = () => true): Promise<unknown> {
  const found = () => events.slice(from).find((e) => e.event === event && accept(e.data as never));
  await waitFor(found, () => `"${event}" from the frame; heard ${events.slice(from).map((e) => e.event).join(', ') || 'nothing'}`);
  return found()!.data;
}

describe('the embed control API, from another origin than the service', () => {
  let track: Track;
  let tracks: Track[];
  const frames: HTMLIFrameElement[] = [];
  after(() => frames.forEach((f) => f.remove()));

  before(async () => {
    expect(new URL(serviceUrl).origin).not.to.equal(location.origin);
    track = (await api<Track[]>('/tracks/trending?limit=10')).find((t) => t.duration > 90)!;
    const playlists = await api<{ id: string }[]>('/playlists/search?query=a&limit=5');
    for (const { id } of playlists) {
      tracks = await api<Track[]>(`/playlists/${id}/tracks`);
      if (tracks.length >= 2) {
        frames.push(frame(`/embed/playlist/${id}`));
        break;
      }
    }
    frames.unshift(frame(`/embed/track/${track.id}`));
  });

  it('steers a track and a playlist: every command, every event, and the one-at-a-time rule across frames', async () => {
    const [card, list] = frames.map((f) => embed(f, { timeout: 20_000 }));
    const [cardEvents, listEvents] = [heard(card!), heard(list!)];
    expect(embed(frames[0]!)).to.equal(card); // one controller per iframe

    // Commands sent before ready wait for it.
    const paused = card!.isPaused();
    await next(cardEvents, 'ready', 0);
    expect(await paused).to.equal(true);
    let late = false;
    card!.on('ready', () => (late = true));
    await waitFor(() => late, 'a listener added after ready to learn it');
    expect((await card!.getCurrentTrack() as Track).id).to.equal(track.id);
    expect(await card!.getDuration()).to.be.closeTo(track.duration * 1000, 2000);

    // play, progress at least 4 times a second, the position, pause.
    let from = cardEvents.length;
    await card!.play();
    await next(cardEvents, 'play', from);
    const first = (await next(cardEvents, 'progress', from)) as EmbedEvents['progress'];
    await next(cardEvents, 'progress', from, (p: EmbedEvents['progress']) => p.position >= first.position + 1000);
    const inSecond = cardEvents.filter((e) => e.event === 'progress' && (e.data as EmbedEvents['progress']).position <= first.position + 1000);
    expect(inSecond.length, 'progress events within one second of playback').to.be.at.least(4);
    expect(first.duration).to.be.closeTo(track.duration * 1000, 2000);
    expect(await card!.getPosition()).to.be.greaterThan(first.position);
    from = cardEvents.length;
    await card!.pause();
    await next(cardEvents, 'pause', from);
    expect(await card!.isPaused()).to.equal(true);

    // seekTo 1:00, while paused: a seek, and the position there.
    from = cardEvents.length;
    await card!.seekTo(60_000);
    expect(((await next(cardEvents, 'seek', from)) as EmbedEvents['seek']).position).to.be.closeTo(60_000, 500);
    expect(await card!.getPosition()).to.be.closeTo(60_000, 500);
    expect(await card!.isPaused()).to.equal(true);

    // Volume, toggle.
    await card!.setVolume(40);
    expect(await card!.getVolume()).to.equal(40);
    from = cardEvents.length;
    await card!.toggle();
    await next(cardEvents, 'play', from);
    expect(await card!.getPosition()).to.be.at.least(60_000);

    // Another frame of the service that plays pauses this one (the engines' one-at-a-time rule).
    await next(listEvents, 'ready', 0);
    from = cardEvents.length;
    await list!.play();
    await next(listEvents, 'play', 0);
    await next(cardEvents, 'pause', from);
    expect((await list!.getCurrentTrack() as Track).id).to.equal(tracks[0]!.id);
    await list!.next();
    await waitFor(async () => ((await list!.getCurrentTrack()) as Track).id === tracks[1]!.id, 'next to play the second track');
    await list!.previous(); // within 3 s of the start: the track before
    await waitFor(async () => ((await list!.getCurrentTrack()) as Track).id === tracks[0]!.id, 'previous to go back to the first track');
    from = listEvents.length;
    await list!.pause();
    await next(listEvents, 'pause', from);

    // finish: near the end, played out.
    from = cardEvents.length;
    await card!.seekTo(track.duration * 1000 - 1500);
    await card!.play();
    await next(cardEvents, 'finish', from);
    expect(cardEvents.filter((e) => e.event === 'error')).to.deep.equal([]);
    expect(listEvents.filter((e) => e.event === 'error')).to.deep.equal([]);
  });

  it('load shows another resource in the frame (a public URL), and ready fires again; a URL of nothing rejects', async () => {
    const list = embed(frames[1]!);
    const events = heard(list);
    await next(events, 'ready', 0); // the page there now
    const from = events.length;
    const other = tracks.find((t) => t.id !== track.id && t.permalink)!;
    await list.load(serviceUrl + other.permalink!, { theme: 'dark' });
    await next(events, 'ready', from);
    expect((await list.getCurrentTrack() as Track).id).to.equal(other.id);
    let failure: Error | undefined;
    await list.load(`${serviceUrl}/nobody-here/nothing`).catch((error: Error) => (failure = error));
    expect(failure?.message).to.match(/^Nothing to embed at /);
  });

  it('ignores a message whose source is not its parent, and a page that is not the frame cannot speak for it', async () => {
    const controllers = frames.map((f) => embed(f));
    const events = controllers.map(heard);
    for (const [i, controller] of controllers.entries()) {
      await next(events[i]!, 'ready', 0);
      await controller.pause();
    }
    const before = events.map((e) => e.length);
    // Two frames that are not the embeds' parent post commands into the embeds, and events to this
    // page as an embed would: one of a third origin (opaque: a data: URL), one of this page's own (srcdoc).
    const script = `<script>
      for (let i = 0; i < parent.frames.length; i++) if (parent.frames[i] !== window) parent.frames[i].postMessage({ method: 'play', id: 1 }, '*');
      parent.postMessage({ event: 'play' }, '*');
      parent.postMessage({ event: 'reply', id: 1, data: 'forged' }, '*');
      parent.postMessage('intruder-done', '*');
    </script>`;
    const origins: string[] = [];
    const onDone = (e: MessageEvent) => e.data === 'intruder-done' && origins.push(e.origin);
    addEventListener('message', onDone);
    const intruders = [Object.assign(document.createElement('iframe'), { src: `data:text/html,${encodeURIComponent(script)}` }), Object.assign(document.createElement('iframe'), { srcdoc: script })];
    document.body.append(...intruders);
    await waitFor(() => origins.length === 2, 'both intruders to post');
    removeEventListener('message', onDone);
    expect(origins.sort()).to.deep.equal([location.origin, 'null'].sort());
    await quietFor(1000); // a play an embed took from it would show within this
    expect(events.map((e, i) => e.slice(before[i]))).to.deep.equal([[], []]);
    for (const controller of controllers) expect(await controller.isPaused()).to.equal(true);
    intruders.forEach((f) => f.remove());
  });

  it('an embed whose URL names another origin takes no command from this page: the call rejects after the bound', async () => {
    const other = frame(`/embed/track/${track.id}?origin=${encodeURIComponent('https://elsewhere.example')}`);
    frames.push(other);
    const controller = embed(other, { timeout: 3000 });
    let failure: Error | undefined;
    await controller.getPosition().catch((error: Error) => (failure = error));
    expect(failure?.message).to.equal('The embed frame did not answer "getPosition" within 3000 ms.');

    // destroy: what still waits rejects; the iframe gets a new controller when asked again.
    const pending = controller.isPaused().catch((error: Error) => error.message);
    controller.destroy();
    expect(await pending).to.equal('The embed controller was destroyed.');
    expect(embed(other)).not.to.equal(controller);
    expect(() => embed(document.body as never)).to.throw(TypeError, 'embed() takes the <iframe> of an embed of the service.');
  });

  it('the frame takes what waited in the page bootstrap\'s inbox, then takes the inbox over: each message handled once', async () => {
    // A frame of this origin with a stand-in for the embed page's bootstrap: its one listener fills the inbox.
    const iframe = document.createElement('iframe');
    iframe.srcdoc = `<service-track-card data-embed track-id="${track.id}" host="${serviceUrl}" app-name="${appName}"></service-track-card>
      <script>
        const key = Symbol.for('service-kit.embed.inbox');
        globalThis[key] = [];
        addEventListener('message', (e) => e.source === parent && globalThis[key].push(e));
      </script>
      <script type="module">
        import '/src/all.ts';
        import { startFrameProtocol } from '/src/embed/frame-protocol.ts';
        // The protocol starts once a parent message waits (the bootstrap's listener, added first, has queued it), however fast the modules came.
        const inbox = globalThis[Symbol.for('service-kit.embed.inbox')];
        if (!inbox.length) await new Promise((resolve) => addEventListener('message', resolve, { once: true }));
        window.waited = inbox.length;
        startFrameProtocol();
      </script>`;
    frames.push(iframe);
    let replies = 0;
    const count = (e: MessageEvent) => e.source === iframe.contentWindow && e.data?.event === 'reply' && replies++;
    addEventListener('message', count);
    // The kit's modules one by one from the test server: slow in a busy WebKit, so a long bound.
    const controller = embed(iframe, { timeout: 100_000 });
    document.body.append(iframe);
    const volume = controller.getVolume(); // sent once the frame is ready
    let ready = false;
    controller.on('ready', () => (ready = true));
    await waitFor(() => ready, 'ready from the frame', { timeout: 100_000 });
    expect((iframe.contentWindow as Window & { waited: number }).waited, 'listen messages that waited in the inbox').to.be.greaterThan(0);
    expect(await volume).to.equal(100);
    await controller.setVolume(30);
    expect(await controller.getVolume()).to.equal(30);
    await quietFor(500); // a second reply to any of them would come within this
    removeEventListener('message', count);
    expect(replies).to.equal(3);
  });

  it('a command to a frame that was removed rejects with a clear error', async () => {
    const card = embed(frames[0]!);
    await new Promise((resolve) => card.on('ready', resolve));
    frames[0]!.remove();
    let failure: Error | undefined;
    await card.play().catch((error: Error) => (failure = error));
    expect(failure?.message).to.equal('The embed frame is gone: "play" has no frame to go to.');
  });
});

describe('an embed with autoplay=1, steered through the API', () => {
  let track: Track;
  let iframe: HTMLIFrameElement | undefined;
  afterEach(() => iframe?.remove());

  before(async () => {
    track = (await api<Track[]>('/tracks/trending?limit=10')).find((t) => t.duration > 30)!;
  });

  /**
   * A same-origin (test/support/embed-proxy.mjs) autoplay embed whose play() is `play`: no engine
   * refuses on demand. The initial about:blank's Window is the one the same-origin page gets
   * (HTML's window reuse), so `play` is in place before the kit runs.
   */
  function refusingFrame(play: () => Promise<void>) {
    iframe = Object.assign(document.createElement('iframe'), { src: `/embed/track/${track.id}?autoplay=1` });
    iframe.style.cssText = 'width:520px;height:200px;border:0';
    const controller = embed(iframe, { timeout: 20_000 });
    const events = heard(controller);
    document.body.append(iframe);
    const win = iframe.contentWindow as Window & typeof globalThis;
    win.HTMLMediaElement.prototype.play = play;
    return { controller, events, win };
  }

  it('plays on load with no command: the controller hears ready and play, and the position moves', async () => {
    iframe = frame(`/embed/track/${track.id}?autoplay=1`);
    const controller = embed(iframe, { timeout: 20_000 });
    const events = heard(controller);
    await next(events, 'ready', 0);
    await next(events, 'play', 0);
    const at = await controller.getPosition();
    await waitFor(async () => (await controller.getPosition()) > at + 500, 'the position to advance half a second');
    expect(await controller.isPaused()).to.equal(false);
    expect(events.filter((e) => e.event === 'autoplayblocked' || e.event === 'error')).to.deep.equal([]);
  });

  it('where the browser refuses to play, the controller hears autoplayblocked and the card shows Play', async () => {
    const refuse = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    const { controller, events, win } = refusingFrame(refuse);
    await next(events, 'ready', 0);
    expect(win.HTMLMediaElement.prototype.play, 'the page kept the refusing play()').to.equal(refuse);
    await next(events, 'autoplayblocked', 0);
    const card = win.document.querySelector<HTMLElement>('[data-embed]')!;
    const label = () => card.shadowRoot!.querySelector('[part~="play-button"]')?.getAttribute('aria-label') ?? '';
    await waitFor(() => /^Play /.test(label()), () => `the card to show Play (it says "${label()}")`);
    expect(await controller.isPaused()).to.equal(true);
    expect(events.filter((e) => e.event === 'play' || e.event === 'error')).to.deep.equal([]);
  });

  it('where the track cannot play, the controller hears error with the reason the card shows', async () => {
    // As WebKit's play() refuses a source it cannot play.
    const { controller, events } = refusingFrame(() => Promise.reject(new DOMException('unsupported', 'NotSupportedError')));
    await next(events, 'ready', 0);
    const { reason } = (await next(events, 'error', 0)) as { reason: string };
    expect(reason).to.equal('The track could not be played.');
    expect(await controller.isPaused()).to.equal(true);
    expect(events.filter((e) => e.event === 'play' || e.event === 'autoplayblocked')).to.deep.equal([]);
  });
});
