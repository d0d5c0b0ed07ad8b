import { assertInteger, indexedHeapClear } from "@tactica/core";
import {
  beginNLevelQuery,
  createNLevelGraph,
  createNLevelQuery,
  identifyConnectingVertices,
  nLevelGraphMemoryBytes,
  type NLevelGraph,
  type NLevelQuery,
} from "@tactica/search";
import type { Grid } from "../model/grid";
import { checkEndpoints, type GridPath } from "../query/grid-search";
import { createSubgoalGraph, rebuildSubgoalGraph, subgoalGraphMemoryBytes, type SubgoalGraph } from "./subgoal-graph";
import { buildSubgoalLevels, answerTrivialQuery, endpointReach, finishLevelledQuery } from "./subgoal-internal";

/**
 * An N-level subgoal graph (Uras & Koenig, chapter 15, "N-level graphs"): the subgoals of a
 * {@link SubgoalGraph} partitioned into levels `1 .. levelCount` by `@tactica/search`'s
 * `createNLevelGraph` with the property P = *h-reachable* (an extra edge `p–q` of length
 * `c` is allowed when `c` equals the octile distance of `p` and `q`). Level 1 holds the subgoals
 * lowered first; the highest level is the core. A query tries the direct path, connects start and
 * goal to their direct-h-reachable subgoals, adds the vertices reachable upwards from those
 * (Listing 15.3) and runs A* on them plus the core; extra edges refine through the subgoals they
 * bypass, down to simple-graph (direct-h-reachable) edges. Optimal on 8-connected uniform-cost
 * grids without corner cutting. Plain data; rebuilt automatically after any edit of the grid.
 */
export interface NLevelSubgoalGraph {
  /** The simple subgoal graph underneath (subgoals, reachability scans). */
  readonly ssg: SubgoalGraph;
  /** Largest level to build (1 = the simple graph's search, 2 = two-level, …). */
  readonly maxLevels: number;
  /** {@link Grid.version} the levels were built for. */
  builtVersion: number;
  /** The levels and the edge set (simple-graph edges plus extra edges); vertex ids are subgoal node ids. */
  nl: NLevelGraph;
  /**
   * Query scratch: the upward walks (`identifyConnectingVertices` of `@tactica/search`) and the search (g,
   * parent, stamps and heap with two extra slots for the start and the goal).
   */
  walk: NLevelQuery;
  /** Query scratch: cost from a node to the goal when direct-h-reachable, else Infinity. */
  toGoal: Float64Array;
  /** 1 where a subgoal node is in the core (the highest level). */
  isCore: Uint8Array;
  /** Scratch list of the start's direct-h-reachable subgoals. */
  startReach: Int32Array;
  /** Scratch list of the goal's direct-h-reachable subgoals. */
  goalReach: Int32Array;
  /** Nodes expanded by the last query. */
  expanded: number;
  /** Subgoals below the core added to the last query's search by the upward walks. */
  connectingAdded: number;
}

/** Options of {@link createNLevelSubgoalGraph}. */
export interface NLevelSubgoalGraphOptions {
  /** Largest level to build, integer 1..255 (default 255: partition until no subgoal can be lowered). */
  readonly maxLevels?: number;
}

/**
 * Builds the N-level subgoal graph of `grid` (8-connected, uniform cost, no corner cutting): the
 * simple graph, then recursive contraction with h-reachable extra edges. Preprocessing is the
 * slow part (about as long as the two-level graph's, seconds on large 512² maps); memory about
 * the simple graph's plus the extra edges.
 *
 * @param grid - the grid to preprocess (8-connected, uniform cost, {@link CornerCutting.Never}); kept by reference so later edits are detected through {@link Grid.version}
 * @param options - `maxLevels`: the largest level to build, an integer in `[1, 255]` (default 255: partition until no subgoal can be lowered; 1 is the simple graph's search, 2 two-level)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a 4-connected grid, terrain costs, corner cutting or a bad `maxLevels`.
 */
export function createNLevelSubgoalGraph(grid: Grid, options: NLevelSubgoalGraphOptions = {}): NLevelSubgoalGraph {
  const maxLevels = options.maxLevels ?? 255;
  assertInteger("@tactica/grid: createNLevelSubgoalGraph", "options.maxLevels", maxLevels, 1, 255);
  const ssg = createSubgoalGraph(grid);
  const nl = createNLevelGraph({
    nodeCount: 0,
    edgeCount: 0,
    offsets: new Int32Array(1),
    targets: new Int32Array(0),
    weights: new Float64Array(0),
    maxDegree: 1,
  }); // replaced by the rebuild
  const graph: NLevelSubgoalGraph = {
    ssg,
    maxLevels,
    builtVersion: -1,
    nl,
    walk: createNLevelQuery(nl, { extraSlots: 2 }),
    toGoal: new Float64Array(2),
    isCore: new Uint8Array(0),
    startReach: new Int32Array(1),
    goalReach: new Int32Array(1),
    expanded: 0,
    connectingAdded: 0,
  };
  rebuildNLevelSubgoalGraph(graph);
  return graph;
}

