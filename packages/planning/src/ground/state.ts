import { describeValue } from "@tactica/core";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import type { PlanningGoal, PlanningProblem } from "./problem";

/**
 * Throws `PLANNING_ARGUMENT` unless `fact` is an integer bit of `state` (0 ≤ fact < 32 · words).
 * One compare on the success path. @internal
 */
export function checkFactBit(fn: string, state: Uint32Array, fact: number): void {
  if (fact >>> 0 !== fact || fact >>> 5 >= state.length)
    throw planningError(
      PlanningErrorCodes.Argument,
      fn,
      `fact ${String(fact)} is not a fact index of this state (an integer in 0..${state.length * 32 - 1}); look facts up with getFactIndex(problem, "name").`,
      { path: "fact" },
    );
}

/**
 * Throws `PLANNING_ARGUMENT` unless `action` is an integer in `0 .. problem.actionCount − 1`.
 * One compare on the success path. @internal
 */
export function checkActionIndex(fn: string, problem: PlanningProblem, action: number): void {
  if (action >>> 0 !== action || action >= problem.actionCount)
    throw planningError(
      PlanningErrorCodes.Argument,
      fn,
      `action ${String(action)} is not a ground action index (an integer in 0..${problem.actionCount - 1}); look actions up in problem.actionIndex.`,
      { path: "action" },
    );
}

/**
 * A fresh all-false state bitset for a problem (`problem.words` words).
 * @param problem - The compiled problem whose state layout (`problem.words` 32-bit words) to allocate.
 * @returns A new zeroed `Uint32Array` of `problem.words` words (no fact holds).
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain("(:objects (room a, b)) (:action go :parameters (room ?x, room ?y) :preconditions (at(?x)) :effects (not at(?x) and at(?y))) (:initial (at(a)))"));
 * const s = createPlanningState(problem);
 * setStateFact(s, getFactIndex(problem, "at(b)"), true);
 * factsOfState(problem, s); // → ["at(b)"]
 * ```
 */
export function createPlanningState(problem: PlanningProblem): Uint32Array {
  return new Uint32Array(problem.words);
}

/**
 * True when fact bit `fact` is set in `state`.
 * @param state - A state bitset of the problem (`problem.words` words).
 * @param fact - The fact's bit index, from {@link getFactIndex} (or `problem.factIndex`).
 * @throws TacticaError `PLANNING_ARGUMENT` when `fact` is `undefined`, not an integer or outside the state.
 */
export function hasStateFact(state: Uint32Array, fact: number): boolean {
  checkFactBit("hasStateFact", state, fact);
  return ((state[fact >>> 5]! >>> (fact & 31)) & 1) === 1;
}

/**
 * Sets or clears fact bit `fact` in `state` (mutates it).
 * @param state - The state bitset to change (`problem.words` words).
 * @param fact - The fact's bit index, from {@link getFactIndex} (or `problem.factIndex`).
 * @param value - True to set the fact, false to clear it.
 * @throws TacticaError `PLANNING_ARGUMENT` when `fact` is `undefined`, not an integer or outside the state.
 */
export function setStateFact(state: Uint32Array, fact: number, value: boolean): void {
  checkFactBit("setStateFact", state, fact);
  if (value) state[fact >>> 5]! |= 1 << (fact & 31);
  else state[fact >>> 5]! &= ~(1 << (fact & 31));
}

/**
 * True when ground action `action` is applicable in `state` (all positive, no negative preconditions).
 * @param problem - The compiled problem the action and state belong to; read only.
 * @param state - State bitset to test (`problem.words` words); read only.
 * @param action - Ground action index (`problem.actionIndex["go(a, b)"]`).
 * @throws TacticaError `PLANNING_ARGUMENT` when `action` is `undefined`, not an integer or out of range.
 */
export function isActionApplicable(problem: PlanningProblem, state: Uint32Array, action: number): boolean {
  checkActionIndex("isActionApplicable", problem, action);
  const W = problem.words;
  const o = action * W;
  const pt = problem.preT;
  const pf = problem.preF;
  for (let w = 0; w < W; w++) {
    const s = state[w]!;
    const t = pt[o + w]!;
    if ((t & ~s) !== 0 || (s & pf[o + w]!) !== 0) return false;
  }
  return true;
}

