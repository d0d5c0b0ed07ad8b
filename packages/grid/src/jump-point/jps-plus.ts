import { invalidArgument, indexedHeapPushNext, indexedHeapPop } from "@tactica/core";
import type { Grid } from "../model/grid";
import { beginPathQuery, checkEndpoints, DirX, DirY, paddedIndex, writeFoundPath, writeNoPath, type GridPath, type GridSearch } from "../query/grid-search";
import { assertJumpPointGrid, jpsPlusSteps, jumpDirections } from "./jump-rules";
import { goalBoundsMoves } from "../internal/goal-bounds-moves";
import { TIE, SQRT2_MINUS_1 } from "../internal/hot-path";

/**
 * Preprocessed jump distances for JPS+ (Rabin 2015): for every cell and each of the 8
 * directions, a signed step count — `k > 0`: the next jump point in that direction is `k` steps
 * away; `k ≤ 0`: `-k` free steps, then a wall. Plain data: 16 bytes per cell (`Int16Array`).
 *
 * The table belongs to one grid. It is rebuilt automatically (O(cells)) by the first query after
 * any edit ({@link Grid.version} changed), so it stays correct on edited maps but is only fast on
 * static ones.
 */
export interface JpsPlus {
  /** The grid the table describes. */
  readonly grid: Grid;
  /** Padded width (`grid.width + 2`). */
  readonly pw: number;
  /** Padded passability used while building (`pw × (height + 2)`). */
  readonly open: Uint8Array;
  /** Jump distances, 8 per padded cell (`distances[p * 8 + direction]`, directions as in {@link DirX}). */
  readonly distances: Int16Array;
  /** {@link Grid.version} the table was built for. */
  builtVersion: number;
  /** Number of full builds so far (first build included). */
  builds: number;
}

/**
 * Precomputes {@link JpsPlus} jump distances for `grid` (uniform cost; 4-connected, or
 * 8-connected with no corner cutting). O(cells) time, 16 bytes per cell (plus a padded copy).
 *
 * @param grid - the grid to preprocess (read; kept by reference so later edits are detected through {@link Grid.version}); uniform cost, 4-connected or 8-connected with {@link CornerCutting.Never}
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a grid with terrain costs or corner cutting.
 */
export function createJpsPlus(grid: Grid): JpsPlus {
  assertJumpPointGrid("@tactica/grid: createJpsPlus", grid);
  const pw = grid.width + 2;
  const n = pw * (grid.height + 2);
  const jp: JpsPlus = { grid, pw, open: new Uint8Array(n), distances: new Int16Array(n * 8), builtVersion: -1, builds: 0 };
  rebuildJpsPlus(jp);
  return jp;
}

function forced(open: Uint8Array, q: number, step: number, side: number): boolean {
  return (open[q + side - step] === 0 && open[q + side] === 1) || (open[q - side - step] === 0 && open[q - side] === 1);
}

// One straight table entry: jump point at q = p + step, or extend q's entry.
function straight(open: Uint8Array, T: Int16Array, p: number, d: number, step: number, side: number): void {
  const q = p + step;
  let v = 0;
  if (open[q] === 1) {
    if (forced(open, q, step, side)) v = 1;
    else {
      const next = T[q * 8 + d]!;
      v = next > 0 ? next + 1 : next - 1;
    }
  }
  T[p * 8 + d] = v;
}

/**
 * Rebuilds the jump distances from the grid's current cells. Called automatically by
 * {@link findPathJpsPlus} after an edit; call it yourself to pay the O(cells) cost at a
 * convenient moment.
 *
 * @param jp - the table to rebuild in place from its grid's current cells
 */
