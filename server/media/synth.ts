/**
 * Deterministic music for the reference service's tracks. A track's id, genre and mood seed
 * every choice (tempo, key, scale, chords, melody, timbre, drum pattern), so each track sounds
 * different and the same track always gives the same samples. Audio is produced one bar at a
 * time, so a long track never needs its whole PCM in memory.
 */
import { Rng, hashSeed } from './prng.js';
import { addHat, addKick, addSnare, addTone, midiToHz, wavetable, type ToneShape } from './voices.js';

/** What the generator needs to know about a track. */
export interface TrackTraits {
  id: number;
  genre: string | null;
  mood: string | null;
  /** Seconds; the audio is exactly this long. */
  duration: number;
}

export const SAMPLE_RATE = 22050;

/**
 * Longest audio generated. A loaded catalog may claim durations of days; past two hours
 * (about 2.5 minutes of encoding and 43 MB) the stream stops short of the listed duration.
 */
export const MAX_SECONDS = 2 * 60 * 60;

/** The exact sample count of a track: its duration, at least one second and at most MAX_SECONDS. */
export function sampleCount(duration: number, rate = SAMPLE_RATE): number {
  return Math.round(Math.min(MAX_SECONDS, Math.max(1, duration)) * rate);
}

interface Style {
  bpm: [number, number];
  swing: number;
  /** 0..1: drum loudness and busyness. */
  energy: number;
  fourOnFloor: boolean;
  halfTime: boolean;
}

const STYLES: Array<[RegExp, Style]> = [
  [/ambient|chill|lo-?fi|classical|piano|new age|acoustic|folk/i, { bpm: [68, 88], swing: 0, energy: 0.3, fourOnFloor: false, halfTime: true }],
  [/hip.?hop|rap|r&b|soul|funk|jazz|reggae/i, { bpm: [80, 98], swing: 0.18, energy: 0.6, fourOnFloor: false, halfTime: false }],
  [/drum|dnb|jungle|dubstep|trap/i, { bpm: [140, 174], swing: 0, energy: 0.8, fourOnFloor: false, halfTime: true }],
  [/house|techno|electro|dance|edm|trance|disco/i, { bpm: [118, 130], swing: 0, energy: 0.85, fourOnFloor: true, halfTime: false }],
  [/rock|metal|punk|alternative|indie/i, { bpm: [105, 150], swing: 0, energy: 0.75, fourOnFloor: false, halfTime: false }],
];
const DEFAULT_STYLE: Style = { bpm: [92, 124], swing: 0.05, energy: 0.6, fourOnFloor: false, halfTime: false };

const BRIGHT_SCALES = [[0, 2, 4, 5, 7, 9, 11], [0, 2, 4, 7, 9], [0, 2, 4, 5, 7, 9, 10]];
const DARK_SCALES = [[0, 2, 3, 5, 7, 8, 10], [0, 3, 5, 7, 10], [0, 2, 3, 5, 7, 9, 10]];
const DARK_MOOD = /sad|melanchol|dark|brood|somber|sombre|aggress|fier|defiant|yearn|gritty/i;
const BRIGHT_MOOD = /peace|happy|upbeat|romantic|tender|easy|cool|sentimental|sensual|stirring|empower|energi|excit|rowdy|joy/i;
const PROGRESSIONS = [[0, 4, 5, 3], [0, 5, 3, 4], [5, 3, 0, 4], [0, 3, 4, 4], [0, 0, 3, 4], [0, 2, 3, 4], [0, 3, 0, 4]];

interface Note {
  step: number;
  length: number;
  /** Scale degree (melody) or semitones above the chord root (bass). */
  degree: number;
}

interface Plan {
  stepLength: number;
  swing: number;
  energy: number;
  scale: number[];
  root: number;
  progression: number[];
  motifs: [Note[], Note[]];
  bassLine: Note[];
  kick: number[];
  snare: number[];
  hats: number[];
  lead: ToneShape;
  bass: ToneShape;
  pad: ToneShape;
}

