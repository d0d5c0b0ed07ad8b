import { invalidArgument, indexedHeapPushNext, indexedHeapPop } from "@tactica/core";
import { beginQuery, cellOfPadded, type GridSearch } from "../query/grid-search";
import { isCornerBlocked } from "../internal/hot-path";

/** Options of {@link computeDistanceField}. */
export interface DistanceFieldOptions {
  /** Stop expanding beyond this cost (default `Infinity`). */
  readonly maxCost?: number | undefined;
  /**
   * `false` (default): cost *from* the sources (terrain cost paid on entering each cell away from
   * them); `true`: cost *to* the nearest source (the cost of a move is the cell moved into on the
   * way to the source) — what a flow field needs. Equal on uniform grids.
   */
  readonly toSources?: boolean | undefined;
  /**
   * Extra cost ≥ 0 per cell, added once whenever a path enters the cell (e.g. a congestion
   * penalty); negative entries count as 0.
   */
  readonly penalty?: ArrayLike<number> | undefined;
}

/**
 * Multi-source Dijkstra: writes into `out[cell]` the least cost from the nearest source to every
 * cell (`Infinity` for unreachable or blocked cells, and for cells whose cost exceeds
 * `maxCost`). Honours connectivity, corner rule and terrain costs (the cost of a move is paid on
 * entering a cell, so this is the cost *from* the sources). Reuses `search`; no allocation.
 *
 * Use it for flow fields, "distance to the nearest exit" maps and influence-style queries.
 * O(V log V).
 *
 * @param out - `Float64Array` of `width × height` entries, written
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its heap and stamps are overwritten and `search.grid` is the grid read
 * @param sources - cell indices (`y × width + x`); blocked sources are ignored
 * @param options - `maxCost`, `toSources`, `penalty` ({@link DistanceFieldOptions})
 * @returns the number of cells settled
 * @throws TacticaError `INVALID_ARGUMENT` for a source outside the grid or a short `out`.
 */
export function computeDistanceField(out: Float64Array, search: GridSearch, sources: ArrayLike<number>, options?: DistanceFieldOptions): number {
  const maxCost = options?.maxCost ?? Infinity;
  const toSources = options?.toSources === true;
  const penalty = options?.penalty;
  const where = "@tactica/grid: computeDistanceField";
  const grid = search.grid;
  const n = grid.width * grid.height;
  if (out.length < n) invalidArgument(where, "out", `has ${out.length} entries, fewer than the ${n} cells`, "Pass new Float64Array(width * height).");
  if (penalty !== undefined && penalty.length < n)
    invalidArgument(where, "penalty", `has ${penalty.length} entries, fewer than the ${n} cells`, "Pass one value per cell.");
  const stamp = beginQuery(search);
  const { open, g, parent, seen, closed, heap, offsets, pw } = search;
  const cost = search.cost;
  out.fill(Infinity, 0, n);
  for (let i = 0; i < sources.length; i++) {
    const c = sources[i]!;
    if (!Number.isInteger(c) || c < 0 || c >= n)
      invalidArgument(where, `sources[${i}]`, `must be a cell index in [0, ${n - 1}] but is ${c}`, "Pass y * width + x.");
    const x = c % grid.width;
    const y = (c - x) / grid.width;
    const p = (y + 1) * pw + x + 1;
    if (open[p] !== 1) continue;
    g[p] = 0;
    parent[p] = -1;
    seen[p] = stamp;
    heap.next[0] = 0;
    indexedHeapPushNext(heap, p);
  }
  const eight = grid.connectivity === 8;
  const corner = grid.cornerCutting;
  const dstep = eight ? 1 : 2;
  let settled = 0;
  for (;;) {
    const p = indexedHeapPop(heap);
    if (p < 0) break;
    const gp = g[p]!;
    if (gp > maxCost) break;
    closed[p] = stamp;
    const pc = cellOfPadded(search, p);
    out[pc] = gp;
    settled++;
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
      // The moving cell is q (away from the sources) or p (towards them).
      const entered = toSources ? p : q;
      let ng = gp + (cost === null ? step : step * cost[entered]!);
      if (penalty !== undefined) {
        const pen = penalty[toSources ? pc : cellOfPadded(search, q)]!;
        if (pen > 0) ng += pen;
      }
      if (seen[q] === stamp && ng >= g[q]!) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = p;
      heap.next[0] = ng;
      indexedHeapPushNext(heap, q);
    }
  }
  return settled;
}