/**
 * Rebuilds the levels from the grid's current cells (called automatically after edits). Allocates.
 *
 * @param graph - the graph to rebuild in place (its simple graph included) from its grid's current cells
 */
export function rebuildNLevelSubgoalGraph(graph: NLevelSubgoalGraph): void {
  const ssg = graph.ssg;
  if (ssg.builtVersion !== ssg.grid.version) rebuildSubgoalGraph(ssg);
  const nl = buildSubgoalLevels(ssg, graph.maxLevels);
  const n = ssg.count;
  graph.nl = nl;
  graph.walk = createNLevelQuery(nl, { extraSlots: 2 });
  graph.isCore = new Uint8Array(n + 2);
  for (let v = 0; v < n; v++) graph.isCore[v] = nl.level[v] === nl.levelCount ? 1 : 0;
  graph.toGoal = new Float64Array(n + 2).fill(Infinity);
  graph.startReach = new Int32Array(Math.max(1, n));
  graph.goalReach = new Int32Array(Math.max(1, n));
  graph.builtVersion = ssg.grid.version;
}

const WHERE = "@tactica/grid: findPathNLevelSubgoal";

/**
 * Shortest path from `(sx, sy)` to `(gx, gy)` on the N-level subgoal graph; writes the waypoints
 * (start, subgoals — extra edges expanded through the subgoals they bypass — and goal;
 * consecutive ones joined diagonal-first, see {@link expandPath}) into `out`. The direct path is
 * tried first; otherwise start and goal connect to their direct-h-reachable subgoals, those pull
 * in the subgoals reachable upwards (Listing 15.3), and A* runs on them plus the core. Optimal.
 * Rebuilt first if the grid changed. No allocation per query.
 *
 * @param out - the caller-owned result, written and returned; `path` holds the waypoints (start, subgoals, goal as cell indices `y * width + x`, consecutive ones joined diagonal-first)
 * @param graph - the N-level graph of the grid (from {@link createNLevelSubgoalGraph}); its query scratch is written, and it is rebuilt first when the grid changed
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid (a too-short `out` sets `PathTruncated`).
 */
export function findPathNLevelSubgoal(out: GridPath, graph: NLevelSubgoalGraph, sx: number, sy: number, gx: number, gy: number): GridPath {
  const ssg = graph.ssg;
  const grid = ssg.grid;
  checkEndpoints(WHERE, grid, sx, sy, gx, gy);
  if (graph.builtVersion !== grid.version || ssg.builtVersion !== grid.version) rebuildNLevelSubgoalGraph(graph);
  const pw = ssg.pw;
  const s = (sy + 1) * pw + sx + 1;
  const t = (gy + 1) * pw + gx + 1;
  graph.connectingAdded = 0;
  graph.expanded = 0;
  if (answerTrivialQuery(ssg, s, t, out, WHERE)) return out;
  const { toGoal, nl, walk } = graph;
  beginNLevelQuery(walk);
  const stamp = walk.stamp;
  indexedHeapClear(walk.heap);
  const startReach = endpointReach(ssg, s, graph.startReach);
  const goalReach = endpointReach(ssg, t, graph.goalReach);
  for (let i = 0; i < startReach; i++) identifyConnectingVertices(walk, nl, graph.startReach[i]!);
  for (let i = 0; i < goalReach; i++) identifyConnectingVertices(walk, nl, graph.goalReach[i]!);
  graph.connectingAdded = walk.connectingCount;
  graph.expanded = finishLevelledQuery(
    ssg,
    s,
    t,
    graph.startReach,
    startReach,
    graph.goalReach,
    goalReach,
    nl.offsets,
    nl.targets,
    nl.weights,
    nl.mid,
    graph.isCore,
    walk.mark,
    walk.stack,
    toGoal,
    walk,
    stamp,
    out,
    WHERE,
  );
  return out;
}

/**
 * Bytes held by the typed arrays of an {@link NLevelSubgoalGraph}, its simple graph included.
 *
 * @param graph - the graph to measure (read)
 */
export function nLevelSubgoalGraphMemoryBytes(graph: NLevelSubgoalGraph): number {
  const w = graph.walk;
  return (
    subgoalGraphMemoryBytes(graph.ssg) +
    nLevelGraphMemoryBytes(graph.nl) +
    w.mark.byteLength +
    w.connecting.byteLength +
    w.stack.byteLength +
    w.g.byteLength +
    w.parent.byteLength +
    w.closed.byteLength +
    w.seen.byteLength +
    w.heap.ids.byteLength +
    w.heap.priorities.byteLength +
    w.heap.positions.byteLength +
    graph.toGoal.byteLength +
    graph.isCore.byteLength +
    graph.startReach.byteLength +
    graph.goalReach.byteLength
  );
}
