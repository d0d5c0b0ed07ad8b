import { createIndexedHeap, indexedHeapClear, type IndexedHeap } from "@tactica/core";
import type { Grid } from "../model/grid";
import { checkEndpoints, type GridPath } from "../query/grid-search";
import { createSubgoalGraph, rebuildSubgoalGraph, subgoalGraphMemoryBytes, type SubgoalGraph } from "./subgoal-graph";
import { buildSubgoalLevels, answerTrivialQuery, endpointReach, finishLevelledQuery } from "./subgoal-internal";

/**
 * A two-level subgoal graph (Uras & Koenig, chapter 15, Listing 15.2): the subgoals of a
 * {@link SubgoalGraph} split into *global* and *local* ones. Built by one pass of contraction
 * (the first level of the N-level subgoal graph's construction): every subgoal `s` in turn
 * (node order) becomes local unless some pair `p, q` of its neighbours (global, or already local)
 * has no path as short as `p → s → q` avoiding `s` and the locals, and that detour is not
 * h-reachable (`c(p,s) + c(s,q)` ≠ octile(p, q)); the h-reachable detours become extra edges
 * `p–q` remembering `s` (so a path along them refines by expanding through `s`, and every edge
 * keeps its true length). The result depends on the order (it is not unique). Queries search
 * the global core plus the start's and goal's direct-h-reachable subgoals, as in the chapter:
 * every local subgoal keeps its distances through its edges to globals (the two-level
 * property), so the other local subgoals are pruned. Optimal, like the simple graph.
 * Plain data; rebuilt automatically after any edit of the grid.
 */
export interface TwoLevelSubgoalGraph {
  /** The simple subgoal graph underneath (subgoals, reachability scans). */
  readonly ssg: SubgoalGraph;
  /** {@link Grid.version} the levels were built for. */
  builtVersion: number;
  /** Number of global subgoals (the core). */
  globalCount: number;
  /** 1 where a subgoal node is global. */
  isGlobal: Uint8Array;
  /** 0 for a local node, the node count for a global one (the query's walk follows edges to higher ranks only, so it adds no local node beyond the start's and goal's). */
  rank: Int32Array;
  /** CSR offsets of each node's edges (`count + 1`): simple-graph edges plus extra edges. */
  edgeStart: Int32Array;
  /** Edge targets. */
  edgeTo: Int32Array;
  /** Edge costs (octile distances: every edge is h-reachable). */
  edgeCost: Float64Array;
  /** Node an extra edge bypasses (refine through it), or -1 for a simple-graph edge. */
  edgeMid: Int32Array;
  /** Query scratch: stamp marking local nodes taking part in the current query. */
  mark: Uint32Array;
  /** Query scratch: depth-first stack for the upward walk and for unpacking extra edges. */
  stack: Int32Array;
  /** Query scratch: g per node (+2 for start and goal). */
  g: Float64Array;
  /** Query scratch: parent per node. */
  parent: Int32Array;
  /** Query scratch: closed stamps. */
  closed: Uint32Array;
  /** Query scratch: reached stamps (`g` is valid where it holds the current stamp). */
  seen: Uint32Array;
  /** Query scratch: stamp. */
  stamp: number;
  /** Query open list. */
  heap: IndexedHeap;
  /** Query scratch: cost from a node to the goal when direct-h-reachable, else Infinity. */
  toGoal: Float64Array;
  /** Scratch list of the start's direct-h-reachable subgoals. */
  startReach: Int32Array;
  /** Scratch list of the goal's direct-h-reachable subgoals. */
  goalReach: Int32Array;
  /** Nodes expanded by the last query. */
  expanded: number;
  /** Local nodes added to the last query's search by the upward walks. */
  localsAdded: number;
}

/**
 * Builds the two-level subgoal graph of `grid` (8-connected, uniform cost, no corner cutting):
 * the simple graph, then the contraction described at {@link TwoLevelSubgoalGraph}, with a
 * bounded Dijkstra witness search per neighbour of each subgoal (`@tactica/search`'s
 * `createNLevelGraph` limited to two levels). Preprocessing is much slower than the simple
 * graph's (about 0.3 s on 512² `dao` maps, seconds on large `sc1` maps); memory about the same.
 *
 * @param grid - the grid to preprocess (8-connected, uniform cost, {@link CornerCutting.Never}); kept by reference so later edits are detected through {@link Grid.version}
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a 4-connected grid, terrain costs or corner cutting.
 */
