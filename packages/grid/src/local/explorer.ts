import { invalidArgument } from "@tactica/core";
import { isMoveLegal, type Grid } from "../model/grid";
import { DirX, DirY } from "../query/grid-search";
import { LocalStatus } from "./local-navigation";

/**
 * The human-like explorer ("Tactical Thinking Explained"): an agent with only local knowledge
 * walks towards the goal choosing, among the moves it has not tried, the one that best matches
 * the goal's direction; at a dead end it backs up to the latest junction and marks the cells it
 * backed out of as tried and failed. It remembers what it has seen (a per-cell known map) and the
 * failed cells for the same goal, so a second trip to that goal goes straight. Depth-first,
 * trial-and-error, never optimal; it never looks further than the neighbouring cells. Plain data.
 */
export interface Explorer {
  /** Columns of the grid it explores. */
  readonly width: number;
  /** Rows of the grid it explores. */
  readonly height: number;
  /** Current column. */
  x: number;
  /** Current row. */
  y: number;
  /** What the agent has seen per cell: 0 unknown, 1 free, 2 blocked. */
  readonly known: Uint8Array;
  /** 1 where a cell was tried and failed for the current goal (dead ends). */
  readonly failed: Uint8Array;
  /** Trip number at which each cell was last visited. */
  readonly visited: Uint32Array;
  /** Current trip number (1-based; 0 before the first trip). */
  trip: number;
  /** Cells of the current trip's path (for backing up). */
  readonly stack: Int32Array;
  /** Number of cells on {@link Explorer.stack}. */
  depth: number;
  /** Goal cell of the current trip, -1 when none. */
  goal: number;
  /** Steps taken in the current trip (moves forward and back). */
  steps: number;
}

/**
 * Creates an explorer at `(x, y)` that knows nothing about `grid` yet. O(cells).
 *
 * @param grid - the grid to explore; only its `width` and `height` are read (the cells are sensed step by step later)
 * @param x - starting column, an integer in `[0, width)` (cells)
 * @param y - starting row, an integer in `[0, height)` (cells)
 */
export function createExplorer(grid: Grid, x: number, y: number): Explorer {
  const n = grid.width * grid.height;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= grid.width || y >= grid.height) {
    invalidArgument("@tactica/grid: createExplorer", "x, y", `(${x}, ${y}) is not a cell of the grid`, "Start inside the grid.");
  }
  return {
    width: grid.width,
    height: grid.height,
    x,
    y,
    known: new Uint8Array(n),
    failed: new Uint8Array(n),
    visited: new Uint32Array(n),
    trip: 0,
    stack: new Int32Array(n),
    depth: 0,
    goal: -1,
    steps: 0,
  };
}

/**
 * Starts a trip from the explorer's cell to `(gx, gy)`. The known map is kept; the failed marks
 * are kept only when the goal is the same as last trip's (a dead end for one goal may lead to
 * another). O(1), or O(cells) when the goal changes.
 *
 * @param ex - the explorer, updated in place (goal, trip counter, path stack; failed marks cleared when the goal changes)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 */
export function startExplorerTrip(ex: Explorer, gx: number, gy: number): void {
  if (!Number.isInteger(gx) || !Number.isInteger(gy) || gx < 0 || gy < 0 || gx >= ex.width || gy >= ex.height) {
    invalidArgument("@tactica/grid: startExplorerTrip", "gx, gy", `(${gx}, ${gy}) is not a cell of the grid`, "Pass a goal inside the grid.");
  }
  const goal = gy * ex.width + gx;
  if (goal !== ex.goal) ex.failed.fill(0);
  ex.goal = goal;
  ex.trip++;
  ex.depth = 0;
  ex.steps = 0;
  ex.visited[ex.y * ex.width + ex.x] = ex.trip;
}

/**
 * One move of the explorer on `grid` (it senses the 8 neighbouring cells, then moves forward or
 * backs up). Returns {@link LocalStatus.Moving}, {@link LocalStatus.Arrived}, or
 * {@link LocalStatus.Stuck} when every reachable cell was tried (the goal is unreachable).
 * O(1), no allocation.
 *
 * @param ex - the explorer with a started trip, advanced one move in place (position, known map, failed marks, stack)
 * @param grid - the grid it walks, of the explorer's size (read: the 8 neighbouring cells are sensed, and the move rules applied)
 *
 * @throws TacticaError `INVALID_ARGUMENT` when no trip was started or the grid size differs.
 */
export function stepExplorer(ex: Explorer, grid: Grid): number {
  const where = "@tactica/grid: stepExplorer";
  if (ex.goal < 0) invalidArgument(where, "ex", "has no trip", "Call startExplorerTrip first.");
  if (grid.width !== ex.width || grid.height !== ex.height) invalidArgument(where, "grid", "differs in size from the explored one", "Use the same grid.");
  const w = ex.width;
  const here = ex.y * w + ex.x;
  if (here === ex.goal) return LocalStatus.Arrived;
  // Sense the neighbourhood.
  for (let d = 0; d < 8; d++) {
    const nx = ex.x + DirX[d]!;
    const ny = ex.y + DirY[d]!;
    if (nx < 0 || ny < 0 || nx >= w || ny >= ex.height) continue;
    const c = ny * w + nx;
    ex.known[c] = grid.passable[c] === 1 ? 1 : 2;
  }
  const gx = ex.goal % w;
  const gy = (ex.goal - gx) / w;
  const tx = gx - ex.x;
  const ty = gy - ex.y;
  const len = Math.hypot(tx, ty);
  let best = -1;
  let bestScore = -Infinity;
  for (let d = 0; d < 8; d++) {
    if (!isMoveLegal(grid, ex.x, ex.y, DirX[d]!, DirY[d]!)) continue;
    const c = (ex.y + DirY[d]!) * w + ex.x + DirX[d]!;
    if (ex.failed[c] === 1 || ex.visited[c] === ex.trip) continue;
    // How well the move matches the goal's direction (cosine), ties towards the nearer cell.
    const mx = DirX[d]!;
    const my = DirY[d]!;
    const score = (mx * tx + my * ty) / (Math.hypot(mx, my) * len) - 1e-6 * Math.hypot(tx - mx, ty - my);
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  if (best >= 0) {
    ex.stack[ex.depth++] = here;
    ex.x += DirX[best]!;
    ex.y += DirY[best]!;
    ex.visited[ex.y * w + ex.x] = ex.trip;
    ex.steps++;
    return ex.y * w + ex.x === ex.goal ? LocalStatus.Arrived : LocalStatus.Moving;
  }
  // Dead end: mark it and back up one cell (repeated until a junction with untried moves).
  ex.failed[here] = 1;
  if (ex.depth === 0) return LocalStatus.Stuck;
  const back = ex.stack[--ex.depth]!;
  ex.x = back % w;
  ex.y = (back - ex.x) / w;
  ex.steps++;
  return LocalStatus.Moving;
}
