import { assertInteger, assertNonNegative, invalidArgument } from "@tactica/core";

/**
 * Per-arm statistics of a UCB1 bandit (Auer et al. 2002; chapter 25, Eq. 25.1):
 * `v(i) = mean(i) + sqrt(k · ln t / count(i))` with `t` the number of plays so far. Plain typed
 * arrays; create with {@link createUcb1}.
 */
export interface Ucb1 {
  /** Number of arms. */
  readonly armCount: number;
  /** Plays per arm. */
  readonly counts: Float64Array;
  /** Sum of rewards per arm. */
  readonly sums: Float64Array;
  /** Total plays `t`. */
  total: number;
}

/** Creates a {@link Ucb1} bandit with `armCount` arms (integer ≥ 1), all unplayed. */
export function createUcb1(armCount: number): Ucb1 {
  assertInteger("@tactica/search: createUcb1", "armCount", armCount, 1, 1 << 24);
  return { armCount, counts: new Float64Array(armCount), sums: new Float64Array(armCount), total: 0 };
}

/** Resets every arm of `bandit` to unplayed, keeping the first `armCount` arms (≤ its capacity) in use. */
export function resetUcb1(bandit: Ucb1, armCount: number = bandit.armCount): void {
  if (armCount > bandit.armCount) invalidArgument("@tactica/search: resetUcb1", "armCount", `is ${armCount} > capacity ${bandit.armCount}`, "Create a larger bandit.");
  bandit.counts.fill(0);
  bandit.sums.fill(0);
  bandit.total = 0;
}

/**
 * UCB1 value of `arm`: `Infinity` while unplayed, else `mean + sqrt(k · ln total / count)`.
 * With rewards in [0, 1], `k = 2` is the classic choice. O(1).
 */
export function ucb1Value(bandit: Ucb1, arm: number, k = 2): number {
  const c = bandit.counts[arm]!;
  if (c === 0) return Infinity;
  return bandit.sums[arm]! / c + Math.sqrt((k * Math.log(bandit.total)) / c);
}

/**
 * The arm to play next among the first `armCount` arms: the first unplayed arm, else the arm
 * with the largest {@link ucb1Value} (lowest index on ties). O(arms), no allocation.
 */
export function ucb1Select(bandit: Ucb1, k = 2, armCount: number = bandit.armCount): number {
  assertNonNegative("@tactica/search: ucb1Select", "k", k);
  let best = 0;
  let bestV = -Infinity;
  for (let i = 0; i < armCount; i++) {
    const v = ucb1Value(bandit, i, k);
    if (v === Infinity) return i;
    if (v > bestV) {
      bestV = v;
      best = i;
    }
  }
  return best;
}

/** Records `reward` for `arm`. O(1). */
export function ucb1Update(bandit: Ucb1, arm: number, reward: number): void {
  bandit.counts[arm]!++;
  bandit.sums[arm]! += reward;
  bandit.total++;
}

/** Mean reward of `arm` (`-Infinity` while unplayed). O(1). */
export function ucb1Mean(bandit: Ucb1, arm: number): number {
  const c = bandit.counts[arm]!;
  return c === 0 ? -Infinity : bandit.sums[arm]! / c;
}
