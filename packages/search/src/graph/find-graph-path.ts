import { invalidArgument } from "@tactica/core";
import { astar } from "./astar";
import { bfs } from "./bfs";
import { bidirectionalAStar } from "./bidirectional-astar";
import { csrDomain, type CsrGraph } from "./csr-graph";
import { dijkstra } from "./dijkstra";
import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import { createPathResult, type PathResult } from "./path-result";
import { createSearchContext, type SearchContext } from "./search-context";

/** Options of {@link findGraphPath}. */
export interface FindGraphPathOptions {
  /**
   * Algorithm (default `"astar"`): `"astar"` (A*, Dijkstra without a heuristic), `"dijkstra"`,
   * `"bfs"` (fewest steps) or `"bidirectional"` (NBA*).
   */
  readonly algorithm?: "astar" | "dijkstra" | "bfs" | "bidirectional";
  /** Admissible estimate of the cost `from → to`; replaces the domain's own heuristic (default: the domain's, or none). */
  readonly heuristic?: ((from: number, to: number) => number) | undefined;
  /** Heuristic weight for `"astar"` (≥ 1, default 1). */
  readonly weight?: number;
  /** Expansion budget for `"astar"` and `"bidirectional"` (default unlimited). */
  readonly maxExpansions?: number;
}

/** The plain result of {@link findGraphPath}: a {@link PathResult} over a fresh `number[]`, plus `found`. */
export interface FoundPath extends PathResult<number[]> {
  /** True when {@link PathFlags.Found} is set: `path` runs from start to goal. */
  readonly found: boolean;
}

interface Cached {
  readonly domain: SearchDomain;
  readonly forward: SearchContext;
  readonly backward: SearchContext;
  readonly result: PathResult;
}

const cache = new WeakMap<object, Cached>();

function isCsrGraph(x: CsrGraph | SearchDomain): x is CsrGraph {
  return (x as CsrGraph).offsets !== undefined && (x as CsrGraph).targets !== undefined;
}

function cached(graph: CsrGraph | SearchDomain): Cached {
  let c = cache.get(graph);
  if (c === undefined) {
    const domain = isCsrGraph(graph) ? csrDomain(graph) : graph;
    if (typeof domain.neighbors !== "function") {
      invalidArgument(
        "@tactica/search: findGraphPath",
        "graph",
        "is neither a CsrGraph nor a SearchDomain",
        "Pass createCsrGraph(...) or an object with nodeCount, maxDegree and neighbors().",
      );
    }
    const n = Math.max(1, domain.nodeCount);
    c = {
      domain,
      forward: createSearchContext(n, Math.max(1, domain.maxDegree)),
      backward: createSearchContext(n, Math.max(1, domain.maxDegree)),
      result: createPathResult(n),
    };
    cache.set(graph, c);
  }
  return c;
}

function withHeuristic(domain: SearchDomain, heuristic: (from: number, to: number) => number): SearchDomain {
  const out: SearchDomain = {
    nodeCount: domain.nodeCount,
    maxDegree: domain.maxDegree,
    neighbors: (n, nodes, costs) => domain.neighbors(n, nodes, costs),
    heuristic,
  };
  const pred = domain.predecessors;
  return pred === undefined ? out : { ...out, predecessors: (n, nodes, costs) => pred.call(domain, n, nodes, costs) };
}

/**
 * Level 2: the shortest path from `start` to `goal` on a {@link CsrGraph} or any
 * {@link SearchDomain}, as a fresh plain object. Working memory is cached per graph (a private
 * `WeakMap`), so repeated calls allocate only the returned object. In a hot loop use the level-1
 * {@link astar} (or {@link dijkstra}, {@link bfs}, {@link bidirectionalAStar}) with your own
 * {@link createSearchContext} and {@link createPathResult}.
 *
 * @example
 * ```ts
 * const graph = createCsrGraph(4, [0, 1, 2, 0], [1, 2, 3, 3], { weights: [1, 1, 1, 10], directed: false });
 * const route = findGraphPath(graph, 0, 3);
 * // route.found === true, route.path = [0, 1, 2, 3], route.cost === 3
 * ```
 *
 * @param graph - A {@link CsrGraph} (from {@link createCsrGraph}) or any {@link SearchDomain};
 *   working memory is cached per object, so pass the same object each time.
 * @param start - Start node id, an integer in `0 .. nodeCount − 1`.
 * @param goal - Goal node id, an integer in `0 .. nodeCount − 1`.
 * @param options - `algorithm` (default `"astar"`), `heuristic` (replaces the graph's),
 *   `weight` (A* only, ≥ 1) and `maxExpansions` (A* and bidirectional only). Omitted: optimal A*
 *   with the graph's heuristic, unlimited budget.
 * @returns A new plain result; `found` tells whether `path` reaches `goal`.
 * @throws TacticaError `INVALID_ARGUMENT` for node ids outside the graph or bad options.
 */
export function findGraphPath(graph: CsrGraph | SearchDomain, start: number, goal: number, options: FindGraphPathOptions = {}): FoundPath {
  const c = cached(graph);
  const domain = options.heuristic === undefined ? c.domain : withHeuristic(c.domain, options.heuristic);
  const out = c.result;
  const algorithm = options.algorithm ?? "astar";
  const budget = options.maxExpansions === undefined ? {} : { maxExpansions: options.maxExpansions };
  if (algorithm === "astar") astar(out, domain, c.forward, start, goal, options.weight === undefined ? budget : { ...budget, weight: options.weight });
  else if (algorithm === "dijkstra") dijkstra(out, domain, c.forward, start, { goal });
  else if (algorithm === "bfs") bfs(out, domain, c.forward, start, goal);
  else if (algorithm === "bidirectional") bidirectionalAStar(out, domain, c.forward, c.backward, start, goal, budget);
  else invalidArgument("@tactica/search: findGraphPath", "options.algorithm", `is ${String(algorithm)}`, 'Use "astar", "dijkstra", "bfs" or "bidirectional".');
  const n = Math.min(out.length, out.path.length);
  const path = new Array<number>(n);
  for (let i = 0; i < n; i++) path[i] = out.path[i]!;
  return { found: (out.flags & PathFlags.Found) !== 0, flags: out.flags, cost: out.cost, length: out.length, path, expanded: out.expanded };
}