export function rebuildJpsPlus(jp: JpsPlus): void {
  const grid = jp.grid;
  assertJumpPointGrid("@tactica/grid: rebuildJpsPlus", grid);
  const { pw, open } = jp;
  const T = jp.distances;
  const w = grid.width;
  const h = grid.height;
  open.fill(0);
  T.fill(0);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) open[(y + 1) * pw + x + 1] = grid.passable[y * w + x] === 1 ? 1 : 0;
  }
  // Horizontal runs: E (2) scanning right to left, W (6) left to right.
  for (let y = 1; y <= h; y++) {
    const row = y * pw;
    for (let x = w; x >= 1; x--) if (open[row + x] === 1) straight(open, T, row + x, 2, 1, pw);
    for (let x = 1; x <= w; x++) if (open[row + x] === 1) straight(open, T, row + x, 6, -1, pw);
  }
  const eight = grid.connectivity === 8;
  if (eight) {
    // Vertical runs: N (0) top to bottom, S (4) bottom to top.
    for (let y = 1; y <= h; y++) for (let x = 1; x <= w; x++) if (open[y * pw + x] === 1) straight(open, T, y * pw + x, 0, -pw, 1);
    for (let y = h; y >= 1; y--) for (let x = 1; x <= w; x++) if (open[y * pw + x] === 1) straight(open, T, y * pw + x, 4, pw, 1);
    // Diagonals: NE (1), NW (7) top to bottom; SE (3), SW (5) bottom to top.
    for (let y = 1; y <= h; y++) {
      for (let x = 1; x <= w; x++) {
        const p = y * pw + x;
        if (open[p] !== 1) continue;
        diagonal(open, T, p, 1, 1, -pw);
        diagonal(open, T, p, 7, -1, -pw);
      }
    }
    for (let y = h; y >= 1; y--) {
      for (let x = 1; x <= w; x++) {
        const p = y * pw + x;
        if (open[p] !== 1) continue;
        diagonal(open, T, p, 3, 1, pw);
        diagonal(open, T, p, 5, -1, pw);
      }
    }
  } else {
    // 4-connected: vertical runs stop where a horizontal run has a jump point.
    for (let y = 1; y <= h; y++) for (let x = 1; x <= w; x++) if (open[y * pw + x] === 1) vertical4(open, T, y * pw + x, 0, -pw);
    for (let y = h; y >= 1; y--) for (let x = 1; x <= w; x++) if (open[y * pw + x] === 1) vertical4(open, T, y * pw + x, 4, pw);
  }
  jp.builtVersion = grid.version;
  jp.builds++;
}

function diagonal(open: Uint8Array, T: Int16Array, p: number, d: number, hstep: number, vstep: number): void {
  const q = p + hstep + vstep;
  let v = 0;
  if (open[p + hstep] === 1 && open[p + vstep] === 1 && open[q] === 1) {
    const hd = hstep > 0 ? 2 : 6;
    const vd = vstep > 0 ? 4 : 0;
    if (T[q * 8 + hd]! > 0 || T[q * 8 + vd]! > 0) v = 1;
    else {
      const next = T[q * 8 + d]!;
      v = next > 0 ? next + 1 : next - 1;
    }
  }
  T[p * 8 + d] = v;
}

function vertical4(open: Uint8Array, T: Int16Array, p: number, d: number, step: number): void {
  const q = p + step;
  let v = 0;
  if (open[q] === 1) {
    if (T[q * 8 + 2]! > 0 || T[q * 8 + 6]! > 0) v = 1;
    else {
      const next = T[q * 8 + d]!;
      v = next > 0 ? next + 1 : next - 1;
    }
  }
  T[p * 8 + d] = v;
}

/**
 * JPS+ query (Rabin 2015): jump point search where every scan is one table look-up in the
 * precomputed {@link JpsPlus} distances, plus "target jump points" that stop a run level with
 * the goal. Optimal on uniform-cost grids (4-connected, or 8-connected without corner cutting);
 * the fastest optimal solver of this package on static maps. Writes waypoints (expand with
 * {@link expandPath}). No allocation per query.
 *
 * If the grid was edited since the table was built, the table is rebuilt first (O(cells)).
 *
 * @param out - the caller-owned result, written and returned; `path` holds the waypoints (jump points, cell indices `y * width + x`) from start to goal
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` is the grid searched
 * @param jp - the jump-distance table of the same grid (from {@link createJpsPlus}); rebuilt in place first when the grid changed
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid, or when `jp` belongs
 *   to another grid than `search`.
 *
 * @example
 * ```ts
 * const grid = createGrid(32, 32);
 * const search = createGridSearch(grid);
 * const jp = createJpsPlus(grid); // preprocessing, once per map (rebuilt when the grid changes)
 * const path = createGridPath(grid);
 * findPathJpsPlus(path, search, jp, 0, 0, 31, 20);
 * const cells = new Int32Array(32 * 32);
 * const n = expandPath(cells, grid, path.path, path.length); // waypoints → every cell on the way
 * ```
 */
