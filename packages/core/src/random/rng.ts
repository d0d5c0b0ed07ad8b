import { ErrorCodes, TacticaError } from "../errors/errors";
import { assertInteger, invalidArgument } from "../errors/validate";

/**
 * The seeded pseudo-random number generator every Tactica package takes randomness from.
 *
 * Generator: xoshiro128** 1.1 (Blackman & Vigna, 2018): 128 bits of state, period 2^128 − 1,
 * passes BigCrush and PractRand, and needs only 32-bit integer operations (`Math.imul`, shifts),
 * which V8 runs natively. It is seeded through SplitMix32 (a Weyl sequence with increment
 * `0x9e3779b9` fed through a 32-bit finaliser with constants `0x21f0aaad`, `0x735a2d97` from
 * Wellons' hash-prospector), so nearby seeds give unrelated streams and the state is never all
 * zero.
 *
 * The {@link Rng} *is* its state: four `uint32` numbers in a plain object. It survives
 * `JSON.stringify`/`JSON.parse` and `structuredClone` unchanged, and so does its stream. The
 * functions here take it as their first argument and advance it; none allocates except
 * {@link createRng}, {@link forkRng}, {@link cloneRng} and {@link saveRng}.
 *
 * There is no default seed anywhere: determinism is the point, so the caller chooses.
 *
 * @example
 * ```ts
 * const rng = createRng(42);
 * const roll = rngInt(rng, 1, 6);
 * const saved = saveRng(rng);                // four numbers, JSON-safe
 * const again = restoreRng(createRng(0), saved); // continues the same stream
 * ```
 */
export interface Rng {
  /** State word 0, a `uint32`. */
  s0: number;
  /** State word 1, a `uint32`. */
  s1: number;
  /** State word 2, a `uint32`. */
  s2: number;
  /** State word 3, a `uint32`. Not all four words are zero. */
  s3: number;
}

/**
 * A snapshot of an {@link Rng} made by {@link saveRng}: its four state words as `uint32` numbers
 * (JSON-safe). {@link restoreRng} puts it back.
 */
export type RngSnapshot = [number, number, number, number];

const TWO_32 = 4294967296;
const INV_TWO_32 = 1 / TWO_32;
const GOLDEN = 0x9e3779b9;

