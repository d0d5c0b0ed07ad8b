import { assertFinite, assertInteger, assertPositive, assertRange } from "@tactica/core";

/**
 * Online UCB1 (chapter 25, eq. 25.1): each arm (an action or a whole strategy) keeps its play
 * count `c(i)` and mean payoff `x(i)`; after every arm has been played once, the next arm is
 * `argmax x(i) + √(k · ln t / c(i))` with `t` the total plays so far. With payoffs in [0, 1]
 * the suggested `k` is 2. An optional `decay` < 1 discounts old plays (recency control: counts
 * and sums are multiplied by `decay` before each update). Plain typed arrays.
 */
export interface Ucb1 {
  /** Exploration constant k. */
  readonly k: number;
  /** Discount per update (1 = none). */
  readonly decay: number;
  /** (Discounted) play count per arm. */
  readonly counts: Float64Array;
  /** (Discounted) payoff sum per arm. */
  readonly sums: Float64Array;
  /** Total plays t. */
  total: number;
}

/** Options for {@link createUcb1}. */
export interface Ucb1Options {
  /** Exploration constant k > 0 (default 2). */
  k?: number;
  /** Discount in (0, 1] applied to past statistics at each update (default 1: none). */
  decay?: number;
  /** Initial counts per arm (pre-initialised statistics, default 0). */
  initialCounts?: ArrayLike<number>;
  /** Initial payoff sums per arm (default 0). */
  initialSums?: ArrayLike<number>;
}

/**
 * Creates a UCB1 bandit with `arms` arms.
 * @param arms - Number of arms (actions or strategies), an integer in [1, 2^20].
 * @param options - `k` (exploration constant > 0, default 2 for payoffs in [0, 1]), `decay` (discount in (0, 1], default 1: none),
 *   `initialCounts` and `initialSums` per arm (default 0).
 */
export function createUcb1(arms: number, options: Ucb1Options = {}): Ucb1 {
  const where = "@tactica/decision: createUcb1";
  assertInteger(where, "arms", arms, 1, 1 << 20);
  const b: Ucb1 = {
    k: assertPositive(where, "options.k", options.k ?? 2),
    decay: assertRange(where, "options.decay", options.decay ?? 1, Number.MIN_VALUE, 1),
    counts: new Float64Array(arms),
    sums: new Float64Array(arms),
    total: 0,
  };
  for (let i = 0; i < arms; i++) {
    b.counts[i] = options.initialCounts?.[i] ?? 0;
    b.sums[i] = options.initialSums?.[i] ?? 0;
    b.total += b.counts[i]!;
  }
  return b;
}

/**
 * The UCB1 value of arm `i` (`Infinity` for an unplayed arm).
 * @param b - The bandit; read only.
 * @param i - Arm index, an integer in [0, arms).
 * @throws TacticaError `INVALID_ARGUMENT` when `i` is `undefined`, not an integer or not an arm.
 */
export function getUcb1Value(b: Ucb1, i: number): number {
  if (i >>> 0 !== i || i >= b.counts.length) assertInteger("@tactica/decision: getUcb1Value", "i", i, 0, b.counts.length - 1);
  const c = b.counts[i]!;
  if (!(c > 0)) return Infinity;
  return b.sums[i]! / c + Math.sqrt((b.k * Math.log(b.total)) / c);
}

/**
 * The arm to play next: the first unplayed arm, else the highest UCB1 value (ties to the lower
 * index). Deterministic. O(arms), no allocation.
 * @param b - The bandit; read only.
 */
export function selectUcb1(b: Ucb1): number {
  let best = 0;
  let bestV = -Infinity;
  for (let i = 0; i < b.counts.length; i++) {
    const v = getUcb1Value(b, i);
    if (v === Infinity) return i;
    if (v > bestV) {
      bestV = v;
      best = i;
    }
  }
  return best;
}

/**
 * Records `reward` for `arm` (the arm that was chosen — for strategy arms, the strategy, not the action it produced).
 * @param b - The bandit; counts, sums and total are updated in place (decayed first when `decay` < 1).
 * @param arm - Index of the arm that was played, an integer in [0, arms).
 * @param reward - Finite payoff of that play, ideally in [0, 1] (the default `k` assumes it).
 */
export function updateUcb1(b: Ucb1, arm: number, reward: number): void {
  assertInteger("@tactica/decision: updateUcb1", "arm", arm, 0, b.counts.length - 1);
  assertFinite("@tactica/decision: updateUcb1", "reward", reward);
  if (b.decay < 1) {
    b.total = 0;
    for (let i = 0; i < b.counts.length; i++) {
      b.counts[i]! *= b.decay;
      b.sums[i]! *= b.decay;
      b.total += b.counts[i]!;
    }
  }
  b.counts[arm]! += 1;
  b.sums[arm]! += reward;
  b.total += 1;
}
