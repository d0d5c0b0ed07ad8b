import { PathFlags } from "@tactica/search";
import type { PlanResult } from "../forward/plan-result";
import type { PlanningGoal, PlanningProblem } from "../ground/problem";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import { planGoap, type GoapOptions } from "./plan-goap";

/**
 * A plan cache for GOAP: plans keyed by (problem, start state, goal), least recently used out
 * first. Only plans from static costs and no procedural checks are cached (dynamic ones depend on
 * the context). Not state to save: it is rebuilt on demand.
 */
export interface GoapPlanCache {
  /** Most plans kept. */
  readonly capacity: number;
  /** Cache hits so far. */
  hits: number;
  /** Cache misses so far. */
  misses: number;
  /** @internal */
  readonly entries: Map<string, { problem: PlanningProblem; flags: number; cost: number; expanded: number; plan: Int32Array }>;
}

/** Options of {@link createGoapPlanCache}. */
export interface GoapPlanCacheOptions {
  /** Most plans kept (integer ≥ 1); default 256. */
  readonly capacity?: number;
}

/**
 * Creates a plan cache holding up to `capacity` plans (default 256).
 * @param options - `capacity`: most plans kept (integer ≥ 1, default 256)
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const cache = createGoapPlanCache({ capacity: 64 });
 * const out = createPlanResult();
 * planGoapCached(out, cache, problem, problem.initial, problem.goal); // searches
 * planGoapCached(out, cache, problem, problem.initial, problem.goal); // same start and goal: from the cache
 * cache.hits; // → 1
 * out.length; // → 2
 * ```
 */
export function createGoapPlanCache(options: GoapPlanCacheOptions = {}): GoapPlanCache {
  const capacity = options.capacity ?? 256;
  if (!(Number.isInteger(capacity) && capacity >= 1))
    throw planningError(PlanningErrorCodes.Argument, "createGoapPlanCache", `options.capacity must be an integer >= 1, got ${capacity}.`, {
      path: "options.capacity",
    });
  return { capacity, hits: 0, misses: 0, entries: new Map() };
}

const ids = new WeakMap<PlanningProblem, number>();
let nextId = 1;

/**
 * {@link planGoap} through a cache: a repeated (start, goal) pair returns the stored plan without
 * searching (`out.expanded` is then 0). Calls with `cost` or `check` callbacks bypass the cache.
 * @param out - Result written in place and returned ({@link createPlanResult}); a plan longer than
 *   `out.path` sets `PathTruncated` (and is not stored in the cache).
 * @param cache - The cache to read and update ({@link createGoapPlanCache}); its `hits` or
 *   `misses` count goes up by one unless the call bypasses it.
 * @param problem - The compiled problem ({@link compileProblem}); read only.
 * @param start - Start state bitset, a `Uint32Array` of `problem.words` words; read only.
 * @param goal - The goal to reach, compiled for this problem ({@link compileGoal} or `problem.goal`).
 * @param options - As for {@link planGoap}; `weight`, `maxExpansions` and `minCost` are part of
 *   the cache key, and a `cost` or `check` callback skips the cache. Omitted: static costs, weight 1.
 * @returns `out`.
 */
export function planGoapCached<C>(
  out: PlanResult,
  cache: GoapPlanCache,
  problem: PlanningProblem,
  start: Uint32Array,
  goal: PlanningGoal,
  options?: GoapOptions<C>,
): PlanResult {
  if (options?.cost !== undefined || options?.check !== undefined) return planGoap(out, problem, start, goal, options);
  let pid = ids.get(problem);
  if (pid === undefined) ids.set(problem, (pid = nextId++));
  const key = `${pid}|${start.join(",")}|${goal.pos.join(",")}|${goal.neg.join(",")}|${options?.weight ?? 1}|${options?.maxExpansions ?? 1_000_000}|${options?.minCost ?? "-"}`;
  const hit = cache.entries.get(key);
  if (hit && hit.problem === problem) {
    cache.hits++;
    cache.entries.delete(key);
    cache.entries.set(key, hit);
    out.flags = hit.flags | (hit.plan.length > out.path.length ? PathFlags.PathTruncated : 0);
    out.cost = hit.cost;
    out.length = hit.plan.length;
    out.expanded = 0;
    out.generated = 0;
    for (let i = 0; i < Math.min(hit.plan.length, out.path.length); i++) out.path[i] = hit.plan[i]!;
    return out;
  }
  cache.misses++;
  planGoap(out, problem, start, goal, options);
  if ((out.flags & PathFlags.PathTruncated) === 0 && (out.flags & (PathFlags.Found | PathFlags.NoPath)) !== 0) {
    if (cache.entries.size >= cache.capacity) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(key, { problem, flags: out.flags, cost: out.cost, expanded: out.expanded, plan: out.path.slice(0, out.length) });
  }
  return out;
}