/** SplitMix32 finaliser: a bijection on 32-bit integers with good avalanche. */
function mix32(z: number): number {
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** 32-bit FNV-1a over the UTF-16 code units of `text`. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Creates a generator from `seed`: an integer (reduced to 32 bits: values in `[0, 2^32)` map
 * one-to-one, larger magnitudes fold their high bits in) or a string (hashed with 32-bit FNV-1a,
 * so two strings collide with probability about 2^-32). The four state words are the next four
 * outputs of SplitMix32 started at the 32-bit seed.
 *
 * @param seed - A safe integer (negative allowed) or any string (`"level-3"`); equal seeds give equal streams.
 * @returns A new generator.
 * @throws TacticaError `INVALID_ARGUMENT` if `seed` is neither a safe integer nor a string.
 */
export function createRng(seed: number | string): Rng {
  let z: number;
  if (typeof seed === "string") {
    z = hashString(seed);
  } else {
    assertInteger("@tactica/core: createRng", "seed", seed);
    const hi = Math.floor(seed / TWO_32);
    z = (seed >>> 0) ^ (hi === 0 ? 0 : mix32(hi + GOLDEN));
  }
  z = z | 0;
  z = (z + GOLDEN) | 0;
  const s0 = mix32(z);
  z = (z + GOLDEN) | 0;
  const s1 = mix32(z);
  z = (z + GOLDEN) | 0;
  const s2 = mix32(z);
  z = (z + GOLDEN) | 0;
  const s3 = mix32(z);
  return { s0, s1, s2, s3 };
}

function checkSnapshot(where: string, snapshot: ArrayLike<number>): void {
  if (snapshot === null || typeof snapshot !== "object" || snapshot.length !== 4) {
    invalidArgument(where, "snapshot", "must be an array of 4 numbers", "Pass the value returned by saveRng.");
  }
  for (let i = 0; i < 4; i++) assertInteger(where, `snapshot[${i}]`, snapshot[i], -0x80000000, 0xffffffff);
  if ((snapshot[0]! | snapshot[1]! | snapshot[2]! | snapshot[3]!) === 0) {
    invalidArgument(where, "snapshot", "is all zeros, which xoshiro128** never reaches", "Pass the value returned by saveRng.");
  }
}

/**
 * Allocates a snapshot of `rng`: its four state words as `uint32` numbers (JSON-safe). O(1).
 * @param rng - The generator to save; not advanced.
 */
export function saveRng(rng: Rng): RngSnapshot {
  return [rng.s0 >>> 0, rng.s1 >>> 0, rng.s2 >>> 0, rng.s3 >>> 0];
}

/**
 * Restores `rng` to a snapshot made by {@link saveRng} (four integers; `uint32`, or `int32` read
 * modulo 2^32) and returns `rng`; the stream continues exactly from where it was saved. The whole
 * snapshot is checked first, so on a throw `rng` is unchanged. To start a new generator from a
 * snapshot: `restoreRng(createRng(0), snapshot)`.
 *
 * @param rng - The generator to overwrite in place and return.
 * @param snapshot - Four integers from {@link saveRng} (each in [−2^31, 2^32), not all zero).
 * @throws TacticaError `INVALID_ARGUMENT` naming the bad entry, for a malformed or all-zero snapshot.
 */
export function restoreRng(rng: Rng, snapshot: ArrayLike<number>): Rng {
  checkSnapshot("@tactica/core: restoreRng", snapshot);
  rng.s0 = snapshot[0]! >>> 0;
  rng.s1 = snapshot[1]! >>> 0;
  rng.s2 = snapshot[2]! >>> 0;
  rng.s3 = snapshot[3]! >>> 0;
  return rng;
}

/**
 * Allocates an independent copy of `rng` that will produce the same stream.
 * @param rng - The generator to copy; not advanced.
 */
export function cloneRng(rng: Rng): Rng {
  return { s0: rng.s0, s1: rng.s1, s2: rng.s2, s3: rng.s3 };
}

/**
 * Splits off an independent stream, e.g. one per agent or per worker. Draws four outputs from
 * `parent` (advancing it), scrambles each through the SplitMix32 finaliser with a distinct Weyl
 * offset, and uses them as the child's state. The child starts at an unrelated point of the
 * 2^128 − 1 cycle, so overlap with the parent or a sibling within any practical number of draws
 * is astronomically unlikely (probability about `streams² × draws / 2^128`). Deterministic: the
 * same parent state forks the same child.
 * @param parent - The generator to split from; advanced by four draws.
 * @returns A new generator.
 */
export function forkRng(parent: Rng): Rng {
  const s0 = mix32((rngNextUint32(parent) + GOLDEN) | 0);
  const s1 = mix32((rngNextUint32(parent) + 2 * GOLDEN) | 0);
  const s2 = mix32((rngNextUint32(parent) + 3 * GOLDEN) | 0);
  const s3 = mix32((rngNextUint32(parent) + 4 * GOLDEN) | 0);
  return (s0 | s1 | s2 | s3) === 0 ? { s0: 1, s1, s2, s3 } : { s0, s1, s2, s3 };
}

/**
 * The next 32 random bits as an integer in `[0, 2^32)`. O(1), no allocation.
 * @param rng - The generator to draw from; its state advances by one step.
 */
export function rngNextUint32(rng: Rng): number {
  let s0 = rng.s0;
  let s1 = rng.s1;
  let s2 = rng.s2;
  let s3 = rng.s3;
  const m = Math.imul(s1, 5);
  const result = Math.imul((m << 7) | (m >>> 25), 9);
  const t = s1 << 9;
  s2 ^= s0;
  s3 ^= s1;
  s1 ^= s2;
  s0 ^= s3;
  s2 ^= t;
  s3 = (s3 << 11) | (s3 >>> 21);
  rng.s0 = s0 >>> 0;
  rng.s1 = s1 >>> 0;
  rng.s2 = s2 >>> 0;
  rng.s3 = s3 >>> 0;
  return result >>> 0;
}

/**
 * A uniform float in `[0, 1)` with 32 bits of resolution (multiples of 2^-32). O(1).
 * @param rng - The generator to draw from; its state advances by one step.
 */
export function rngNextFloat(rng: Rng): number {
  return rngNextUint32(rng) * INV_TWO_32;
}

/** Uniform integer in `[0, bound)` for an integer `bound` in `[1, 2^32]`, by rejection (unbiased). */
function below(rng: Rng, bound: number): number {
  if (bound === TWO_32) return rngNextUint32(rng);
  const limit = TWO_32 - (TWO_32 % bound);
  let u = rngNextUint32(rng);
  while (u >= limit) u = rngNextUint32(rng);
  return u % bound;
}

/**
 * A uniform float in `[min, max)` (rounding can rarely give exactly `max`). `min` and `max`
 * must be finite; `max < min` is allowed and gives `(max, min]`. O(1).
 * @param rng - The generator to draw from; its state advances by one step.
 * @param min - Lower bound (inclusive), finite.
 * @param max - Upper bound (exclusive), finite.
 * @throws TacticaError `INVALID_ARGUMENT` when a bound is not finite.
 */
export function rngFloat(rng: Rng, min: number, max: number): number {
  if (!(min - min === 0 && max - max === 0)) {
    invalidArgument("@tactica/core: rngFloat", "min/max", `must be finite but are ${min} and ${max}`, "Pass finite bounds.");
  }
  return min + (max - min) * rngNextFloat(rng);
}

/**
 * A uniform integer in `[min, maxInclusive]`, exactly unbiased (rejection sampling on 32-bit
 * draws; expected draws < 2). Both bounds are safe integers with `1 <= maxInclusive - min + 1
 * <= 2^32`. O(1) expected.
 *
 * @param rng - The generator to draw from; its state advances (usually one step, more on a rejection).
 * @param min - Smallest result, a safe integer.
 * @param maxInclusive - Largest result (inclusive), a safe integer ≥ `min`.
 * @throws TacticaError `INVALID_ARGUMENT` for non-integer bounds, `maxInclusive < min`, or a range
 * wider than 2^32.
 */
export function rngInt(rng: Rng, min: number, maxInclusive: number): number {
  const range = maxInclusive - min + 1;
  if (!(range >= 1 && range <= TWO_32) || !Number.isSafeInteger(min) || !Number.isSafeInteger(maxInclusive)) {
    invalidArgument(
      "@tactica/core: rngInt",
      "min/maxInclusive",
      `must be safe integers with min <= maxInclusive and at most 2^32 values, but are ${min} and ${maxInclusive}`,
      "Pass integer bounds in order.",
    );
  }
  return min + below(rng, range);
}

/** Options of {@link rngBool}. */
export interface RngBoolOptions {
  /** Probability of `true` (values below 0 act as 0, above 1 as 1); default 0.5. */
  readonly probability?: number;
}

/**
 * `true` with probability `options.probability` (default 0.5). Draws one uniform number. O(1).
 *
 * @param rng - The generator; advanced by one draw.
 * @param options - `probability`: chance of `true` in [0, 1], default 0.5.
 */
export function rngBool(rng: Rng, options: RngBoolOptions = {}): boolean {
  return rngNextFloat(rng) < (options.probability ?? 0.5);
}

/** Options of {@link rngNormal}. */
export interface RngNormalOptions {
  /** Mean of the distribution (finite); default 0. */
  readonly mean?: number;
  /** Standard deviation (finite, `>= 0`); default 1. */
  readonly sd?: number;
}

/**
 * A normally distributed number with the given `mean` (finite, default 0) and standard deviation
 * `sd` (finite ≥ 0, default 1), by Marsaglia's polar method. The second variate the method
 * produces is discarded rather than cached, so the state stays four numbers and a restored
 * generator never depends on a hidden spare; each call uses about 2.55 uniform draws on average.
 *
 * @param rng - The generator; advanced by the draws.
 * @param options - `mean` (default 0) and `sd`, the standard deviation (default 1).
 */
export function rngNormal(rng: Rng, options: RngNormalOptions = {}): number {
  const mean = options.mean ?? 0;
  const sd = options.sd ?? 1;
  if (!(mean - mean === 0 && sd - sd === 0 && sd >= 0)) {
    invalidArgument(
      "@tactica/core: rngNormal",
      "mean/sd",
      `must be finite with sd >= 0, but are ${mean} and ${sd}`,
      "Pass a finite mean and a non-negative standard deviation.",
    );
  }
  let u: number;
  let v: number;
  let s: number;
  do {
    u = 2 * rngNextFloat(rng) - 1;
    v = 2 * rngNextFloat(rng) - 1;
    s = u * u + v * v;
  } while (s >= 1 || s === 0);
  return mean + sd * u * Math.sqrt((-2 * Math.log(s)) / s);
}

const LOGGAM_COEFFS = [
  8.333333333333333e-2, -2.777777777777778e-3, 7.936507936507937e-4, -5.952380952380952e-4, 8.417508417508418e-4, -1.917526917526918e-3, 6.41025641025641e-3,
  -2.955065359477124e-2, 1.796443723688307e-1, -1.3924322169059,
] as const;

/** ln Γ(x) for x > 0 (Stirling series after shifting x ≥ 7; the routine NumPy uses). */
function logGamma(x: number): number {
  if (x === 1 || x === 2) return 0;
  const n = x < 7 ? Math.floor(7 - x) : 0;
  let x0 = x + n;
  const x2 = 1 / (x0 * x0);
  let gl0 = LOGGAM_COEFFS[9];
  for (let k = 8; k >= 0; k--) gl0 = gl0 * x2 + LOGGAM_COEFFS[k]!;
  let gl = gl0 / x0 + 0.9189385332046727 + (x0 - 0.5) * Math.log(x0) - x0;
  for (let k = 1; k <= n; k++) {
    gl -= Math.log(x0 - 1);
    x0 -= 1;
  }
  return gl;
}

/**
 * A Poisson-distributed count with mean `lambda` (finite ≥ 0). For `lambda < 10`, Knuth's
 * multiplication method (O(λ) uniforms); for `lambda >= 10`, Hörmann's PTRS transformed rejection
 * with squeeze (1993, as in NumPy), O(1) expected with about 2.2 uniforms per attempt and exact.
 * @param rng - The generator to draw from; its state advances.
 * @param lambda - Mean count (events per interval), finite ≥ 0.
 * @throws TacticaError `INVALID_ARGUMENT` when `lambda` is negative or not finite.
 */
export function rngPoisson(rng: Rng, lambda: number): number {
  if (!(lambda >= 0 && lambda < Infinity)) {
    invalidArgument("@tactica/core: rngPoisson", "lambda", `must be a finite number >= 0 but is ${lambda}`, "Pass a non-negative mean.");
  }
  if (lambda < 10) {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = rngNextFloat(rng);
    while (p > limit) {
      k++;
      p *= rngNextFloat(rng);
    }
    return k;
  }
  const slam = Math.sqrt(lambda);
  const loglam = Math.log(lambda);
  const b = 0.931 + 2.53 * slam;
  const a = -0.059 + 0.02483 * b;
  const invalpha = 1.1239 + 1.1328 / (b - 3.4);
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = rngNextFloat(rng) - 0.5;
    const v = rngNextFloat(rng);
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + lambda + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log(v) + Math.log(invalpha) - Math.log(a / (us * us) + b) <= -lambda + k * loglam - logGamma(k + 1)) {
      return k;
    }
  }
}