export function findPathJpsPlus(out: GridPath, search: GridSearch, jp: JpsPlus, sx: number, sy: number, gx: number, gy: number): GridPath {
  return runJpsPlus("@tactica/grid: findPathJpsPlus", search, jp, sx, sy, gx, gy, out, null, null);
}

/**
 * @internal
 * The JPS+ query behind {@link findPathJpsPlus} and {@link findPathJpsPlusGoalBounded}: with
 * `rowOf`/`boxes` of a {@link GoalBounds} it skips, at every expanded node that has bounds, the
 * directions whose box does not contain the goal; with `null` it is plain JPS+. `where` prefixes
 * error messages. Same contract as {@link findPathJpsPlus}.
 */
export function runJpsPlus(
  where: string,
  search: GridSearch,
  jp: JpsPlus,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  out: GridPath,
  rowOf: Int32Array | null,
  boxes: Int16Array | null,
): GridPath {
  const grid = search.grid;
  if (jp.grid !== grid) invalidArgument(where, "jp", "was built for another grid than search", "Create both from the same Grid object.");
  checkEndpoints(where, grid, sx, sy, gx, gy);
  if (jp.builtVersion !== grid.version) rebuildJpsPlus(jp);
  const stamp = beginPathQuery(search, sx, sy, gx, gy);
  if (stamp === 0) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const { open, g, parent, seen, closed, heap, offsets, pw, dir } = search;
  const T = jp.distances;
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  const eight = grid.connectivity === 8;
  const goalPx = gx + 1;
  const goalPy = gy + 1;
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
    closed[p] = stamp;
    expanded++;
    const py = (p / pw) | 0;
    const px = p - py * pw;
    const gp = g[p]!;
    const base = p * 8;
    let mask = jumpDirections(open, offsets, p, dir[p]!, eight);
    if (rowOf !== null) {
      const row = rowOf[p]!;
      if (row >= 0) mask &= goalBoundsMoves(boxes!, row * 32, gx, gy);
    }
    while (mask !== 0) {
      const d = 31 - Math.clz32(mask);
      mask &= ~(1 << d);
      const dx = DirX[d]!;
      const dy = DirY[d]!;
      const k = jpsPlusSteps(T[base + d]!, dx, dy, px, py, goalPx, goalPy, eight);
      if (k === 0) continue;
      const stepCost = (d & 1) === 1 ? Math.SQRT2 : 1;
      const q = p + k * offsets[d]!;
      if (closed[q] === stamp) continue;
      const ng = gp + k * stepCost;
      if (seen[q] === stamp && ng >= g[q]!) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = p;
      dir[q] = d;
      const qy = py + k * dy;
      const qx = px + k * dx;
      let hx = qx - goalPx;
      let hy = qy - goalPy;
      if (hx < 0) hx = -hx;
      if (hy < 0) hy = -hy;
      // octileDelta by hand: the call would exceed this loop's inlining budget and box its double result (measured: JPS +27 %).
      const hq = eight ? (hx > hy ? hx + SQRT2_MINUS_1 * hy : hy + SQRT2_MINUS_1 * hx) : hx + hy;
      heap.next[0] = ng + hq + hq * tie;
      indexedHeapPushNext(heap, q);
      generated++;
    }
  }
  writeNoPath(out, expanded, generated);
  return out;
}

/**
 * Bytes held by a {@link JpsPlus} table (jump distances plus its padded passability copy).
 *
 * @param jp - the table to measure (read)
 */
export function jpsPlusMemoryBytes(jp: JpsPlus): number {
  return jp.distances.byteLength + jp.open.byteLength;
}
