import { assertInteger, assertRange, indexedHeapPop, indexedHeapPush, ErrorCodes, TacticaError } from "@tactica/core";
import { checkHeuristic } from "./astar";
import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import type { PathResult } from "./path-result";
import { resetPathResult } from "./path-result";
import { beginSearchContextQuery, checkContext, checkNode, createSearchContext, writeTreePath, type SearchContext } from "./search-context";

/**
 * An A* query that runs in slices under a per-frame budget: {@link startTimeSlicedAStar} once,
 * {@link stepTimeSlicedAStar} each frame with an expansion budget, {@link finishTimeSlicedAStar}
 * to read the path — complete if found, otherwise the partial path to the best node so far
 * (smallest heuristic), which an agent can start walking. The budget is a count of expansions,
 * not a time, so results are deterministic; convert a time budget with a measured
 * expansions-per-millisecond figure.
 */
export interface TimeSlicedAStar {
  /** Working memory (reused across queries). */
  readonly ctx: SearchContext;
  /** Domain of the current query (`undefined` before the first init). */
  domain: SearchDomain | undefined;
  /** Start node of the current query. */
  start: number;
  /** Goal node of the current query. */
  goal: number;
  /** Heuristic weight of the current query (1 = optimal A*). */
  weight: number;
  /** {@link PathFlags}: `InProgress` while running, then `Found` or `NoPath`. */
  flags: number;
  /** Expansions so far in this query. */
  expanded: number;
  /** Reached node with the smallest (weighted) heuristic so far: the end of a partial path. */
  bestNode: number;
  /** Heuristic of {@link TimeSlicedAStar.bestNode}. */
  bestH: number;
}

/**
 * Creates a {@link TimeSlicedAStar} for domains of up to `capacity` nodes and `maxDegree` neighbours.
 * @param capacity - Most node ids of a domain it can search, an integer in [1, 2^30] (≥ the domain's `nodeCount`).
 * @param maxDegree - Most neighbours of one node, an integer in [1, 2^24] (≥ the domain's `maxDegree`).
 * @returns A new idle search (no query: start one with {@link startTimeSlicedAStar}).
 * @throws TacticaError `INVALID_ARGUMENT` when either is not an integer in range.
 */
export function createTimeSlicedAStar(capacity: number, maxDegree: number): TimeSlicedAStar {
  return {
    ctx: createSearchContext(capacity, maxDegree),
    domain: undefined,
    start: -1,
    goal: -1,
    weight: 1,
    flags: PathFlags.None,
    expanded: 0,
    bestNode: -1,
    bestH: Infinity,
  };
}

/** Options of {@link startTimeSlicedAStar}. */
export interface TimeSlicedAStarOptions {
  /** Heuristic weight `w >= 1` (default 1), as in {@link astar}. */
  readonly weight?: number;
}

const EMPTY: TimeSlicedAStarOptions = {};

/**
 * Starts a query from `start` to `goal` on `search` (abandoning any running one). O(1) amortised.
 * @param search - The search to (re)start, changed in place.
 * @param domain - The graph to search, with step costs ≥ 0 and an optional admissible
 *   `heuristic`; kept by reference until the next start.
 * @param start - Start node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param goal - Goal node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param options - `weight`: heuristic weight in [1, 1e9] (default 1, optimal).
 * @throws TacticaError `INVALID_ARGUMENT` when the search is too small for `domain`, a node id is
 *   out of range, `weight` is out of range or the heuristic returns a negative, NaN or infinite value.
 */
export function startTimeSlicedAStar(
  search: TimeSlicedAStar,
  domain: SearchDomain,
  start: number,
  goal: number,
  options: TimeSlicedAStarOptions = EMPTY,
): void {
  const weight = options.weight ?? 1;
  checkContext("startTimeSlicedAStar", domain, search.ctx);
  checkNode("startTimeSlicedAStar", "start", domain, start);
  checkNode("startTimeSlicedAStar", "goal", domain, goal);
  assertRange("@tactica/search: startTimeSlicedAStar", "options.weight", weight, 1, 1e9);
  const ctx = search.ctx;
  beginSearchContextQuery(ctx);
  search.domain = domain;
  search.start = start;
  search.goal = goal;
  search.weight = weight;
  search.flags = PathFlags.InProgress;
  search.expanded = 0;
  const h0 = domain.heuristic === undefined ? 0 : weight * domain.heuristic(start, goal);
  checkHeuristic(h0);
  ctx.seen[start] = ctx.generation;
  ctx.g[start] = 0;
  ctx.parent[start] = -1;
  indexedHeapPush(ctx.open, start, h0);
  search.bestNode = start;
  search.bestH = h0;
}

