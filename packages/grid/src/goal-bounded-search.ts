import { invalidArgument, indexedHeapPushNext, indexedHeapPop } from "@tactica/core";
import { CornerCutting } from "./grid";
import { assertGoalBoundsCurrent, type GoalBounds } from "./goal-bounds";
import { beginQuery, checkEndpoints, paddedIndex, writeFoundPath, writeNoPath, type GridPath, type GridSearch } from "./grid-search";
import { SQRT2_MINUS_1 } from "./heuristics";
import { rebuildJpsPlus, type JpsPlus } from "./jps-plus";
import { jumpDirections } from "./jump-rules";

// Tie-break toward larger g, as in the other solvers of this package.
const TIE = 1e-10;
const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [-1, -1, 0, 1, 1, 1, 0, -1];

/**
 * Bit mask of the first moves at a cell whose box (`boxes[base + d*4 ..]`) contains goal cell
 * `(gx, gy)`. O(8), no allocation.
 */
function allowedMoves(B: Int16Array, base: number, gx: number, gy: number): number {
  let m = 0;
  for (let d = 0, k = base; d < 8; d++, k += 4) {
    if (gx >= B[k]! && gx <= B[k + 2]! && gy >= B[k + 1]! && gy <= B[k + 3]!) m |= 1 << d;
  }
  return m;
}

function checkBounds(where: string, search: GridSearch, gb: GoalBounds): void {
  if (gb.grid !== search.grid) invalidArgument(where, "gb", "was built for another grid than search", "Create both from the same Grid object.");
  assertGoalBoundsCurrent(where, gb);
}

/**
 * JPS+ with goal bounding (Rabin, GDC 2015): {@link findPathJpsPlus} that, at every expanded node
 * with bounds in `gb`, skips each direction whose {@link GoalBounds} box does not contain the
 * goal. Nodes without bounds (target jump points, the start unless it is covered, rows not built
 * yet) are expanded as in plain JPS+. Optimal (the boxes hold every goal of every tied optimal
 * first move), same result, waypoints and flags as {@link findPathJpsPlus}; never expands more
 * nodes in practice. No allocation per query.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or objects built for
 *   another grid; `INVALID_STATE` when the grid was edited after `gb` was built (the jump table
 *   `jp` is rebuilt automatically as in JPS+, the O(n²) bounds are not: call {@link rebuildGoalBounds}).
 */