export function createTwoLevelSubgoalGraph(grid: Grid): TwoLevelSubgoalGraph {
  const ssg = createSubgoalGraph(grid);
  const tsg: TwoLevelSubgoalGraph = {
    ssg,
    builtVersion: -1,
    globalCount: 0,
    isGlobal: new Uint8Array(0),
    rank: new Int32Array(0),
    edgeStart: new Int32Array(1),
    edgeTo: new Int32Array(0),
    edgeCost: new Float64Array(0),
    edgeMid: new Int32Array(0),
    mark: new Uint32Array(0),
    stack: new Int32Array(0),
    g: new Float64Array(2),
    parent: new Int32Array(2),
    closed: new Uint32Array(2),
    seen: new Uint32Array(2),
    stamp: 0,
    heap: createIndexedHeap(2),
    toGoal: new Float64Array(2),
    startReach: new Int32Array(1),
    goalReach: new Int32Array(1),
    expanded: 0,
    localsAdded: 0,
  };
  rebuildTwoLevelSubgoalGraph(tsg);
  return tsg;
}

/**
 * Rebuilds the graph from the grid's current cells (called automatically after edits). Allocates.
 *
 * @param tsg - the graph to rebuild in place (its simple graph included) from its grid's current cells
 */
export function rebuildTwoLevelSubgoalGraph(tsg: TwoLevelSubgoalGraph): void {
  const ssg = tsg.ssg;
  if (ssg.builtVersion !== ssg.grid.version) rebuildSubgoalGraph(ssg);
  const n = ssg.count;
  const nl = buildSubgoalLevels(ssg, 2);
  const isGlobal = new Uint8Array(n);
  const rank = new Int32Array(n);
  let globals = 0;
  for (let v = 0; v < n; v++) {
    if (nl.level[v] !== nl.levelCount) continue;
    isGlobal[v] = 1;
    rank[v] = n;
    globals++;
  }
  tsg.globalCount = globals;
  tsg.isGlobal = isGlobal;
  tsg.rank = rank;
  tsg.edgeStart = nl.offsets;
  tsg.edgeTo = nl.targets;
  tsg.edgeCost = nl.weights;
  tsg.edgeMid = nl.mid;
  tsg.mark = new Uint32Array(Math.max(1, n));
  tsg.stack = new Int32Array(2 * n + 4);
  tsg.g = new Float64Array(n + 2);
  tsg.parent = new Int32Array(n + 2);
  tsg.closed = new Uint32Array(n + 2);
  tsg.seen = new Uint32Array(n + 2);
  tsg.stamp = 0;
  tsg.heap = createIndexedHeap(n + 2);
  tsg.toGoal = new Float64Array(n + 2).fill(Infinity);
  tsg.startReach = new Int32Array(Math.max(1, n));
  tsg.goalReach = new Int32Array(Math.max(1, n));
  tsg.builtVersion = ssg.grid.version;
}

// Marks the local nodes reachable upwards (to higher rank) from reach[0..k); returns how many were added.
function markUpwards(tsg: TwoLevelSubgoalGraph, reach: Int32Array, k: number, stamp: number): number {
  const { mark, stack, rank, isGlobal, edgeStart, edgeTo } = tsg;
  let top = 0;
  let added = 0;
  for (let i = 0; i < k; i++) {
    const u = reach[i]!;
    if (isGlobal[u] === 1 || mark[u] === stamp) continue;
    mark[u] = stamp;
    added++;
    stack[top++] = u;
  }
  while (top > 0) {
    const u = stack[--top]!;
    const ru = rank[u]!;
    for (let e = edgeStart[u]!; e < edgeStart[u + 1]!; e++) {
      const v = edgeTo[e]!;
      if (isGlobal[v] === 1 || mark[v] === stamp || rank[v]! <= ru) continue;
      mark[v] = stamp;
      added++;
      stack[top++] = v;
    }
  }
  return added;
}

