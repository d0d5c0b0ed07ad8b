import { PathFlags } from "@tactica/search";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import type { PlanningGoal, PlanningProblem } from "../ground/problem";
import { isGoalSatisfied } from "../ground/state";
import { resetStateStore, storeInsert, type StateStore } from "../ground/state-store";
import { workspaceOf } from "../internal/workspace";
import { writeForwardPlan, type PlanResult } from "./plan-result";

/** Options of the forward planners {@link planBfs} and {@link planForwardAStar}. */
export interface ForwardPlanOptions {
  /** Stop after expanding this many states (default 1 000 000): `BudgetExhausted`. */
  readonly maxExpansions?: number;
  /** Ground actions to skip: `forbidden[a] !== 0` removes action `a`. */
  readonly forbidden?: ArrayLike<number>;
}

/** @internal */
export function checkPlanArgs(fn: string, problem: PlanningProblem, start: Uint32Array, goal: PlanningGoal): void {
  if (!(start instanceof Uint32Array) || start.length !== problem.words)
    throw planningError(PlanningErrorCodes.Argument, fn, `start must be a Uint32Array of ${problem.words} words (createPlanningState / stateFromFacts).`, {
      path: "start",
    });
  if (goal.pos.length !== problem.words || goal.neg.length !== problem.words)
    throw planningError(PlanningErrorCodes.Argument, fn, `goal was compiled for another problem; use compileGoal(problem, …).`, { path: "goal" });
}

/**
 * Opening of a breadth-first plan query, shared by {@link planBfs} and the lifted BFS: clears the
 * state store and the result, stores `start`, and answers at once when `start` already satisfies
 * the goal (Found, empty plan) or the goal is impossible (NoPath). Returns true when answered.
 * @internal
 */
export function beginBfsQuery(out: PlanResult, store: StateStore, words: number, start: Uint32Array, goal: PlanningGoal): boolean {
  resetStateStore(store, words);
  out.expanded = 0;
  out.cost = 0;
  out.length = 0;
  storeInsert(store, start, 0);
  out.generated = 1;
  if (isGoalSatisfied(goal, start)) {
    out.flags = PathFlags.Found;
    return true;
  }
  if (goal.impossible) {
    out.flags = PathFlags.NoPath;
    return true;
  }
  return false;
}

/**
 * Chapter 13's forward breadth-first planner over bitset states: returns a shortest plan (fewest
 * actions). The visited store doubles as the FIFO queue (states are appended in BFS order), a
 * state is never expanded twice, and the goal is tested when a state is generated. Allocation-free
 * once the per-problem store has grown to the search's size.
 *
 * @param out - Result written in place and returned ({@link createPlanResult}); its `path`
 *   capacity bounds how many actions are copied (a longer plan sets `PathTruncated`).
 * @param problem - The compiled problem ({@link compileProblem}); read only.
 * @param start - Start state bitset, a `Uint32Array` of `problem.words` words; read only.
 * @param goal - The goal to reach, compiled for this problem ({@link compileGoal} or `problem.goal`).
 * @param options - `maxExpansions`: states to expand before giving up with `BudgetExhausted`
 *   (default 1 000 000); `forbidden`: per ground action, nonzero to skip it (default none).
 * @returns `out`: `Found` (with `PathTruncated` when `out.path` is short), `NoPath`, or `BudgetExhausted`
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const out = planBfs(createPlanResult(), problem, problem.initial, problem.goal);
 * (out.flags & PathFlags.Found) !== 0; // → true
 * Array.from(out.path.subarray(0, out.length), (a) => problem.actionNames[a]); // → ["go(hall, kitchen)", "take(kitchen, key)"]
 * ```
 */
export function planBfs(out: PlanResult, problem: PlanningProblem, start: Uint32Array, goal: PlanningGoal, options?: ForwardPlanOptions): PlanResult {
  checkPlanArgs("planBfs", problem, start, goal);
  const maxExpansions = options?.maxExpansions ?? 1_000_000;
  const forbidden = options?.forbidden;
  const ws = workspaceOf(problem);
  const store = ws.store;
  const W = problem.words;
  if (beginBfsQuery(out, store, W, start, goal)) return out;
  const A = problem.actionCount;
  const { preT, preF, add, del } = problem;
  const scratch = ws.scratch;
  const gp = goal.pos;
  const gn = goal.neg;
  let head = 0;
  while (head < store.count) {
    if (out.expanded >= maxExpansions) {
      out.flags = PathFlags.BudgetExhausted;
      return out;
    }
    const s = head++;
    out.expanded++;
    const so = s * W;
    for (let a = 0; a < A; a++) {
      if (forbidden !== undefined && forbidden[a] !== 0) continue;
      const ao = a * W;
      const data = store.data;
      let ok = true;
      for (let w = 0; w < W; w++) {
        const sw = data[so + w]!;
        const t = preT[ao + w]!;
        if ((t & ~sw) !== 0 || (sw & preF[ao + w]!) !== 0) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      let goalOk = true;
      let changed = 0;
      for (let w = 0; w < W; w++) {
        const sw = data[so + w]!;
        const r = (sw & ~del[ao + w]!) | add[ao + w]!;
        scratch[w] = r;
        changed |= r ^ sw;
        if ((gp[w]! & ~r) !== 0 || (r & gn[w]!) !== 0) goalOk = false;
      }
      // An action that changes nothing leads back to this state: no hashing needed.
      if (changed === 0) continue;
      const id = storeInsert(store, scratch, 0);
      if (!store.added) continue;
      out.generated++;
      store.parent[id] = s;
      store.action[id] = a;
      if (goalOk) {
        writeForwardPlan(out, problem, store, id);
        return out;
      }
    }
  }
  out.flags = PathFlags.NoPath;
  return out;
}
