import { assertPositive, assertNonNegative, invalidArgument, type ReadonlyVec2, type Vec2 } from "@tactica/core";

/**
 * Lennard-Jones potential parameters (lecture notes, after Bourg): `U(r) = −A/rⁿ + B/rᵐ`.
 * `A` scales the long-range attraction, `B` the short-range repulsion; `n` and `m` are their
 * attenuation exponents, and repulsion must be short-range: `m > n`. The notes give no values;
 * {@link defaultLennardJones} uses Bourg's (A 2000, B 4000, n 2, m 3). Tuning per the notes:
 * weaker attraction behaves like interception, stronger like a line-of-sight chase, less
 * attraction with more repulsion like flocking, `A = 0` gives rigid spheres.
 */
export interface LennardJonesParams {
  /** Attraction strength A (≥ 0). */
  readonly a: number;
  /** Repulsion strength B (> 0). */
  readonly b: number;
  /** Attraction exponent n (> 0). */
  readonly n: number;
  /** Repulsion exponent m (> n). */
  readonly m: number;
}

/** Bourg's example values A = 2000, B = 4000, n = 2, m = 3 (equilibrium distance 3 world units). */
export const defaultLennardJones: LennardJonesParams = Object.freeze({ a: 2000, b: 4000, n: 2, m: 3 });

/**
 * Validates {@link LennardJonesParams}; throws `INVALID_ARGUMENT` naming the field (e.g. `m must be > n`).
 *
 * @param params - The constants to check: `a` ≥ 0, `b` > 0, `n` > 0, `m` > `n`, all finite.
 * @returns `params` itself, unchanged, when valid.
 */
export function validateLennardJones(params: LennardJonesParams): LennardJonesParams {
  const where = "@tactica/steering: validateLennardJones";
  assertNonNegative(where, "a", params.a);
  assertPositive(where, "b", params.b);
  assertPositive(where, "n", params.n);
  assertPositive(where, "m", params.m);
  if (!(params.m > params.n))
    invalidArgument(where, "m", `must be > n (${params.n}) but is ${params.m}`, "Make the repulsion exponent larger so repulsion is short-range.");
  return params;
}

/**
 * The potential `U(r) = −A/rⁿ + B/rᵐ` at distance `r > 0`.
 *
 * @param r - Distance between the two bodies (world units, > 0; 0 gives a non-finite result).
 * @param p - The potential's constants A, B, n, m (see {@link LennardJonesParams}); not validated
 *   here (use {@link validateLennardJones} at set-up).
 * @returns U(r) in the potential's energy units (negative: attraction dominates).
 */
export function lennardJonesPotential(r: number, p: LennardJonesParams): number {
  return -p.a / Math.pow(r, p.n) + p.b / Math.pow(r, p.m);
}

/**
 * The force magnitude along the separation, `F(r) = −dU/dr = −nA/rⁿ⁺¹ + mB/rᵐ⁺¹`: positive
 * pushes apart, negative pulls together. Distances below 1e-6 are clamped to 1e-6 (finite result).
 *
 * @param r - Distance between the two bodies (world units; clamped to at least 1e-6).
 * @param p - The potential's constants A, B, n, m (see {@link LennardJonesParams}); not validated
 *   here (use {@link validateLennardJones} at set-up).
 * @returns F(r) in force units: positive pushes apart, negative pulls together.
 */
export function lennardJonesForce(r: number, p: LennardJonesParams): number {
  const rr = r > 1e-6 ? r : 1e-6;
  return (-p.n * p.a) / Math.pow(rr, p.n + 1) + (p.m * p.b) / Math.pow(rr, p.m + 1);
}

/**
 * The equilibrium distance `r* = (mB / (nA))^(1/(m−n))` where the force is zero (∞ when A = 0).
 *
 * @param p - The potential's constants (see {@link LennardJonesParams}), read.
 * @returns The distance in world units at which attraction and repulsion balance.
 */
export function lennardJonesEquilibrium(p: LennardJonesParams): number {
  if (p.a === 0) return Infinity;
  return Math.pow((p.m * p.b) / (p.n * p.a), 1 / (p.m - p.n));
}

/** Options for {@link potentialFieldForce}. */
export interface PotentialFieldOptions {
  /** Points farther than this are skipped (world units, default ∞). */
  readonly cutoff?: number;
}

/**
 * Potential-field steering: the sum of {@link lennardJonesForce} from every point of `others`
 * within `options.cutoff` (world units, default ∞; the notes' "skip distant pairs"), directed along `position −
 * other` (positive = away). Coincident points are skipped. `others` is a flat x,y array (`count`
 * points). O(count), no allocation. For crowds, use {@link stepCrowdPotential} which walks the
 * spatial hash (the notes' 3×3 cells) instead of all pairs.
 *
 * @param out - Receives the summed force (force units of {@link lennardJonesForce}, positive
 *   components pointing away from the others); written in place and returned.
 * @param position - The body feeling the field (world units), read.
 * @param others - The other bodies' positions as a flat `[x0, y0, x1, y1, …]` array (world units), read.
 * @param count - Number of points to read from `others` (uses entries `0 … 2·count − 1`).
 * @param params - The Lennard-Jones constants, as for {@link lennardJonesForce}.
 * @param options - `cutoff`: points farther than this are skipped (world units; omitted means ∞).
 */
export function potentialFieldForce(
  out: Vec2,
  position: ReadonlyVec2,
  others: ArrayLike<number>,
  count: number,
  params: LennardJonesParams,
  options?: PotentialFieldOptions,
): Vec2 {
  const cutoff = options?.cutoff ?? Infinity;
  let fx = 0;
  let fy = 0;
  const c2 = cutoff * cutoff;
  for (let i = 0; i < count; i++) {
    const dx = position.x - (others[2 * i] as number);
    const dy = position.y - (others[2 * i + 1] as number);
    const d2 = dx * dx + dy * dy;
    if (d2 > c2 || d2 < 1e-18) continue;
    const d = Math.sqrt(d2);
    const f = lennardJonesForce(d, params) / d;
    fx += dx * f;
    fy += dy * f;
  }
  out.x = fx;
  out.y = fy;
  return out;
}
