import { assertRange, indexedHeapPop, indexedHeapPush, invalidArgument } from "@tactica/core";
import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import type { PathResult } from "./path-result";
import { resetPathResult } from "./path-result";
import { beginSearchContextQuery, checkContext, checkNode, writeTreePath, type SearchContext } from "./search-context";

const EMPTY: AStarOptions = {};

/** Options of {@link astar}. */
export interface AStarOptions {
  /**
   * Heuristic weight `w >= 1` (default 1). `w > 1` is weighted A*: faster, with path cost at most
   * `w` times the optimum for an admissible heuristic.
   */
  readonly weight?: number;
  /** Maximum number of expansions (default: unlimited). When reached the result is `BudgetExhausted | Partial`. */
  readonly maxExpansions?: number;
}

/**
 * A* from `start` to `goal` using `domain.heuristic` (0 when absent, i.e. Dijkstra). With an
 * admissible, consistent heuristic and `weight` 1 the path is optimal. Nodes are re-opened when a
 * cheaper path is found, so an admissible but inconsistent heuristic still gives optimal costs.
 * Ties on `f` prefer the larger `g` (deeper node).
 *
 * On budget exhaustion the result holds a partial path to the expanded node with the smallest
 * heuristic (`Partial | BudgetExhausted`). A path longer than `out.path` sets `PathTruncated`.
 * O((V + E) log V) worst case; no allocation. For one-off queries see {@link findGraphPath}.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned; a
 *   path longer than `out.path` sets `PathTruncated` with the full `length` and `cost`.
 * @param domain - The graph: `neighbors` with step costs (finite, ≥ 0, in the domain's cost
 *   units) and an optional admissible `heuristic` in the same units; read only.
 * @param ctx - Working memory sized for `domain` ({@link createSearchContext}); overwritten, and
 *   afterwards holds the search tree.
 * @param start - Start node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param goal - Goal node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param options - `weight`: heuristic weight in [1, 1e9] (default 1, optimal); `maxExpansions`:
 *   expansion budget (default unlimited), after which the result is `Partial | BudgetExhausted`.
 * @returns `out`: `Found`, `NoPath` or `Partial | BudgetExhausted`.
 * @throws TacticaError `INVALID_ARGUMENT` when `ctx` is too small for `domain`, a node id is out
 *   of range, `weight` is out of range, or the heuristic returns a negative, NaN or infinite value.
 */
export function astar(out: PathResult, domain: SearchDomain, ctx: SearchContext, start: number, goal: number, options: AStarOptions = EMPTY): PathResult {
  const result = out;
  checkContext("astar", domain, ctx);
  checkNode("astar", "start", domain, start);
  checkNode("astar", "goal", domain, goal);
  const weight = options.weight ?? 1;
  if (weight !== 1) assertRange("@tactica/search: astar", "options.weight", weight, 1, 1e9);
  const budget = options.maxExpansions ?? Infinity;
  resetPathResult(result);
  beginSearchContextQuery(ctx);
  const { g, parent, seen, closed, open, nbrNodes, nbrCosts } = ctx;
  const gen = ctx.generation;
  const h = domain.heuristic;
  const hasH = h !== undefined;
  const tieEps = 1e-9;
  seen[start] = gen;
  g[start] = 0;
  parent[start] = -1;
  const h0 = hasH ? weight * domain.heuristic!(start, goal) : 0;
  checkHeuristic(h0);
  indexedHeapPush(open, start, h0);
  let bestNode = start;
  let bestH = h0;
  let expanded = 0;
  while (open.size > 0) {
    const n = indexedHeapPop(open);
    if (n === goal) {
      result.expanded = expanded;
      writeTreePath(result, ctx, n, PathFlags.Found);
      return result;
    }
    if (expanded >= budget) {
      result.expanded = expanded;
      writeTreePath(result, ctx, bestNode, PathFlags.Partial | PathFlags.BudgetExhausted);
      return result;
    }
    closed[n] = gen;
    expanded++;
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
      closed[m] = 0;
      const hm = hasH ? weight * domain.heuristic!(m, goal) : 0;
      if (hm < bestH) {
        bestH = hm;
        bestNode = m;
      }
      const f = gm + hm;
      indexedHeapPush(open, m, f + (f - gm) * tieEps);
    }
  }
  result.expanded = expanded;
  result.flags = PathFlags.NoPath;
  return result;
}

/**
 * Throws when a heuristic returned a value search cannot use.
 *
 * @internal
 */
export function checkHeuristic(h: number): void {
  if (!(h >= 0) || h === Infinity) {
    invalidArgument("@tactica/search: astar", "domain.heuristic", `returned ${h}`, "Return a finite estimate >= 0.");
  }
}
