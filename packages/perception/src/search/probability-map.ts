import { ErrorCodes, type Rng, rngNextFloat, TacticaError } from "@tactica/core";
import { configError, describeValue } from "../errors";

/**
 * A probability map over discrete states (*Game AI Pro 2* ch. 7, Manslow): where an unobserved NPC
 * may be, as a Markov chain. Plain data: `probabilities[s]` is the probability of state `s` (they sum
 * to 1), `transitions` is the row-major `n × n` matrix (row = current state, column = next state,
 * each row summing to 1), `scratch` is the double buffer of {@link stepProbabilityMap}.
 */
export interface ProbabilityMap {
  /** Number of states. */
  readonly size: number;
  /** Row-major transition matrix, `size × size`. */
  readonly transitions: Float64Array;
  /** Current probability of each state. */
  probabilities: Float64Array;
  /** Double-buffer scratch. */
  scratch: Float64Array;
}

const ROW_TOLERANCE = 1e-6;

/** Most states of a probability map (the matrix is states² numbers). */
const MAX_STATES = 2048;

function checkDistribution(fn: string, values: readonly number[], path: string): void {
  let sum = 0;
  for (let j = 0; j < values.length; j++) {
    const v: unknown = values[j]; // indexed, so a hole in a sparse array is caught too
    if (typeof v !== "number" || !(v >= 0 && v <= 1))
      configError(fn, `${path}[${j}] is ${describeValue(v)}; a probability must be in [0, 1].`, `${path}[${j}]`);
    sum += v;
  }
  if (Math.abs(sum - 1) > ROW_TOLERANCE) configError(fn, `${path} sums to ${sum}, not 1; make the probabilities of each row add up to 1.`, path);
}

/**
 * Creates a probability map from a square transition matrix (`transitions[i][j]` = probability of
 * moving from state `i` to state `j` in one update; every row must sum to 1 within 1e-6) and an
 * initial distribution (summing to 1). Throws `PERCEPTION_CONFIG` naming the bad row or entry; at
 * most 2,048 states.
 *
 * @param transitions - Square matrix: `transitions[i][j]` is the probability of moving from state `i` to state `j` in one update; entries in [0, 1], every row summing to 1 (within 1e-6), at most 2,048 rows; copied.
 * @param initial - Probability of each state now, one per state, summing to 1; copied.
 *
 * @example
 * ```ts
 * // Manslow's guard: A→B, B→A, sleeping, eating, solitaire (Table 7.1).
 * const guard = createProbabilityMap(
 *   [
 *     [0, 1, 0, 0, 0],
 *     [0.95, 0, 0, 0.05, 0],
 *     [0.04, 0, 0.95, 0.01, 0],
 *     [0.18, 0, 0.01, 0.8, 0.01],
 *     [0.5, 0, 0.5, 0, 0],
 *   ],
 *   [0, 1, 0, 0, 0],                                      // t1: walking B→A
 * );
 * for (let t = 1; t < 6; t++) stepProbabilityMap(guard);   // Table 7.2's t6: eating ≈ 0.097
 * observeProbabilityState(guard, 3, false);               // the dining hall is seen empty
 * // guard.probabilities ≈ [0.970, 0.026, 0.003, 0, 0.001]
 * ```
 */
export function createProbabilityMap(transitions: readonly (readonly number[])[], initial: readonly number[]): ProbabilityMap {
  const rows: unknown = transitions;
  if (!Array.isArray(rows) || rows.length === 0)
    configError("createProbabilityMap", "transitions must be a non-empty square matrix (array of rows).", "transitions");
  const n = transitions.length;
  if (n > MAX_STATES) configError("createProbabilityMap", `${n} states exceed the cap of ${MAX_STATES}; split the map into areas.`, "transitions");
  const flat = new Float64Array(n * n);
  transitions.forEach((row, i) => {
    const r: unknown = row;
    if (!Array.isArray(r) || r.length !== n)
      configError("createProbabilityMap", `transitions[${i}] must have ${n} entries (the matrix is square).`, `transitions[${i}]`);
    checkDistribution("createProbabilityMap", row, `transitions[${i}]`);
    flat.set(row, i * n);
  });
  const init: unknown = initial;
  if (!Array.isArray(init) || init.length !== n) configError("createProbabilityMap", `initial must have ${n} entries, one per state.`, "initial");
  checkDistribution("createProbabilityMap", initial, "initial");
  return { size: n, transitions: flat, probabilities: Float64Array.from(initial), scratch: new Float64Array(n) };
}

