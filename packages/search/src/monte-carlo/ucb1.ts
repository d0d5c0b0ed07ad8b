import { assertFinite, assertInteger, assertNonNegative } from "@tactica/core";
import { checkIndex } from "../internal/check-index";

/**
 * Per-arm statistics of the UCB1 bandit Monte Carlo search uses at the root (Auer et al. 2002;
 * chapter 25, Eq. 25.1): `v(i) = mean(i) + sqrt(k · ln t / count(i))` with `t` the number of plays
 * so far. Plain typed arrays; create with {@link createMonteCarloUcb1}. (`@tactica/decision`'s
 * `selectUcb1` is a different, option-scoring helper; these names keep the two apart.)
 */
export interface MonteCarloUcb1 {
  /** Number of arms. */
  readonly armCount: number;
  /** Plays per arm. */
  readonly counts: Float64Array;
  /** Sum of rewards per arm. */
  readonly sums: Float64Array;
  /** Total plays `t`. */
  total: number;
}

/** Options of {@link selectMonteCarloUcb1} and {@link monteCarloUcb1Value}. */
export interface MonteCarloUcb1Options {
  /** Exploration constant `k` (≥ 0, default 2: the classic choice for rewards in [0, 1]). */
  readonly exploration?: number;
  /** Consider only the first `armCount` arms (default: all). */
  readonly armCount?: number;
}

const EMPTY: MonteCarloUcb1Options = {};

/**
 * Creates a {@link MonteCarloUcb1} bandit with `armCount` arms (integer ≥ 1), all unplayed.
 * @param armCount - Number of arms, an integer in [1, 2^24].
 * @throws TacticaError `INVALID_ARGUMENT` when `armCount` is not an integer in range.
 */
export function createMonteCarloUcb1(armCount: number): MonteCarloUcb1 {
  assertInteger("@tactica/search: createMonteCarloUcb1", "armCount", armCount, 1, 1 << 24);
  return { armCount, counts: new Float64Array(armCount), sums: new Float64Array(armCount), total: 0 };
}

/**
 * Resets every arm of `bandit` to unplayed. O(arms).
 * @param bandit - The bandit to clear in place (counts, sums and total to 0).
 */
export function resetMonteCarloUcb1(bandit: MonteCarloUcb1): void {
  bandit.counts.fill(0);
  bandit.sums.fill(0);
  bandit.total = 0;
}

function value(bandit: MonteCarloUcb1, arm: number, k: number): number {
  const c = bandit.counts[arm]!;
  if (c === 0) return Infinity;
  return bandit.sums[arm]! / c + Math.sqrt((k * Math.log(bandit.total)) / c);
}

/**
 * UCB1 value of `arm`: `Infinity` while unplayed, else `mean + sqrt(k · ln total / count)`. O(1).
 * @param bandit - The bandit to read; not changed.
 * @param arm - Arm index, an integer in `0 .. bandit.armCount − 1`.
 * @param options - `exploration`: the constant `k`, finite ≥ 0 (default 2). `armCount` is ignored.
 * @throws TacticaError `INVALID_ARGUMENT` when `arm` is not an arm index or `exploration` is negative or not finite.
 */
export function monteCarloUcb1Value(bandit: MonteCarloUcb1, arm: number, options: MonteCarloUcb1Options = EMPTY): number {
  checkIndex("@tactica/search: monteCarloUcb1Value", "arm", arm, bandit.armCount, "an arm");
  const k = options.exploration ?? 2;
  if (!(k >= 0 && k < Infinity)) assertNonNegative("@tactica/search: monteCarloUcb1Value", "options.exploration", k);
  return value(bandit, arm, k);
}

/**
 * The arm to play next among the first `options.armCount` arms: the first unplayed arm, else the
 * arm with the largest {@link monteCarloUcb1Value} (lowest index on ties). O(arms), no allocation.
 * @param bandit - The bandit to read; not changed.
 * @param options - `exploration`: the constant `k`, ≥ 0 (default 2); `armCount`: consider only
 *   arms `0 .. armCount − 1`, an integer in [1, bandit.armCount] (default all).
 * @returns The arm index to play.
 * @throws TacticaError `INVALID_ARGUMENT` when `exploration` is negative or `armCount` out of range.
 */
export function selectMonteCarloUcb1(bandit: MonteCarloUcb1, options: MonteCarloUcb1Options = EMPTY): number {
  const k = options.exploration ?? 2;
  assertNonNegative("@tactica/search: selectMonteCarloUcb1", "options.exploration", k);
  const armCount = options.armCount ?? bandit.armCount;
  if (armCount !== bandit.armCount) assertInteger("@tactica/search: selectMonteCarloUcb1", "options.armCount", armCount, 1, bandit.armCount);
  let best = 0;
  let bestV = -Infinity;
  for (let i = 0; i < armCount; i++) {
    const v = value(bandit, i, k);
    if (v === Infinity) return i;
    if (v > bestV) {
      bestV = v;
      best = i;
    }
  }
  return best;
}

/**
 * Records `reward` for `arm`. O(1).
 * @param bandit - The bandit to update in place (the arm's count and sum, and the total).
 * @param arm - Arm index, an integer in `0 .. bandit.armCount − 1`.
 * @param reward - The play's reward, a finite number, in [0, 1] for the default exploration constant.
 * @throws TacticaError `INVALID_ARGUMENT` when `arm` is not an arm index or `reward` is not finite (NaN would poison the arm's mean for good).
 */
export function updateMonteCarloUcb1(bandit: MonteCarloUcb1, arm: number, reward: number): void {
  checkIndex("@tactica/search: updateMonteCarloUcb1", "arm", arm, bandit.armCount, "an arm");
  if (!(reward - reward === 0)) assertFinite("@tactica/search: updateMonteCarloUcb1", "reward", reward);
  bandit.counts[arm]!++;
  bandit.sums[arm]! += reward;
  bandit.total++;
}

/**
 * Mean reward of `arm` (`-Infinity` while unplayed). O(1).
 * @param bandit - The bandit to read; not changed.
 * @param arm - Arm index, an integer in `0 .. bandit.armCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `arm` is not an arm index.
 */
export function monteCarloUcb1Mean(bandit: MonteCarloUcb1, arm: number): number {
  checkIndex("@tactica/search: monteCarloUcb1Mean", "arm", arm, bandit.armCount, "an arm");
  const c = bandit.counts[arm]!;
  return c === 0 ? -Infinity : bandit.sums[arm]! / c;
}
