import { indexedHeapPushNext, indexedHeapPop } from "@tactica/core";
import { beginPathQuery, checkEndpoints, paddedIndex, writeFoundPath, writeNoPath, type GridPath, type GridSearch } from "../query/grid-search";
import { assertJumpPointGrid, jumpDirections } from "./jump-rules";
import { TIE, SQRT2_MINUS_1 } from "../internal/hot-path";

// Straight scan from p along `step` (±1 or ±pw); `side` is the perpendicular offset (pw or 1).
// Stops at the goal, at a cell with a forced neighbour (a side cell that is free while the cell
// behind it is blocked), or returns -1 at a wall.
function jumpStraight(open: Uint8Array, p: number, step: number, side: number, goal: number): number {
  for (;;) {
    p += step;
    if (open[p] !== 1) return -1;
    if (p === goal) return p;
    if ((open[p + side - step] === 0 && open[p + side] === 1) || (open[p - side - step] === 0 && open[p - side] === 1)) return p;
  }
}

// Diagonal scan (8-connected, no corner cutting): each step needs both side cells free; stops
// where one of the two straight component scans finds a jump point or the goal.
function jumpDiagonal(open: Uint8Array, p: number, h: number, v: number, pw: number, goal: number): number {
  for (;;) {
    if (open[p + h] !== 1 || open[p + v] !== 1 || open[p + h + v] !== 1) return -1;
    p += h + v;
    if (p === goal) return p;
    if (jumpStraight(open, p, h, pw, goal) >= 0 || jumpStraight(open, p, v, 1, goal) >= 0) return p;
  }
}

// Vertical scan on 4-connected grids: vertical moves play the role of diagonals; stops where a
// horizontal scan (east or west) finds a jump point or the goal.
function jumpVertical4(open: Uint8Array, p: number, v: number, pw: number, goal: number): number {
  for (;;) {
    p += v;
    if (open[p] !== 1) return -1;
    if (p === goal) return p;
    if (jumpStraight(open, p, 1, pw, goal) >= 0 || jumpStraight(open, p, -1, pw, goal) >= 0) return p;
  }
}

/**
 * Jump point search (Harabor & Grastien 2011) on uniform-cost grids: optimal like A*, but it
 * only puts "jump points" on the open list — cells where the optimal path may turn — found by
 * scanning straight and diagonal runs. 8-connected grids must use no corner cutting (the Moving
 * AI rule; the forced-neighbour rules here are the ones for that rule) and the octile heuristic
 * is built in (PathFinding.js's JPS defaults to Manhattan, which is inadmissible with diagonals
 * and returns longer paths); 4-connected grids use the variant where vertical runs play the role
 * of diagonals.
 *
 * Writes the waypoints (jump points) into `out`; consecutive waypoints are joined by straight or
 * 45° runs (expand with {@link expandPath}). No preprocessing, so it suits maps that change
 * every frame; see {@link findPathJpsPlus} for static maps. No allocation per query.
 *
 * @param out - the caller-owned result, written and returned; `path` holds the jump points (waypoints, cell indices `y * width + x`) from start to goal
 * @param search - the reusable search state (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` (uniform cost; 4-connected or 8-connected without corner cutting) is the grid searched
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid, a grid with terrain
 *   costs, or an 8-connected grid that allows corner cutting.
 */
export function findPathJps(out: GridPath, search: GridSearch, sx: number, sy: number, gx: number, gy: number): GridPath {
  const where = "@tactica/grid: findPathJps";
  const grid = search.grid;
  checkEndpoints(where, grid, sx, sy, gx, gy);
  assertJumpPointGrid(where, grid);
  const stamp = beginPathQuery(search, sx, sy, gx, gy);
  if (stamp === 0) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const { open, g, parent, seen, closed, heap, offsets, pw, dir } = search;
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  const eight = grid.connectivity === 8;
  const goalPx = gx + 1;
  const goalPy = gy + 1;
  heap.next[0] = 0;
  indexedHeapPushNext(heap, start);
  let expanded = 0;
  let generated = 1;
  const tie = TIE; // read the shared constant once: a local in the loop
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
    let mask = jumpDirections(open, offsets, p, dir[p]!, eight);
    while (mask !== 0) {
      const d = 31 - Math.clz32(mask);
      mask &= ~(1 << d);
      let q: number;
      if ((d & 1) === 1) {
        const step = offsets[d]!;
        const h = d === 1 || d === 3 ? 1 : -1;
        q = jumpDiagonal(open, p, h, step - h, pw, goal);
      } else if (!eight && (d === 0 || d === 4)) {
        q = jumpVertical4(open, p, offsets[d]!, pw, goal);
      } else {
        q = jumpStraight(open, p, offsets[d]!, d === 2 || d === 6 ? pw : 1, goal);
      }
      if (q < 0 || closed[q] === stamp) continue;
      const qy = (q / pw) | 0;
      const qx = q - qy * pw;
      let dx = qx - px;
      let dy = qy - py;
      if (dx < 0) dx = -dx;
      if (dy < 0) dy = -dy;
      // octileDelta by hand: the call would exceed this loop's inlining budget and box its double result (measured: JPS +27 %).
      const ng = gp + (dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx);
      if (seen[q] === stamp && ng >= g[q]!) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = p;
      dir[q] = d;
      let hx = qx - goalPx;
      let hy = qy - goalPy;
      if (hx < 0) hx = -hx;
      if (hy < 0) hy = -hy;
      const hq = eight ? (hx > hy ? hx + SQRT2_MINUS_1 * hy : hy + SQRT2_MINUS_1 * hx) : hx + hy;
      heap.next[0] = ng + hq + hq * tie;
      indexedHeapPushNext(heap, q);
      generated++;
    }
  }
  writeNoPath(out, expanded, generated);
  return out;
}
