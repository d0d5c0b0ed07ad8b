import { corruptState, invalidArgument, createIndexedHeap, indexedHeapPushNext, indexedHeapClear } from "@tactica/core";
import { CornerCutting, type Grid } from "../model/grid";
import { DirX, DirY, checkEndpoints, PathFlags, writeNoPath, type GridPath } from "../query/grid-search";
import { searchSubgoals, directHReachable, directPathFree, oct, octile } from "./subgoal-internal";
import type { SubgoalGraph } from "./types";

export type { SubgoalGraph } from "./types";

/**
 * Builds the simple subgoal graph of `grid` (8-connected, uniform cost, no corner cutting).
 * O(cells + subgoals × scanned area); tens of milliseconds for a 512² map.
 *
 * @param grid - the grid to preprocess (8-connected, uniform cost, {@link CornerCutting.Never}); kept by reference so later edits are detected through {@link Grid.version}
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a 4-connected grid, terrain costs or corner cutting.
 */
export function createSubgoalGraph(grid: Grid): SubgoalGraph {
  const where = "@tactica/grid: createSubgoalGraph";
  if (grid.connectivity !== 8 || grid.cornerCutting !== CornerCutting.Never)
    invalidArgument(where, "grid", "must be 8-connected without corner cutting", "Use JPS+ for 4-connected grids, A* for corner cutting.");
  if (grid.cost !== null) invalidArgument(where, "grid.cost", "is set, but subgoal graphs need a uniform-cost grid", "Use findPathAStar for terrain costs.");
  const pw = grid.width + 2;
  const n = pw * (grid.height + 2);
  const sg: SubgoalGraph = {
    grid,
    pw,
    open: new Uint8Array(n),
    isSubgoal: new Uint8Array(n),
    clear: new Uint16Array(4 * n),
    nodeOf: new Int32Array(n).fill(-1),
    nodeCell: new Int32Array(0),
    nodeX: new Int32Array(0),
    nodeY: new Int32Array(0),
    count: 0,
    edgeStart: new Int32Array(1),
    edgeTo: new Int32Array(0),
    edgeCost: new Float64Array(0),
    builtVersion: -1,
    searchable: new Uint8Array(2).fill(1),
    g: new Float64Array(2),
    parent: new Int32Array(2),
    closed: new Uint32Array(2),
    seen: new Uint32Array(2),
    stamp: 0,
    heap: createIndexedHeap(2),
    toGoal: new Float64Array(2),
    reach: new Int32Array(1),
    goalReach: new Int32Array(1),
    tmp: new Float64Array(1),
    expanded: 0,
  };
  rebuildSubgoalGraph(sg);
  return sg;
}

/**
 * Rebuilds the subgoal graph from the grid's current cells (called automatically after edits).
 *
 * @param sg - the graph to rebuild in place from its grid's current cells
 */
export function rebuildSubgoalGraph(sg: SubgoalGraph): void {
  const grid = sg.grid;
  const { pw, open, isSubgoal, nodeOf } = sg;
  const w = grid.width;
  const h = grid.height;
  open.fill(0);
  isSubgoal.fill(0);
  nodeOf.fill(-1);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) open[(y + 1) * pw + x + 1] = grid.passable[y * w + x] === 1 ? 1 : 0;
  const cells: number[] = [];
  for (let y = 1; y <= h; y++) {
    for (let x = 1; x <= w; x++) {
      const p = y * pw + x;
      if (open[p] !== 1) continue;
      for (let d = 1; d < 8; d += 2) {
        const t = p + DirX[d]! + DirY[d]! * pw;
        if (open[t] === 0 && open[p + DirX[d]!] === 1 && open[p + DirY[d]! * pw] === 1) {
          isSubgoal[p] = 1;
          nodeOf[p] = cells.length;
          cells.push(p);
          break;
        }
      }
    }
  }
  computeCardinalClearances(sg);
  const count = cells.length;
  sg.count = count;
  sg.nodeCell = Int32Array.from(cells);
  sg.nodeX = Int32Array.from(cells, (c) => c % pw);
  sg.nodeY = Int32Array.from(cells, (c) => Math.floor(c / pw));
  sg.reach = new Int32Array(Math.max(1, count));
  sg.goalReach = new Int32Array(Math.max(1, count));
  const to: number[] = [];
  const cost: number[] = [];
  const start = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) {
    start[i] = to.length;
    const k = directHReachable(sg, cells[i]!);
    for (let j = 0; j < k; j++) {
      const v = sg.reach[j]!;
      if (v === i) continue;
      to.push(v);
      cost.push(octile(pw, cells[i]!, cells[v]!));
    }
  }
  start[count] = to.length;
  sg.edgeStart = start;
  sg.edgeTo = Int32Array.from(to);
  sg.edgeCost = Float64Array.from(cost);
  sg.searchable = new Uint8Array(count + 2).fill(1);
  sg.g = new Float64Array(count + 2);
  sg.parent = new Int32Array(count + 2);
  sg.closed = new Uint32Array(count + 2);
  sg.seen = new Uint32Array(count + 2);
  sg.stamp = 0;
  sg.heap = createIndexedHeap(count + 2);
  sg.toGoal = new Float64Array(count + 2).fill(Infinity);
  sg.builtVersion = grid.version;
}

