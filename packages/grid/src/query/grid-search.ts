import { assertInteger, corruptState, invalidArgument, createIndexedHeap, indexedHeapClear, type IndexedHeap } from "@tactica/core";
import { PathFlags, type PathResult } from "@tactica/search";
import type { Grid } from "../model/grid";

/**
 * The outcome bits of every path query ({@link GridPath.flags}): `@tactica/search`'s `PathFlags`,
 * re-exported (the same object) so a grid-only user can read it. Expected outcomes (no path, a
 * partial path, an exhausted budget, a too-short buffer) are flags, never exceptions.
 */
export { PathFlags, type PathResult };

/**
 * A caller-owned result buffer for path queries, reused across queries (level 1: the solvers
 * write into it and never allocate). Create it once with {@link createGridPath}. It is
 * `@tactica/search`'s `PathResult` (`flags`, `cost`, `length`, `path`, `expanded`) plus the
 * `generated` counter.
 *
 * `path` holds cell indices (`y × width + x`) of the path from start to goal in
 * `path[0 .. min(length, path.length))`. Solvers that return waypoints (JPS, JPS+, any-angle)
 * write only the turning points; consecutive waypoints are then joined by straight or 45° runs
 * (see {@link expandPath}). When the path does not fit, the query sets
 * {@link PathFlags.PathTruncated}, keeps `length` and `cost` of the full path and writes the first
 * `path.length` cells.
 */
export interface GridPath extends PathResult {
  /** Nodes generated (pushed or improved on the open list) by the last query. */
  generated: number;
}

/** Options of {@link createGridPath}. */
export interface GridPathOptions {
  /** Room for this many cells (default: every cell of the grid, which no path can exceed). */
  readonly capacity?: number | undefined;
}

/**
 * Creates a {@link GridPath} with room for `options.capacity` cells (default: every cell of
 * `grid`). O(capacity).
 *
 * @param grid - the grid the paths will be on; only its cell count sets the default capacity (the grid is not kept)
 * @param options - `capacity`: room for this many cells in `path`, an integer ≥ 1 (default `width × height`, which no path exceeds); a shorter buffer makes long results set {@link PathFlags.PathTruncated}
 *
 * @throws TacticaError `INVALID_ARGUMENT` when `capacity` is not an integer ≥ 1.
 */
export function createGridPath(grid: Grid, options: GridPathOptions = {}): GridPath {
  const capacity = options.capacity ?? Math.max(1, grid.width * grid.height);
  assertInteger("@tactica/grid: createGridPath", "options.capacity", capacity, 1, 0x40000000);
  return { flags: PathFlags.None, cost: Infinity, path: new Int32Array(capacity), length: 0, expanded: 0, generated: 0 };
}

/** Neighbour direction indices: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW (y grows downwards). */
export const DirX: readonly number[] = [0, 1, 1, 1, 0, -1, -1, -1];
/** Row step of each direction of {@link DirX}. */
export const DirY: readonly number[] = [-1, -1, 0, 1, 1, 1, 0, -1];

/**
 * Reusable search state for one grid: a padded copy of the passability (a ring of blocked cells
 * around the map, so inner loops need no bounds checks), per-node `g`, parent and direction
 * arrays with generation stamps (so a query never clears O(cells) memory), and an indexed heap (`IndexedHeap` from `@tactica/core`).
 * Every solver of this package runs on it; create one per grid (and per thread) and reuse it
 * for any number of queries. Memory ≈ 35 bytes per cell.
 *
 * The padded copy is refreshed automatically at the start of a query when {@link Grid.version}
 * changed (O(cells) once per edit batch).
 */