/** A one-bar melody: a random walk over scale degrees with rests, on 16th-note steps. */
function motif(rng: Rng): Note[] {
  const notes: Note[] = [];
  let degree = rng.int(0, 4);
  for (let step = 0; step < 16; ) {
    const length = Math.min(16 - step, rng.pick([1, 2, 2, 2, 3, 4]));
    if (!rng.chance(0.3)) {
      degree = Math.max(-2, Math.min(9, degree + rng.pick([-3, -2, -1, -1, 0, 1, 1, 2, 3])));
      notes.push({ step, length, degree });
    }
    step += length;
  }
  return notes;
}

function makePlan(track: TrackTraits, rate: number): Plan {
  const rng = new Rng(hashSeed(`${track.id}|${track.genre ?? ''}|${track.mood ?? ''}`));
  const style = STYLES.find(([pattern]) => pattern.test(track.genre ?? ''))?.[1] ?? DEFAULT_STYLE;
  const mood = track.mood ?? '';
  const dark = DARK_MOOD.test(mood) ? true : BRIGHT_MOOD.test(mood) ? false : rng.chance(0.5);
  const bpm = rng.range(style.bpm[0], style.bpm[1]);
  const energy = Math.min(1, Math.max(0.2, style.energy + rng.range(-0.1, 0.1)));

  const kick = style.fourOnFloor ? [0, 4, 8, 12] : style.halfTime ? [0, 10] : [0, ...[6, 8, 10, 11, 14].filter(() => rng.chance(0.4))];
  const snare = style.halfTime ? [8] : [4, 12];
  if (rng.chance(0.4)) snare.push(rng.pick([7, 14, 15]));
  const hats = Array.from({ length: 16 }, (_, s) => (s % 2 === 0 ? 1 : energy > 0.55 && rng.chance(0.7) ? 0.5 : 0));

  const bassLine: Note[] = [{ step: 0, length: rng.pick([2, 3, 4]), degree: 0 }];
  for (let step = 6; step < 16; step += 2) {
    if (rng.chance(0.45)) bassLine.push({ step, length: 2, degree: rng.pick([0, 0, 7, 12]) });
  }

  const brightness = rng.range(0.2, 0.7);
  return {
    stepLength: (rate * 60) / bpm / 4,
    swing: style.swing,
    energy,
    scale: rng.pick(dark ? DARK_SCALES : BRIGHT_SCALES),
    root: rng.int(38, 49),
    progression: rng.pick(PROGRESSIONS),
    motifs: [motif(rng), motif(rng)],
    bassLine,
    kick,
    snare,
    hats,
    lead: {
      table: wavetable([1, brightness, brightness ** 2 * rng.next(), brightness ** 3, rng.range(0, 0.2) * brightness]),
      attack: Math.round(rng.range(0.004, 0.04) * rate),
      decay: rng.range(0.15, 0.6) * rate,
    },
    bass: { table: wavetable([1, rng.range(0.1, 0.6), rng.range(0, 0.3)]), attack: Math.round(0.005 * rate), decay: 0.35 * rate },
    pad: { table: wavetable([1, 0.3, 0.12, 0.05]), attack: Math.round(0.25 * rate), decay: 2.5 * rate },
  };
}

function degreeToMidi(plan: Plan, degree: number): number {
  const size = plan.scale.length;
  const octave = Math.floor(degree / size);
  return plan.root + 12 * octave + plan.scale[degree - octave * size];
}

type Section = 'intro' | 'verse' | 'chorus' | 'break' | 'outro';

/** Eight-bar sections: intro, then verse/chorus with a breakdown every fourth, then an outro. */
function sectionOf(bar: number, totalBars: number): Section {
  if (totalBars < 16) return 'chorus';
  const section = Math.floor(bar / 8);
  const last = Math.floor((totalBars - 1) / 8);
  if (section === 0) return 'intro';
  if (section === last) return 'outro';
  return section % 4 === 3 ? 'break' : section % 2 === 1 ? 'verse' : 'chorus';
}