const WHERE = "@tactica/grid: findPathTwoLevelSubgoal";

/**
 * Shortest path from `(sx, sy)` to `(gx, gy)` on the two-level subgoal graph; writes the
 * waypoints (start, subgoals — extra edges expanded through the subgoals they bypass — and goal;
 * consecutive ones joined diagonal-first, see {@link expandPath}) into `out`. Like
 * {@link findPathSubgoal}: the direct path is tried first; otherwise start and goal connect to
 * their direct-h-reachable subgoals, the local ones among them pull in the locals reachable
 * upwards, and A* runs on those plus the global core. Optimal. Rebuilt first if the grid
 * changed. No allocation per query.
 *
 * @param out - the caller-owned result, written and returned; `path` holds the waypoints (start, subgoals, goal as cell indices `y * width + x`, consecutive ones joined diagonal-first)
 * @param tsg - the two-level graph of the grid (from {@link createTwoLevelSubgoalGraph}); its query scratch is written, and it is rebuilt first when the grid changed
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid (a too-short `out` sets `PathTruncated`).
 */
export function findPathTwoLevelSubgoal(out: GridPath, tsg: TwoLevelSubgoalGraph, sx: number, sy: number, gx: number, gy: number): GridPath {
  const ssg = tsg.ssg;
  const grid = ssg.grid;
  checkEndpoints(WHERE, grid, sx, sy, gx, gy);
  if (tsg.builtVersion !== grid.version || ssg.builtVersion !== grid.version) rebuildTwoLevelSubgoalGraph(tsg);
  const pw = ssg.pw;
  const s = (sy + 1) * pw + sx + 1;
  const t = (gy + 1) * pw + gx + 1;
  tsg.localsAdded = 0;
  tsg.expanded = 0;
  if (answerTrivialQuery(ssg, s, t, out, WHERE)) return out;
  const { closed, seen, heap, toGoal, isGlobal, mark, edgeStart, edgeTo, edgeCost } = tsg;
  if (++tsg.stamp >= 0xfffffffe) {
    closed.fill(0);
    seen.fill(0);
    mark.fill(0);
    tsg.stamp = 1;
  }
  const stamp = tsg.stamp;
  indexedHeapClear(heap);
  const startReach = endpointReach(ssg, s, tsg.startReach);
  const goalReach = endpointReach(ssg, t, tsg.goalReach);
  tsg.localsAdded = markUpwards(tsg, tsg.startReach, startReach, stamp) + markUpwards(tsg, tsg.goalReach, goalReach, stamp);
  tsg.expanded = finishLevelledQuery(
    ssg,
    s,
    t,
    tsg.startReach,
    startReach,
    tsg.goalReach,
    goalReach,
    edgeStart,
    edgeTo,
    edgeCost,
    tsg.edgeMid,
    isGlobal,
    mark,
    tsg.stack,
    toGoal,
    tsg,
    stamp,
    out,
    WHERE,
  );
  return out;
}

/**
 * Bytes held by the typed arrays of a {@link TwoLevelSubgoalGraph}, its simple graph included.
 *
 * @param tsg - the graph to measure (read)
 */
export function twoLevelSubgoalGraphMemoryBytes(tsg: TwoLevelSubgoalGraph): number {
  return (
    subgoalGraphMemoryBytes(tsg.ssg) +
    tsg.isGlobal.byteLength +
    tsg.rank.byteLength +
    tsg.edgeStart.byteLength +
    tsg.edgeTo.byteLength +
    tsg.edgeCost.byteLength +
    tsg.edgeMid.byteLength +
    tsg.mark.byteLength +
    tsg.stack.byteLength +
    tsg.g.byteLength +
    tsg.parent.byteLength +
    tsg.closed.byteLength +
    tsg.seen.byteLength +
    tsg.heap.ids.byteLength +
    tsg.heap.priorities.byteLength +
    tsg.heap.positions.byteLength +
    tsg.toGoal.byteLength +
    tsg.startReach.byteLength +
    tsg.goalReach.byteLength
  );
}
