/**
 * The sound of the generated tracks: a few styles, each a small set of one-bar phrases in one
 * key and tempo. A style's phrases are rendered once (palette.ts encodes them) and tracks are
 * sequences of them (recipe.ts), so no track is ever synthesized on its own. Every phrase
 * starts and ends quiet, so any phrase can follow any other without a click at the join.
 */
import { Rng, hashSeed } from './prng.js';
import { addHat, addKick, addSnare, addTone, midiToHz, wavetable, type ToneShape } from './voices.js';

export const SAMPLE_RATE = 24000;
/** Samples in one MPEG-2 Layer III frame. */
export const FRAME_SAMPLES = 576;

/** What a track's audio is made from. */
export interface TrackTraits {
  id: number;
  genre: string | null;
  mood: string | null;
  /** Seconds. */
  duration: number;
}

interface StyleSpec {
  name: string;
  /** The genres (matched against the track's genre) this style plays. */
  genres: RegExp;
  bpm: number;
  swing: number;
  /** 0..1: drum loudness and busyness. */
  energy: number;
  fourOnFloor: boolean;
  halfTime: boolean;
  dark: boolean;
}

/** A genre none of these match plays one of them chosen by the genre's name (recipe.ts). */
export const STYLES: readonly StyleSpec[] = [
  { name: 'ambient', genres: /ambient|chill|lo-?fi|classical|piano|new age|acoustic|folk|downtempo/i, bpm: 84, swing: 0, energy: 0.3, fourOnFloor: false, halfTime: true, dark: false },
  { name: 'groove', genres: /hip.?hop|rap|r&b|soul|funk|jazz|reggae/i, bpm: 92, swing: 0.18, energy: 0.6, fourOnFloor: false, halfTime: false, dark: true },
  { name: 'breaks', genres: /drum|dnb|jungle|dubstep|trap/i, bpm: 87, swing: 0, energy: 0.8, fourOnFloor: false, halfTime: true, dark: true },
  { name: 'club', genres: /house|techno|electro|dance|edm|trance|disco/i, bpm: 124, swing: 0, energy: 0.85, fourOnFloor: true, halfTime: false, dark: false },
  { name: 'band', genres: /rock|metal|punk|alternative|indie/i, bpm: 128, swing: 0, energy: 0.75, fourOnFloor: false, halfTime: false, dark: true },
];

/**
 * The phrases of every style, in this order: three full bars (each its own chord, motif and
 * drums; the third ends in a fill), a light bar (bass and hats, for intros and breaks) and a
 * soft bar (pad and a quiet lead, no drums: breaks and the ending).
 */
export const PHRASES_PER_STYLE = 5;
export const FULL = 3;
export const LIGHT = 3;
export const SOFT = 4;

/** Frames in one bar of a style: four beats, rounded to whole frames. */
export function barFrames(style: StyleSpec): number {
  return Math.round((4 * 60 * SAMPLE_RATE) / style.bpm / FRAME_SAMPLES);
}

