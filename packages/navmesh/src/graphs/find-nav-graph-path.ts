import { TacticaError } from "@tactica/core";
import { astar, createSearchContext, csrDomain, type PathResult, type SearchContext, type SearchDomain } from "@tactica/search";
import { NavMeshErrorCodes, show } from "../errors";
import type { NavGraph } from "./types";

/** Options of {@link findNavGraphPath}. */
export interface FindNavGraphPathOptions {
  /** Expansion budget (default unlimited); exhausted → `Partial | BudgetExhausted`. */
  readonly maxExpansions?: number;
}

interface Cached {
  readonly domain: SearchDomain;
  readonly ctx: SearchContext;
}

const cache = new WeakMap<NavGraph, Cached>();

/** The search domain and context of a graph (straight-line heuristic), cached per graph. @internal */
export function navGraphSearch(graph: NavGraph): Cached {
  let c = cache.get(graph);
  if (c === undefined) {
    const { x, y, z } = graph;
    const domain = csrDomain(graph.edges, { heuristic: (a, b) => Math.hypot(x[b]! - x[a]!, y[b]! - y[a]!, z[b]! - z[a]!) });
    c = { domain, ctx: createSearchContext(Math.max(1, graph.nodeCount), Math.max(1, graph.edges.maxDegree)) };
    cache.set(graph, c);
  }
  return c;
}

/** @internal */
export function checkNode(fn: string, graph: NavGraph, name: string, node: number): void {
  if (!Number.isInteger(node) || node < 0 || node >= graph.nodeCount)
    throw new TacticaError(
      NavMeshErrorCodes.BadInput,
      `@tactica/navmesh: ${fn}: "${name}" must be a node id in 0..${graph.nodeCount - 1}, got ${show(node)}.`,
      {
        path: name,
      },
    );
}

/**
 * A* over a {@link NavGraph} from node `start` to node `goal` with the straight-line heuristic
 * (optimal: edge weights are Euclidean lengths). Writes `out` (a `@tactica/search`
 * `PathResult`: `Found` / `NoPath` / `Partial | BudgetExhausted`, `PathTruncated` for a short
 * buffer) and returns it. The search context is created on the first call per graph and reused,
 * so later calls allocate nothing.
 *
 * @param out - a `@tactica/search` `PathResult` written in place and returned: node ids in `path[0 .. length)`, `cost` in world units, `flags`
 * @param graph - the navigation graph to search (its search context is cached per graph)
 * @param start - start node id, an integer in 0 .. `nodeCount - 1` (else `NAVMESH_BAD_INPUT`)
 * @param goal - goal node id, an integer in 0 .. `nodeCount - 1` (else `NAVMESH_BAD_INPUT`)
 * @param options - `maxExpansions`: node expansions before giving up with `Partial | BudgetExhausted` (default unlimited)
 *
 * @example
 * ```ts
 * const graph = buildDualGraph([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
 * const out = createPathResult(64);
 * findNavGraphPath(out, graph, 0, graph.nodeCount - 1);
 * out.flags & PathFlags.Found; // 1
 * ```
 */
export function findNavGraphPath(out: PathResult, graph: NavGraph, start: number, goal: number, options?: FindNavGraphPathOptions): PathResult {
  checkNode("findNavGraphPath", graph, "start", start);
  checkNode("findNavGraphPath", graph, "goal", goal);
  const { domain, ctx } = navGraphSearch(graph);
  return options?.maxExpansions === undefined
    ? astar(out, domain, ctx, start, goal)
    : astar(out, domain, ctx, start, goal, { maxExpansions: options.maxExpansions });
}

/**
 * The nearest node whose straight segment from `(x, y)` passes `isClear` (C.1.2 path query:
 * "the closest node whose segment from A is not blocked"), or -1. `isClear(x0, y0, x1, y1)` is the
 * caller's ray test (e.g. {@link isCorridorClear} over blocking primitives). O(nodes).
 *
 * @param graph - the navigation graph, read only
 * @param x - query point, x (world units; node distance is measured in the plane, z ignored)
 * @param y - query point, y (world units)
 * @param isClear - the caller's ray test `(x0, y0, x1, y1) => boolean`, called from the point to nodes in order of distance until it returns true
 */
export function findNearestClearNode(graph: NavGraph, x: number, y: number, isClear: (x0: number, y0: number, x1: number, y1: number) => boolean): number {
  const order: number[] = [];
  for (let i = 0; i < graph.nodeCount; i++) order.push(i);
  const d = (i: number): number => Math.hypot(graph.x[i]! - x, graph.y[i]! - y);
  order.sort((a, b) => d(a) - d(b));
  for (const i of order) if (isClear(x, y, graph.x[i]!, graph.y[i]!)) return i;
  return -1;
}
