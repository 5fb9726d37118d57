// The service's streams in each engine's own media stack: a track joined frame by frame from the
// audio palette decodes whole, at its duration, and an <audio> element plays it and seeks far
// into it. Waits are on the media events themselves, never on a clock.
import { expect } from '@open-wc/testing';
import type { Track } from '../../src/core/index.js';
import { serviceClient } from '../support/service.js';

/** Resolves at the first `type` event of `audio` for which `accept` holds; rejects at a media error. */
const until = (audio: HTMLAudioElement, type: string, accept: () => boolean = () => true) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      audio.removeEventListener(type, listener);
      audio.removeEventListener('error', failed);
    };
    const listener = () => {
      if (!accept()) return;
      done();
      resolve();
    };
    const failed = () => {
      done();
      reject(new Error(`media error ${audio.error?.code}: ${audio.error?.message}`));
    };
    audio.addEventListener(type, listener);
    audio.addEventListener('error', failed);
  });

describe("the service stream in the engine's media stack", function () {
  let tracks: Track[];
  const client = serviceClient();

  before(async () => {
    // Far down the list: tracks other tests are unlikely to have played (not that it costs the service more).
    const all = await client.getTrendingTracks({ time: 'allTime', limit: 100 });
    tracks = all.slice(60).filter((t) => t.duration >= 120 && t.duration <= 400);
    expect(tracks.length).to.be.greaterThan(2);
  });

  it('decodes every frame of a joined track: its duration to the frame, not silent, and unlike another track', async () => {
    const context = new OfflineAudioContext(1, 1, 24000);
    const decode = async (track: Track) => {
      const res = await fetch(await client.getStreamUrl(track.id));
      const bytes = await res.arrayBuffer();
      return { frames: bytes.byteLength / 144, audio: await context.decodeAudioData(bytes) };
    };
    const [a, b] = [await decode(tracks[0]!), await decode(tracks[1]!)];
    for (const [{ frames, audio }, track] of [[a, tracks[0]!], [b, tracks[1]!]] as const) {
      expect(frames % 1, 'whole 144-byte frames').to.equal(0);
      expect(audio.sampleRate).to.equal(24000);
      // Every frame decoded: the decoder's output is the frames' samples (give or take its own delay).
      expect(Math.abs(audio.length - frames * 576)).to.be.at.most(1152);
      expect(Math.abs(audio.duration - track.duration)).to.be.at.most(1);
      const samples = audio.getChannelData(0);
      let loud = 0;
      for (let second = 0; second < Math.floor(audio.duration) - 2; second++) {
        let peak = 0;
        for (let i = second * 24000; i < (second + 1) * 24000; i++) peak = Math.max(peak, Math.abs(samples[i]!));
        if (peak > 0.05) loud++;
      }
      expect(loud / (audio.duration - 2), 'seconds with sound').to.be.greaterThan(0.8);
    }
    const [x, y] = [a.audio.getChannelData(0), b.audio.getChannelData(0)];
    let difference = 0;
    for (let i = 0; i < 24000 * 20; i++) difference += Math.abs(x[i]! - y[i]!);
    expect(difference / (24000 * 20), 'mean difference of the first 20 s').to.be.greaterThan(0.01);
  });

  it('an <audio> element plays a joined track and seeks to 70 %, and playback goes on from there', async () => {
    const track = tracks[2]!;
    const audio = new Audio(await client.getStreamUrl(track.id));
    try {
      const playing = until(audio, 'playing');
      await audio.play();
      await playing;
      // A user seeks on a bar that shows the track's length: WebKit guesses the length from the
      // bytes so far (0.0016 s at first; later the whole, not always with a durationchange) and
      // clamps a seek to its guess, so wait until it knows, as the track plays.
      const known = () => Math.abs(audio.duration - track.duration) <= 1;
      if (!known()) await until(audio, 'timeupdate', known);
      const target = track.duration * 0.7;
      const seeked = until(audio, 'seeked');
      audio.currentTime = target;
      await seeked;
      await until(audio, 'timeupdate', () => audio.currentTime > target + 0.5);
      expect(audio.paused).to.equal(false);
      expect(audio.error).to.equal(null);
      expect(audio.duration).to.be.closeTo(track.duration, 1);
    } finally {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
  });
});