/**
 * Runs up to `maxExpansions` (integer ≥ 1) expansions of the current query and returns its
 * flags: `InProgress` (call again next frame), `Found` or `NoPath`. No allocation.
 *
 * @param search - The started search, advanced in place; a finished query just returns its flags.
 * @param maxExpansions - This call's budget: most node expansions, an integer ≥ 1.
 * @throws TacticaError `INVALID_ARGUMENT` when `maxExpansions` is not an integer ≥ 1.
 * @throws TacticaError `INVALID_STATE` when no query was initialised.
 */
export function stepTimeSlicedAStar(search: TimeSlicedAStar, maxExpansions: number): number {
  assertInteger("@tactica/search: stepTimeSlicedAStar", "maxExpansions", maxExpansions, 1, Number.MAX_SAFE_INTEGER);
  const domain = search.domain;
  if (domain === undefined) {
    throw new TacticaError(ErrorCodes.InvalidState, "@tactica/search: stepTimeSlicedAStar: no query. Call startTimeSlicedAStar first.");
  }
  if (search.flags !== PathFlags.InProgress) return search.flags;
  const ctx = search.ctx;
  const { g, parent, seen, closed, open, nbrNodes, nbrCosts } = ctx;
  const gen = ctx.generation;
  const h = domain.heuristic;
  const goal = search.goal;
  const weight = search.weight;
  let steps = 0;
  while (open.size > 0) {
    if (open.ids[0] === goal) {
      indexedHeapPop(open);
      search.flags = PathFlags.Found;
      return search.flags;
    }
    if (steps >= maxExpansions) return search.flags;
    const n = indexedHeapPop(open);
    closed[n] = gen;
    steps++;
    search.expanded++;
    const gn = g[n]!;
    const k = domain.neighbors(n, nbrNodes, nbrCosts);
    for (let i = 0; i < k; i++) {
      const m = nbrNodes[i]!;
      const gm = gn + nbrCosts[i]!;
      if (seen[m] === gen) {
        if (gm >= g[m]!) continue;
      } else {
        seen[m] = gen;
      }
      g[m] = gm;
      parent[m] = n;
      const hm = h === undefined ? 0 : weight * domain.heuristic!(m, goal);
      if (hm < search.bestH) {
        search.bestH = hm;
        search.bestNode = m;
      }
      const f = gm + hm;
      indexedHeapPush(open, m, f + (f - gm) * 1e-9);
    }
  }
  search.flags = PathFlags.NoPath;
  return search.flags;
}

/**
 * Writes the current query's path into `out`: the full path when `Found`; otherwise the
 * partial path to the best node so far with `Partial` (plus `InProgress` while the search is still
 * running, or `NoPath` when it finished without reaching the goal). A path longer than `out.path`
 * sets `PathTruncated`. May be called between steps. O(path length), no allocation.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned.
 * @param search - The search to read; not changed. With no query started, `out` gets `NoPath`.
 * @returns `out`.
 */
export function finishTimeSlicedAStar(out: PathResult, search: TimeSlicedAStar): PathResult {
  const result = out;
  resetPathResult(result);
  result.expanded = search.expanded;
  if (search.domain === undefined) {
    result.flags = PathFlags.NoPath;
    return result;
  }
  if (search.flags === PathFlags.Found) {
    writeTreePath(result, search.ctx, search.goal, PathFlags.Found);
  } else {
    writeTreePath(result, search.ctx, search.bestNode, PathFlags.Partial | search.flags);
  }
  return result;
}
