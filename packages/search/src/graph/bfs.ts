import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import type { PathResult } from "./path-result";
import { resetPathResult } from "./path-result";
import { beginSearchContextQuery, checkContext, checkNode, writeTreePath, type SearchContext } from "./search-context";

/**
 * Breadth-first search from `start`: finds a path with the fewest *steps* (edge costs are ignored
 * for ordering; {@link PathResult.cost} is still the sum of the step costs along the path found).
 * Pass `goal = -1` to build the whole BFS tree (read it with `searchDistance`/`extractPath`; the
 * result then reports `NoPath`). A path longer than `out.path` sets `PathTruncated`. O(V + E), no
 * allocation.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned.
 * @param domain - The graph; only the neighbours' order matters for the search, their step costs
 *   are summed into `out.cost`. Read only.
 * @param ctx - Working memory sized for `domain` ({@link createSearchContext}); overwritten, and
 *   afterwards holds the BFS tree (`searchDistance` then counts step costs, not steps).
 * @param start - Start node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param goal - Goal node id in the same range, or `-1` to build the whole tree.
 * @returns `out`: `Found` or `NoPath`.
 * @throws TacticaError `INVALID_ARGUMENT` when `ctx` is too small for `domain` or a node id is out of range.
 */
export function bfs(out: PathResult, domain: SearchDomain, ctx: SearchContext, start: number, goal: number): PathResult {
  const result = out;
  checkContext("bfs", domain, ctx);
  checkNode("bfs", "start", domain, start);
  if (goal !== -1) checkNode("bfs", "goal", domain, goal);
  resetPathResult(result);
  beginSearchContextQuery(ctx);
  const { g, parent, seen, queue, nbrNodes, nbrCosts } = ctx;
  const gen = ctx.generation;
  let head = 0;
  let tail = 0;
  seen[start] = gen;
  g[start] = 0;
  parent[start] = -1;
  queue[tail++] = start;
  let expanded = 0;
  while (head < tail) {
    const n = queue[head++]!;
    if (n === goal) {
      result.expanded = expanded;
      writeTreePath(result, ctx, n, PathFlags.Found);
      return result;
    }
    expanded++;
    const k = domain.neighbors(n, nbrNodes, nbrCosts);
    const gn = g[n]!;
    for (let i = 0; i < k; i++) {
      const m = nbrNodes[i]!;
      if (seen[m] === gen) continue;
      seen[m] = gen;
      g[m] = gn + nbrCosts[i]!;
      parent[m] = n;
      queue[tail++] = m;
    }
  }
  result.expanded = expanded;
  result.flags = PathFlags.NoPath;
  return result;
}
