import { invalidArgument } from "@tactica/core";
import { CornerCutting, type Grid } from "../model/grid";

// Jump-point rules shared by JPS and JPS+ (internal, not exported from the index).

/** Throws unless the grid suits jump-point search (uniform cost; 4-connected or no corner cutting). */
export function assertJumpPointGrid(where: string, grid: Grid): void {
  if (grid.cost !== null) {
    invalidArgument(where, "grid.cost", "is set, but jump-point search needs a uniform-cost grid", "Use findPathAStar for grids with terrain costs.");
  }
  if (grid.connectivity === 8 && grid.cornerCutting !== CornerCutting.Never) {
    invalidArgument(
      where,
      "grid.cornerCutting",
      "must be CornerCutting.Never for 8-connected jump-point search",
      "Use findPathAStar for corner-cutting rules.",
    );
  }
}

/**
 * Bit mask of the directions to scan from padded node `p` reached in direction `d` (8 = start),
 * with natural and forced neighbours (canonical ordering). Exported for JPS+.
 */
export function jumpDirections(open: Uint8Array, offsets: Int32Array, p: number, d: number, eight: boolean): number {
  if (d === 8) return eight ? 0xff : 0x55;
  if (eight) {
    if ((d & 1) === 1) return (1 << d) | (1 << ((d + 7) & 7)) | (1 << ((d + 1) & 7));
    let mask = 1 << d;
    const step = offsets[d]!;
    const left = (d + 6) & 7;
    const right = (d + 2) & 7;
    const lo = offsets[left]!;
    const ro = offsets[right]!;
    if (open[p + lo - step] === 0 && open[p + lo] === 1) mask |= (1 << left) | (1 << ((d + 7) & 7));
    if (open[p + ro - step] === 0 && open[p + ro] === 1) mask |= (1 << right) | (1 << ((d + 1) & 7));
    return mask;
  }
  // 4-connected: vertical arrival (N=0, S=4) continues and turns E/W; horizontal arrival
  // continues and turns N/S only where forced.
  if (d === 0 || d === 4) return (1 << d) | 0x44;
  let mask = 1 << d;
  const step = offsets[d]!;
  const n = offsets[0]!;
  if (open[p + n - step] === 0 && open[p + n] === 1) mask |= 1;
  if (open[p - n - step] === 0 && open[p - n] === 1) mask |= 1 << 4;
  return mask;
}

/**
 * How many steps JPS+ moves from padded cell `(px, py)` in the direction with steps `(dx, dy)`
 * (each -1, 0 or 1) given that direction's jump distance `val` (positive: to a jump point, negative or 0: to a
 * wall): to the target jump point level with the goal when the goal's row or column lies within
 * reach, else to the jump point; 0 when the direction yields no successor. An integer, so the
 * call never boxes. Shared by JPS+ and bucketed JPS+.
 */
export function jpsPlusSteps(val: number, dx: number, dy: number, px: number, py: number, goalPx: number, goalPy: number, eight: boolean): number {
  const abs = val < 0 ? -val : val;
  let along: number;
  if (dx !== 0 && dy !== 0) {
    // Diagonal: the target jump point is level with the goal's row or column.
    const ax = (goalPx - px) * dx;
    const ay = (goalPy - py) * dy;
    along = ax < ay ? ax : ay;
  } else if (dy === 0) {
    // Horizontal: the goal must be on this row.
    along = goalPy === py ? (goalPx - px) * dx : 0;
  } else {
    // Vertical: on 8-connected grids the goal must be in this column; 4-connected runs stop on
    // the goal's row (they turn there).
    along = !eight || goalPx === px ? (goalPy - py) * dy : 0;
  }
  if (along > 0 && along <= abs) return along;
  return val > 0 ? val : 0;
}
