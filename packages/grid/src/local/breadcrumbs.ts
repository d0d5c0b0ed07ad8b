import { assertInteger } from "@tactica/core";
import { isMoveLegal, type Grid } from "../model/grid";
import { checkIndex } from "../internal/errors";

/**
 * A breadcrumb trail (the lecture notes' "follow the leader" trick): the leader drops its recent
 * cells into a fixed-length ring, newest first; a follower standing on or next to any crumb walks
 * the trail towards the leader without running a search, skipping crumbs whenever a newer one is
 * adjacent. Groups can follow one leader's trail. Plain data.
 */
export interface BreadcrumbTrail {
  /** Maximum number of crumbs kept (older ones drop off). */
  readonly capacity: number;
  /** Ring of crumb cells (`y × width + x`). */
  readonly cells: Int32Array;
  /** Number of crumbs held (≤ capacity). */
  count: number;
  /** Ring slot of the newest crumb. */
  head: number;
}

/**
 * Creates an empty trail of at most `capacity` crumbs (integer in [1, 2^24]).
 *
 * @param capacity - most crumbs kept, an integer in `[1, 2^24]`; older crumbs drop off beyond it
 */
export function createBreadcrumbTrail(capacity: number): BreadcrumbTrail {
  assertInteger("@tactica/grid: createBreadcrumbTrail", "capacity", capacity, 1, 1 << 24);
  return { capacity, cells: new Int32Array(capacity), count: 0, head: -1 };
}

/**
 * Drops a crumb on `cell` (a cell index `y · width + x`) unless it is already the newest one; the
 * oldest drops off when full. O(1).
 *
 * @param trail - the trail to extend in place
 * @param cell - the leader's current cell as index `y × width + x`, a non-negative integer (not checked against a grid)
 *
 * @throws TacticaError `INVALID_ARGUMENT` when `cell` is not a non-negative integer.
 */
export function dropBreadcrumb(trail: BreadcrumbTrail, cell: number): void {
  checkIndex("@tactica/grid: dropBreadcrumb", "cell", cell, 0x7fffffff, "a cell index");
  if (trail.count > 0 && trail.cells[trail.head] === cell) return;
  trail.head = (trail.head + 1) % trail.capacity;
  trail.cells[trail.head] = cell;
  if (trail.count < trail.capacity) trail.count++;
}

/**
 * The `age`-th newest crumb (0 = newest), or -1 when there are not that many. O(1).
 *
 * @param trail - the trail to read
 * @param age - how many crumbs back: 0 = newest, up to `count − 1`; anything outside gives -1
 */
export function breadcrumbAt(trail: BreadcrumbTrail, age: number): number {
  if (age < 0 || age >= trail.count) return -1;
  return trail.cells[(trail.head - age + trail.capacity) % trail.capacity]!;
}

/**
 * Where a follower at `(x, y)` should step: the newest crumb that is one legal move away (so older
 * crumbs are skipped). Writes the cell into `out` and returns `true`; returns `false` when the
 * follower is on the newest crumb or no crumb is adjacent (it lost the trail). O(count), no allocation.
 *
 * @param out - written in place when the result is `true`: the column `x` and row `y` of the cell to step to (left unchanged otherwise)
 * @param grid - the grid the trail lies on (read: width to decode crumbs, and the move rules)
 * @param trail - the leader's trail to read
 * @param x - the follower's column, an integer (cells)
 * @param y - the follower's row, an integer (cells)
 */
export function followBreadcrumbs(out: { x: number; y: number }, grid: Grid, trail: BreadcrumbTrail, x: number, y: number): boolean {
  const w = grid.width;
  for (let age = 0; age < trail.count; age++) {
    const c = trail.cells[(trail.head - age + trail.capacity) % trail.capacity]!;
    const cx = c % w;
    const cy = (c - cx) / w;
    if (cx === x && cy === y) return false; // already on the newest reachable crumb
    const dx = cx - x;
    const dy = cy - y;
    if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && isMoveLegal(grid, x, y, dx, dy)) {
      out.x = cx;
      out.y = cy;
      return true;
    }
  }
  return false;
}