/**
 * Writes the successor `r = (s − del) ∪ add` of `state` under `action` into `out` (which may be
 * `state`). Does not check applicability. Returns `out`.
 * @param out - Successor state bitset (`problem.words` words), written in place and returned; may be `state`.
 * @param problem - The compiled problem holding the action's add and delete rows; read only.
 * @param state - State bitset to apply the action to (`problem.words` words); read only unless it is `out`.
 * @param action - Ground action index (`problem.actionIndex["go(a, b)"]`).
 * @throws TacticaError `PLANNING_ARGUMENT` when `action` is `undefined`, not an integer or out of range.
 */
export function applyAction(out: Uint32Array, problem: PlanningProblem, state: Uint32Array, action: number): Uint32Array {
  checkActionIndex("applyAction", problem, action);
  const W = problem.words;
  const o = action * W;
  for (let w = 0; w < W; w++) out[w] = (state[w]! & ~problem.del[o + w]!) | problem.add[o + w]!;
  return out;
}

/**
 * True when `state` satisfies `goal`.
 * @param goal - The compiled goal ({@link compileGoal}); always false when `goal.impossible`.
 * @param state - State bitset to test (`problem.words` words); read only.
 */
export function isGoalSatisfied(goal: PlanningGoal, state: Uint32Array): boolean {
  if (goal.impossible) return false;
  for (let w = 0; w < goal.pos.length; w++) {
    const s = state[w]!;
    const p = goal.pos[w]!;
    if ((p & ~s) !== 0 || (s & goal.neg[w]!) !== 0) return false;
  }
  return true;
}

/**
 * 32-bit hash of `words` words of `data` from `offset` (FNV-1a over words with a final mix), as
 * used by the visited-state store.
 * @param data - Buffer holding the state (a single state or a flat array of states); read only.
 * @param offset - Index in `data` of the state's first word.
 * @param words - Number of 32-bit words to hash (`problem.words` for one state).
 * @returns A signed 32-bit integer hash.
 */
export function hashStateWords(data: Uint32Array, offset: number, words: number): number {
  let h = 0x811c9dc5 | 0;
  for (let w = 0; w < words; w++) {
    h = Math.imul(h ^ data[offset + w]!, 0x01000193);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) | 0;
}

/**
 * Chapter 13's compact form of a state at rest: the ids of the facts that hold, in a `Uint8Array`
 * when the problem has fewer than 256 facts, else a `Uint16Array` (or `Uint32Array` beyond 65 536).
 * Convert back with {@link stateFromIds} to compute successors on the bitset.
 * @param problem - The compiled problem (its `factCount` picks the array width); read only.
 * @param state - State bitset to compress (`problem.words` words); read only.
 * @returns A new array of the set fact bits, ascending.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const ids = stateToIds(problem, problem.initial); // → Uint8Array [0, 1]
 * factsOfState(problem, stateFromIds(createPlanningState(problem), ids)); // → ["at(hall)", "in(key, kitchen)"]
 * ```
 */
export function stateToIds(problem: PlanningProblem, state: Uint32Array): Uint8Array | Uint16Array | Uint32Array {
  let n = 0;
  for (let w = 0; w < problem.words; w++) {
    let x = state[w]!;
    while (x !== 0) {
      x &= x - 1;
      n++;
    }
  }
  const out = problem.factCount < 256 ? new Uint8Array(n) : problem.factCount < 65536 ? new Uint16Array(n) : new Uint32Array(n);
  let k = 0;
  for (let f = 0; f < problem.factCount; f++) if ((state[f >>> 5]! >>> (f & 31)) & 1) out[k++] = f;
  return out;
}

/**
 * Writes the bitset of a compact id list ({@link stateToIds}) into `out` (cleared first); returns `out`.
 * @param out - State bitset (`problem.words` words), cleared, written in place and returned.
 * @param ids - Fact bit indices to set, each an integer in `0 .. problem.factCount − 1`; one that
 *   does not fit `out` (negative, fractional, NaN or ≥ 32 · `out.length`) throws `PLANNING_ARGUMENT`.
 * @throws TacticaError `PLANNING_ARGUMENT` naming the first id that does not fit `out` (`out` is then partly written).
 */
export function stateFromIds(out: Uint32Array, ids: ArrayLike<number>): Uint32Array {
  out.fill(0);
  for (let i = 0; i < ids.length; i++) {
    const f = ids[i]!;
    if (!(f >= 0 && (f | 0) === f && f >>> 5 < out.length))
      throw planningError(
        PlanningErrorCodes.Argument,
        "stateFromIds",
        `ids[${i}] is ${describeValue(f)}, not a fact id of a ${out.length}-word state; pass integers in [0, ${32 * out.length}) from stateToIds.`,
        { path: `ids[${i}]` },
      );
    out[f >>> 5]! |= 1 << (f & 31);
  }
  return out;
}
