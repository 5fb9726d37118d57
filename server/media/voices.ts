/**
 * The instruments of the generated tracks. Each adds one note or hit into a mixing buffer
 * at an offset; samples that would fall past the buffer's end are dropped.
 */
import type { Rng } from './prng.js';

const TABLE_SIZE = 2048;
const TABLE_MASK = TABLE_SIZE - 1;

/** One cycle of a waveform built from harmonic amplitudes, peak-normalized to 1. */
export function wavetable(harmonics: readonly number[]): Float32Array {
  const table = new Float32Array(TABLE_SIZE);
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    let v = 0;
    for (let k = 0; k < harmonics.length; k++) v += harmonics[k] * Math.sin((2 * Math.PI * (k + 1) * i) / TABLE_SIZE);
    table[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  for (let i = 0; i < TABLE_SIZE; i++) table[i] /= peak || 1;
  return table;
}

export function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

export interface ToneShape {
  table: Float32Array;
  /** Attack and exponential decay time constant, in samples. */
  attack: number;
  decay: number;
}

/** A pitched note: linear attack, exponential decay, 30 ms linear release after `length`. */
export function addTone(out: Float32Array, at: number, length: number, hz: number, gain: number, shape: ToneShape, rate: number): void {
  const release = Math.round(0.03 * rate);
  const end = Math.min(out.length, at + length + release);
  const increment = (hz * TABLE_SIZE) / rate;
  const decayStep = Math.exp(-1 / shape.decay);
  let phase = 0;
  let env = 0;
  for (let i = Math.max(0, at); i < end; i++) {
    const t = i - at;
    env = t < shape.attack ? t / shape.attack : t === shape.attack ? 1 : env * decayStep;
    const level = t < length ? env : env * (1 - (t - length) / release);
    out[i] += gain * level * shape.table[(phase | 0) & TABLE_MASK];
    phase += increment;
    if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
  }
}

/** A kick drum: a sine falling from about 110 Hz to 45 Hz. */
export function addKick(out: Float32Array, at: number, gain: number, rate: number): void {
  const end = Math.min(out.length, at + Math.round(0.25 * rate));
  let phase = 0;
  for (let i = at; i < end; i++) {
    const t = (i - at) / rate;
    phase += (2 * Math.PI * (45 + 65 * Math.exp(-t / 0.03))) / rate;
    out[i] += gain * Math.sin(phase) * Math.exp(-t / 0.09);
  }
}

/** A snare: a noise burst over a short 180 Hz body. */
export function addSnare(out: Float32Array, at: number, gain: number, rate: number, noise: Rng): void {
  const end = Math.min(out.length, at + Math.round(0.2 * rate));
  for (let i = at; i < end; i++) {
    const t = (i - at) / rate;
    const body = Math.sin(2 * Math.PI * 180 * t) * Math.exp(-t / 0.04);
    out[i] += gain * (0.6 * (noise.next() * 2 - 1) * Math.exp(-t / 0.07) + 0.4 * body);
  }
}

/** A hi-hat click: differentiated (high-passed) noise with a very short decay. */
export function addHat(out: Float32Array, at: number, gain: number, rate: number, noise: Rng): void {
  const end = Math.min(out.length, at + Math.round(0.05 * rate));
  let previous = 0;
  for (let i = at; i < end; i++) {
    const t = (i - at) / rate;
    const n = noise.next() * 2 - 1;
    out[i] += gain * (n - previous) * 0.5 * Math.exp(-t / 0.012);
    previous = n;
  }
}
