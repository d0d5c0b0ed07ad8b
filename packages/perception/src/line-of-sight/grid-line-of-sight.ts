import { type Grid, hasGridLineOfSight } from "@tactica/grid";
import type { LineOfSight } from "./types";

const cache = new WeakMap<Grid, LineOfSight>();

/**
 * A {@link LineOfSight} over a `@tactica/grid` grid whose cells are 1 world unit wide: world point
 * `(x, y)` lies in cell `(floor(x), floor(y))`; the ray is grid's `hasGridLineOfSight` between the two
 * cells (blocked cells block). Points outside the grid are never visible. The function is cached per
 * grid (a `WeakMap`), so calling this every frame allocates nothing; it reads the grid live, so
 * edits to the grid are seen.
 *
 * @param grid - A `@tactica/grid` grid whose cells are 1 world unit wide, read live on every ray (edits are seen); the test is cached per grid.
 */
export function gridLineOfSight(grid: Grid): LineOfSight {
  let los = cache.get(grid);
  if (los === undefined) {
    const w = grid.width;
    const h = grid.height;
    los = (x0, y0, x1, y1) => {
      const a = Math.floor(x0);
      const b = Math.floor(y0);
      const c = Math.floor(x1);
      const d = Math.floor(y1);
      if (a < 0 || b < 0 || c < 0 || d < 0 || a >= w || c >= w || b >= h || d >= h) return false;
      return hasGridLineOfSight(grid, a, b, c, d);
    };
    cache.set(grid, los);
  }
  return los;
}
