import { assertInteger, indexedHeapClear, indexedHeapPop, indexedHeapPushNext, invalidArgument } from "@tactica/core";
import { beginNLevelQuery, createNLevelGraph, createNLevelQuery, identifyConnectingVertices, nLevelGraphMemoryBytes, type NLevelGraph, type NLevelQuery } from "@tactica/search";
import type { Grid } from "./grid";
import { checkEndpoints, PathFlags, writeNoPath, type GridPath } from "./grid-search";
import { createSubgoalGraph, rebuildSubgoalGraph, subgoalGraphMemoryBytes, type SubgoalGraph } from "./subgoal-graph";
import { SQRT2_MINUS_1 } from "./heuristics";
import { directHReachable, directPathFree, oct, octile } from "./subgoal-internal";

/**
 * An N-level subgoal graph (Uras & Koenig, chapter 15, "N-level graphs"): the subgoals of a
 * {@link SubgoalGraph} partitioned into levels `1 .. levelCount` by `@tactica/search`'s
 * {@link createNLevelGraph} with the property P = *h-reachable* (an extra edge `p–q` of length
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
   * Query scratch: the upward walks ({@link identifyConnectingVertices}) and the search (g,
   * parent, stamps and heap with two extra slots for the start and the goal).
   */
  walk: NLevelQuery;
  /** Query scratch: cost from a node to the goal when direct-h-reachable, else Infinity. */
  toGoal: Float64Array;
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
 * @throws TacticaError `INVALID_ARGUMENT` for a 4-connected grid, terrain costs, corner cutting or a bad `maxLevels`.
 */
export function createNLevelSubgoalGraph(grid: Grid, options: NLevelSubgoalGraphOptions = {}): NLevelSubgoalGraph {
  const maxLevels = options.maxLevels ?? 255;
  assertInteger("@tactica/grid: createNLevelSubgoalGraph", "options.maxLevels", maxLevels, 1, 255);
  const ssg = createSubgoalGraph(grid);
  const nl = createNLevelGraph({ nodeCount: 0, edgeCount: 0, offsets: new Int32Array(1), targets: new Int32Array(0), weights: new Float64Array(0), maxDegree: 1 }); // replaced by the rebuild
  const graph: NLevelSubgoalGraph = {
    ssg,
    maxLevels,
    builtVersion: -1,
    nl,
    walk: createNLevelQuery(nl, 2),
    toGoal: new Float64Array(2),
    startReach: new Int32Array(1),
    goalReach: new Int32Array(1),
    expanded: 0,
    connectingAdded: 0,
  };
  rebuildNLevelSubgoalGraph(graph);
  return graph;
}

function ssgAsCsr(ssg: SubgoalGraph): { nodeCount: number; edgeCount: number; offsets: Int32Array; targets: Int32Array; weights: Float64Array; maxDegree: number } {
  return { nodeCount: ssg.count, edgeCount: ssg.edgeTo.length, offsets: ssg.edgeStart, targets: ssg.edgeTo, weights: ssg.edgeCost, maxDegree: 1 };
}

/** Rebuilds the levels from the grid's current cells (called automatically after edits). Allocates. */
export function rebuildNLevelSubgoalGraph(graph: NLevelSubgoalGraph): void {
  const ssg = graph.ssg;
  if (ssg.builtVersion !== ssg.grid.version) rebuildSubgoalGraph(ssg);
  const pw = ssg.pw;
  const cell = ssg.nodeCell;
  const nl = createNLevelGraph(ssgAsCsr(ssg), {
    maxLevels: graph.maxLevels,
    allowExtraEdge: (p, q, length) => Math.abs(length - octile(pw, cell[p]!, cell[q]!)) <= 1e-9,
  });
  const n = ssg.count;
  graph.nl = nl;
  graph.walk = createNLevelQuery(nl, 2);
  graph.toGoal = new Float64Array(n + 2).fill(Infinity);
  graph.startReach = new Int32Array(Math.max(1, n));
  graph.goalReach = new Int32Array(Math.max(1, n));
  graph.builtVersion = ssg.grid.version;
}

