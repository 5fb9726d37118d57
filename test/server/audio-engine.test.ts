// The audio engine and the player model (src/core/audio-engine.ts, src/core/player.ts) in Node:
// an engine of its own with a stand-in media element (test/server/fake-media.ts), streams from
// a real service on a real catalog. What <service-audio-player> shows and fires is decided here.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.js';
import { createAudioEngine, createPlayer, type AudioEngine, type Player, type PlayerEvent, type PlayerState } from '../../src/core/audio.js';
import { createClient, type Client, type Track } from '../../src/core/index.js';
import { FakeMedia } from './fake-media.js';

let service: RunningService;
let dataDir: string;
let client: Client;
let tracks: Track[]; // four of the catalog's, the shortest first

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-audio-'));
  service = await startService({ port: 0, dataDir });
  client = createClient({ appName: 'audio-engine-test', host: service.url });
  tracks = (await client.getTrendingTracks({ time: 'allTime', limit: 20 })).sort((a, b) => a.duration - b.duration).slice(0, 4);
  assert.equal(tracks.length, 4);
});

after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let media: FakeMedia;
let engine: AudioEngine;

beforeEach(() => {
  media = new FakeMedia();
  engine = createAudioEngine({ media: () => media });
});

/** Resolves with the engine's state once `accept` holds for it (at once if it does now). */
function engineState(accept: (state: PlayerState) => boolean): Promise<PlayerState> {
  return new Promise((resolve) => {
    let done = false;
    const stop = engine.subscribe((state) => {
      if (done || !accept(state)) return;
      done = true;
      resolve(state);
      queueMicrotask(() => stop());
    });
  });
}

/** A player on the test's engine, and the events it fires, as `type` or `type:track id`. */
function playerWithLog(): { player: Player; events: string[]; stop: () => void } {
  const player = createPlayer(engine);
  const events: string[] = [];
  const describe = ([type, detail]: PlayerEvent) =>
    'track' in detail ? `${type}:${detail.track.id}` : 'currentTime' in detail ? `${type}:${detail.currentTime}` : `${type}:${detail.message}`;
  const stop = player.subscribe((_, changes) => events.push(...changes.map(describe)));
  return { player, events, stop };
}

describe('the audio engine in Node, with a media element of its own', () => {
  test('plays a track: the stream URL of the selected host goes to the media element', async () => {
    const [track] = tracks;
    await engine.play(track!, { client });
    const state = await engineState((s) => s.status === 'playing');
    assert.equal(state.track?.id, track!.id);
    assert.deepEqual(media.calls, [`src /v1/tracks/${track!.id}/stream`, 'play']);
    assert.ok(media.src.startsWith(`${service.url}/v1/tracks/${track!.id}/stream?`));
    assert.match(media.src, /app_name=audio-engine-test/);
  });

  test('load() makes a track current without playing it', async () => {
    await engine.load(tracks[1]!, { client });
    await media.loading;
    assert.deepEqual([engine.state.track?.id, engine.state.status, engine.state.paused], [tracks[1]!.id, 'paused', true]);
    assert.deepEqual(media.calls, [`src /v1/tracks/${tracks[1]!.id}/stream`]);
  });

  test('a track the service does not have fails with the same sentence in every engine', async () => {
    const missing = { ...tracks[0]!, id: 'zzzzzzzz' };
    await engine.play(missing, { client });
    const state = await engineState((s) => s.status === 'error');
    assert.deepEqual([state.paused, state.error], [true, 'The track could not be played.']);
  });

  test('a failure is final: the load\'s watchdog does not later call it a timeout', async () => {
    // The real 404 comes well within 2 s on a busy machine too; the watchdog is set for 2 s with the load.
    const quick = createClient({ appName: 'audio-engine-test', host: service.url, timeout: 2000 });
    await engine.play({ ...tracks[0]!, id: 'zzzzzzzz' }, { client: quick });
    await engineState((s) => s.status === 'error');
    // Nothing happens within: a timer set now, as long, fires after the watchdog's (timers run by deadline).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    assert.equal(engine.state.error, 'The track could not be played.');
    assert.ok(media.getAttribute('src'), 'the source stays');
  });

  test('play() refused as unsupported (WebKit, before the error event) says the same', async () => {
    media.refusePlay = Object.assign(new Error('The operation is not supported.'), { name: 'NotSupportedError' });
    await engine.play(tracks[0]!, { client });
    assert.deepEqual([engine.state.status, engine.state.error], ['error', 'The track could not be played.']);
  });

  test('play() refused by the autoplay policy (NotAllowedError) is paused and blocked, not an error, until a play plays', async () => {
    const { player, events, stop } = playerWithLog();
    media.refusePlay = Object.assign(new Error('play() failed because the user didn\'t interact with the document first.'), { name: 'NotAllowedError' });
    await engine.play(tracks[0]!, { client });
    assert.deepEqual([engine.state.status, engine.state.paused, engine.state.blocked, engine.state.error], ['paused', true, true, undefined]);
    assert.deepEqual(events.slice(1), [`play:${tracks[0]!.id}`, `pause:${tracks[0]!.id}`], 'asked to play, then paused: no error event');
    await media.loading;
    await player.play({ client });
    assert.deepEqual([engine.state.status, engine.state.blocked], ['playing', undefined]);
    stop();
  });

  test('a play the autoplay policy refused waits for the gesture: the load\'s watchdog does not fail it', async () => {
    media.stall = true; // as iOS holds the data back until the reader's gesture
    const slow = createClient({ appName: 'audio-engine-test', host: service.url, timeout: 50 });
    media.refusePlay = Object.assign(new Error('play() needs a gesture'), { name: 'NotAllowedError' });
    await engine.play(tracks[0]!, { client: slow });
    // Nothing happens within: a timer set now, as long, fires after the watchdog's (timers run by deadline).
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual([engine.state.status, engine.state.blocked, engine.state.error], ['paused', true, undefined]);
    assert.ok(media.getAttribute('src'), 'the source stays');
  });

  test('no stream URL (no host answers) is an error with the client\'s words', async () => {
    const unreachable = createClient({ appName: 'audio-engine-test', hostListUrl: 'http://127.0.0.1:9/hosts', timeout: 2000 });
    await engine.play(tracks[0]!, { client: unreachable });
    assert.equal(engine.state.status, 'error');
    assert.ok(engine.state.error && engine.state.error !== 'The track could not be played.', engine.state.error);
    assert.equal(media.calls.length, 0);
  });

  test('a host that never sends the audio fails after the client\'s timeout', async () => {
    media.stall = true;
    const slow = createClient({ appName: 'audio-engine-test', host: service.url, timeout: 50 });
    void engine.play(tracks[0]!, { client: slow });
    const state = await engineState((s) => s.status === 'error');
    assert.equal(state.error, 'The track did not load in time.');
    assert.equal(media.getAttribute('src'), null);
  });

  test('the end of a track plays the next in the queue', async () => {
    await engine.play(tracks[0]!, { client, queue: tracks });
    await engineState((s) => s.status === 'playing');
    media.finish();
    const next = await engineState((s) => s.status === 'playing' && s.track?.id === tracks[1]!.id);
    assert.equal(next.index, 1);
  });
});