// clear[c][p] = open(p + step) && !subgoal(p + step) ? 1 + clear[c][p + step] : 0, swept against the direction.
function computeCardinalClearances(sg: SubgoalGraph): void {
  const { open, isSubgoal, clear, pw } = sg;
  const n = open.length;
  for (let d = 0; d < 8; d += 2) {
    const step = DirX[d]! + DirY[d]! * pw;
    const base = (d >> 1) * n;
    const lo = pw;
    const hi = n - pw - 1;
    if (step < 0) {
      for (let p = lo; p <= hi; p++) {
        const q = p + step;
        clear[base + p] = open[q] === 1 && isSubgoal[q] !== 1 ? 1 + clear[base + q]! : 0;
      }
    } else {
      for (let p = hi; p >= lo; p--) {
        const q = p + step;
        clear[base + p] = open[q] === 1 && isSubgoal[q] !== 1 ? 1 + clear[base + q]! : 0;
      }
    }
  }
}

/**
 * Shortest path from `(sx, sy)` to `(gx, gy)` on the subgoal graph; writes the waypoints (start,
 * subgoals, goal — consecutive ones joined diagonal-first, see {@link expandPath}) into `out`.
 * Optimal. The graph is rebuilt first if the grid changed. No allocation per query.
 *
 * @param out - the caller-owned result, written and returned; `path` holds the waypoints (start, subgoals, goal as cell indices `y * width + x`, consecutive ones joined diagonal-first)
 * @param sg - the subgoal graph of the grid (from {@link createSubgoalGraph}); its query scratch is written, and it is rebuilt first when the grid changed
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid.
 */
