import { invalidArgument, indexedHeapPushNext, indexedHeapPop } from "@tactica/core";
import { beginPathQuery, checkEndpoints, paddedIndex, PathFlags, writeFoundPath, writeNoPath, type GridPath, type GridSearch } from "../query/grid-search";
import { Heuristics, heuristicDistance, type HeuristicValue } from "../model/heuristics";
import { goalBoundsMoves } from "../internal/goal-bounds-moves";
import { readMaxExpansions } from "../internal/options";
import { isCornerBlocked, TIE } from "../internal/hot-path";

/** Options of {@link findPathAStar}. */
export interface GridAStarOptions {
  /** A {@link Heuristics} value (default: octile on 8-connected, Manhattan on 4-connected grids). */
  readonly heuristic?: HeuristicValue | undefined;
  /** Heuristic weight ≥ 1 (default 1 = optimal; `w > 1` is weighted A*, cost ≤ w × optimal). */
  readonly weight?: number | undefined;
  /**
   * Node budget (integer ≥ 1, default no limit): after that many expansions the query stops with
   * {@link PathFlags.BudgetExhausted} | {@link PathFlags.NoPath} and writes no path.
   */
  readonly maxExpansions?: number | undefined;
}

/** Options of {@link findPathDijkstra}. */
export interface GridDijkstraOptions {
  /** Node budget (integer ≥ 1, default no limit); see {@link GridAStarOptions.maxExpansions}. */
  readonly maxExpansions?: number | undefined;
}

/**
 * A* from `(sx, sy)` to `(gx, gy)` on `search.grid`, writing the cell-by-cell path into `out`
 * (level 1: no allocation). Honours the grid's connectivity, corner rule and terrain costs.
 * Ties between equal `f` go to the node with the larger `g`.
 *
 * Optimal when the heuristic is admissible for the grid (octile or Euclidean on 8-connected,
 * Manhattan on 4-connected) and `weight` is 1; with `weight = w > 1` (weighted A*) the cost is at
 * most `w` × optimal and far fewer nodes are expanded. Each node is expanded at most once.
 *
 * O(E log V) time in the worst case; memory is the preallocated {@link GridSearch}.
 *
 * @param out - the caller-owned result, written and returned
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` is the grid searched
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 * @param options - heuristic, weight and node budget ({@link GridAStarOptions})
 * @returns `out`, with `flags` {@link PathFlags.Found} (plus `PathTruncated` when `out.path` is
 *   too short) or {@link PathFlags.NoPath} (plus `BudgetExhausted` when the budget ran out)
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid, a weight < 1 or a bad budget.
 *
 * @example
 * ```ts
 * import { createGrid, createGridPath, createGridSearch, findPathAStar, PathFlags } from "@tactica/grid";
 *
 * const grid = createGrid(8, 8);
 * const search = createGridSearch(grid); // once per grid
 * const path = createGridPath(grid); // once, reused by every query
 * findPathAStar(path, search, 0, 0, 7, 7);
 * console.log((path.flags & PathFlags.Found) !== 0, path.cost); // true 9.899…
 * ```
 */
export function findPathAStar(out: GridPath, search: GridSearch, sx: number, sy: number, gx: number, gy: number, options?: GridAStarOptions): GridPath {
  const grid = search.grid;
  checkEndpoints("@tactica/grid: findPathAStar", grid, sx, sy, gx, gy);
  const heuristic = options?.heuristic;
  const weight = options?.weight ?? 1;
  const maxExpansions = readMaxExpansions("@tactica/grid: findPathAStar", options?.maxExpansions);
  if (!(weight >= 1) || !Number.isFinite(weight)) {
    invalidArgument("@tactica/grid: findPathAStar", "weight", `must be a finite number >= 1 but is ${weight}`, "Use 1 for optimal paths, > 1 for weighted A*.");
  }
  const h = heuristic ?? (grid.connectivity === 4 ? Heuristics.Manhattan : Heuristics.Octile);
  // Pass `weight` itself when no scaling is needed: a freshly computed double handed to the
  // (not inlined) loop is boxed, 16 bytes of garbage per query.
  const minCost = search.minCost;
  return runAStar(out, search, sx, sy, gx, gy, h, minCost === 1 ? weight : weight * minCost, maxExpansions);
}

