import { corruptState, indexedHeapPop, indexedHeapPushNext, type IndexedHeap } from "@tactica/core";
import { createNLevelGraph, unpackNLevelEdge, type CsrGraph, type NLevelGraph } from "@tactica/search";
import { PathFlags, writeNoPath, type GridPath } from "../query/grid-search";
import type { SubgoalGraph } from "./types";
import { DirX, DirY } from "../query/grid-search";
import { octileDelta, SQRT2_MINUS_1 } from "../internal/hot-path";

// Helpers of the subgoal graphs (Uras & Koenig), shared by the simple and two-level graphs; not exported from the index.

export function legalStep(open: Uint8Array, p: number, d: number, pw: number): boolean {
  const q = p + DirX[d]! + DirY[d]! * pw;
  if (open[q] !== 1) return false;
  if ((d & 1) === 0) return true;
  return open[p + DirX[d]!] === 1 && open[p + DirY[d]! * pw] === 1;
}

// Moves from p in direction d before reaching a subgoal or being blocked.
export function clearance(sg: SubgoalGraph, p: number, d: number): number {
  if ((d & 1) === 0) return sg.clear[(d >> 1) * sg.open.length + p]!;
  const { open, isSubgoal, pw } = sg;
  const step = DirX[d]! + DirY[d]! * pw;
  let k = 0;
  while (legalStep(open, p, d, pw) && isSubgoal[p + step] !== 1) {
    p += step;
    k++;
  }
  return k;
}

// The subgoal right after the clearance run from p in direction d, or -1.
export function subgoalAfter(sg: SubgoalGraph, p: number, d: number, k: number): number {
  const step = DirX[d]! + DirY[d]! * sg.pw;
  const last = p + k * step;
  if (!legalStep(sg.open, last, d, sg.pw)) return -1;
  const q = last + step;
  return sg.isSubgoal[q] === 1 ? q : -1;
}

// Appends the node of subgoal cell `cell` to `reach[0..n)` unless present; returns the new n.
export function addReach(sg: SubgoalGraph, reach: Int32Array, n: number, cell: number): number {
  const node = sg.nodeOf[cell]!;
  for (let i = 0; i < n; i++) if (reach[i] === node) return n;
  reach[n] = node;
  return n + 1;
}

// Direct-h-reachable subgoals of padded cell s (Listing 15.1); writes node ids into `reach`.
export function directHReachable(sg: SubgoalGraph, s: number, reach: Int32Array = sg.reach): number {
  let n = 0;
  for (let d = 0; d < 8; d++) {
    const q = subgoalAfter(sg, s, d, clearance(sg, s, d));
    if (q >= 0) n = addReach(sg, reach, n, q);
  }
  const pw = sg.pw;
  for (let d = 1; d < 8; d += 2) {
    const dstep = DirX[d]! + DirY[d]! * pw;
    const nDiag = clearance(sg, s, d);
    for (let side = 0; side < 2; side++) {
      const c = side === 0 ? (d + 7) & 7 : (d + 1) & 7;
      let maxLine = clearance(sg, s, c);
      let cur = s;
      for (let i = 1; i <= nDiag; i++) {
        cur += dstep;
        const l = clearance(sg, cur, c);
        if (l < maxLine) {
          maxLine = l;
          const q = subgoalAfter(sg, cur, c, l);
          if (q >= 0) n = addReach(sg, reach, n, q);
        }
      }
    }
  }
  return n;
}

// Octile distance written into out[0] (a typed-array slot: a returned fraction could be boxed).
export function oct(out: Float64Array, pw: number, a: number, b: number): void {
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  let dx = a - ay * pw - (b - by * pw);
  let dy = ay - by;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  out[0] = dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx; // by hand: a call returning a fraction may box it
}

export function octile(pw: number, a: number, b: number): number {
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  let dx = a - ay * pw - (b - by * pw);
  let dy = ay - by;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  return octileDelta(dx, dy);
}

// True when the diagonal-first path from a to b is unblocked.
export function directPathFree(sg: SubgoalGraph, a: number, b: number): boolean {
  const { pw, open } = sg;
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  const dx = b - by * pw - (a - ay * pw);
  const dy = by - ay;
  const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  const adx = dx * sx;
  const ady = dy * sy;
  const nDiag = adx < ady ? adx : ady;
  let p = a;
  if (nDiag > 0) {
    const hs = sx;
    const vs = sy * pw;
    const ds = hs + vs;
    for (let i = 0; i < nDiag; i++) {
      if (open[p + ds] !== 1 || open[p + hs] !== 1 || open[p + vs] !== 1) return false;
      p += ds;
    }
  }
  const step = adx > ady ? sx : sy * pw;
  const nCard = adx > ady ? adx - ady : ady - adx;
  for (let i = 0; i < nCard; i++) {
    p += step;
    if (open[p] !== 1) return false;
  }
  return true;
}

/** Search scratch of the levelled subgoal graphs: per node (+2 for start S and goal G). */
export interface SubgoalScratch {
  readonly g: Float64Array;
  readonly parent: Int32Array;
  readonly seen: Uint32Array;
  readonly closed: Uint32Array;
  readonly heap: IndexedHeap;
}

