import { bucketQueueClear, bucketQueuePop, bucketQueuePush, createBucketQueue, invalidArgument, type BucketQueue } from "@tactica/core";
import type { GridSearch } from "../query/grid-search";
import { beginPathQuery, checkEndpoints, DirX, DirY, paddedIndex, writeFoundPath, writeNoPath, type GridPath } from "../query/grid-search";
import { rebuildJpsPlus, type JpsPlus } from "./jps-plus";
import { jpsPlusSteps, jumpDirections } from "./jump-rules";
import { SQRT2_MINUS_1 } from "../internal/hot-path";

/**
 * State for {@link findPathJpsPlusBucketed}: a bucket open list (core's `BucketQueue`, LIFO inside
 * a bucket) instead of a heap, as in Rabin's JPS+ chapter: "a bucket for every 0.1 cost". Priorities
 * are quantised to whole buckets, so pushes pass integers (never boxed) and cost O(1).
 */
export interface BucketedJpsPlus {
  /** Bucket width in cost units (> 0): the path is at most this much longer than optimal. */
  readonly bucketWidth: number;
  /** The open list (entries may repeat; stale ones are skipped). */
  readonly queue: BucketQueue;
  /** g with which each padded node was last expanded (stale-entry check). */
  readonly expandedG: Float64Array;
}

/** Options of {@link createBucketedJpsPlus}. */
export interface BucketedJpsPlusOptions {
  /** Width of a bucket in f units (default 0.1): wider buckets are faster and less exact. */
  readonly bucketWidth?: number | undefined;
}

/**
 * Creates the bucketed open list for `search`'s grid. `bucketWidth` (default 0.1) bounds the
 * suboptimality; the ring covers the largest f increase along one jump (≈ 3 × the map's larger
 * side). O(cells).
 *
 * @param search - a {@link GridSearch} of the grid (read: its size sets the ring length and the per-node array)
 * @param options - `bucketWidth`: width of a bucket in cost units (cells), finite and > 0 (default 0.1); the path cost is at most optimal + this
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a width ≤ 0 or one so small that the ring would
 *   exceed 2^24 buckets.
 */
export function createBucketedJpsPlus(search: GridSearch, options?: BucketedJpsPlusOptions): BucketedJpsPlus {
  const bucketWidth = options?.bucketWidth ?? 0.1;
  const where = "@tactica/grid: createBucketedJpsPlus";
  if (!(bucketWidth > 0) || !Number.isFinite(bucketWidth))
    invalidArgument(where, "bucketWidth", `must be a finite number > 0 but is ${bucketWidth}`, "Use 0.1 as in the JPS+ chapter.");
  const side = Math.max(search.grid.width, search.grid.height);
  const buckets = Math.ceil((3 * side + 4) / bucketWidth) + 2;
  if (buckets > 1 << 24) invalidArgument(where, "bucketWidth", `${bucketWidth} needs ${buckets} buckets on this map`, "Use a wider bucket.");
  return { bucketWidth, queue: createBucketQueue(buckets, 1, 1024), expandedG: new Float64Array(search.open.length) };
}

/**
 * JPS+ with a bucketed open list: the same jump-point rules and table as {@link findPathJpsPlus},
 * but nodes come out of the open list in buckets of `bucketWidth` f-cost, last in first out, with
 * re-expansion when a better g turns up. The returned cost is at most optimal + `bucketWidth`.
 * No allocation per query once the entry storage has grown to the largest query's need.
 *
 * @param out - the caller-owned result, written and returned; `path` holds the waypoints (jump points, cell indices `y * width + x`) from start to goal
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` is the grid searched
 * @param jp - the jump-distance table of the same grid (from {@link createJpsPlus}); rebuilt in place first when the grid changed
 * @param open - the bucketed open list made for this search's grid (from {@link createBucketedJpsPlus}); overwritten, its entry storage may grow
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or mismatched objects.
 */
export function findPathJpsPlusBucketed(
  out: GridPath,
  search: GridSearch,
  jp: JpsPlus,
  open: BucketedJpsPlus,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
): GridPath {
  const where = "@tactica/grid: findPathJpsPlusBucketed";
  const grid = search.grid;
  if (jp.grid !== grid) invalidArgument(where, "jp", "was built for another grid than search", "Create both from the same Grid object.");
  if (open.expandedG.length !== search.open.length)
    invalidArgument(where, "open", "was created for another grid size", "Create it with createBucketedJpsPlus(search).");
  checkEndpoints(where, grid, sx, sy, gx, gy);
  if (jp.builtVersion !== grid.version) rebuildJpsPlus(jp);
  const stamp = beginPathQuery(search, sx, sy, gx, gy);
  if (stamp === 0) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const { g, parent, seen, closed, offsets, pw, dir } = search;
  const cells = search.open;
  const T = jp.distances;
  const q = open.queue;
  const eg = open.expandedG;
  const inv = 1 / open.bucketWidth;
  bucketQueueClear(q);
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  const eight = grid.connectivity === 8;
  const goalPx = gx + 1;
  const goalPy = gy + 1;
  bucketQueuePush(q, start, 0);
  let expanded = 0;
  let generated = 1;
  for (;;) {
    const p = bucketQueuePop(q);
    if (p < 0) break;
    const gp = g[p]!;
    if (closed[p] === stamp && eg[p]! <= gp) continue; // stale entry
    if (p === goal) {
      writeFoundPath(search, goal, out, expanded, generated);
      return out;
    }
    closed[p] = stamp;
    eg[p] = gp;
    expanded++;
    const py = (p / pw) | 0;
    const px = p - py * pw;
    const base = p * 8;
    let mask = jumpDirections(cells, offsets, p, dir[p]!, eight);
    while (mask !== 0) {
      const d = 31 - Math.clz32(mask);
      mask &= ~(1 << d);
      const dx = DirX[d]!;
      const dy = DirY[d]!;
      const k = jpsPlusSteps(T[base + d]!, dx, dy, px, py, goalPx, goalPy, eight);
      if (k === 0) continue;
      const stepCost = (d & 1) === 1 ? Math.SQRT2 : 1;
      const n = p + k * offsets[d]!;
      const ng = gp + k * stepCost;
      if (seen[n] === stamp && ng >= g[n]! - 1e-12) continue;
      seen[n] = stamp;
      g[n] = ng;
      parent[n] = p;
      dir[n] = d;
      let hx = px + k * dx - goalPx;
      let hy = py + k * dy - goalPy;
      if (hx < 0) hx = -hx;
      if (hy < 0) hy = -hy;
      // octileDelta by hand: the call would exceed this loop's inlining budget and box its double result (measured: JPS +27 %).
      const h = eight ? (hx > hy ? hx + SQRT2_MINUS_1 * hy : hy + SQRT2_MINUS_1 * hx) : hx + hy;
      bucketQueuePush(q, n, Math.floor((ng + h) * inv));
      generated++;
    }
  }
  writeNoPath(out, expanded, generated);
  return out;
}