export interface GridSearch {
  /** The grid searched. */
  readonly grid: Grid;
  /** Padded width (`grid.width + 2`). */
  readonly pw: number;
  /** Padded height (`grid.height + 2`). */
  readonly ph: number;
  /** Padded passability, `pw × ph`, 1 = passable; the border ring is 0. */
  readonly open: Uint8Array;
  /** Padded terrain cost or `null` for uniform cost. */
  cost: Float64Array | null;
  /** Smallest terrain cost (scales the heuristics so they stay admissible); 1 for uniform grids. */
  minCost: number;
  /** {@link Grid.version} the padded copy reflects (-1 = never synced). */
  syncedVersion: number;
  /** Best known cost per padded node (valid where `seen[p] === stamp`). */
  readonly g: Float64Array;
  /** Parent padded node per node, -1 for the start. */
  readonly parent: Int32Array;
  /** Arrival direction per node (0..7, 8 = start) for jump-point searches. */
  readonly dir: Uint8Array;
  /** Generation at which `g[p]` was last written. */
  readonly seen: Uint32Array;
  /** Generation at which the node was closed. */
  readonly closed: Uint32Array;
  /** Current query generation. */
  stamp: number;
  /** Open list over padded node ids. */
  readonly heap: IndexedHeap;
  /** Padded index offset of each direction (see {@link DirX}). */
  readonly offsets: Int32Array;
  /** FIFO buffer for breadth-first searches, `pw × ph` entries. */
  readonly queue: Int32Array;
}

/**
 * Creates the reusable {@link GridSearch} state for `grid`. O(cells) time and memory; queries
 * afterwards allocate nothing.
 *
 * @param grid - the grid to search; kept by reference as `search.grid`, so later edits are seen (the padded copy is refreshed when {@link Grid.version} changes)
 */
export function createGridSearch(grid: Grid): GridSearch {
  const pw = grid.width + 2;
  const ph = grid.height + 2;
  const n = pw * ph;
  const search: GridSearch = {
    grid,
    pw,
    ph,
    open: new Uint8Array(n),
    cost: null,
    minCost: 1,
    syncedVersion: -1,
    g: new Float64Array(n),
    parent: new Int32Array(n),
    dir: new Uint8Array(n),
    seen: new Uint32Array(n),
    closed: new Uint32Array(n),
    stamp: 0,
    heap: createIndexedHeap(n),
    offsets: Int32Array.from([-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1]),
    queue: new Int32Array(n),
  };
  syncGridSearch(search);
  return search;
}

/**
 * @internal
 * Refreshes the padded copy from the grid if {@link Grid.version} changed since the last sync.
 * Solvers call it at the start of each query; O(cells) only after an edit.
 */
export function syncGridSearch(search: GridSearch): void {
  const grid = search.grid;
  if (search.syncedVersion === grid.version) return;
  const { pw, open } = search;
  const w = grid.width;
  const h = grid.height;
  const src = grid.passable;
  for (let y = 0; y < h; y++) {
    const row = (y + 1) * pw + 1;
    for (let x = 0; x < w; x++) open[row + x] = src[y * w + x] === 1 ? 1 : 0;
  }
  if (grid.cost !== null) {
    if (search.cost === null) search.cost = new Float64Array(open.length).fill(1);
    let min = Infinity;
    const c = search.cost;
    for (let y = 0; y < h; y++) {
      const row = (y + 1) * pw + 1;
      for (let x = 0; x < w; x++) {
        const v = grid.cost[y * w + x]!;
        if (!(v > 0) || !Number.isFinite(v)) {
          invalidArgument(
            "@tactica/grid: syncGridSearch",
            `grid.cost[${y * w + x}]`,
            `must be a finite number > 0 but is ${v}`,
            "Block the cell instead of using a zero or infinite cost.",
          );
        }
        c[row + x] = v;
        if (src[y * w + x] === 1 && v < min) min = v;
      }
    }
    search.minCost = min === Infinity ? 1 : min;
  } else {
    search.cost = null;
    search.minCost = 1;
  }
  search.syncedVersion = grid.version;
}

/** @internal Starts a new query generation (O(1) amortised; O(cells) once every 2^32 queries). */
export function beginQuery(search: GridSearch): number {
  syncGridSearch(search);
  indexedHeapClear(search.heap);
  if (search.stamp >= 0xfffffffe) {
    search.seen.fill(0);
    search.closed.fill(0);
    search.stamp = 0;
  }
  return ++search.stamp;
}

/**
 * @internal
 * The shared opening of the A*-family queries (A*, Dijkstra, JPS, JPS+, bucketed JPS+,
 * time-sliced A*): starts a query generation ({@link beginQuery}) and, when both endpoints are
 * passable, seeds the start (g 0, no parent, arrival direction 8 = none) and returns the
 * generation stamp (≥ 1). Returns 0 when an endpoint is blocked. Pushing the start onto the open
 * list is left to the caller (indexed heap or bucket queue). Endpoints must be inside the grid.
 */
