import { indexedHeapPop, indexedHeapPush, invalidArgument } from "@tactica/core";
import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import type { PathResult } from "./path-result";
import { resetPathResult } from "./path-result";
import { beginSearchContextQuery, checkContext, checkNode, writeTreePath, type SearchContext } from "./search-context";

/** Options of {@link dijkstra}. */
export interface DijkstraOptions {
  /** Stop when this node is settled (default `-1`: build the full shortest-path tree). */
  readonly goal?: number;
  /** Do not settle nodes farther than this cost from the sources (default `Infinity`). */
  readonly maxCost?: number;
}

const EMPTY: DijkstraOptions = {};

/**
 * Dijkstra's algorithm from one or several sources (each starting at cost 0). Without a goal it
 * builds the full shortest-path tree (or the part within `maxCost`): afterwards
 * `searchDistance(ctx, n)` is the distance from the nearest source and `extractPath(out, ctx, n)`
 * the path. With a goal the result holds the shortest path to it, else `NoPath` (for a full-tree
 * query the result reports `NoPath` with the number of settled nodes in `expanded`).
 * A path longer than `out.path` sets `PathTruncated`. O((V + E) log V), no allocation.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned.
 * @param domain - The graph with its step costs (finite, ≥ 0); its heuristic is ignored. Read only.
 * @param ctx - Working memory sized for `domain` ({@link createSearchContext}); overwritten, and
 *   afterwards holds the shortest-path tree.
 * @param sources - One node id or an array of them (multi-source: distance to the nearest
 *   source), each an integer in `0 .. domain.nodeCount − 1`.
 * @param options - `goal`: stop when this node is settled (default -1: the whole tree);
 *   `maxCost`: settle no node farther than this, in the domain's cost units (default `Infinity`).
 * @returns `out`: `Found` with the path to `goal`, else `NoPath`.
 * @throws TacticaError `INVALID_ARGUMENT` when `ctx` is too small for `domain` or a node id is out of range.
 */
export function dijkstra(
  out: PathResult,
  domain: SearchDomain,
  ctx: SearchContext,
  sources: number | ArrayLike<number>,
  options: DijkstraOptions = EMPTY,
): PathResult {
  const result = out;
  checkContext("dijkstra", domain, ctx);
  const goal = options.goal ?? -1;
  if (goal !== -1) checkNode("dijkstra", "options.goal", domain, goal);
  const maxCost = options.maxCost ?? Infinity;
  resetPathResult(result);
  beginSearchContextQuery(ctx);
  const { g, parent, seen, closed, open, nbrNodes, nbrCosts } = ctx;
  const gen = ctx.generation;
  if (typeof sources === "number") {
    checkNode("dijkstra", "sources", domain, sources);
    seen[sources] = gen;
    g[sources] = 0;
    parent[sources] = -1;
    indexedHeapPush(open, sources, 0);
  } else {
    if (typeof sources !== "object" || sources === null || typeof sources.length !== "number")
      invalidArgument(
        "@tactica/search: dijkstra",
        "sources",
        `must be a node id or an array of node ids but is ${sources === null ? "null" : typeof sources}`,
        "Pass the source node(s).",
      );
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i]!;
      checkNode("dijkstra", `sources[${i}]`, domain, s);
      seen[s] = gen;
      g[s] = 0;
      parent[s] = -1;
      indexedHeapPush(open, s, 0);
    }
  }
  let expanded = 0;
  while (open.size > 0) {
    const n = indexedHeapPop(open);
    const gn = g[n]!;
    if (gn > maxCost) {
      // Not settled: forget it so searchDistance reports only settled nodes within maxCost.
      seen[n] = 0;
      while (open.size > 0) seen[indexedHeapPop(open)] = 0;
      break;
    }
    closed[n] = gen;
    if (n === goal) {
      result.expanded = expanded;
      writeTreePath(result, ctx, n, PathFlags.Found);
      return result;
    }
    expanded++;
    const k = domain.neighbors(n, nbrNodes, nbrCosts);
    for (let i = 0; i < k; i++) {
      const m = nbrNodes[i]!;
      if (closed[m] === gen) continue;
      const gm = gn + nbrCosts[i]!;
      if (seen[m] === gen && gm >= g[m]!) continue;
      seen[m] = gen;
      g[m] = gm;
      parent[m] = n;
      indexedHeapPush(open, m, gm);
    }
  }
  result.expanded = expanded;
  result.flags = PathFlags.NoPath;
  return result;
}
