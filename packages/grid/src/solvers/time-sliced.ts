import { ErrorCodes, invalidArgument, TacticaError, indexedHeapPushNext, indexedHeapPop } from "@tactica/core";
import {
  beginPathQuery,
  checkEndpoints,
  paddedIndex,
  PathFlags,
  writeFoundPath,
  writeNoPath,
  writeParentChain,
  type GridPath,
  type GridSearch,
} from "../query/grid-search";
import { Heuristics, heuristicDistance, type HeuristicValue } from "../model/heuristics";
import { isCornerBlocked, TIE } from "../internal/hot-path";

/**
 * A* that runs in slices under a per-frame budget of node expansions ({@link stepSlicedAStar}),
 * resumable across frames, reporting the partial path to the most promising node so far. Plain
 * data; it borrows a {@link GridSearch} for its lifetime: running another query on the same
 * search in between invalidates it (the next step throws `INVALID_STATE`).
 */
export interface SlicedAStar {
  /** The search state it runs on. */
  readonly search: GridSearch;
  /** Query generation of the running search, or 0 when idle. */
  stamp: number;
  /** Padded goal node. */
  goal: number;
  /** Goal column and row (padded coordinates). */
  goalPx: number;
  /** Goal row (padded coordinates). */
  goalPy: number;
  /** Heuristic code ({@link Heuristics}). */
  heuristic: HeuristicValue;
  /** Heuristic multiplier (weight × smallest terrain cost). */
  hScale: number;
  /** Padded node with the smallest heuristic value seen so far (the partial path's end). */
  best: number;
  /** Its heuristic value. */
  bestH: number;
  /** Nodes expanded since {@link startSlicedAStar}. */
  expanded: number;
  /** Nodes generated since {@link startSlicedAStar}. */
  generated: number;
  /** True once the search found the goal or proved there is none. */
  done: boolean;
}

/**
 * Creates an idle {@link SlicedAStar} on `search`. O(1).
 *
 * @param search - the {@link GridSearch} to borrow for the sliced query's lifetime (kept by reference; another query on it in between invalidates the sliced one)
 */
export function createSlicedAStar(search: GridSearch): SlicedAStar {
  return {
    search,
    stamp: 0,
    goal: -1,
    goalPx: 0,
    goalPy: 0,
    heuristic: Heuristics.Octile,
    hScale: 1,
    best: -1,
    bestH: Infinity,
    expanded: 0,
    generated: 0,
    done: true,
  };
}

/** Options of {@link startSlicedAStar}. */
export interface SlicedAStarOptions {
  /** A {@link Heuristics} value (default: octile on 8-connected, Manhattan on 4-connected grids). */
  readonly heuristic?: HeuristicValue | undefined;
  /** Heuristic weight ≥ 1 (default 1). */
  readonly weight?: number | undefined;
}

/**
 * Starts (or restarts) a time-sliced A* query; call {@link stepSlicedAStar} each frame. O(1).
 *
 * @param sliced - the sliced search to (re)start, written in place; its search's scratch is reset
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 * @param options - `heuristic` (a {@link Heuristics} value, default octile on 8-connected and Manhattan on 4-connected grids) and `weight` (≥ 1, default 1 = optimal)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or a weight < 1.
 */
export function startSlicedAStar(sliced: SlicedAStar, sx: number, sy: number, gx: number, gy: number, options?: SlicedAStarOptions): void {
  const heuristic = options?.heuristic;
  const weight = options?.weight ?? 1;
  const where = "@tactica/grid: startSlicedAStar";
  const search = sliced.search;
  checkEndpoints(where, search.grid, sx, sy, gx, gy);
  if (!(weight >= 1) || !Number.isFinite(weight)) invalidArgument(where, "weight", `must be a finite number >= 1 but is ${weight}`, "Use 1 for optimal paths.");
  const stamp = beginPathQuery(search, sx, sy, gx, gy);
  sliced.stamp = search.stamp;
  sliced.heuristic = heuristic ?? (search.grid.connectivity === 4 ? Heuristics.Manhattan : Heuristics.Octile);
  sliced.hScale = weight * search.minCost;
  sliced.goal = paddedIndex(search, gx, gy);
  sliced.goalPx = gx + 1;
  sliced.goalPy = gy + 1;
  sliced.expanded = 0;
  sliced.generated = 0;
  sliced.done = false;
  const start = paddedIndex(search, sx, sy);
  sliced.best = start;
  sliced.bestH = Infinity;
  if (stamp === 0) {
    sliced.best = -1;
    sliced.done = true;
    return;
  }
  const h = sliced.hScale * heuristicDistance(sliced.heuristic, sx - gx, sy - gy);
  sliced.bestH = h;
  search.heap.next[0] = h;
  indexedHeapPushNext(search.heap, start);
  sliced.generated = 1;
}