export function findPathSubgoal(out: GridPath, sg: SubgoalGraph, sx: number, sy: number, gx: number, gy: number): GridPath {
  const grid = sg.grid;
  checkEndpoints("@tactica/grid: findPathSubgoal", grid, sx, sy, gx, gy);
  if (sg.builtVersion !== grid.version) rebuildSubgoalGraph(sg);
  const pw = sg.pw;
  const w = grid.width;
  const OCT = sg.tmp;
  const s = (sy + 1) * pw + sx + 1;
  const t = (gy + 1) * pw + gx + 1;
  if (sg.open[s] !== 1 || sg.open[t] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  if (directPathFree(sg, s, t)) {
    out.path[0] = sy * w + sx;
    out.length = 1;
    out.flags = PathFlags.Found;
    if (s !== t) {
      if (out.path.length > 1) out.path[1] = gy * w + gx;
      else out.flags |= PathFlags.PathTruncated;
      out.length = 2;
    }
    oct(OCT, pw, s, t);
    out.cost = OCT[0]!;
    out.expanded = 0;
    out.generated = 0;
    sg.expanded = 0;
    return out;
  }
  const n = sg.count;
  const S = n;
  const G = n + 1;
  const { g, parent, closed, seen, heap, toGoal } = sg;
  if (++sg.stamp >= 0xfffffffe) {
    closed.fill(0);
    seen.fill(0);
    sg.stamp = 1;
  }
  const stamp = sg.stamp;
  indexedHeapClear(heap);
  seen[G] = stamp;
  g[G] = Infinity;
  // Goal connections.
  const goalNode = sg.nodeOf[t]!;
  let goalReach = 0;
  if (goalNode >= 0) {
    toGoal[goalNode] = 0;
  } else {
    goalReach = directHReachable(sg, t, sg.goalReach);
    for (let i = 0; i < goalReach; i++) {
      const v = sg.goalReach[i]!;
      oct(OCT, pw, sg.nodeCell[v]!, t);
      toGoal[v] = OCT[0]!;
    }
  }
  // Start connections.
  const startNode = sg.nodeOf[s]!;
  g[S] = 0;
  parent[S] = -1;
  if (startNode >= 0) {
    seen[startNode] = stamp;
    g[startNode] = 0;
    parent[startNode] = S;
    oct(OCT, pw, s, t);
    heap.next[0] = OCT[0]!;
    indexedHeapPushNext(heap, startNode);
  } else {
    const k = directHReachable(sg, s);
    for (let i = 0; i < k; i++) {
      const v = sg.reach[i]!;
      oct(OCT, pw, s, sg.nodeCell[v]!);
      const c = OCT[0]!;
      if (seen[v] !== stamp || c < g[v]!) {
        seen[v] = stamp;
        g[v] = c;
        parent[v] = S;
        oct(OCT, pw, sg.nodeCell[v]!, t);
        heap.next[0] = c + OCT[0]!;
        indexedHeapPushNext(heap, v);
      }
    }
  }
  const expanded = searchSubgoals(sg, sg.edgeStart, sg.edgeTo, sg.edgeCost, sg.searchable, closed, sg, toGoal, stamp, t);
  const found = g[G] < Infinity;
  // Reset goal scratch.
  if (goalNode >= 0) toGoal[goalNode] = Infinity;
  else for (let i = 0; i < goalReach; i++) toGoal[sg.goalReach[i]!] = Infinity;
  sg.expanded = expanded;
  if (!found) {
    writeNoPath(out, expanded, expanded);
    return out;
  }
  // Waypoints: walk parents from G (the goal) back to S (the start).
  let count = 0;
  for (let u = G; u !== -1; u = parent[u]!) if (++count > parent.length) corruptState("@tactica/grid: findPathSubgoal", "the subgoal parent chain loops");
  // A start that is itself a subgoal appears twice (S and its node): skip S then.
  const skipS = startNode >= 0;
  const total = skipS ? count - 1 : count;
  const cap = out.path.length;
  let i = total;
  for (let u = G; u !== -1; u = parent[u]!) {
    if (u === S && skipS) break;
    const cell = u === G ? t : u === S ? s : sg.nodeCell[u]!;
    const cy = ((cell / pw) | 0) - 1;
    if (--i < cap) out.path[i] = cy * w + (cell - (cy + 1) * pw - 1);
  }
  // A goal that is itself a subgoal appears twice (its node and G): drop the duplicate.
  let len = total;
  const beforeGoal = parent[G]!;
  if (goalNode >= 0 && len >= 2 && beforeGoal !== S && sg.nodeCell[beforeGoal] === t) len--;
  out.length = len;
  out.cost = g[G]!;
  out.flags = len > cap ? PathFlags.Found | PathFlags.PathTruncated : PathFlags.Found;
  out.expanded = expanded;
  out.generated = expanded;
  return out;
}

/**
 * Bytes held by the typed arrays of a {@link SubgoalGraph}.
 *
 * @param sg - the graph to measure (read)
 */
export function subgoalGraphMemoryBytes(sg: SubgoalGraph): number {
  return (
    sg.open.byteLength +
    sg.isSubgoal.byteLength +
    sg.clear.byteLength +
    sg.seen.byteLength +
    sg.nodeOf.byteLength +
    sg.nodeCell.byteLength +
    sg.nodeX.byteLength +
    sg.nodeY.byteLength +
    sg.edgeStart.byteLength +
    sg.edgeTo.byteLength +
    sg.edgeCost.byteLength +
    sg.searchable.byteLength +
    sg.g.byteLength +
    sg.parent.byteLength +
    sg.closed.byteLength +
    sg.heap.ids.byteLength +
    sg.heap.priorities.byteLength +
    sg.heap.positions.byteLength +
    sg.toGoal.byteLength +
    sg.reach.byteLength +
    sg.goalReach.byteLength
  );
}
