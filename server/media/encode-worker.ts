/** Worker entry: synthesizes and encodes one track, posts the MP3 bytes back (transferred). */
import { parentPort, workerData } from 'node:worker_threads';
import { synthesize, type TrackTraits } from './synth.js';
import { encodeMp3 } from './mp3.js';

const track = workerData as TrackTraits;
const mp3 = encodeMp3(synthesize(track), track.duration);
parentPort!.postMessage(mp3, [mp3.buffer as ArrayBuffer]);