/**
 * One update `p ← p · T` (double-buffered, O(n²), no allocation). Returns `map`.
 *
 * @param map - The map, advanced one update in place (`probabilities` and `scratch` swapped) and returned.
 */
export function stepProbabilityMap(map: ProbabilityMap): ProbabilityMap {
  const { size: n, transitions: t } = map;
  const p = map.probabilities;
  const next = map.scratch;
  next.fill(0);
  for (let i = 0; i < n; i++) {
    const pi = p[i]!;
    if (pi === 0) continue;
    const row = i * n;
    for (let j = 0; j < n; j++) next[j] = next[j]! + pi * t[row + j]!;
  }
  map.probabilities = next;
  map.scratch = p;
  return map;
}

/**
 * The player observes `state`: when `present`, the NPC is there (that state becomes 1, every other
 * 0); otherwise the state becomes 0 and the rest is renormalised to sum to 1. Observing as absent
 * the only state with any probability throws `INVALID_STATE` (the observation contradicts the map;
 * decide with {@link decideInstantiation} first). Returns `map`.
 *
 * @param map - The map, changed in place and returned.
 * @param state - The observed state, an integer in `[0, size)`.
 * @param present - Whether the NPC is seen there: `true` puts all probability on it, `false` zeroes it and renormalises the rest.
 */
export function observeProbabilityState(map: ProbabilityMap, state: number, present: boolean): ProbabilityMap {
  if (!Number.isInteger(state) || state < 0 || state >= map.size)
    configError("observeProbabilityState", `state ${describeValue(state)} does not exist (size ${map.size}).`, "state");
  const p = map.probabilities;
  if (present) {
    p.fill(0);
    p[state] = 1;
    return map;
  }
  const rest = 1 - p[state]!;
  if (!(rest > 0)) {
    throw new TacticaError(
      ErrorCodes.InvalidState,
      `@tactica/perception: observeProbabilityState: state ${state} holds all the probability, so it cannot be observed empty; instantiate the NPC there instead.`,
      { path: "state" },
    );
  }
  p[state] = 0;
  for (let i = 0; i < p.length; i++) p[i] = p[i]! / rest;
  return map;
}

/**
 * Decides, when the player is about to observe `state`, whether the NPC is there: `true` with
 * exactly the state's probability, drawn from the seeded `rng` (reproducible). Follow it with
 * {@link observeProbabilityState}`(map, state, result)`.
 *
 * @param map - The map, read only.
 * @param state - The state the player is about to observe, an integer in `[0, size)`.
 * @param rng - Core `Rng` the decision draws from (one float, advanced in place).
 */
export function decideInstantiation(map: ProbabilityMap, state: number, rng: Rng): boolean {
  if (!Number.isInteger(state) || state < 0 || state >= map.size)
    configError("decideInstantiation", `state ${state} does not exist (size ${map.size}).`, "state");
  return rngNextFloat(rng) < map.probabilities[state]!;
}

/**
 * Static priors times a possibility mask (ch. 7, "static probability map"): the probability that
 * the NPC is in `state` given that it can only be in the states where `possible` is true:
 * `prior[state] / Σ prior[possible]`. 0 when `state` is impossible or no possible state has a prior.
 * Throws `PERCEPTION_CONFIG` for priors outside [0, 1] or arrays of different lengths.
 *
 * @param priors - Static prior per state, each in [0, 1].
 * @param possible - One flag per state (`true` / 1 possible), same length as `priors`.
 * @param state - The state asked about, an integer in `[0, priors.length)`.
 */
export function priorProbability(priors: ArrayLike<number>, possible: ArrayLike<boolean | number>, state: number): number {
  if (priors.length !== possible.length)
    configError("priorProbability", `priors has ${priors.length} entries but possible has ${possible.length}; give one per state.`, "possible");
  if (!Number.isInteger(state) || state < 0 || state >= priors.length)
    configError("priorProbability", `state ${state} does not exist (${priors.length} states).`, "state");
  let sum = 0;
  for (let i = 0; i < priors.length; i++) {
    const v = priors[i]!;
    if (!(v >= 0 && v <= 1)) configError("priorProbability", `priors[${i}] is ${v}; a probability must be in [0, 1].`, `priors[${i}]`);
    if (possible[i]) sum += v;
  }
  return possible[state] && sum > 0 ? priors[state]! / sum : 0;
}
