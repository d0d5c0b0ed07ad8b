import { createPathResult, PathFlags, type PathResult } from "@tactica/search";
import { findNavGraphPath, findNearestClearNode } from "./find-nav-graph-path";
import type { NavGraph } from "./types";

/** Options of {@link findNavGraphRoute}. */
export interface FindNavGraphRouteOptions {
  /**
   * Ray test `(x0, y0) → (x1, y1)` against the level (e.g. {@link isCorridorClear} over the blocking
   * primitives with the agent radius). Default: everything is clear.
   */
  readonly isClear?: (x0: number, y0: number, x1: number, y1: number) => boolean;
  /**
   * Skip leading nodes (C.1.6 remedy for backtracking to a corner node): start from the furthest path
   * node the start point reaches by a clear ray, and likewise leave the path at the earliest node
   * from which the goal is clear (default true).
   */
  readonly skipReachable?: boolean;
}

/** The plain result of {@link findNavGraphRoute}. */
export interface NavGraphRoute {
  /** True when a route was found. */
  readonly found: boolean;
  /** `PathFlags` of the route (`Found` or `NoPath`). */
  readonly flags: number;
  /** Length of the polyline `points` (Infinity when none). */
  readonly cost: number;
  /** Graph nodes used, in order. */
  readonly nodes: number[];
  /** The route: start, the nodes' positions, goal. */
  readonly points: { x: number; y: number }[];
  /** Node expansions of the graph search. */
  readonly expanded: number;
}

const results = new WeakMap<NavGraph, PathResult>();

/**
 * Level 2 route over a navigation graph (C.1.2): the nearest node the start sees, A* to the nearest
 * node that sees the goal, and the article's post-process that drops leading (and trailing) nodes a
 * clear ray can skip. Plain points in, a fresh plain result out; the search state is cached per
 * graph. In a frame loop use {@link findNavGraphPath} (level 1) with your own result.
 *
 * @param graph - the navigation graph to search (a result buffer is cached per graph)
 * @param start - start point `{ x, y }` (world units); the route enters the graph at the nearest node it sees
 * @param goal - goal point `{ x, y }` (world units); the route leaves the graph at the nearest node that sees it
 * @param options - `isClear`: ray test against the level (default: everything clear); `skipReachable`: drop leading and trailing nodes a clear ray skips (default true)
 *
 * @example
 * ```ts
 * const wall: Blocker = { kind: "box", minX: 4.9, minY: 0, maxX: 5.1, maxY: 8 };
 * const { graph } = buildWaypointGraph([2, 2, 2, 9, 8, 9, 8, 2], [wall]);
 * const route = findNavGraphRoute(graph, { x: 1, y: 1 }, { x: 9, y: 1 }, {
 *   isClear: (x0, y0, x1, y1) => isCorridorClear(x0, y0, x1, y1, 0, [wall]),
 * });
 * route.points.length; // 4: start, over the wall's end by (2, 9) and (8, 9), goal
 * ```
 */
export function findNavGraphRoute(
  graph: NavGraph,
  start: { x: number; y: number },
  goal: { x: number; y: number },
  options: FindNavGraphRouteOptions = {},
): NavGraphRoute {
  const isClear = options.isClear ?? ((): boolean => true);
  const none: NavGraphRoute = { found: false, flags: PathFlags.NoPath, cost: Infinity, nodes: [], points: [], expanded: 0 };
  if (graph.nodeCount === 0) return none;
  const s = findNearestClearNode(graph, start.x, start.y, isClear);
  const g = findNearestClearNode(graph, goal.x, goal.y, (x0, y0, x1, y1) => isClear(x1, y1, x0, y0));
  if (s < 0 || g < 0) return none;
  let out = results.get(graph);
  if (out === undefined) {
    out = createPathResult(Math.max(1, graph.nodeCount));
    results.set(graph, out);
  }
  findNavGraphPath(out, graph, s, g);
  if (!(out.flags & PathFlags.Found)) return { ...none, expanded: out.expanded };
  let first = 0,
    last = out.length - 1;
  const x = (k: number): number => graph.x[out.path[k]!]!,
    y = (k: number): number => graph.y[out.path[k]!]!;
  if (options.skipReachable ?? true) {
    for (let k = last; k > 0; k--)
      if (isClear(start.x, start.y, x(k), y(k))) {
        first = k;
        break;
      }
    for (let k = first; k < last; k++)
      if (isClear(x(k), y(k), goal.x, goal.y)) {
        last = k;
        break;
      }
  }
  const nodes: number[] = [];
  const points = [{ x: start.x, y: start.y }];
  for (let k = first; k <= last; k++) {
    nodes.push(out.path[k]!);
    points.push({ x: x(k), y: y(k) });
  }
  points.push({ x: goal.x, y: goal.y });
  let cost = 0;
  for (let i = 0; i + 1 < points.length; i++) cost += Math.hypot(points[i + 1]!.x - points[i]!.x, points[i + 1]!.y - points[i]!.y);
  return { found: true, flags: PathFlags.Found, cost, nodes, points, expanded: out.expanded };
}
