import { PathFlags } from "@tactica/search";
import type { PlanningGoal, PlanningProblem } from "../ground/problem";
import { resetStateStore, storeInsert } from "../ground/state-store";
import { heapPop, heapPush } from "../internal/heap";
import { workspaceOf } from "../internal/workspace";
import { checkPlanArgs, type ForwardPlanOptions } from "./plan-bfs";
import { writeForwardPlan, type PlanResult } from "./plan-result";

/** Options of {@link planForwardAStar}. */
export interface ForwardAStarOptions extends ForwardPlanOptions {
  /**
   * Heuristic: `"goal-count"` (default) is ⌈unsatisfied goal literals / most literals one action
   * changes⌉ × cheapest action cost, admissible and consistent; `"none"` is Dijkstra.
   */
  readonly heuristic?: "goal-count" | "none";
  /** Heuristic weight (default 1; > 1 trades optimality for speed). */
  readonly weight?: number;
}

/** Unsatisfied goal literals in state `id` of the store. @internal */
export function unsatisfiedCount(goal: PlanningGoal, data: Uint32Array, offset: number, W: number): number {
  let n = 0;
  for (let w = 0; w < W; w++) {
    const s = data[offset + w]!;
    n += popcount(goal.pos[w]! & ~s) + popcount(goal.neg[w]! & s);
  }
  return n;
}

/** @internal */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * Forward A* over bitset states, minimising the sum of action costs (Dijkstra with
 * `heuristic: "none"`). Same store as {@link planBfs}; a state whose cost improves is reopened.
 *
 * @param out - Result written in place and returned ({@link createPlanResult}); its `path`
 *   capacity bounds how many actions are copied (a longer plan sets `PathTruncated`).
 * @param problem - The compiled problem ({@link compileProblem}); read only.
 * @param start - Start state bitset, a `Uint32Array` of `problem.words` words; read only.
 * @param goal - The goal to reach, compiled for this problem ({@link compileGoal} or `problem.goal`).
 * @param options - `maxExpansions` (default 1 000 000), `forbidden` actions, `heuristic`
 *   (`"goal-count"` by default, `"none"` for Dijkstra) and `weight` (default 1; above 1 the plan
 *   may cost more than the cheapest). Omitted: all defaults.
 * @returns `out`: `Found`, `NoPath` or `BudgetExhausted`
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room a, b, c))
 *   (:action walk :parameters (room ?x, room ?y) :preconditions (at(?x) and road(?x, ?y)) :effects (not at(?x) and at(?y)))
 *   (:action fly :parameters (room ?x) :cost 5 :preconditions (at(?x)) :effects (not at(?x) and at(c)))
 *   (:initial (at(a) and road(a, b) and road(b, c)))
 *   (:goal (at(c)))`));
 * const out = planForwardAStar(createPlanResult(), problem, problem.initial, problem.goal);
 * out.cost; // → 2
 * // Two walks (cost 2) beat one flight (cost 5); planBfs would fly (fewest actions).
 * Array.from(out.path.subarray(0, out.length), (a) => problem.actionNames[a]); // → ["walk(a, b)", "walk(b, c)"]
 * ```
 */
export function planForwardAStar(out: PlanResult, problem: PlanningProblem, start: Uint32Array, goal: PlanningGoal, options?: ForwardAStarOptions): PlanResult {
  checkPlanArgs("planForwardAStar", problem, start, goal);
  const maxExpansions = options?.maxExpansions ?? 1_000_000;
  const forbidden = options?.forbidden;
  const useH = (options?.heuristic ?? "goal-count") === "goal-count";
  const weight = options?.weight ?? 1;
  const ws = workspaceOf(problem);
  const { store, heap, scratch } = ws;
  const W = problem.words;
  resetStateStore(store, W);
  heap.size = 0;
  out.expanded = 0;
  out.cost = 0;
  out.length = 0;
  out.generated = 1;
  if (goal.impossible) {
    out.flags = PathFlags.NoPath;
    return out;
  }
  const per = Math.max(1, problem.maxChanged);
  const hScale = useH ? problem.minCost * weight : 0;
  const s0 = storeInsert(store, start, 0);
  store.g[s0] = 0;
  heapPush(heap, hScale === 0 ? 0 : Math.ceil(unsatisfiedCount(goal, store.data, 0, W) / per) * hScale, 0, s0);
  const A = problem.actionCount;
  const { preT, preF, add, del, actionCost } = problem;
  while (heap.size > 0) {
    const s = heapPop(heap);
    if (store.closed[s] === 1) continue;
    const so = s * W;
    if (unsatisfiedCount(goal, store.data, so, W) === 0) {
      writeForwardPlan(out, problem, store, s);
      return out;
    }
    if (out.expanded >= maxExpansions) {
      out.flags = PathFlags.BudgetExhausted;
      return out;
    }
    store.closed[s] = 1;
    out.expanded++;
    const gs = store.g[s]!;
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
      let changed = 0;
      for (let w = 0; w < W; w++) {
        const sw = data[so + w]!;
        const r = (sw & ~del[ao + w]!) | add[ao + w]!;
        scratch[w] = r;
        changed |= r ^ sw;
      }
      if (changed === 0) continue; // a self-loop never improves a cost
      const id = storeInsert(store, scratch, 0);
      if (store.added) out.generated++;
      const g = gs + actionCost[a]!;
      if (g < store.g[id]!) {
        store.g[id] = g;
        store.parent[id] = s;
        store.action[id] = a;
        store.closed[id] = 0;
        heapPush(heap, g + (hScale === 0 ? 0 : Math.ceil(unsatisfiedCount(goal, store.data, id * W, W) / per) * hScale), g, id);
      }
    }
  }
  out.flags = PathFlags.NoPath;
  return out;
}
