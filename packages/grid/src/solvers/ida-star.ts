import { invalidArgument } from "@tactica/core";
import { beginQuery, cellOfPadded, checkEndpoints, paddedIndex, PathFlags, writeNoPath, type GridPath, type GridSearch } from "../query/grid-search";
import { Heuristics, heuristicDistance, type HeuristicValue } from "../model/heuristics";
import { isCornerBlocked } from "../internal/hot-path";

const EPS = 1e-9;

/**
 * Preallocated stacks for {@link findPathIdaStar}: iterative deepening A* keeps only the current
 * path in memory (no open list), so its state is one entry per depth. Memory ≈ 13 bytes per cell.
 */
export interface IdaStar {
  /** The search state it runs on (for the grid, padding and per-iteration g-pruning table). */
  readonly search: GridSearch;
  /** Node at each depth of the current path. */
  readonly stackNode: Int32Array;
  /** Next direction to try at each depth. */
  readonly stackDir: Uint8Array;
  /** g at each depth. */
  readonly stackG: Float64Array;
  /** Iterations (threshold increases) run by the last query. */
  iterations: number;
}

/**
 * Creates the {@link IdaStar} stacks for `search`'s grid. O(cells).
 *
 * @param search - the {@link GridSearch} the IDA* runs on (kept by reference; its grid and scratch are used by every query)
 */
export function createIdaStar(search: GridSearch): IdaStar {
  const n = search.open.length;
  return { search, stackNode: new Int32Array(n), stackDir: new Uint8Array(n), stackG: new Float64Array(n), iterations: 0 };
}

/** Options of {@link findPathIdaStar}. */
export interface IdaStarOptions {
  /** Total node budget over all iterations, an integer ≥ 1 (default 1,000,000). */
  readonly maxExpansions?: number | undefined;
  /** A {@link Heuristics} value (default: octile on 8-connected, Manhattan on 4-connected grids). */
  readonly heuristic?: HeuristicValue | undefined;
}

/**
 * IDA* (Korf 1985): depth-first searches bounded by an `f = g + h` threshold that rises, after
 * each iteration, to the smallest `f` that exceeded it. Optimal with an admissible heuristic and
 * needs memory only for the current path — but on grids it re-expands many nodes, so it is far
 * slower than A*; it is here for memory-starved settings and teaching. Within one iteration a
 * node reached again with a g no better than before is pruned (a per-iteration transposition
 * table), which keeps it optimal and makes it usable on small maps.
 *
 * The search stops with {@link PathFlags.BudgetExhausted} after `maxExpansions` node expansions
 * in total (default 1,000,000), so it never hangs. No allocation per query.
 *
 * @param out - the caller-owned result, written and returned: the cell-by-cell path (cell indices `y * width + x`)
 * @param ida - the IDA* stacks (from {@link createIdaStar}); they and their search's scratch are overwritten, `iterations` is written
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 * @param options - `maxExpansions` (total node budget over all iterations, an integer ≥ 1, default 1,000,000) and `heuristic` (a {@link Heuristics} value, default octile on 8-connected and Manhattan on 4-connected grids)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or a bad budget.
 */
export function findPathIdaStar(out: GridPath, ida: IdaStar, sx: number, sy: number, gx: number, gy: number, options?: IdaStarOptions): GridPath {
  const maxExpansions = options?.maxExpansions ?? 1_000_000;
  const heuristic = options?.heuristic;
  const where = "@tactica/grid: findPathIdaStar";
  const search = ida.search;
  const grid = search.grid;
  checkEndpoints(where, grid, sx, sy, gx, gy);
  if (!Number.isInteger(maxExpansions) || maxExpansions < 1)
    invalidArgument(where, "maxExpansions", `must be an integer >= 1 but is ${maxExpansions}`, "Pass a node budget.");
  const hk = heuristic ?? (grid.connectivity === 4 ? Heuristics.Manhattan : Heuristics.Octile);
  const hScale = search.minCost;
  let stamp = beginQuery(search);
  const { open, g, seen, closed, offsets, pw } = search;
  const cost = search.cost;
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  ida.iterations = 0;
  if (open[start] !== 1 || open[goal] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const corner = grid.cornerCutting;
  const dstep = grid.connectivity === 8 ? 1 : 2;
  const gpx = gx + 1;
  const gpy = gy + 1;
  const { stackNode, stackDir, stackG } = ida;
  let threshold = hScale * heuristicDistance(hk, sx - gx, sy - gy);
  let expanded = 0;
  for (;;) {
    ida.iterations++;
    let next = Infinity;
    let depth = 0;
    stackNode[0] = start;
    stackDir[0] = 0;
    stackG[0] = 0;
    closed[start] = stamp; // on the current path
    seen[start] = stamp;
    g[start] = 0;
    let found = false;
    while (depth >= 0) {
      const p = stackNode[depth]!;
      if (p === goal) {
        found = true;
        break;
      }
      const d = stackDir[depth]!;
      if (d === 0) {
        if (++expanded > maxExpansions) {
          writeNoPath(out, expanded - 1, expanded - 1);
          out.flags = PathFlags.BudgetExhausted;
          return out;
        }
      }
      if (d >= 8) {
        closed[p] = 0; // leave the path
        depth--;
        continue;
      }
      stackDir[depth] = d + dstep;
      const q = p + offsets[d]!;
      if (open[q] !== 1 || closed[q] === stamp) continue;
      let step = 1;
      if ((d & 1) === 1) {
        const a = open[p + offsets[(d + 7) & 7]!]!;
        const b = open[p + offsets[(d + 1) & 7]!]!;
        if (isCornerBlocked(corner, a, b)) continue;
        step = Math.SQRT2;
      }
      const ng = stackG[depth]! + (cost === null ? step : step * cost[q]!);
      if (seen[q] === stamp && ng >= g[q]! - EPS) continue;
      const qy = (q / pw) | 0;
      const f = ng + hScale * heuristicDistance(hk, q - qy * pw - gpx, qy - gpy);
      if (f > threshold + EPS) {
        if (f < next) next = f;
        continue;
      }
      seen[q] = stamp;
      g[q] = ng;
      closed[q] = stamp;
      depth++;
      stackNode[depth] = q;
      stackDir[depth] = 0;
      stackG[depth] = ng;
    }
    if (found) {
      const cells = out.path;
      const n = Math.min(cells.length, depth + 1);
      for (let i = 0; i < n; i++) cells[i] = cellOfPadded(search, stackNode[i]!);
      out.length = depth + 1;
      out.flags = n < depth + 1 ? PathFlags.Found | PathFlags.PathTruncated : PathFlags.Found;
      out.cost = stackG[depth]!;
      out.expanded = expanded;
      out.generated = expanded;
      return out;
    }
    if (next === Infinity) {
      writeNoPath(out, expanded, expanded);
      return out;
    }
    threshold = next;
    stamp = beginQuery(search);
  }
}