describe('the player model: a track of its own, cued without playing', () => {
  test('cueing shows the track paused at 0:00 and fires trackchange; the engine plays nothing', () => {
    const { player, events } = playerWithLog();
    const track = tracks[0]!;
    player.cue(track.id); // asked for; not loaded yet: the engine's (no) track shows
    assert.equal(player.view.track, undefined);
    player.cue(track.id, track);
    assert.deepEqual(player.view, { track, paused: true, status: 'idle', currentTime: 0, duration: track.duration });
    assert.equal(player.cued, track);
    assert.deepEqual(events, [`trackchange:${track.id}`]);
    assert.deepEqual([engine.state.status, media.calls], ['idle', []]);
  });

  test('a track of another id, or none, is not shown', () => {
    const { player, events } = playerWithLog();
    player.cue(tracks[0]!.id, tracks[1]);
    assert.equal(player.view.track, undefined);
    player.cue(undefined, tracks[0]);
    assert.equal(player.cued, undefined);
    assert.deepEqual(events, []);
  });

  test('seeking a cued track moves where it will start (clamped to it), with timeupdate; the engine is not touched', () => {
    const { player, events } = playerWithLog();
    const track = tracks[0]!;
    player.cue(track.id, track);
    player.seek(20);
    player.seek(-5);
    player.seek(track.duration + 100);
    player.seek(NaN);
    assert.equal(player.view.currentTime, track.duration);
    assert.deepEqual(events, [`trackchange:${track.id}`, 'timeupdate:20', 'timeupdate:0', `timeupdate:${track.duration}`]);
    player.pause(); // nothing plays: nothing to pause
    assert.deepEqual([engine.state.status, media.calls], ['idle', []]);
  });

  test('play() plays the cued track from where it was put; events: play, then the position', async () => {
    const { player, events } = playerWithLog();
    const track = tracks[0]!;
    player.cue(track.id, track);
    player.seek(20);
    await player.play({ client });
    await engineState((s) => s.status === 'playing');
    assert.deepEqual([engine.state.track?.id, engine.state.queue.length, engine.state.currentTime], [track.id, 1, 20]);
    assert.equal(player.cued, undefined); // the engine's own now
    // play fires as the engine starts loading it; the position goes to 0 with the new load, then to 20.
    assert.deepEqual(events, [`trackchange:${track.id}`, 'timeupdate:20', `play:${track.id}`, 'timeupdate:0', 'timeupdate:20']);

    events.length = 0;
    player.pause();
    assert.deepEqual(events, [`pause:${track.id}`]);
    assert.equal(engine.state.status, 'paused');
  });

  test('cueing while the engine plays leaves it playing; the engine playing another track takes the view back', async () => {
    await engine.play(tracks[0]!, { client, queue: tracks });
    await engineState((s) => s.status === 'playing');
    const { player, events } = playerWithLog();
    const own = tracks[3]!;
    player.cue(own.id, own);
    assert.deepEqual([player.view.track?.id, player.view.paused], [own.id, true]);
    player.pause(); // the shown track is not playing: the engine's goes on
    assert.equal(engine.state.status, 'playing');
    await engine.next(); // the queue is the engine's, not the cued track's
    assert.equal(player.cued, undefined);
    assert.equal(player.view.track?.id, tracks[1]!.id);
    // The cued track shows paused: pause fires for it, as the shown track stopped playing.
    assert.deepEqual(events, [`trackchange:${own.id}`, `pause:${own.id}`, `trackchange:${tracks[1]!.id}`, `play:${tracks[1]!.id}`]);
  });

  test('a cue made while a track plays shows only until the engine changes track, even before the cued track loads', async () => {
    await engine.play(tracks[0]!, { client });
    const { player } = playerWithLog();
    player.cue(tracks[2]!.id); // asked for while track 0 is current
    await engine.play(tracks[1]!, { client }); // the listener plays another before it loads
    player.cue(tracks[2]!.id, tracks[2]);
    assert.equal(player.view.track?.id, tracks[1]!.id);
  });

  test('the end of the shown track fires pause then ended; a playback failure fires error, not pause', async () => {
    const { player, events } = playerWithLog();
    await player.play({ client }); // nothing cued, nothing current: nothing happens
    assert.deepEqual([events, media.calls], [[], []]);
    await engine.play(tracks[0]!, { client });
    await engineState((s) => s.status === 'playing');
    media.finish();
    await engineState((s) => s.status === 'ended');
    assert.deepEqual(events.slice(-2), [`pause:${tracks[0]!.id}`, `ended:${tracks[0]!.id}`]);

    events.length = 0;
    await engine.play(tracks[1]!, { client });
    media.fail(3); // while it loads: fatal at once
    assert.deepEqual(events, [`trackchange:${tracks[1]!.id}`, `play:${tracks[1]!.id}`, 'error:The track could not be played.']);
    await media.loading;
    assert.equal(engine.state.status, 'error');
  });

  test('a listener that leaves and comes back hears what changed meanwhile; none hears before its first change', async () => {
    const { player, events, stop } = playerWithLog();
    stop();
    await engine.play(tracks[0]!, { client });
    assert.deepEqual(events, []);
    const later: string[] = [];
    player.subscribe((_, changes) => later.push(...changes.map(([type]) => type)));
    assert.deepEqual(later, ['trackchange', 'play']);
  });

  test('the player follows the engine it was made with, not the page\'s', async () => {
    const other = createAudioEngine({ media: () => new FakeMedia() });
    const player = createPlayer(other);
    await engine.play(tracks[0]!, { client });
    assert.equal(player.view.track, undefined);
    assert.equal(player.engine, other);
  });
});

