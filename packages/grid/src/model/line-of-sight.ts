import { invalidArgument } from "@tactica/core";
import type { Grid } from "./grid";
import { isCornerBlocked } from "../internal/hot-path";

/**
 * Writes the cells of the Bresenham line from `(x0, y0)` to `(x1, y1)` into `out` as cell
 * indices (`y × width + x`) and returns how many: exactly `max(|dx|, |dy|) + 1`, consecutive
 * cells 8-adjacent, the minor coordinate monotone (the canonical integer Bresenham, starting the
 * decision term at `2·Δminor − Δmajor`). Cells may lie outside the grid only if the endpoints do;
 * the grid's width is only used to form indices. O(length), no allocation.
 *
 * @param out - written in place: receives the cell indices `y × width + x` of the line from the first cell to the last; needs at least `max(|x1 − x0|, |y1 − y0|) + 1` entries
 * @param grid - anything with the grid's `width` (columns), used only to form the indices
 * @param x0 - column of the first cell, an integer (cells)
 * @param y0 - row of the first cell, an integer (cells)
 * @param x1 - column of the last cell, an integer (cells)
 * @param y1 - row of the last cell, an integer (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` when `out` is too short.
 */
export function bresenhamLine(out: Int32Array, grid: { readonly width: number }, x0: number, y0: number, x1: number, y1: number): number {
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const n = Math.max(dx, dy) + 1;
  if (out.length < n)
    invalidArgument(
      "@tactica/grid: bresenhamLine",
      "out",
      `holds ${out.length} cells but the line has ${n}`,
      "Pass an Int32Array of at least max(|dx|, |dy|) + 1 entries.",
    );
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  const w = grid.width;
  let x = x0;
  let y = y0;
  let i = 0;
  out[i++] = y * w + x;
  if (dx >= dy) {
    let f = 2 * dy - dx;
    while (x !== x1) {
      if (f >= 0 && dy !== 0) {
        y += sy;
        f -= 2 * dx;
      }
      x += sx;
      f += 2 * dy;
      out[i++] = y * w + x;
    }
  } else {
    let f = 2 * dx - dy;
    while (y !== y1) {
      if (f >= 0 && dx !== 0) {
        x += sx;
        f -= 2 * dy;
      }
      y += sy;
      f += 2 * dx;
      out[i++] = y * w + x;
    }
  }
  return i;
}

function isFree(p: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < w && y < h && p[y * w + x] === 1;
}

/**
 * Line of sight along the Bresenham line (the lecture-notes rule for tile games): true when
 * every cell of {@link bresenhamLine} between the two cells is inside and passable. Cheap, but
 * it can slip diagonally between two blocked cells; use {@link hasGridLineOfSight} for any-angle
 * paths. O(length), no allocation.
 *
 * @param grid - the grid whose passability is read
 * @param x0 - column of the first cell, an integer (cells); outside or blocked gives `false`
 * @param y0 - row of the first cell, an integer (cells)
 * @param x1 - column of the last cell, an integer (cells); outside or blocked gives `false`
 * @param y1 - row of the last cell, an integer (cells)
 */
export function hasBresenhamLineOfSight(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  const w = grid.width;
  const h = grid.height;
  const p = grid.passable;
  let x = x0;
  let y = y0;
  if (!isFree(p, w, h, x, y)) return false;
  if (dx >= dy) {
    let f = 2 * dy - dx;
    while (x !== x1) {
      if (f >= 0 && dy !== 0) {
        y += sy;
        f -= 2 * dx;
      }
      x += sx;
      f += 2 * dy;
      if (!isFree(p, w, h, x, y)) return false;
    }
  } else {
    let f = 2 * dx - dy;
    while (y !== y1) {
      if (f >= 0 && dx !== 0) {
        x += sx;
        f -= 2 * dy;
      }
      y += sy;
      f += 2 * dx;
      if (!isFree(p, w, h, x, y)) return false;
    }
  }
  return true;
}

/**
 * Exact line of sight between the centres of cells `(x0, y0)` and `(x1, y1)`: walks the
 * supercover of the segment (every cell the segment passes through) and fails on any blocked
 * or outside cell. Where the segment passes exactly through a cell corner, the two side cells
 * are checked with the grid's corner rule ({@link CornerCutting}: `Never` needs both free, the
 * Moving AI rule, so straight segments of any-angle paths never squeeze past a corner that a
 * grid move could not). O(|dx| + |dy|), no allocation.
 *
 * @param grid - the grid whose passability and corner rule are read
 * @param x0 - column of the first cell, an integer (cells); outside the grid or blocked gives `false`
 * @param y0 - row of the first cell, an integer (cells)
 * @param x1 - column of the last cell, an integer (cells); outside the grid or blocked gives `false`
 * @param y1 - row of the last cell, an integer (cells)
 */
export function hasGridLineOfSight(grid: Grid, x0: number, y0: number, x1: number, y1: number): boolean {
  const w = grid.width;
  const h = grid.height;
  const p = grid.passable;
  if (x0 < 0 || y0 < 0 || x0 >= w || y0 >= h || x1 < 0 || y1 < 0 || x1 >= w || y1 >= h) return false;
  if (p[y0 * w + x0] !== 1) return false;
  const nx = Math.abs(x1 - x0);
  const ny = Math.abs(y1 - y0);
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  const corner = grid.cornerCutting;
  let x = x0;
  let y = y0;
  let ix = 0;
  let iy = 0;
  while (ix < nx || iy < ny) {
    const dec = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (dec === 0) {
      const a = p[y * w + x + sx] === 1 ? 1 : 0;
      const b = p[(y + sy) * w + x] === 1 ? 1 : 0;
      if (isCornerBlocked(corner, a, b)) return false;
      x += sx;
      y += sy;
      ix++;
      iy++;
    } else if (dec < 0) {
      x += sx;
      ix++;
    } else {
      y += sy;
      iy++;
    }
    if (p[y * w + x] !== 1) return false;
  }
  return true;
}

/**
 * Post-smoothing ("A* PS"): removes waypoints of a cell path in place while the straight
 * segment between the kept neighbours has {@link hasGridLineOfSight}, so the path acts like a
 * rubber band. Returns the new length. Smoothing works best on paths found with the Euclidean
 * heuristic. O(length × segment length), no allocation.
 *
 * @param grid - the grid the path lies on (read: width, passability, corner rule)
 * @param cells - the path as cell indices `y × width + x`, start first; rewritten in place so that its first `returned` entries are the kept waypoints (first and last cell always kept)
 * @param length - number of path cells in `cells` to smooth, an integer in `[0, cells.length]`; 2 or fewer are returned unchanged
 */
export function smoothPath(grid: Grid, cells: Int32Array, length: number): number {
  if (length <= 2) return length;
  const w = grid.width;
  let kept = 1;
  let anchor = cells[0]!;
  for (let i = 1; i < length - 1; i++) {
    const next = cells[i + 1]!;
    const ax = anchor % w;
    const nx = next % w;
    if (!hasGridLineOfSight(grid, ax, (anchor - ax) / w, nx, (next - nx) / w)) {
      anchor = cells[i]!;
      cells[kept++] = anchor;
    }
  }
  cells[kept++] = cells[length - 1]!;
  return kept;
}