/** Adds one bar's notes and hits, at `barStart` (absolute sample), into `mix` (which starts there). */
function renderBar(plan: Plan, bar: number, totalBars: number, mix: Float32Array, barStart: number, lastOnset: number, rate: number, noise: Rng): void {
  const section = sectionOf(bar, totalBars);
  const barPosition = bar * plan.stepLength * 16;
  const at = (step: number) => Math.round(barPosition + (step + (step % 2 === 1 ? plan.swing : 0)) * plan.stepLength) - barStart;
  const audible = (step: number) => barStart + at(step) < lastOnset;
  const steps = (length: number) => Math.round(length * plan.stepLength);
  const chord = plan.progression[bar % plan.progression.length];
  const drums = section === 'verse' || section === 'chorus' || section === 'outro';

  for (let s = 0; s < 16; s++) {
    if (!audible(s)) break;
    if (drums && plan.kick.includes(s)) addKick(mix, at(s), 0.55, rate);
    if (drums && section !== 'outro' && plan.snare.includes(s)) addSnare(mix, at(s), 0.3 * plan.energy, rate, noise);
    if (section !== 'outro' && plan.hats[s] > 0) addHat(mix, at(s), 0.16 * plan.hats[s] * plan.energy, rate, noise);
  }
  if (section !== 'break') {
    for (const note of plan.bassLine) {
      if (audible(note.step)) addTone(mix, at(note.step), steps(note.length), midiToHz(degreeToMidi(plan, chord) + note.degree), 0.32, plan.bass, rate);
    }
  }
  if (section !== 'verse' && audible(0)) {
    for (const third of [0, 2, 4]) {
      addTone(mix, at(0), steps(16), midiToHz(degreeToMidi(plan, chord + third) + 12), 0.07, plan.pad, rate);
    }
  }
  if (section === 'verse' || section === 'chorus' || section === 'break') {
    const melody = plan.motifs[section === 'chorus' ? 1 : 0];
    const gain = section === 'break' ? 0.12 : 0.2;
    for (const note of melody) {
      if (audible(note.step)) addTone(mix, at(note.step), steps(note.length), midiToHz(degreeToMidi(plan, chord + note.degree) + 24), gain, plan.lead, rate);
    }
  }
}

/**
 * The track's mono 16-bit PCM, yielded a bar at a time; the blocks add up to exactly
 * `sampleCount(track.duration)` samples. The last 150 ms are silent so an encoder's tail
 * frames can be trimmed without cutting sound.
 */
export function* synthesize(track: TrackTraits, rate = SAMPLE_RATE): Generator<Int16Array> {
  const total = sampleCount(track.duration, rate);
  const plan = makePlan(track, rate);
  const noise = new Rng(hashSeed(`noise|${track.id}`));
  const barLength = plan.stepLength * 16;
  const totalBars = Math.ceil(total / barLength);
  const silentFrom = total - Math.round(0.15 * rate);
  const fadeIn = Math.round(0.02 * rate);
  const fadeOut = Math.min(2 * rate, Math.floor(total / 4));
  const lastOnset = silentFrom - Math.round(0.1 * rate);
  // One bar plus room for the longest note's tail (a pad note lasts a bar, plus release).
  const mix = new Float32Array(2 * Math.ceil(barLength) + rate);

  for (let bar = 0, start = 0; start < total; bar++) {
    const end = Math.min(Math.round((bar + 1) * barLength), total);
    renderBar(plan, bar, totalBars, mix, start, lastOnset, rate, noise);
    const block = new Int16Array(end - start);
    for (let i = 0; i < block.length; i++) {
      const n = start + i;
      const gain = n >= silentFrom ? 0 : Math.min(1, n / fadeIn, (silentFrom - n) / fadeOut);
      block[i] = Math.round(29000 * Math.tanh(mix[i] * gain));
    }
    mix.copyWithin(0, block.length);
    mix.fill(0, mix.length - block.length);
    yield block;
    start = end;
  }
}
