import { rngNextFloat, type ReadonlyVec2, type Rng, type Vec2 } from "@tactica/core";

/**
 * Weighted truncated sum (Reynolds; Buckland): `out = truncate(Σ wᵢ·Fᵢ, maxForce)`. Simple and
 * smooth, but a large force can cancel or drown another (tune weights carefully). `forces` and
 * `weights` are parallel (the shorter length wins). O(n), no allocation.
 *
 * @param out - Receives the combined, truncated force; written in place and returned. May be one
 *   of `forces` (all are read before it is written).
 * @param forces - The behaviors' forces, read (same units as `maxForce`).
 * @param weights - Weight of each force (unitless; parallel to `forces`, 0 drops a force, negative
 *   reverses it).
 * @param maxForce - Length the sum is truncated to (force units, ≥ 0), usually the agent's `maxForce`.
 */
export function combineWeightedTruncatedSum(out: Vec2, forces: ArrayLike<ReadonlyVec2>, weights: ArrayLike<number>, maxForce: number): Vec2 {
  const n = Math.min(forces.length, weights.length);
  let x = 0;
  let y = 0;
  for (let i = 0; i < n; i++) {
    const f = forces[i]!;
    const w = weights[i]!;
    x += f.x * w;
    y += f.y * w;
  }
  return truncateInto(out, x, y, maxForce);
}

/**
 * Prioritized truncated running sum (Buckland's "weighted truncated running sum with
 * prioritization"): forces are taken in priority order (index 0 first), each weighted; each adds
 * as much of itself as the remaining budget `maxForce − |sum|` allows, and the loop stops when the
 * budget is spent — so obstacle avoidance listed first is never drowned by wander. Returns the
 * number of forces that contributed. O(n), no allocation.
 *
 * @param out - Receives the combined force, length ≤ `maxForce`; written in place once all forces
 *   are read, so it may be one of `forces`.
 * @param forces - The behaviors' forces in priority order (index 0 first), read.
 * @param weights - Weight of each force (unitless; parallel to `forces`); a force whose weighted
 *   length is 0 or non-finite is skipped.
 * @param maxForce - The force budget (force units, ≥ 0), usually the agent's `maxForce`; ≤ 0 gives
 *   zero.
 * @returns How many forces contributed (skipped zero/non-finite ones not counted).
 */
export function combinePrioritized(out: Vec2, forces: ArrayLike<ReadonlyVec2>, weights: ArrayLike<number>, maxForce: number): number {
  const n = Math.min(forces.length, weights.length);
  let x = 0;
  let y = 0;
  let used = 0;
  for (let i = 0; i < n; i++) {
    const soFar = Math.sqrt(x * x + y * y);
    const remaining = maxForce - soFar;
    if (remaining <= 0) break;
    const f = forces[i]!;
    const w = weights[i]!;
    const fx = f.x * w;
    const fy = f.y * w;
    const len = Math.sqrt(fx * fx + fy * fy);
    if (!(len > 0) || !Number.isFinite(len)) continue;
    used++;
    if (len < remaining) {
      x += fx;
      y += fy;
    } else {
      const s = remaining / len;
      x += fx * s;
      y += fy * s;
      break;
    }
  }
  out.x = x;
  out.y = y;
  return used;
}

/**
 * Evaluates behavior `index` into `out` on demand. Used by {@link combineDithered} so that
 * behaviors that are skipped cost nothing; bind it once (not per frame) to stay allocation-free.
 */
export type SteeringEvaluator = (index: number, out: Vec2) => void;

const scratch: Vec2 = { x: 0, y: 0 };

/** Options for {@link combineDithered}. */
export interface DitheredOptions {
  /** A weighted force no longer than this counts as zero (default 1e-9). */
  readonly epsilon?: number;
}

/**
 * Prioritized dithering (Reynolds; Buckland): in priority order, behavior `i` is evaluated with
 * probability `probabilities[i]` (one `rng` draw each); the first whose weighted force is non-zero
 * (length > `epsilon`) wins, scaled by `weights[i] / probabilities[i]` so its expected
 * contribution stays unbiased, and truncated to `maxForce`. The cheapest combiner per frame.
 * Returns the index that won, or -1 (and writes zero). Deterministic for a given `rng` state.
 *
 * @param out - Receives the winning force, scaled and truncated; written in place (zero when none wins).
 * @param count - Number of behaviors to consider, in priority order (indices 0 … count − 1).
 * @param evaluate - Called as `evaluate(i, scratch)` only for behaviors that pass their
 *   probability draw; must write behavior `i`'s unweighted force.
 * @param probabilities - Chance each behavior is evaluated this frame, in [0, 1]; ≤ 0 or missing
 *   never evaluates it, ≥ 1 always does without an `rng` draw.
 * @param weights - Weight of each behavior (unitless; a missing entry counts as 1).
 * @param maxForce - Length the winning force is truncated to (force units, ≥ 0).
 * @param rng - Core `Rng`, one draw per behavior whose probability is strictly between 0 and 1.
 * @param options - `epsilon`: a weighted, probability-scaled force no longer than this counts as
 *   zero (omitted means 1e-9).
 * @returns The index of the behavior that won, or -1.
 */
export function combineDithered(
  out: Vec2,
  count: number,
  evaluate: SteeringEvaluator,
  probabilities: ArrayLike<number>,
  weights: ArrayLike<number>,
  maxForce: number,
  rng: Rng,
  options?: DitheredOptions,
): number {
  const epsilon = options?.epsilon ?? 1e-9;
  for (let i = 0; i < count; i++) {
    const p = probabilities[i] ?? 0;
    if (!(p > 0)) continue;
    if (p < 1 && rngNextFloat(rng) >= p) continue;
    evaluate(i, scratch);
    const s = (weights[i] ?? 1) / p;
    const x = scratch.x * s;
    const y = scratch.y * s;
    if (x * x + y * y > epsilon * epsilon) {
      truncateInto(out, x, y, maxForce);
      return i;
    }
  }
  out.x = 0;
  out.y = 0;
  return -1;
}

function truncateInto(out: Vec2, x: number, y: number, max: number): Vec2 {
  const l2 = x * x + y * y;
  if (l2 > max * max && l2 > 0) {
    const s = max / Math.sqrt(l2);
    x *= s;
    y *= s;
  }
  out.x = x;
  out.y = y;
  return out;
}