/**
 * A binomially distributed count: successes in `n` (safe integer ≥ 0) trials of probability `p`
 * (in `[0, 1]`). Uses the symmetry `p > 0.5 → n − X(1 − p)`, then for `n·p < 30` sequential
 * inversion from 0 (O(np) expected), otherwise inversion searching outwards from the mode
 * (O(√(np(1−p))) expected; the mode probability comes from ln Γ, accurate to about 1e-10
 * relative for n ≤ 10^6 and 1e-6 for n ≤ 10^9).
 * @param rng - The generator to draw from; its state advances.
 * @param n - Number of trials, a safe integer ≥ 0.
 * @param p - Success probability of each trial, in [0, 1].
 * @returns The number of successes, `0 .. n`.
 * @throws TacticaError `INVALID_ARGUMENT` when `n` or `p` is out of range.
 */
export function rngBinomial(rng: Rng, n: number, p: number): number {
  if (!Number.isSafeInteger(n) || n < 0 || !(p >= 0 && p <= 1)) {
    invalidArgument(
      "@tactica/core: rngBinomial",
      "n/p",
      `must be an integer n >= 0 and a probability p in [0, 1], but are ${n} and ${p}`,
      "Pass a trial count and a probability.",
    );
  }
  if (p > 0.5) return n - rngBinomial(rng, n, 1 - p);
  if (n === 0 || p === 0) return 0;
  const q = 1 - p;
  const np = n * p;
  if (np < 30) {
    const s = p / q;
    const a = (n + 1) * s;
    const p0 = Math.pow(q, n);
    const bound = Math.min(n, Math.floor(np + 10 * Math.sqrt(np * q + 1)));
    for (;;) {
      let u = rngNextFloat(rng);
      let k = 0;
      let pk = p0;
      while (u > pk) {
        u -= pk;
        k++;
        if (k > bound) break;
        pk *= a / k - s;
      }
      if (k <= bound) return k;
    }
  }
  const m = Math.floor((n + 1) * p);
  const pm = Math.exp(logGamma(n + 1) - logGamma(m + 1) - logGamma(n - m + 1) + m * Math.log(p) + (n - m) * Math.log(q));
  const down = q / p;
  const up = p / q;
  for (;;) {
    let u = rngNextFloat(rng) - pm;
    if (u < 0) return m;
    let lo = m;
    let hi = m;
    let plo = pm;
    let phi = pm;
    while (plo + phi > 1e-18) {
      if (lo > 0) {
        plo *= (lo / (n - lo + 1)) * down;
        lo--;
        u -= plo;
        if (u < 0) return lo;
      } else plo = 0;
      if (hi < n) {
        phi *= ((n - hi) / (hi + 1)) * up;
        hi++;
        u -= phi;
        if (u < 0) return hi;
      } else phi = 0;
    }
  }
}

