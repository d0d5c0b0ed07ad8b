import { PathFlags } from "@tactica/search";
import { planBfs } from "./forward/plan-bfs";
import { planForwardAStar } from "./forward/plan-astar";
import { createPlanResult } from "./forward/plan-result";
import type { PlanningGoal, PlanningProblem } from "./ground/problem";
import { planningError, PlanningErrorCodes } from "./internal/errors";

/** Options of {@link findAlternativePlans}. */
export interface AlternativePlansOptions {
  /** `"bfs"` (default): fewest actions; `"astar"`: cheapest. */
  readonly solver?: "bfs" | "astar";
  /** Expansion budget per search (default 100 000). */
  readonly maxExpansions?: number;
  /** Most searches in total (default 8 × k). */
  readonly maxSearches?: number;
}

/** One alternative continuation: ground action indices and their cost. */
export interface AlternativePlan {
  /** Ground action indices, in order. */
  readonly actions: number[];
  /** Sum of static costs. */
  readonly cost: number;
}

/**
 * Up to `k` alternative plans from `state` to `goal` that differ in the actions they use
 * (chapter 42: after a player action makes an authorial goal unreachable by its usual route,
 * return several continuations: a new predator, a resurrection). The first plan is optimal; each
 * further one is the best plan that avoids at least one action of an earlier plan (searches with
 * forbidden actions, breadth first over the forbidden sets). Plans using the same set of actions
 * count once.
 * @param problem - The compiled problem ({@link compileProblem}); read only.
 * @param state - Start state bitset (`problem.words` words, one bit per fact); read only.
 * @param goal - The goal to reach, from {@link compileGoal}.
 * @param k - Most plans to return, an integer ≥ 1 (fewer come back when fewer distinct action
 *   sets reach the goal within the search budget).
 * @param options - `solver` (`"bfs"`, the default: fewest actions; `"astar"`: cheapest),
 *   `maxExpansions` per search (default 100 000) and `maxSearches` in total (default 8 × `k`).
 *   A search that runs out of expansions contributes no plan.
 * @returns The plans found, best first; empty when the goal is unreachable.
 * @throws TacticaError `PLANNING_ARGUMENT` when `k` is not an integer ≥ 1.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (character wolf, bear, granny))
 *   (:action eat :parameters (character ?p, character ?v) :preconditions (predator(?p) and alive(?v)) :effects (eaten(?v) and not alive(?v)))
 *   (:initial (predator(wolf) and predator(bear) and alive(granny)))`));
 * const alts = findAlternativePlans(problem, problem.initial, compileGoal(problem, ["eaten(granny)"]), 2);
 * alts.map((p) => p.actions.map((a) => problem.actionNames[a])); // → [["eat(wolf, granny)"], ["eat(bear, granny)"]]
 * ```
 */
export function findAlternativePlans(
  problem: PlanningProblem,
  state: Uint32Array,
  goal: PlanningGoal,
  k: number,
  options: AlternativePlansOptions = {},
): AlternativePlan[] {
  if (!Number.isInteger(k) || k < 1)
    throw planningError(PlanningErrorCodes.Argument, "findAlternativePlans", `k must be an integer >= 1, got ${k}.`, { path: "k" });
  const maxSearches = options.maxSearches ?? 8 * k;
  const opts = { maxExpansions: options.maxExpansions ?? 100_000 };
  const out = createPlanResult({ capacity: 256 });
  const plans: AlternativePlan[] = [];
  const seen = new Set<string>();
  const tried = new Set<string>();
  const queue: number[][] = [[]];
  let searches = 0;
  while (queue.length > 0 && plans.length < k && searches < maxSearches) {
    const forbiddenList = queue.shift()!;
    const fkey = [...forbiddenList].sort((x, y) => x - y).join(",");
    if (tried.has(fkey)) continue;
    tried.add(fkey);
    const forbidden = new Uint8Array(problem.actionCount);
    for (const a of forbiddenList) forbidden[a] = 1;
    searches++;
    if (options.solver === "astar") planForwardAStar(out, problem, state, goal, { ...opts, forbidden });
    else planBfs(out, problem, state, goal, { ...opts, forbidden });
    if ((out.flags & PathFlags.Found) === 0 || (out.flags & PathFlags.PathTruncated) !== 0) continue;
    const actions = Array.from(out.path.subarray(0, out.length));
    const key = [...new Set(actions)].sort((x, y) => x - y).join(",");
    if (!seen.has(key)) {
      seen.add(key);
      plans.push({ actions, cost: out.cost });
    }
    for (const a of actions) queue.push([...forbiddenList, a]);
  }
  return plans;
}

/**
 * Indices of the goals (of `goals`) that no plan reaches from `state` within the budget: the
 * authorial goals a player action has just made unreachable. A search that runs out of budget
 * counts as reachable (unknown), so only proven dead ends are returned.
 * @param problem - The compiled problem ({@link compileProblem}); read only.
 * @param state - Start state bitset (`problem.words` words); read only.
 * @param goals - The goals to test, each from {@link compileGoal}.
 * @param options - `maxExpansions`: breadth-first expansion budget per goal (default 100 000);
 *   `forbidden`: per ground action, nonzero to forbid it (as in {@link planBfs}; default none).
 * @returns Indices into `goals` of the goals proven unreachable, ascending.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (character wolf, bear, granny))
 *   (:action eat :parameters (character ?p, character ?v) :preconditions (predator(?p) and alive(?v)) :effects (eaten(?v) and not alive(?v)))
 *   (:initial (predator(wolf) and predator(bear) and alive(granny)))`));
 * // The wolf and the bear are gone: granny can no longer be eaten, but she can stay alive.
 * const now = stateFromFacts(problem, ["alive(granny)"]);
 * findUnreachableGoals(problem, now, [compileGoal(problem, ["eaten(granny)"]), compileGoal(problem, ["alive(granny)"])]); // → [0]
 * ```
 */
export function findUnreachableGoals(
  problem: PlanningProblem,
  state: Uint32Array,
  goals: readonly PlanningGoal[],
  options: { readonly maxExpansions?: number; readonly forbidden?: ArrayLike<number> } = {},
): number[] {
  const out = createPlanResult({ capacity: 0 });
  const dead: number[] = [];
  goals.forEach((g, i) => {
    planBfs(out, problem, state, g, { maxExpansions: options.maxExpansions ?? 100_000, ...(options.forbidden ? { forbidden: options.forbidden } : {}) });
    if (out.flags & PathFlags.NoPath) dead.push(i);
  });
  return dead;
}