/**
 * A* over subgoal nodes (edges `edgeStart/edgeTo/edgeCost`) from the already seeded open list to
 * the virtual goal node `G = count + 1`, reached from nodes with a finite `toGoal`; only nodes
 * with `isCore[v] === 1` or `mark[v] === stamp` are searched. Returns the expansions; the goal was
 * found iff `g[G]` is finite (the caller sets `seen[G] = stamp`, `g[G] = Infinity` first).
 */
export function searchSubgoals(
  sg: SubgoalGraph,
  edgeStart: Int32Array,
  edgeTo: Int32Array,
  edgeCost: Float64Array,
  isCore: Uint8Array,
  mark: Uint32Array,
  scratch: SubgoalScratch,
  toGoal: Float64Array,
  stamp: number,
  t: number,
): number {
  const { g, parent, seen, closed, heap } = scratch;
  const { nodeX, nodeY, pw } = sg;
  const G = sg.count + 1;
  const tx = t % pw;
  const ty = (t - tx) / pw;
  let expanded = 0;
  for (;;) {
    const u = indexedHeapPop(heap);
    if (u < 0 || u === G) break;
    closed[u] = stamp;
    expanded++;
    const gu = g[u]!;
    const tg = toGoal[u]!;
    if (tg !== Infinity && gu + tg < g[G]! - 1e-12) {
      g[G] = gu + tg;
      parent[G] = u;
      heap.next[0] = g[G];
      indexedHeapPushNext(heap, G);
    }
    for (let e = edgeStart[u]!, end = edgeStart[u + 1]!; e < end; e++) {
      const v = edgeTo[e]!;
      if (closed[v] === stamp || (isCore[v] !== 1 && mark[v] !== stamp)) continue;
      const ng = gu + edgeCost[e]!;
      if (seen[v] === stamp && ng >= g[v]! - 1e-12) continue;
      seen[v] = stamp;
      g[v] = ng;
      parent[v] = u;
      let dx = nodeX[v]! - tx;
      let dy = nodeY[v]! - ty;
      if (dx < 0) dx = -dx;
      if (dy < 0) dy = -dy;
      heap.next[0] = ng + (dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx); // octileDelta by hand (hot loop)
      indexedHeapPushNext(heap, v);
    }
  }
  return expanded;
}

// Writes padded cell p as a waypoint at out.path[i] when it fits (the caller flags a truncated path); returns i + 1.
export function writeWaypoint(sg: SubgoalGraph, p: number, out: GridPath, i: number, _where: string): number {
  if (i < out.path.length) {
    const cy = ((p / sg.pw) | 0) - 1;
    out.path[i] = cy * sg.grid.width + (p - (cy + 1) * sg.pw - 1);
  }
  return i + 1;
}

/**
 * Writes the waypoints of a levelled subgoal search's result into `out` and returns their count:
 * the start cell `s`, the subgoals on the parent chain from `G` back to `S` (extra edges unpacked
 * through the subgoals they bypass, so consecutive waypoints are direct-h-reachable), the goal
 * cell `t`. Extra edges are read from `offsets/targets/mid` (`mid`: the bypassed node, -1 for a
 * simple-graph edge). Reverses the parent chain in place. `stack` needs 2 × (subgoals + 2) entries.
 */
export function writeLevelledPath(
  sg: SubgoalGraph,
  offsets: Int32Array,
  targets: Int32Array,
  mid: Int32Array,
  parent: Int32Array,
  s: number,
  t: number,
  out: GridPath,
  stack: Int32Array,
  where: string,
): number {
  const S = sg.count;
  const G = S + 1;
  let first = -1;
  let prev = G;
  let steps = 0;
  for (let u = parent[G]!; u !== S;) {
    if (++steps > parent.length) corruptState(where, "the subgoal parent chain loops");
    const p = parent[u]!;
    parent[u] = prev; // now "next" pointers, ending at G
    prev = u;
    if (p === S) first = u;
    u = p;
  }
  const cells = out.path;
  let i = writeWaypoint(sg, s, out, 0, where);
  let u = first;
  if (sg.nodeCell[u] !== s) i = writeWaypoint(sg, sg.nodeCell[u]!, out, i, where);
  for (let next = parent[u]!; next !== G; next = parent[u]!) {
    const from = i;
    i = unpackNLevelEdge(cells, i, offsets, targets, mid, u, next, stack, 0);
    for (let k = from, end = Math.min(i, cells.length); k < end; k++) {
      const p = sg.nodeCell[cells[k]!]!;
      const cy = ((p / sg.pw) | 0) - 1;
      cells[k] = cy * sg.grid.width + (p - (cy + 1) * sg.pw - 1);
    }
    u = next;
  }
  if (sg.nodeCell[u] !== t) i = writeWaypoint(sg, t, out, i, where);
  return i;
}

/**
 * The cheap endings of a subgoal query: a blocked endpoint (no path) or a free diagonal-first
 * path (written as one or two waypoints). Returns true when `out` holds the answer.
 */