/**
 * Picks an index with probability proportional to `weights[index]`. Weights must be finite and
 * `>= 0` with a positive sum; zero-weight entries are never picked. O(n), no allocation (one pass
 * to sum and validate, one to select). For many picks from fixed weights, build a cumulative
 * table or alias table once instead.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a negative or non-finite weight (naming its index),
 * `EMPTY` when there are no weights or they are all zero.
 * @param rng - The generator to draw from; its state advances by one step.
 * @param weights - Relative weight of each index, finite ≥ 0 with a positive finite sum; read only.
 */
export function rngWeightedPick(rng: Rng, weights: ArrayLike<number>): number {
  const n = weights.length;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    if (!(w >= 0 && w < Infinity)) {
      invalidArgument(
        "@tactica/core: rngWeightedPick",
        `weights[${i}]`,
        `must be a finite number >= 0 but is ${w}`,
        "Fix the weight; use 0 to exclude an option.",
      );
    }
    total += w;
  }
  if (!(total > 0) || total === Infinity) {
    throw new TacticaError(
      ErrorCodes.Empty,
      `@tactica/core: rngWeightedPick: "weights" ${n === 0 ? "is empty" : total === Infinity ? "sum to Infinity" : "are all zero"}. Give at least one option a positive weight.`,
      { path: "weights" },
    );
  }
  let r = rngNextFloat(rng) * total;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    if (w > 0) {
      if (r < w) return i;
      r -= w;
      last = i;
    }
  }
  return last; // rounding left r >= the last weight: the last positive entry
}

/**
 * Shuffles `array` in place with the Fisher–Yates (Durstenfeld) algorithm and unbiased integer
 * draws, so every permutation is equally likely. Returns `array`. O(n), no allocation.
 * @param rng - The generator to draw from; its state advances (about one step per element).
 * @param array - The array to shuffle in place and return.
 */
export function rngShuffle<T>(rng: Rng, array: T[]): T[] {
  for (let i = array.length - 1; i > 0; i--) {
    const j = below(rng, i + 1);
    const tmp = array[i] as T;
    array[i] = array[j] as T;
    array[j] = tmp;
  }
  return array;
}

/**
 * A uniformly chosen element of `array`. O(1).
 *
 * @param rng - The generator to draw from; its state advances (usually one step).
 * @param array - The candidates, at least one; read only.
 * @throws TacticaError `EMPTY` when `array` is empty.
 */
export function rngPick<T>(rng: Rng, array: ArrayLike<T>): T {
  const n = array.length;
  if (n === 0) {
    throw new TacticaError(ErrorCodes.Empty, '@tactica/core: rngPick: "array" is empty. Check the length before picking.', {
      path: "array",
    });
  }
  return array[below(rng, n)] as T;
}