describe('the audio engine adopting a media element (an embed page\'s Play before its kit)', () => {
  /** A media element already playing `track` at 12 s, as the embed page's bootstrap leaves it. */
  async function early(track: Track): Promise<FakeMedia> {
    const playing = new FakeMedia();
    playing.src = await client.getStreamUrl(track.id);
    await playing.play();
    await playing.loading;
    playing.tick(12);
    return playing;
  }

  test('takes it over for its track: no new request, no restart, the position and state kept; then it is the engine\'s', async () => {
    const held = await early(tracks[0]!);
    const calls = held.calls.length;
    const adopter = createAudioEngine({ adopt: () => ({ media: held, trackId: tracks[0]!.id }), media: () => assert.fail('no element of its own') });
    await adopter.load(tracks[0]!, { client, queue: tracks });
    const { track, status, paused, currentTime, index, queue } = adopter.state;
    assert.deepEqual([track?.id, status, paused, currentTime, index, queue.length], [tracks[0]!.id, 'playing', false, 12, 0, tracks.length]);
    assert.equal(held.calls.length, calls, 'no src set, no play');
    adopter.pause();
    assert.deepEqual([held.paused, adopter.state.status], [true, 'paused']);
    await adopter.play(tracks[1]!, { client });
    assert.equal(held.calls.at(-2), `src /v1/tracks/${tracks[1]!.id}/stream`, 'the next track plays in the same element');
  });

  test('an element holding another track plays the one asked for, in that element', async () => {
    const held = await early(tracks[2]!);
    const adopter = createAudioEngine({ adopt: () => ({ media: held, trackId: tracks[2]!.id }), media: () => assert.fail('no element of its own') });
    await adopter.play(tracks[0]!, { client });
    assert.equal(held.calls.at(-2), `src /v1/tracks/${tracks[0]!.id}/stream`);
    assert.equal(adopter.state.track?.id, tracks[0]!.id);
  });
});