export function beginPathQuery(search: GridSearch, sx: number, sy: number, gx: number, gy: number): number {
  const stamp = beginQuery(search);
  const pw = search.pw;
  const start = (sy + 1) * pw + sx + 1;
  const open = search.open;
  if (open[start] !== 1 || open[(gy + 1) * pw + gx + 1] !== 1) return 0;
  search.g[start] = 0;
  search.parent[start] = -1;
  search.seen[start] = stamp;
  search.dir[start] = 8;
  return stamp;
}

/** @internal Padded node of cell `(x, y)`. */
export function paddedIndex(search: GridSearch, x: number, y: number): number {
  return (y + 1) * search.pw + x + 1;
}

/** @internal Cell index (`y × width + x`) of padded node `p`. */
export function cellOfPadded(search: GridSearch, p: number): number {
  const py = (p / search.pw) | 0;
  const px = p - py * search.pw;
  return (py - 1) * search.grid.width + (px - 1);
}

/**
 * @internal
 * Checks query endpoints (integers inside the grid); throws `INVALID_ARGUMENT` otherwise.
 * Blocked endpoints are not an error: the query reports {@link PathFlags.NoPath}.
 */
export function checkEndpoints(where: string, grid: Grid, sx: number, sy: number, gx: number, gy: number): void {
  const w = grid.width;
  const h = grid.height;
  if (!(sx >= 0 && sx < w && sy >= 0 && sy < h && Number.isInteger(sx) && Number.isInteger(sy))) {
    invalidArgument(where, "start", `(${sx}, ${sy}) is not a cell of the ${w}×${h} grid`, "Pass integer coordinates inside the grid.");
  }
  if (!(gx >= 0 && gx < w && gy >= 0 && gy < h && Number.isInteger(gx) && Number.isInteger(gy))) {
    invalidArgument(where, "goal", `(${gx}, ${gy}) is not a cell of the ${w}×${h} grid`, "Pass integer coordinates inside the grid.");
  }
}

/**
 * @internal
 * Writes the parent chain ending at padded node `end` into `out` (start first) and sets
 * `out.length`. When the chain does not fit, writes its first `out.path.length` cells and sets
 * {@link PathFlags.PathTruncated} (on top of the flags already in `out.flags`).
 */
export function writeParentChain(search: GridSearch, end: number, out: GridPath): void {
  const parent = search.parent;
  let count = 0;
  for (let p = end; p !== -1; p = parent[p]!)
    if (++count > parent.length)
      corruptState("@tactica/grid: path reconstruction", `the parent chain from node ${end} is longer than the search's ${parent.length} nodes`);
  const cells = out.path;
  const cap = cells.length;
  let i = count;
  for (let p = end; p !== -1; p = parent[p]!) {
    if (--i < cap) cells[i] = cellOfPadded(search, p);
  }
  out.length = count;
  if (count > cap) out.flags |= PathFlags.PathTruncated;
}

/**
 * @internal
 * Marks `out` as found: writes the parent chain ending at padded node `goal` (start first), its cost
 * `search.g[goal]` and the counters. The shared ending of every optimal solver's query.
 */
export function writeFoundPath(search: GridSearch, goal: number, out: GridPath, expanded: number, generated: number): void {
  out.flags = PathFlags.Found;
  writeParentChain(search, goal, out);
  out.cost = search.g[goal]!;
  out.expanded = expanded;
  out.generated = generated;
}

/** @internal Marks `out` as "no path". */
export function writeNoPath(out: GridPath, expanded: number, generated: number): void {
  out.flags = PathFlags.NoPath;
  out.cost = Infinity;
  out.length = 0;
  out.expanded = expanded;
  out.generated = generated;
}

/**
 * Bytes held by the typed arrays of a {@link GridSearch} (its whole memory, give or take a few object headers).
 *
 * @param search - the search state to measure (read)
 */
export function gridSearchMemoryBytes(search: GridSearch): number {
  const h = search.heap;
  return (
    search.open.byteLength +
    (search.cost?.byteLength ?? 0) +
    search.g.byteLength +
    search.parent.byteLength +
    search.dir.byteLength +
    search.seen.byteLength +
    search.closed.byteLength +
    search.queue.byteLength +
    search.offsets.byteLength +
    h.ids.byteLength +
    h.priorities.byteLength +
    h.positions.byteLength
  );
}
