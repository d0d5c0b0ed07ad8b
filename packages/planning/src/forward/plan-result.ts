import { corruptState } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import type { StateStore } from "../ground/state-store";
import type { PlanningProblem } from "../ground/problem";

/**
 * A plan result in the `PathResult` shape of `@tactica/search`: `flags` (`PathFlags` (`@tactica/search`)),
 * `cost` (sum of action costs), `length` (number of actions), `path` (ground action indices in
 * `path[0 .. min(length, path.length))`), `expanded` (states expanded). `generated` counts states
 * added to the visited store. A too-short `path` sets `PathTruncated`.
 */
export interface PlanResult {
  /** `PathFlags` (`@tactica/search`) bits. */
  flags: number;
  /** Total cost of the plan (0 when none). */
  cost: number;
  /** Number of actions of the full plan. */
  length: number;
  /** Caller-owned buffer of ground action indices. */
  path: Int32Array;
  /** States (or regression nodes) expanded. */
  expanded: number;
  /** States added to the visited store. */
  generated: number;
}

/** Options of {@link createPlanResult}. */
export interface PlanResultOptions {
  /** Most actions the result holds (a count, default 16); a longer plan sets `PathTruncated`. */
  readonly capacity?: number;
}

/**
 * Creates a reusable plan result with room for `capacity` actions (default 16; chapter 13's
 * fixed-capacity plans: 4 actions cover F.E.A.R.-like use).
 * @param options - `capacity`: most actions held (a count, default 16; negative counts as 0)
 * @example
 * ```ts
 * const out = createPlanResult({ capacity: 8 });
 * ```
 */
export function createPlanResult(options: PlanResultOptions = {}): PlanResult {
  const capacity = options.capacity ?? 16;
  return { flags: PathFlags.None, cost: 0, length: 0, path: new Int32Array(Math.max(0, capacity)), expanded: 0, generated: 0 };
}

/** Writes the plan ending at state `id` (walking parents back) into `out`. @internal */
export function writeForwardPlan(out: PlanResult, problem: PlanningProblem, store: StateStore, id: number): void {
  let n = 0;
  let cost = 0;
  for (let s = id; store.parent[s]! >= 0; s = store.parent[s]!) {
    if (++n > store.count) corruptState("@tactica/planning: plan reconstruction", "the plan's parent chain loops");
    cost += problem.actionCost[store.action[s]!]!;
  }
  out.length = n;
  out.cost = cost;
  let k = n - 1;
  for (let s = id; store.parent[s]! >= 0; s = store.parent[s]!, k--) if (k < out.path.length) out.path[k] = store.action[s]!;
  out.flags = PathFlags.Found | (n > out.path.length ? PathFlags.PathTruncated : 0);
}