export function answerTrivialQuery(sg: SubgoalGraph, s: number, t: number, out: GridPath, where: string): boolean {
  if (sg.open[s] !== 1 || sg.open[t] !== 1) {
    writeNoPath(out, 0, 0);
    return true;
  }
  if (!directPathFree(sg, s, t)) return false;
  let i = writeWaypoint(sg, s, out, 0, where);
  if (s !== t) i = writeWaypoint(sg, t, out, i, where);
  out.length = i;
  oct(sg.tmp, sg.pw, s, t);
  out.cost = sg.tmp[0]!;
  out.flags = i > out.path.length ? PathFlags.Found | PathFlags.PathTruncated : PathFlags.Found;
  out.expanded = 0;
  out.generated = 0;
  return true;
}

/** Writes the direct-h-reachable subgoals of padded cell `p` into `reach` (just its own node when it is a subgoal); returns how many. */
export function endpointReach(sg: SubgoalGraph, p: number, reach: Int32Array): number {
  const node = sg.nodeOf[p]!;
  if (node < 0) return directHReachable(sg, p, reach);
  reach[0] = node;
  return 1;
}

/**
 * Seeds a levelled subgoal search: the goal's reach gets its octile cost to `t` in `toGoal`
 * (reset it afterwards), the virtual start `S` and goal `G` their g, and the start's reach the
 * open list.
 */
export function seedSubgoalSearch(
  sg: SubgoalGraph,
  s: number,
  t: number,
  startReach: Int32Array,
  ns: number,
  goalReach: Int32Array,
  ng: number,
  toGoal: Float64Array,
  scratch: SubgoalScratch,
  stamp: number,
): void {
  const { g, parent, seen, heap } = scratch;
  const { pw, nodeCell, tmp } = sg;
  const S = sg.count;
  const G = S + 1;
  for (let i = 0; i < ng; i++) {
    const v = goalReach[i]!;
    oct(tmp, pw, nodeCell[v]!, t);
    toGoal[v] = tmp[0]!;
  }
  seen[S] = stamp;
  g[S] = 0;
  parent[S] = -1;
  seen[G] = stamp;
  g[G] = Infinity;
  for (let i = 0; i < ns; i++) {
    const v = startReach[i]!;
    oct(tmp, pw, s, nodeCell[v]!);
    const c = tmp[0]!;
    seen[v] = stamp;
    g[v] = c;
    parent[v] = S;
    oct(tmp, pw, nodeCell[v]!, t);
    heap.next[0] = c + tmp[0]!;
    indexedHeapPushNext(heap, v);
  }
}

// The simple graph's edges as a CsrGraph (shared arrays, no copy).
function ssgAsCsr(ssg: SubgoalGraph): CsrGraph {
  return { nodeCount: ssg.count, edgeCount: ssg.edgeTo.length, offsets: ssg.edgeStart, targets: ssg.edgeTo, weights: ssg.edgeCost, maxDegree: 1 };
}

/**
 * Levels of the subgoals of `ssg` (up to `maxLevels`): `@tactica/search`'s N-level construction
 * over the simple graph with h-reachable extra edges. Allocates.
 */
export function buildSubgoalLevels(ssg: SubgoalGraph, maxLevels: number): NLevelGraph {
  const pw = ssg.pw;
  const cell = ssg.nodeCell;
  return createNLevelGraph(ssgAsCsr(ssg), {
    maxLevels,
    allowExtraEdge: (p, q, length) => Math.abs(length - octile(pw, cell[p]!, cell[q]!)) <= 1e-9,
  });
}

/**
 * The shared end of the levelled subgoal queries, once the search's nodes are marked: seeds and
 * runs the search over the core (`isCore`) and the marked nodes, resets the goal costs and writes
 * the result (extra edges unpacked) into `out`. Returns the number of expansions.
 */
export function finishLevelledQuery(
  sg: SubgoalGraph,
  s: number,
  t: number,
  startReach: Int32Array,
  ns: number,
  goalReach: Int32Array,
  ng: number,
  offsets: Int32Array,
  targets: Int32Array,
  weights: Float64Array,
  mid: Int32Array,
  isCore: Uint8Array,
  mark: Uint32Array,
  stack: Int32Array,
  toGoal: Float64Array,
  scratch: SubgoalScratch,
  stamp: number,
  out: GridPath,
  where: string,
): number {
  const g = scratch.g;
  const G = sg.count + 1;
  seedSubgoalSearch(sg, s, t, startReach, ns, goalReach, ng, toGoal, scratch, stamp);
  const expanded = searchSubgoals(sg, offsets, targets, weights, isCore, mark, scratch, toGoal, stamp, t);
  for (let i = 0; i < ng; i++) toGoal[goalReach[i]!] = Infinity;
  if (g[G] === Infinity) {
    writeNoPath(out, expanded, expanded);
    return expanded;
  }
  out.length = writeLevelledPath(sg, offsets, targets, mid, scratch.parent, s, t, out, stack, where);
  out.cost = g[G]!;
  out.flags = out.length > out.path.length ? PathFlags.Found | PathFlags.PathTruncated : PathFlags.Found;
  out.expanded = expanded;
  out.generated = expanded;
  return expanded;
}
