/** Seeded randomness for the catalog generator, on top of the media generators' mulberry32. */
import { Rng } from '../media/prng.js';

export { Rng };

/** A Pareto draw (heavy tail) at least `min`, capped at `cap`. */
export function pareto(rng: Rng, alpha: number, min = 1, cap = Infinity): number {
  return Math.min(cap, min / Math.pow(1 - rng.next(), 1 / alpha));
}

/** An index into a list with a skew towards the front: `skew` 1 is uniform, larger favours low indexes. */
export function skewedIndex(rng: Rng, length: number, skew: number): number {
  return Math.min(length - 1, Math.floor(length * Math.pow(rng.next(), skew)));
}

/** Picks indexes in proportion to fixed weights (binary search over the running sums). */
export class WeightedPicker {
  private readonly sums: Float64Array;
  private readonly total: number;

  constructor(weights: ArrayLike<number>) {
    this.sums = new Float64Array(weights.length);
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      total += weights[i]!;
      this.sums[i] = total;
    }
    this.total = total;
  }

  /** A weighted index; only indexes below `limit` when given (their weights are the prefix sums). */
  pick(rng: Rng, limit = this.sums.length): number {
    const target = rng.next() * (limit === this.sums.length ? this.total : this.sums[limit - 1]!);
    let lo = 0;
    let hi = limit - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sums[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Fills `{key}` placeholders of a template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