/**
 * Runs up to `maxExpansions` node expansions (integer ≥ 1) and writes the outcome into `out`:
 * - {@link PathFlags.Found} with the full path when the goal was reached;
 * - {@link PathFlags.NoPath} when the goal is unreachable;
 * - {@link PathFlags.BudgetExhausted} | {@link PathFlags.Partial} | {@link PathFlags.InProgress} with the path to the node
 *   closest to the goal (by heuristic) so far, when the budget ran out — move towards it and
 *   call again next frame.
 * No allocation.
 *
 * @param out - the caller-owned result, written and returned: the full path, or the partial path to the most promising node so far (cell indices `y * width + x`)
 * @param sliced - the started sliced search (from {@link startSlicedAStar}); advanced in place
 * @param maxExpansions - node expansions allowed in this call (the per-frame budget), an integer ≥ 1
 *
 * @throws TacticaError `INVALID_STATE` when another query ran on the same {@link GridSearch}
 *   since {@link startSlicedAStar} (restart it), `INVALID_ARGUMENT` for a bad budget.
 */
export function stepSlicedAStar(out: GridPath, sliced: SlicedAStar, maxExpansions: number): GridPath {
  const where = "@tactica/grid: stepSlicedAStar";
  if (!Number.isInteger(maxExpansions) || maxExpansions < 1)
    invalidArgument(where, "maxExpansions", `must be an integer >= 1 but is ${maxExpansions}`, "Pass the per-frame node budget.");
  const search = sliced.search;
  if (sliced.stamp === 0 || sliced.stamp !== search.stamp) {
    throw new TacticaError(
      ErrorCodes.InvalidState,
      `${where}: the search was not started or another query ran on its GridSearch since. Call startSlicedAStar again (or give the sliced search its own GridSearch).`,
    );
  }
  const { open, g, parent, seen, closed, heap, offsets, pw } = search;
  const cost = search.cost;
  const grid = search.grid;
  const stamp = sliced.stamp;
  const goal = sliced.goal;
  if (sliced.done && sliced.best < 0) {
    writeNoPath(out, sliced.expanded, sliced.generated);
    return out;
  }
  if (sliced.done) {
    writeFoundPath(search, goal, out, sliced.expanded, sliced.generated);
    return out;
  }
  const corner = grid.cornerCutting;
  const dstep = grid.connectivity === 8 ? 1 : 2;
  const hk = sliced.heuristic;
  const hs = sliced.hScale;
  const tie = TIE; // read the shared constant once: a local in the loop
  for (let budget = maxExpansions; budget > 0; budget--) {
    const p = indexedHeapPop(heap);
    if (p < 0) {
      sliced.done = true;
      sliced.best = -1;
      writeNoPath(out, sliced.expanded, sliced.generated);
      return out;
    }
    if (p === goal) {
      sliced.done = true;
      sliced.best = goal;
      return stepSlicedAStar(out, sliced, 1);
    }
    closed[p] = stamp;
    sliced.expanded++;
    const gp = g[p]!;
    for (let d = 0; d < 8; d += dstep) {
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
      const h = hs * heuristicDistance(hk, q - qy * pw - sliced.goalPx, qy - sliced.goalPy);
      if (h < sliced.bestH) {
        sliced.bestH = h;
        sliced.best = q;
      }
      heap.next[0] = ng + h + h * tie;
      indexedHeapPushNext(heap, q);
      sliced.generated++;
    }
  }
  out.flags = PathFlags.BudgetExhausted | PathFlags.Partial | PathFlags.InProgress;
  writeParentChain(search, sliced.best, out);
  out.cost = g[sliced.best]!;
  out.expanded = sliced.expanded;
  out.generated = sliced.generated;
  return out;
}
