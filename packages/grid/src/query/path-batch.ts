import { invalidArgument } from "@tactica/core";
import { createJpsPlus, findPathJpsPlus, type JpsPlus } from "../jump-point/jps-plus";
import { findPathJps } from "../jump-point/jps";
import type { Grid } from "../model/grid";
import { expandPath } from "../model/path-utils";
import { findPathAStar, findPathDijkstra } from "../solvers/astar";
import { createGridPath, createGridSearch, PathFlags, type GridPath, type GridSearch } from "./grid-search";

/**
 * The answers to a batch of grid path queries in flat typed arrays (transferable from a worker).
 * Query `i`'s path is `cells[cellStart[i] .. cellStart[i+1])`, cell indices `y · width + x`, every
 * step one move of the grid.
 */
export interface GridPathBatch {
  /** Number of queries answered. */
  readonly count: number;
  /** `PathFlags` of each query. */
  readonly flags: Int32Array;
  /** Cost of each path (`Infinity` when there is none). */
  readonly costs: Float64Array;
  /** Nodes expanded by each query. */
  readonly expanded: Int32Array;
  /** `count + 1` offsets into `cells`. */
  readonly cellStart: Uint32Array;
  /** All paths' cells, query after query. */
  readonly cells: Int32Array;
}

/** Solvers a batch can use (those with no per-query options): A*, Dijkstra, JPS and JPS+. */
export type GridBatchSolver = "astar" | "dijkstra" | "jps" | "jps-plus";

/** Options of {@link findGridPathBatch}. */
export interface FindGridPathBatchOptions {
  /** Default `"astar"`. JPS and JPS+ need a uniform-cost grid. */
  readonly solver?: GridBatchSolver;
}

interface BatchCache {
  readonly search: GridSearch;
  readonly out: GridPath;
  readonly expandedCells: Int32Array;
  jps: JpsPlus | null;
  scratch: Int32Array;
}

const caches = new WeakMap<Grid, BatchCache>();

function cacheOf(grid: Grid): BatchCache {
  let c = caches.get(grid);
  if (c === undefined) {
    const cells = Math.max(1, grid.width * grid.height);
    c = { search: createGridSearch(grid), out: createGridPath(grid), expandedCells: new Int32Array(cells), jps: null, scratch: new Int32Array(4096) };
    caches.set(grid, c);
  }
  return c;
}

/**
 * Answers `queries.length / 4` queries `(sx, sy, gx, gy)` (cell coordinates) on `grid` with one
 * solver and packs the paths into one {@link GridPathBatch}. The same function runs on the main
 * thread and in a worker ({@link gridWorkerHandlers}), so both answer alike; each path equals level
 * 2's `findGridPath` with that solver. Search state (and the JPS+ table, rebuilt after grid edits) is
 * cached per grid; only the result arrays are allocated.
 *
 * @param grid - the grid to search (read; search state and the JPS+ table are cached per grid object)
 * @param queries - flat `(sx, sy, gx, gy)` quadruples in cells, one per query (length a multiple of 4; each coordinate an integer inside the grid)
 * @param options - `solver`: a {@link GridBatchSolver} (default `"astar"`; JPS and JPS+ need a uniform-cost grid)
 *
 * @throws TacticaError `INVALID_ARGUMENT` naming `queries[i]` for a coordinate that is not an integer
 *   inside the grid, or for an unknown solver.
 *
 * @example
 * ```ts
 * const grid = createGrid(5, 5);
 * for (let y = 0; y < 4; y++) setCellPassable(grid, 2, y, false);
 * const batch = findGridPathBatch(grid, [0, 0, 4, 0, 0, 4, 4, 4], { solver: "jps-plus" });
 * batch.cellStart[1] - batch.cellStart[0]; // 11 cells round the wall (no corner cutting)
 * batch.cellStart[2] - batch.cellStart[1]; // 5 cells along the bottom row
 * ```
 */
export function findGridPathBatch(grid: Grid, queries: ArrayLike<number>, options: FindGridPathBatchOptions = {}): GridPathBatch {
  const where = "@tactica/grid: findGridPathBatch";
  if (typeof queries !== "object" || queries === null || typeof queries.length !== "number" || queries.length % 4 !== 0)
    invalidArgument(where, "queries", "must hold 4 integers per query (sx, sy, gx, gy)", "Pass a flat array or Int32Array of cell coordinates.");
  const solver = options.solver ?? "astar";
  if (solver !== "astar" && solver !== "dijkstra" && solver !== "jps" && solver !== "jps-plus")
    invalidArgument(where, "options.solver", `is ${JSON.stringify(solver)}`, 'Use "astar", "dijkstra", "jps" or "jps-plus".');
  for (let i = 0; i < queries.length; i++) {
    const v = queries[i]!;
    const limit = i % 2 === 0 ? grid.width : grid.height;
    if (!Number.isInteger(v) || v < 0 || v >= limit)
      invalidArgument(
        where,
        `queries[${i}]`,
        `is ${String(v)}, not a ${i % 2 === 0 ? "column" : "row"} of the ${grid.width}×${grid.height} grid`,
        "Pass integer cell coordinates inside the grid.",
      );
  }
  const count = queries.length / 4;
  const c = cacheOf(grid);
  const { search, out } = c;
  const flags = new Int32Array(count);
  const costs = new Float64Array(count);
  const expanded = new Int32Array(count);
  const cellStart = new Uint32Array(count + 1);
  let scratch = c.scratch;
  let used = 0;
  for (let q = 0; q < count; q++) {
    cellStart[q] = used;
    const sx = queries[4 * q]!,
      sy = queries[4 * q + 1]!,
      gx = queries[4 * q + 2]!,
      gy = queries[4 * q + 3]!;
    let waypoints = false;
    if (solver === "astar") findPathAStar(out, search, sx, sy, gx, gy);
    else if (solver === "dijkstra") findPathDijkstra(out, search, sx, sy, gx, gy);
    else if (solver === "jps") {
      findPathJps(out, search, sx, sy, gx, gy);
      waypoints = true;
    } else {
      c.jps ??= createJpsPlus(grid);
      findPathJpsPlus(out, search, c.jps, sx, sy, gx, gy);
      waypoints = true;
    }
    flags[q] = out.flags;
    costs[q] = out.cost;
    expanded[q] = out.expanded;
    if ((out.flags & PathFlags.Found) === 0) continue;
    let cells: ArrayLike<number> = out.path;
    let n = out.length;
    if (waypoints) {
      n = expandPath(c.expandedCells, grid, out.path, out.length);
      cells = c.expandedCells;
    }
    if (used + n > scratch.length) {
      const grown = new Int32Array(Math.max(2 * scratch.length, used + n));
      grown.set(scratch.subarray(0, used));
      scratch = grown;
      c.scratch = grown;
    }
    for (let i = 0; i < n; i++) scratch[used + i] = cells[i]!;
    used += n;
  }
  cellStart[count] = used;
  return { count, flags, costs, expanded, cellStart, cells: scratch.slice(0, used) };
}

/**
 * The transferable buffers of a batch (for `context.transfer` in a worker).
 *
 * @param batch - the batch whose typed arrays' buffers are listed (read; transferring them detaches the arrays)
 */
export function gridPathBatchBuffers(batch: GridPathBatch): ArrayBuffer[] {
  return [batch.flags, batch.costs, batch.expanded, batch.cellStart, batch.cells].map((a) => a.buffer as ArrayBuffer);
}
