import type { Grid } from "./grid";
import { isCornerBlocked } from "../internal/hot-path";

/**
 * Line of sight and travel penalty of the straight segment between the centres of cells
 * `(x0, y0)` and `(x1, y1)`, in one walk: returns the sum of `penalty` over every cell the
 * segment *enters* — each cell its interior passes through, the end cell included and the start
 * cell not (negative entries count as 0) — or -1 when there is no {@link hasGridLineOfSight} (same
 * supercover walk and corner rule). Where the segment passes exactly through a cell corner it
 * enters no side cell, so a single straight or diagonal step pays exactly the target cell's
 * penalty, as in the 8-connected {@link computeFlowField}, and a run of `n` steps along a row,
 * column or diagonal pays the same as the `n` grid steps. This is the congestion rule of the
 * Theta*-based field ({@link computeThetaFlowField}) and the travel-cost test of
 * congestion-aware smoothing (accept a shortcut only if it costs no more). O(|dx| + |dy|), no
 * allocation.
 *
 * @param grid - the grid whose passability and corner rule are read
 * @param penalty - one value per cell (`y × width + x`), e.g. a congestion penalty
 * @param x0 - column of the first cell, an integer (cells); outside the grid or blocked gives -1
 * @param y0 - row of the first cell, an integer (cells)
 * @param x1 - column of the last cell, an integer (cells); outside the grid gives -1
 * @param y1 - row of the last cell, an integer (cells)
 */
export function lineOfSightPenalty(grid: Grid, penalty: ArrayLike<number>, x0: number, y0: number, x1: number, y1: number): number {
  const w = grid.width;
  const h = grid.height;
  const p = grid.passable;
  if (x0 < 0 || y0 < 0 || x0 >= w || y0 >= h || x1 < 0 || y1 < 0 || x1 >= w || y1 >= h) return -1;
  if (p[y0 * w + x0] !== 1) return -1;
  const nx = Math.abs(x1 - x0);
  const ny = Math.abs(y1 - y0);
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  const corner = grid.cornerCutting;
  let x = x0;
  let y = y0;
  let ix = 0;
  let iy = 0;
  let sum = 0;
  while (ix < nx || iy < ny) {
    const dec = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (dec === 0) {
      const a = p[y * w + x + sx] === 1 ? 1 : 0;
      const b = p[(y + sy) * w + x] === 1 ? 1 : 0;
      if (isCornerBlocked(corner, a, b)) return -1;
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
    const c = y * w + x;
    if (p[c] !== 1) return -1;
    const v = penalty[c]!;
    if (v > 0) sum += v;
  }
  return sum;
}
