// The page's audio engine (src/core/audio.ts) and media errors, in every engine: a track that
// cannot be decoded fails; an error the element reports while it goes on playing does not.
import { expect, waitUntil } from '@open-wc/testing';
import { getAudioEngine } from '../../src/core/audio.js';
import { createClient, type Track } from '../../src/core/index.js';
import { appName, fakeHost, serviceClient } from '../support/service.js';

const engine = getAudioEngine();
const SLOW = { timeout: 15000 };

/** Runs `start` and gives back the <audio> element the engine plays into (it is not in the document). */
async function audioOf(start: () => Promise<void>): Promise<HTMLMediaElement> {
  const real = HTMLMediaElement.prototype.play;
  const played: HTMLMediaElement[] = [];
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    played.push(this);
    return real.call(this);
  };
  try {
    await start();
  } finally {
    HTMLMediaElement.prototype.play = real;
  }
  if (!played[0]) throw new Error('the engine played nothing');
  return played[0];
}

describe('the audio engine and media errors', () => {
  let track: Track;
  before(async () => {
    const tracks = await serviceClient().getTrendingTracks({ time: 'allTime', limit: 100 });
    track = [...tracks].sort((a, b) => a.duration - b.duration)[0]!;
  });
  afterEach(() => engine.pause());

  it('a track whose audio no engine can decode ends in status error, paused', async function () {
    this.timeout(30000);
    const client = createClient({ appName, host: fakeHost('noise'), cacheTtl: 0 });
    void engine.play(track, { client });
    await waitUntil(() => engine.state.status === 'error', 'the track fails', SLOW);
    expect(engine.state.paused).to.equal(true);
    expect(engine.state.error).to.equal('The track could not be played.');
  });

  it('an error the element reports while it plays on is not fatal: the clock goes on', async function () {
    this.timeout(30000);
    const audio = await audioOf(() => engine.play(track, { client: serviceClient() }));
    await waitUntil(() => engine.state.status === 'playing' && audio.currentTime > 0, 'the track plays', SLOW);
    // What Firefox does with no sound device: an error event while playback goes on. No engine
    // raises one on demand, so the event is dispatched; the element itself keeps playing.
    audio.dispatchEvent(new Event('error'));
    const at = audio.currentTime;
    await waitUntil(() => audio.currentTime >= at + 1, 'the element plays on', SLOW);
    expect([engine.state.status, engine.state.paused, engine.state.error]).to.deep.equal(['playing', false, undefined]);
    expect(engine.state.currentTime).to.be.greaterThan(at);
  });

  it('the same error while the track is paused is fatal at once', async function () {
    this.timeout(30000);
    const audio = await audioOf(() => engine.load(track, { client: serviceClient() }).then(() => engine.play()));
    engine.pause();
    await waitUntil(() => engine.state.paused, 'paused');
    audio.dispatchEvent(new Event('error'));
    expect(engine.state.status).to.equal('error');
  });
});