/**
 * Dijkstra's algorithm from `(sx, sy)` to `(gx, gy)`: A* with a zero heuristic, so it stops as
 * soon as the goal is settled. Always optimal. See {@link findPathAStar} for the contract and
 * {@link computeDistanceField} for the whole distance field.
 *
 * @param out - the caller-owned result, written and returned: `flags`, `cost`, `length`, `path` (cell indices `y * width + x`), `expanded` and `generated`
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` is the grid searched
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 * @param options - `maxExpansions`: node budget, an integer ≥ 1 (default no limit; when it runs out the result is {@link PathFlags.BudgetExhausted} | {@link PathFlags.NoPath} with no path)
 */
export function findPathDijkstra(out: GridPath, search: GridSearch, sx: number, sy: number, gx: number, gy: number, options?: GridDijkstraOptions): GridPath {
  checkEndpoints("@tactica/grid: findPathDijkstra", search.grid, sx, sy, gx, gy);
  const maxExpansions = readMaxExpansions("@tactica/grid: findPathDijkstra", options?.maxExpansions);
  return runAStar(out, search, sx, sy, gx, gy, Heuristics.Zero, 0, maxExpansions);
}

/**
 * @internal
 * The A* loop behind {@link findPathAStar} and {@link findPathDijkstra}, without argument
 * checks: `hScale` multiplies the heuristic (0 = Dijkstra). Endpoints must be inside the grid.
 * With `rowOf`/`boxes` of a {@link GoalBounds} (see {@link findPathAStarGoalBounded}) it skips, at
 * every node that has bounds, the moves whose box does not contain the goal.
 */
export function runAStar(
  out: GridPath,
  search: GridSearch,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  heuristic: HeuristicValue,
  hScale: number,
  maxExpansions: number,
  rowOf: Int32Array | null = null,
  boxes: Int16Array | null = null,
): GridPath {
  const stamp = beginPathQuery(search, sx, sy, gx, gy);
  if (stamp === 0) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const { open, g, parent, seen, closed, heap, offsets, pw } = search;
  const cost = search.cost;
  const grid = search.grid;
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  const eight = grid.connectivity === 8;
  const corner = grid.cornerCutting;
  const dstep = eight ? 1 : 2;
  const goalPx = gx + 1;
  const goalPy = gy + 1;
  // The start is alone on the open list, so its priority is never compared: 0 saves a call
  // whose boxed double result would be the query's only allocation.
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
    if (expanded >= maxExpansions) {
      writeNoPath(out, expanded, generated);
      out.flags |= PathFlags.BudgetExhausted;
      return out;
    }
    closed[p] = stamp;
    expanded++;
    const gp = g[p]!;
    let allowed = 0xff;
    if (rowOf !== null) {
      const row = rowOf[p]!;
      if (row >= 0) allowed = goalBoundsMoves(boxes!, row * 32, gx, gy);
    }
    for (let d = 0; d < 8; d += dstep) {
      if (((allowed >> d) & 1) === 0) continue;
      const q = p + offsets[d]!;
      if (open[q] !== 1 || closed[q] === stamp) continue;
      let step = 1;
      if ((d & 1) === 1) {
        const a = open[p + offsets[(d + 7) & 7]!]!;
        const b = open[p + offsets[(d + 1) & 7]!]!;
        if (isCornerBlocked(corner, a, b)) continue;
        step = Math.SQRT2;
      }
      const ng = gp + (cost === null ? step : step * cost[q]!);
      if (seen[q] === stamp && ng >= g[q]!) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = p;
      const qy = (q / pw) | 0;
      const hq = hScale === 0 ? 0 : hScale * heuristicDistance(heuristic, q - qy * pw - goalPx, qy - goalPy);
      heap.next[0] = ng + hq + hq * tie;
      indexedHeapPushNext(heap, q);
      generated++;
    }
  }
  writeNoPath(out, expanded, generated);
  return out;
}
