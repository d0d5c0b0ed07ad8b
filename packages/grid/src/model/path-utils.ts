import { invalidArgument } from "@tactica/core";
import { isMoveLegal, type Grid } from "./grid";
import { octileDistance } from "./heuristics";
import { checkIndex } from "../internal/errors";

/**
 * Cost of a waypoint path `cells[0 .. length)` (cell indices): the sum over consecutive waypoints
 * of the octile length of the straight / 45° run between them, times the terrain cost of each
 * cell entered when the grid has a cost layer (each run is walked diagonally first, then straight). O(length) on
 * uniform grids, O(cells entered) with costs.
 *
 * @param grid - the grid's `width`, `height` and `cost` layer (read; `cost: null` means every cell costs 1)
 * @param cells - the waypoint path as cell indices `y × width + x`, start first (read); consecutive waypoints must be joined by a straight or 45° run for the cost to be that of a grid path
 * @param length - number of entries of `cells` that form the path, an integer in `[0, cells.length]`; 0 or 1 gives cost 0
 *
 * @throws TacticaError `INVALID_ARGUMENT` when `length` exceeds `cells.length` or a cell is not an index of the grid.
 */
export function pathCost(
  grid: { readonly width: number; readonly height: number; readonly cost: Float64Array | null },
  cells: ArrayLike<number>,
  length: number,
): number {
  const w = grid.width;
  const size = w * grid.height;
  checkIndex("@tactica/grid: pathCost", "length", length, cells.length + 1, "a path length (at most cells.length)");
  if (length > 0) checkIndex("@tactica/grid: pathCost", "cells[0]", cells[0]!, size, "a cell index");
  let total = 0;
  for (let i = 1; i < length; i++) {
    const a = cells[i - 1]!;
    const b = cells[i]!;
    if (!(b >>> 0 === b && b < size)) checkIndex("@tactica/grid: pathCost", `cells[${i}]`, b, size, "a cell index");
    const ax = a % w;
    const ay = (a - ax) / w;
    const bx = b % w;
    const by = (b - bx) / w;
    if (grid.cost === null) {
      total += octileDistance(ax, ay, bx, by);
    } else {
      const dx = Math.sign(bx - ax);
      const dy = Math.sign(by - ay);
      let x = ax;
      let y = ay;
      while (x !== bx || y !== by) {
        const mx = x !== bx;
        const my = y !== by;
        if (mx) x += dx;
        if (my) y += dy;
        total += (mx && my ? Math.SQRT2 : 1) * grid.cost[y * w + x]!;
      }
    }
  }
  return total;
}

function tooShort(out: Int32Array): never {
  invalidArgument("@tactica/grid: expandPath", "out", `holds ${out.length} cells, too few for the expanded path`, "Pass new Int32Array(width * height).");
}

/**
 * Expands a waypoint path (as written by JPS, JPS+ or the any-angle solvers' grid variants)
 * into every cell it passes: each run between waypoints is walked diagonally first, then
 * straight. Writes into `out` and returns the number of cells. O(cells written), no allocation.
 *
 * @param out - written in place: receives every cell index of the expanded path, start first; must hold all of them (`width × height` always suffices)
 * @param grid - the grid's `width` and `height` (read), used to decode and check the indices
 * @param cells - the waypoint path as cell indices `y × width + x`, start first (read, not changed)
 * @param length - number of waypoints in `cells`, an integer in `[0, cells.length]`
 *
 * @throws TacticaError `INVALID_ARGUMENT` when `out` is too short, `length` exceeds `cells.length`
 *   or a cell is not an index of the grid.
 */
export function expandPath(out: Int32Array, grid: { readonly width: number; readonly height: number }, cells: ArrayLike<number>, length: number): number {
  const w = grid.width;
  const size = w * grid.height;
  checkIndex("@tactica/grid: expandPath", "length", length, cells.length + 1, "a path length (at most cells.length)");
  for (let i = 0; i < length; i++) {
    const c = cells[i]!;
    if (!(c >>> 0 === c && c < size)) checkIndex("@tactica/grid: expandPath", `cells[${i}]`, c, size, "a cell index");
  }
  if (length === 0) return 0;
  let n = 0;
  if (out.length < 1) tooShort(out);
  out[n++] = cells[0]!;
  for (let i = 1; i < length; i++) {
    const a = cells[i - 1]!;
    const b = cells[i]!;
    let x = a % w;
    let y = (a - x) / w;
    const bx = b % w;
    const by = (b - bx) / w;
    const dx = Math.sign(bx - x);
    const dy = Math.sign(by - y);
    while (x !== bx || y !== by) {
      if (x !== bx) x += dx;
      if (y !== by) y += dy;
      if (n >= out.length) tooShort(out);
      out[n++] = y * w + x;
    }
  }
  return n;
}

/**
 * True when the cell path `cells[0 .. length)` is legal on `grid` step by step: every cell
 * passable and every consecutive pair one legal move apart (connectivity and corner rule, see
 * {@link isMoveLegal}). Expand waypoint paths first with {@link expandPath}. O(length).
 *
 * @param grid - the grid to check against (read: passability, connectivity, corner rule)
 * @param cells - the cell-by-cell path as cell indices `y × width + x`, start first (read)
 * @param length - number of cells of `cells` to check, from index 0; 0 gives `true`
 */
export function isPathLegal(grid: Grid, cells: ArrayLike<number>, length: number): boolean {
  const w = grid.width;
  for (let i = 0; i < length; i++) {
    const c = cells[i]!;
    if (!(c >= 0 && c < w * grid.height) || grid.passable[c] !== 1) return false;
    if (i === 0) continue;
    const a = cells[i - 1]!;
    const ax = a % w;
    const ay = (a - ax) / w;
    const cx = c % w;
    const cy = (c - cx) / w;
    if (!isMoveLegal(grid, ax, ay, cx - ax, cy - ay)) return false;
  }
  return true;
}