interface Note {
  step: number;
  length: number;
  degree: number;
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

const BRIGHT_SCALES = [[0, 2, 4, 5, 7, 9, 11], [0, 2, 4, 7, 9], [0, 2, 4, 5, 7, 9, 10]];
const DARK_SCALES = [[0, 2, 3, 5, 7, 8, 10], [0, 3, 5, 7, 10], [0, 2, 3, 5, 7, 9, 10]];
const PROGRESSIONS = [[0, 4, 5, 3], [0, 5, 3, 4], [5, 3, 0, 4], [0, 3, 4, 4], [0, 2, 3, 4]];

interface Plan {
  style: StyleSpec;
  stepLength: number;
  scale: number[];
  root: number;
  chords: number[];
  motifs: Note[][];
  bassLine: Note[];
  kick: number[];
  snare: number[];
  hats: number[];
  lead: ToneShape;
  bass: ToneShape;
  pad: ToneShape;
}

function makePlan(style: StyleSpec): Plan {
  const rng = new Rng(hashSeed(`style|${style.name}`));
  const rate = SAMPLE_RATE;
  const kick = style.fourOnFloor ? [0, 4, 8, 12] : style.halfTime ? [0, 10] : [0, ...[6, 8, 10, 11, 14].filter(() => rng.chance(0.4))];
  const snare = style.halfTime ? [8] : [4, 12];
  const hats = Array.from({ length: 16 }, (_, s) => (s % 2 === 0 ? 1 : style.energy > 0.55 && rng.chance(0.7) ? 0.5 : 0));
  const bassLine: Note[] = [{ step: 0, length: rng.pick([2, 3, 4]), degree: 0 }];
  for (let step = 6; step < 16; step += 2) {
    if (rng.chance(0.45)) bassLine.push({ step, length: 2, degree: rng.pick([0, 0, 7, 12]) });
  }
  const brightness = rng.range(0.2, 0.7);
  return {
    style,
    stepLength: (barFrames(style) * FRAME_SAMPLES) / 16,
    scale: rng.pick(style.dark ? DARK_SCALES : BRIGHT_SCALES),
    root: rng.int(38, 49),
    chords: rng.pick(PROGRESSIONS),
    motifs: [motif(rng), motif(rng), motif(rng), motif(rng)],
    bassLine,
    kick,
    snare,
    hats,
    lead: {
      table: wavetable([1, brightness, brightness ** 2 * rng.next(), brightness ** 3, rng.range(0, 0.2) * brightness]),
      attack: Math.round(rng.range(0.004, 0.03) * rate),
      decay: rng.range(0.15, 0.5) * rate,
    },
    bass: { table: wavetable([1, rng.range(0.1, 0.6), rng.range(0, 0.3)]), attack: Math.round(0.005 * rate), decay: 0.35 * rate },
    pad: { table: wavetable([1, 0.3, 0.12, 0.05]), attack: Math.round(0.2 * rate), decay: 2.5 * rate },
  };
}

function degreeToMidi(plan: Plan, degree: number): number {
  const size = plan.scale.length;
  const octave = Math.floor(degree / size);
  return plan.root + 12 * octave + plan.scale[degree - octave * size]!;
}

/** Quiet at each end of a phrase: the joins between phrases fall in it. */
const LEAD_IN = Math.round(0.004 * SAMPLE_RATE);
const FADE_OUT = Math.round(0.08 * SAMPLE_RATE);
const TAIL = Math.round(0.03 * SAMPLE_RATE);

/** Phrase `index` (0..PHRASES_PER_STYLE-1) of `style`: mono 16-bit PCM, exactly one bar of frames. */
export function renderPhrase(style: StyleSpec, index: number): Int16Array {
  const plan = makePlan(style);
  const rate = SAMPLE_RATE;
  const length = barFrames(style) * FRAME_SAMPLES;
  const mix = new Float32Array(length - TAIL);
  const noise = new Rng(hashSeed(`noise|${style.name}|${index}`));
  const at = (step: number) => LEAD_IN + Math.round((step + (step % 2 === 1 ? style.swing : 0)) * plan.stepLength);
  const steps = (n: number) => Math.round(n * plan.stepLength);
  const full = index < FULL;
  const chord = plan.chords[full ? index : index === LIGHT ? 0 : 1]!;
  const energy = style.energy;

  if (index !== SOFT) {
    for (let s = 0; s < 16; s++) {
      if (full && plan.kick.includes(s)) addKick(mix, at(s), 0.55, rate);
      if (full && plan.snare.includes(s)) addSnare(mix, at(s), 0.3 * energy, rate, noise);
      if (plan.hats[s]! > 0) addHat(mix, at(s), 0.16 * plan.hats[s]! * energy, rate, noise);
    }
    if (index === FULL - 1) for (const s of [13, 14, 15]) addSnare(mix, at(s), 0.22 * energy, rate, noise); // a fill
    for (const note of plan.bassLine) {
      addTone(mix, at(note.step), steps(note.length), midiToHz(degreeToMidi(plan, chord) + note.degree), 0.32, plan.bass, rate);
    }
  }
  if (index === SOFT || index % 2 === 1) {
    for (const third of [0, 2, 4]) addTone(mix, at(0), steps(15), midiToHz(degreeToMidi(plan, chord + third) + 12), 0.07, plan.pad, rate);
  }
  if (index !== LIGHT) {
    const gain = index === SOFT ? 0.1 : 0.2;
    for (const note of plan.motifs[index % plan.motifs.length]!) {
      addTone(mix, at(note.step), steps(note.length), midiToHz(degreeToMidi(plan, chord + note.degree) + 24), gain, plan.lead, rate);
    }
  }

  const pcm = new Int16Array(length);
  const fadeFrom = mix.length - FADE_OUT;
  for (let i = 0; i < mix.length; i++) {
    const gain = Math.min(1, i / LEAD_IN, (mix.length - i) / FADE_OUT);
    pcm[i] = Math.round(29000 * Math.tanh(mix[i]! * (i < fadeFrom && i >= LEAD_IN ? 1 : gain)));
  }
  return pcm;
}