function writeWaypoint(ssg: SubgoalGraph, padded: number, out: GridPath, i: number): number {
  if (i >= out.cells.length) invalidArgument("@tactica/grid: findPathNLevelSubgoal", "out", "is too small", "Create it with createGridPath(grid).");
  const pw = ssg.pw;
  const cy = ((padded / pw) | 0) - 1;
  out.cells[i] = cy * ssg.grid.width + (padded - (cy + 1) * pw - 1);
  return i + 1;
}

// Writes the waypoints after node a up to node b, unpacking extra edges through the subgoals they bypass; returns the new index.
function writeEdge(graph: NLevelSubgoalGraph, a0: number, b0: number, out: GridPath, i: number): number {
  const { nl, ssg } = graph;
  const stack = graph.walk.stack;
  let hi = 0;
  stack[hi++] = a0;
  stack[hi++] = b0;
  while (hi > 0) {
    const b = stack[--hi]!;
    const a = stack[--hi]!;
    let m = -1;
    for (let e = nl.offsets[a]!; e < nl.offsets[a + 1]!; e++) {
      if (nl.targets[e] === b) {
        m = nl.mid[e]!;
        break;
      }
    }
    if (m >= 0) {
      stack[hi++] = m;
      stack[hi++] = b;
      stack[hi++] = a;
      stack[hi++] = m;
    } else {
      i = writeWaypoint(ssg, ssg.nodeCell[b]!, out, i);
    }
  }
  return i;
}

/**
 * Shortest path from `(sx, sy)` to `(gx, gy)` on the N-level subgoal graph; writes the waypoints
 * (start, subgoals — extra edges expanded through the subgoals they bypass — and goal;
 * consecutive ones joined diagonal-first, see {@link expandPath}) into `out`. The direct path is
 * tried first; otherwise start and goal connect to their direct-h-reachable subgoals, those pull
 * in the subgoals reachable upwards (Listing 15.3), and A* runs on them plus the core. Optimal.
 * Rebuilt first if the grid changed. No allocation per query.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or an `out` too small.
 */
