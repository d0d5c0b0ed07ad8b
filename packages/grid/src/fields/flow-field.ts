import { invalidArgument } from "@tactica/core";
import type { Grid } from "../model/grid";
import { DirX, DirY, type GridSearch } from "../query/grid-search";
import { computeDistanceField } from "./distance-field";
import { isCornerBlocked } from "../internal/hot-path";

/**
 * A flow field towards one or more goals (plain data): the integration field (least cost to
 * the nearest goal per cell) and, per cell, the direction of the first step of an optimal path
 * (0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW; -1 at goals, blocked and unreachable cells).
 * Any number of agents read it in O(1) each with {@link flowFieldDirectionAt}.
 */
export interface FlowField {
  /** Columns of the grid. */
  readonly width: number;
  /** Rows of the grid. */
  readonly height: number;
  /** Cost to the nearest goal per cell; `Infinity` where unreachable. */
  readonly integration: Float64Array;
  /** Direction index of the best first step per cell, or -1. */
  readonly direction: Int8Array;
}

/**
 * Allocates a {@link FlowField} for `grid` (9 bytes per cell). Fill it with {@link computeFlowField}.
 *
 * @param grid - the grid the field is for; only its `width` and `height` are read (the grid is not kept)
 */
export function createFlowField(grid: Grid): FlowField {
  const n = grid.width * grid.height;
  const direction = new Int8Array(n);
  direction.fill(-1);
  const integration = new Float64Array(n);
  integration.fill(Infinity);
  return { width: grid.width, height: grid.height, integration, direction };
}

/** Options of {@link computeFlowField} and {@link computeThetaFlowField}. */
export interface FlowFieldOptions {
  /** Extra cost ≥ 0 per cell (`y × width + x`), added whenever a path enters it (e.g. congestion). */
  readonly penalty?: ArrayLike<number> | undefined;
}

/**
 * Fills `field` for `goals` (cell indices): runs a multi-source Dijkstra from the goals
 * ({@link computeDistanceField}, honouring connectivity, corner rule and terrain costs), then
 * points each cell at the legal neighbour that minimises step cost + neighbour's integration
 * value. Optional `penalty` (one number ≥ 0 per cell, e.g. agent count × weight) is added to
 * the cost of entering each cell — the congestion penalty that spreads crowds over parallel
 * corridors; recompute every few frames as it changes. O(V log V), no allocation.
 *
 * @param field - the flow field to fill, written in place (`integration` and `direction`); must have been created for a grid of this size
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` is the grid read
 * @param goals - the goal cells as indices `y × width + x` (read); blocked goals are ignored
 * @param options - `penalty`: extra cost ≥ 0 per cell (one entry per cell, negatives count as 0) added on entering it, e.g. a congestion penalty; omitted means none
 *
 * @throws TacticaError `INVALID_ARGUMENT` when `field` does not match the grid or `penalty` is short.
 *
 * @example
 * ```ts
 * const grid = createGrid(16, 16);
 * const field = createFlowField(grid);
 * computeFlowField(field, createGridSearch(grid), [15 * 16 + 15]); // one goal: the bottom-right cell
 * const dir = { x: 0, y: 0 };
 * flowFieldDirectionAt(dir, field, 0, 0); // dir ≈ (0.71, 0.71): diagonally towards the goal
 * ```
 */
export function computeFlowField(field: FlowField, search: GridSearch, goals: ArrayLike<number>, options?: FlowFieldOptions): void {
  const penalty = options?.penalty;
  const where = "@tactica/grid: computeFlowField";
  const grid = search.grid;
  if (field.width !== grid.width || field.height !== grid.height)
    invalidArgument(where, "field", "was created for another grid size", "Create it with createFlowField(grid).");
  const n = grid.width * grid.height;
  if (penalty !== undefined && penalty.length < n)
    invalidArgument(where, "penalty", `has ${penalty.length} entries, fewer than ${n} cells`, "Pass one value per cell.");
  computeDistanceField(field.integration, search, goals, { maxCost: Infinity, toSources: true, penalty });
  const { integration, direction } = field;
  const w = grid.width;
  const h = grid.height;
  const p = grid.passable;
  const cost = grid.cost;
  const eight = grid.connectivity === 8;
  const corner = grid.cornerCutting;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      direction[i] = -1;
      const here = integration[i]!;
      if (p[i] !== 1 || here === 0 || here === Infinity) continue;
      let best = Infinity;
      let bestD = -1;
      for (let d = 0; d < 8; d += eight ? 1 : 2) {
        const nx = x + DirX[d]!;
        const ny = y + DirY[d]!;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (p[j] !== 1) continue;
        let step = 1;
        if ((d & 1) === 1) {
          const a = p[y * w + nx] === 1 ? 1 : 0;
          const b = p[ny * w + x] === 1 ? 1 : 0;
          if (isCornerBlocked(corner, a, b)) continue;
          step = Math.SQRT2;
        }
        const pen = penalty === undefined ? 0 : Math.max(0, penalty[j]!);
        const v = integration[j]! + step * (cost === null ? 1 : cost[j]!) + pen;
        if (v < best) {
          best = v;
          bestD = d;
        }
      }
      direction[i] = bestD;
    }
  }
}

/**
 * Writes into `out` the unit direction `{x, y}` an agent in cell `(x, y)` should move along
 * (y grows downwards; diagonals are normalised) and returns `true`; returns `false` and writes
 * `(0, 0)` at a goal, outside the grid, on blocked or unreachable cells. O(1), no allocation.
 *
 * @param out - written in place: the unit direction to move along (`y` grows downwards, diagonals normalised to length 1), or `(0, 0)` when the result is `false`
 * @param field - the flow field to read (filled by {@link computeFlowField})
 * @param x - column position in cells; any number, floored to the cell (cell `c` covers `[c, c + 1)`)
 * @param y - row position in cells; any number, floored to the cell
 */
export function flowFieldDirectionAt(out: { x: number; y: number }, field: FlowField, x: number, y: number): boolean {
  const cx = Math.floor(x);
  const cy = Math.floor(y);
  if (cx < 0 || cy < 0 || cx >= field.width || cy >= field.height) {
    out.x = 0;
    out.y = 0;
    return false;
  }
  const d = field.direction[cy * field.width + cx]!;
  if (d < 0) {
    out.x = 0;
    out.y = 0;
    return false;
  }
  const s = (d & 1) === 1 ? Math.SQRT1_2 : 1;
  out.x = DirX[d]! * s;
  out.y = DirY[d]! * s;
  return true;
}