export function findPathJpsPlusGoalBounded(search: GridSearch, jp: JpsPlus, gb: GoalBounds, sx: number, sy: number, gx: number, gy: number, out: GridPath): GridPath {
  const where = "@tactica/grid: findPathJpsPlusGoalBounded";
  const grid = search.grid;
  if (jp.grid !== grid) invalidArgument(where, "jp", "was built for another grid than search", "Create both from the same Grid object.");
  checkBounds(where, search, gb);
  checkEndpoints(where, grid, sx, sy, gx, gy);
  if (jp.builtVersion !== grid.version) rebuildJpsPlus(jp);
  const stamp = beginQuery(search);
  const { open, g, parent, seen, closed, heap, offsets, pw, dir } = search;
  const T = jp.distances;
  const rowOf = gb.rowOf;
  const B = gb.boxes;
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  if (open[start] !== 1 || open[goal] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const eight = grid.connectivity === 8;
  const goalPx = gx + 1;
  const goalPy = gy + 1;
  g[start] = 0;
  parent[start] = -1;
  seen[start] = stamp;
  dir[start] = 8;
  heap.next[0] = 0;
  indexedHeapPushNext(heap, start);
  let expanded = 0;
  let generated = 1;
  for (;;) {
    const p = indexedHeapPop(heap);
    if (p < 0) break;
    if (p === goal) {
      writeFoundPath(search, goal, out, expanded, generated);
      return out;
    }
    closed[p] = stamp;
    expanded++;
    const py = (p / pw) | 0;
    const px = p - py * pw;
    const gp = g[p]!;
    const base = p * 8;
    let mask = jumpDirections(open, offsets, p, dir[p]!, eight);
    const row = rowOf[p]!;
    if (row >= 0) mask &= allowedMoves(B, row * 32, gx, gy);
    while (mask !== 0) {
      const d = 31 - Math.clz32(mask);
      mask &= ~(1 << d);
      const val = T[base + d]!;
      const abs = val < 0 ? -val : val;
      const dx = DX[d]!;
      const dy = DY[d]!;
      let k: number;
      let stepCost = 1;
      if (dx !== 0 && dy !== 0) {
        const ax = (goalPx - px) * dx;
        const ay = (goalPy - py) * dy;
        const m = ax < ay ? ax : ay;
        if (m > 0 && m <= abs) k = m;
        else if (val > 0) k = val;
        else continue;
        stepCost = Math.SQRT2;
      } else {
        // Straight: a target jump point where the run crosses the goal's row (4-connected
        // vertical runs) or reaches the goal itself.
        const along = dy === 0 ? (goalPx - px) * dx : (goalPy - py) * dy;
        const level = dy === 0 ? goalPy === py : !eight || goalPx === px;
        if (level && along > 0 && along <= abs) k = along;
        else if (val > 0) k = val;
        else continue;
      }
      const q = p + k * offsets[d]!;
      if (closed[q] === stamp) continue;
      const ng = gp + k * stepCost;
      if (seen[q] === stamp && ng >= g[q]!) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = p;
      dir[q] = d;
      let hx = px + k * dx - goalPx;
      let hy = py + k * dy - goalPy;
      if (hx < 0) hx = -hx;
      if (hy < 0) hy = -hy;
      const hq = eight ? (hx > hy ? hx + SQRT2_MINUS_1 * hy : hy + SQRT2_MINUS_1 * hx) : hx + hy;
      heap.next[0] = ng + hq + hq * TIE;
      indexedHeapPushNext(heap, q);
      generated++;
    }
  }
  writeNoPath(out, expanded, generated);
  return out;
}

/**
 * A* with goal bounding ("goal bounding alone" in Rabin's talk): octile (8-connected) or
 * Manhattan (4-connected) A* on a uniform-cost grid that, at every node with bounds in `gb`
 * (all of them with {@link GoalBoundsCoverage.AllCells}), skips the moves whose box does not
 * contain the goal. Optimal, writes the cell-by-cell path like {@link findPathAStar}, honours
 * the grid's connectivity and corner rule. No allocation per query.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or a `gb` of another
 *   grid; `INVALID_STATE` when the grid was edited after `gb` was built.
 */
export function findPathAStarGoalBounded(search: GridSearch, gb: GoalBounds, sx: number, sy: number, gx: number, gy: number, out: GridPath): GridPath {
  const where = "@tactica/grid: findPathAStarGoalBounded";
  const grid = search.grid;
  checkBounds(where, search, gb);
  checkEndpoints(where, grid, sx, sy, gx, gy);
  const stamp = beginQuery(search);
  const { open, g, parent, seen, closed, heap, offsets, pw } = search;
  const rowOf = gb.rowOf;
  const B = gb.boxes;
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  if (open[start] !== 1 || open[goal] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const eight = grid.connectivity === 8;
  const corner = grid.cornerCutting;
  const all = eight ? 0xff : 0x55;
  const goalPx = gx + 1;
  const goalPy = gy + 1;
  g[start] = 0;
  parent[start] = -1;
  seen[start] = stamp;
  heap.next[0] = 0;
  indexedHeapPushNext(heap, start);
  let expanded = 0;
  let generated = 1;
  for (;;) {
    const p = indexedHeapPop(heap);
    if (p < 0) break;
    if (p === goal) {
      writeFoundPath(search, goal, out, expanded, generated);
      return out;
    }
    closed[p] = stamp;
    expanded++;
    const gp = g[p]!;
    const row = rowOf[p]!;
    let mask = row >= 0 ? all & allowedMoves(B, row * 32, gx, gy) : all;
    while (mask !== 0) {
      const d = 31 - Math.clz32(mask);
      mask &= ~(1 << d);
      const q = p + offsets[d]!;
      if (open[q] !== 1 || closed[q] === stamp) continue;
      let ng = gp + 1;
      if ((d & 1) === 1) {
        const a = open[p + offsets[(d + 7) & 7]!]!;
        const b = open[p + offsets[(d + 1) & 7]!]!;
        if (corner === CornerCutting.Never ? (a & b) === 0 : corner === CornerCutting.IfOneSideFree ? (a | b) === 0 : false) continue;
        ng = gp + Math.SQRT2;
      }
      if (seen[q] === stamp && ng >= g[q]!) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = p;
      const qy = (q / pw) | 0;
      let hx = q - qy * pw - goalPx;
      let hy = qy - goalPy;
      if (hx < 0) hx = -hx;
      if (hy < 0) hy = -hy;
      const hq = eight ? (hx > hy ? hx + SQRT2_MINUS_1 * hy : hy + SQRT2_MINUS_1 * hx) : hx + hy;
      heap.next[0] = ng + hq + hq * TIE;
      indexedHeapPushNext(heap, q);
      generated++;
    }
  }
  writeNoPath(out, expanded, generated);
  return out;
}
