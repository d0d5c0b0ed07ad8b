import { assertFinite, assertInteger, rngNextFloat, type Rng } from "@tactica/core";

/**
 * Regret matching (chapter 25, Listing 25.2 with its errata fixed): cumulative regret per
 * action; the strategy plays each action with probability proportional to its positive regret,
 * or uniformly when none is positive. After each round every action's regret grows by
 * `u(action) − u(taken)` (or `− E[u]` under the current mixed strategy). An optional floor
 * bounds negative regret. The time-averaged strategy is accumulated too. Plain typed arrays.
 */
export interface RegretMatching {
  /** Cumulative regret per action. */
  readonly regret: Float64Array;
  /** Sum of the strategies played (for the average strategy). */
  readonly strategySum: Float64Array;
  /** Current strategy (scratch, updated by {@link computeRegretStrategy}). */
  readonly strategy: Float64Array;
  /** Lower bound on regret (-Infinity = none). */
  readonly floor: number;
  /** Rounds played. */
  rounds: number;
}

/** Options for {@link createRegretMatching}. */
export interface RegretMatchingOptions {
  /** Initial regret of every action (default 0). Larger values adapt more slowly. */
  initialRegret?: number;
  /** Floor on negative regret (default -Infinity). */
  floor?: number;
}

/** Options for {@link updateRegretMatching}. */
export interface UpdateRegretMatchingOptions {
  /** Measure regret against the expected utility of the current mixed strategy instead of the taken action's (default false). */
  expected?: boolean;
}

/**
 * Creates regret matching over `actions` actions.
 * @param actions - Number of actions, an integer in [1, 2^20].
 * @param options - `initialRegret` (finite; larger adapts more slowly; default 0) and `floor` (lower bound on regret; default `-Infinity`,
 *   none).
 */
export function createRegretMatching(actions: number, options: RegretMatchingOptions = {}): RegretMatching {
  const where = "@tactica/decision: createRegretMatching";
  assertInteger(where, "actions", actions, 1, 1 << 20);
  const init = assertFinite(where, "options.initialRegret", options.initialRegret ?? 0);
  const floor = options.floor ?? -Infinity;
  if (Number.isNaN(floor)) assertFinite(where, "options.floor", floor);
  return { regret: new Float64Array(actions).fill(init), strategySum: new Float64Array(actions), strategy: new Float64Array(actions), floor, rounds: 0 };
}

/**
 * Computes the current mixed strategy of `rm` into `out` (e.g. `rm.strategy`) and returns it. O(actions), no allocation.
 * @param out - Probability per action, length >= the action count; written in place and returned.
 * @param rm - The regret-matching state; read only.
 */
export function computeRegretStrategy(out: Float64Array, rm: RegretMatching): Float64Array {
  const n = rm.regret.length;
  let pos = 0;
  for (let i = 0; i < n; i++) if (rm.regret[i]! > 0) pos += rm.regret[i]!;
  for (let i = 0; i < n; i++) out[i] = pos > 0 ? Math.max(0, rm.regret[i]!) / pos : 1 / n;
  return out;
}

/**
 * Samples an action from the current strategy (the draw is scaled by the positive-regret sum,
 * the fix of the listing's unnormalised comparison). O(actions), no allocation.
 * @param rm - The regret-matching state; `rm.strategy` is overwritten with the current strategy.
 * @param rng - Generator; draws one float.
 */
export function selectRegretMatching(rm: RegretMatching, rng: Rng): number {
  const s = computeRegretStrategy(rm.strategy, rm);
  let x = rngNextFloat(rng);
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i]! <= 0) continue;
    last = i;
    x -= s[i]!;
    if (x < 0) return i;
  }
  return last;
}

/**
 * Records a round: `utilities[a]` is what action `a` would have earned against what the
 * opponent did (counterfactual utilities); `taken` is the action played. Regret of each action
 * grows by `utilities[a] − utilities[taken]`, or by `utilities[a] − Σ p(b)·utilities[b]` when
 * `options.expected` is true; then the floor applies. Also accumulates the strategy for the average.
 * @param rm - The regret-matching state; regrets, strategy sums and `rounds` are updated in place.
 * @param taken - Index of the action played this round, an integer in [0, actions).
 * @param utilities - Counterfactual utility of every action against what the opponent did, one per action, in any consistent unit; read only.
 * @param options - `expected`: measure regret against the current strategy's expected utility instead of the taken action's. Left out: false.
 */
export function updateRegretMatching(rm: RegretMatching, taken: number, utilities: ArrayLike<number>, options?: UpdateRegretMatchingOptions): void {
  const expected = options?.expected === true;
  const n = rm.regret.length;
  assertInteger("@tactica/decision: updateRegretMatching", "taken", taken, 0, n - 1);
  const s = computeRegretStrategy(rm.strategy, rm);
  for (let i = 0; i < n; i++) rm.strategySum[i]! += s[i]!;
  let base = utilities[taken]!;
  if (expected) {
    base = 0;
    for (let i = 0; i < n; i++) base += s[i]! * utilities[i]!;
  }
  for (let i = 0; i < n; i++) {
    const r = rm.regret[i]! + utilities[i]! - base;
    rm.regret[i] = r < rm.floor ? rm.floor : r;
  }
  rm.rounds++;
}

/**
 * Computes the time-averaged strategy of `rm` (what converges to equilibrium in self-play) into `out` and returns it.
 * @param out - Time-averaged probability per action, length >= the action count; written in place and returned (uniform before any round).
 * @param rm - The regret-matching state; read only.
 */
export function computeAverageRegretStrategy(out: Float64Array, rm: RegretMatching): Float64Array {
  const n = rm.regret.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += rm.strategySum[i]!;
  for (let i = 0; i < n; i++) out[i] = total > 0 ? rm.strategySum[i]! / total : 1 / n;
  return out;
}