export function findPathNLevelSubgoal(graph: NLevelSubgoalGraph, sx: number, sy: number, gx: number, gy: number, out: GridPath): GridPath {
  const ssg = graph.ssg;
  const grid = ssg.grid;
  checkEndpoints("@tactica/grid: findPathNLevelSubgoal", grid, sx, sy, gx, gy);
  if (graph.builtVersion !== grid.version || ssg.builtVersion !== grid.version) rebuildNLevelSubgoalGraph(graph);
  const pw = ssg.pw;
  const OCT = ssg.tmp;
  const s = (sy + 1) * pw + sx + 1;
  const t = (gy + 1) * pw + gx + 1;
  graph.connectingAdded = 0;
  graph.expanded = 0;
  if (ssg.open[s] !== 1 || ssg.open[t] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  if (directPathFree(ssg, s, t)) {
    let i = writeWaypoint(ssg, s, out, 0);
    if (s !== t) i = writeWaypoint(ssg, t, out, i);
    out.length = i;
    oct(OCT, pw, s, t);
    out.cost = OCT[0]!;
    out.status = PathFlags.Found;
    out.expanded = 0;
    out.generated = 0;
    return out;
  }
  const n = ssg.count;
  const S = n;
  const G = n + 1;
  const { toGoal, nl, walk } = graph;
  const { g, parent, seen, closed, heap } = walk;
  const { level, offsets, targets, weights } = nl;
  const top = nl.levelCount;
  const cell = ssg.nodeCell;
  beginNLevelQuery(walk);
  const stamp = walk.stamp;
  const mark = walk.mark;
  indexedHeapClear(heap);
  const startNode = ssg.nodeOf[s]!;
  const goalNode = ssg.nodeOf[t]!;
  let startReach = 1;
  if (startNode >= 0) graph.startReach[0] = startNode;
  else startReach = directHReachable(ssg, s, graph.startReach);
  let goalReach = 1;
  if (goalNode >= 0) graph.goalReach[0] = goalNode;
  else goalReach = directHReachable(ssg, t, graph.goalReach);
  for (let i = 0; i < startReach; i++) identifyConnectingVertices(nl, walk, graph.startReach[i]!);
  for (let i = 0; i < goalReach; i++) identifyConnectingVertices(nl, walk, graph.goalReach[i]!);
  graph.connectingAdded = walk.connectingCount;
  for (let i = 0; i < goalReach; i++) {
    const v = graph.goalReach[i]!;
    oct(OCT, pw, cell[v]!, t);
    toGoal[v] = OCT[0]!;
  }
  seen[S] = stamp;
  g[S] = 0;
  parent[S] = -1;
  seen[G] = stamp;
  g[G] = Infinity;
  for (let i = 0; i < startReach; i++) {
    const v = graph.startReach[i]!;
    oct(OCT, pw, s, cell[v]!);
    const c = OCT[0]!;
    seen[v] = stamp;
    g[v] = c;
    parent[v] = S;
    oct(OCT, pw, cell[v]!, t);
    heap.next[0] = c + OCT[0]!;
    indexedHeapPushNext(heap, v);
  }
  const { nodeX, nodeY } = ssg;
  const tx = t % pw;
  const ty = (t - tx) / pw;
  let expanded = 0;
  let found = false;
  for (;;) {
    const u = indexedHeapPop(heap);
    if (u < 0) break;
    if (u === G) {
      found = true;
      break;
    }
    closed[u] = stamp;
    expanded++;
    const gu = g[u]!;
    const tg = toGoal[u]!;
    if (tg !== Infinity && gu + tg < g[G] - 1e-12) {
      g[G] = gu + tg;
      parent[G] = u;
      heap.next[0] = g[G];
      indexedHeapPushNext(heap, G);
    }
    for (let e = offsets[u]!; e < offsets[u + 1]!; e++) {
      const v = targets[e]!;
      if (closed[v] === stamp || (level[v] !== top && mark[v] !== stamp)) continue;
      const ng = gu + weights[e]!;
      if (seen[v] === stamp && ng >= g[v]! - 1e-12) continue;
      seen[v] = stamp;
      g[v] = ng;
      parent[v] = u;
      let dx = nodeX[v]! - tx;
      let dy = nodeY[v]! - ty;
      if (dx < 0) dx = -dx;
      if (dy < 0) dy = -dy;
      heap.next[0] = ng + (dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx);
      indexedHeapPushNext(heap, v);
    }
  }
  for (let i = 0; i < goalReach; i++) toGoal[graph.goalReach[i]!] = Infinity;
  graph.expanded = expanded;
  if (!found) {
    writeNoPath(out, expanded, expanded);
    return out;
  }
  // Reverse the node chain G → … → S into "next" pointers, then write it forwards.
  let first = -1;
  let prev = G;
  for (let u = parent[G]!; u !== S; ) {
    const p = parent[u]!;
    parent[u] = prev;
    prev = u;
    if (p === S) first = u;
    u = p;
  }
  let i = writeWaypoint(ssg, s, out, 0);
  let u = first;
  if (u !== startNode) i = writeWaypoint(ssg, cell[u]!, out, i);
  for (let next = parent[u]!; next !== G; next = parent[u]!) {
    i = writeEdge(graph, u, next, out, i);
    u = next;
  }
  if (u !== goalNode) i = writeWaypoint(ssg, t, out, i);
  out.length = i;
  out.cost = g[G]!;
  out.status = PathFlags.Found;
  out.expanded = expanded;
  out.generated = expanded;
  return out;
}

/** Bytes held by the typed arrays of an {@link NLevelSubgoalGraph}, its simple graph included. */
export function nLevelSubgoalGraphMemoryBytes(graph: NLevelSubgoalGraph): number {
  const w = graph.walk;
  return (
    subgoalGraphMemoryBytes(graph.ssg) + nLevelGraphMemoryBytes(graph.nl) +
    w.mark.byteLength + w.connecting.byteLength + w.stack.byteLength + w.g.byteLength + w.parent.byteLength + w.closed.byteLength + w.seen.byteLength +
    w.heap.ids.byteLength + w.heap.priorities.byteLength + w.heap.positions.byteLength + graph.toGoal.byteLength + graph.startReach.byteLength + graph.goalReach.byteLength
  );
}
