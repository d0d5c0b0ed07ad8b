import { rngNextFloat, type Rng } from "@tactica/core";

/**
 * Weight-based random choice (Dill, eq. 3.1): option `i` is picked with probability
 * `w_i / Σ w` over options with `w_i > 0` among the first `count`. Draws `r ∈ [0, Σw)` and
 * walks the options subtracting weights; the first whose remainder is `≤ 0` wins (a float
 * leftover at the end falls to the last valid option). Options with `mask[i] === 0` (when a mask
 * is given) are skipped. Returns -1 when no option has a positive weight. O(count), no allocation.
 * @param weights - Weight per option, read only; options with a weight <= 0 (or NaN) are never picked.
 * @param count - Number of options to consider, the first `count` entries of `weights` (and `mask`).
 * @param rng - Generator; draws one float when some option has a positive weight, nothing otherwise.
 * @param options - `mask`: options with `mask[i] === 0` are skipped. Left out: no option is skipped.
 */
export function pickWeighted(weights: ArrayLike<number>, count: number, rng: Rng, options?: PickWeightedOptions): number {
  return pickWeightedMasked(rng, weights, count, options?.mask);
}

/** Options for {@link pickWeighted}. */
export interface PickWeightedOptions {
  /** Options with `mask[i] === 0` are skipped (default: none skipped). */
  mask?: ArrayLike<number>;
}

/** @internal {@link pickWeighted} with a positional mask (no options object in the hot path). */
export function pickWeightedMasked(rng: Rng, weights: ArrayLike<number>, count: number, mask: ArrayLike<number> | undefined): number {
  let total = 0;
  let last = -1;
  for (let i = 0; i < count; i++) {
    const w = weights[i]!;
    if (w > 0 && (mask === undefined || mask[i] !== 0)) {
      total += w;
      last = i;
    }
  }
  if (last < 0) return -1;
  let r = rngNextFloat(rng) * total;
  for (let i = 0; i < count; i++) {
    const w = weights[i]!;
    if (!(w > 0) || (mask !== undefined && mask[i] === 0)) continue;
    r -= w;
    if (r <= 0) return i;
  }
  return last;
}

/**
 * Dual-utility selection (Dill, chapter 3), exactly the four steps:
 * 1. drop options with weight ≤ 0 (invalid whatever their rank);
 * 2. keep only the highest rank among the rest;
 * 3. if `cutoff > 0`, drop options whose weight is below `cutoff × (highest remaining weight)`;
 * 4. weight-based random among the survivors ({@link pickWeighted}).
 *
 * `mask` (length ≥ count, first: it is the output buffer) is scratch the function writes (1 =
 * survivor); the `Rng` comes last, after the inputs. Returns the chosen index
 * or -1 when every weight is ≤ 0. O(count), no allocation.
 *
 * @param mask - Scratch output of length >= `count`: entry `i` is written 1 when option `i` survives steps 1-3, else 0.
 * @param ranks - Rank per option, read only; only options of the highest rank among those with a positive weight stay.
 * @param weights - Weight per option, read only; a weight <= 0 makes the option invalid whatever its rank.
 * @param count - Number of options, the first `count` entries of each array.
 * @param cutoff - fraction in [0, 1] of the best weight an option needs to stay in the draw
 * @param rng - Generator; draws one float for the final weighted choice when an option survives.
 */
export function selectDualUtility(
  mask: { [i: number]: number; length: number },
  ranks: ArrayLike<number>,
  weights: ArrayLike<number>,
  count: number,
  cutoff: number,
  rng: Rng,
): number {
  let best = -Infinity;
  for (let i = 0; i < count; i++) if (weights[i]! > 0 && ranks[i]! > best) best = ranks[i]!;
  if (best === -Infinity) return -1;
  let maxW = 0;
  for (let i = 0; i < count; i++) {
    const keep = weights[i]! > 0 && ranks[i] === best;
    mask[i] = keep ? 1 : 0;
    if (keep && weights[i]! > maxW) maxW = weights[i]!;
  }
  if (cutoff > 0) {
    const min = cutoff * maxW;
    for (let i = 0; i < count; i++) if (mask[i] === 1 && weights[i]! < min) mask[i] = 0;
  }
  return pickWeightedMasked(rng, weights, count, mask);
}
