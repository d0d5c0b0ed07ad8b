import { ErrorCodes, TacticaError, assertInteger, invalidArgument } from "@tactica/core";
import { CornerCutting, type Grid } from "../model/grid";
import { createJpsPlus } from "../jump-point/jps-plus";
import { assertJumpPointGrid } from "../jump-point/jump-rules";

/**
 * Which cells {@link createGoalBounds} computes bounding boxes for. Cells without bounds are
 * searched without pruning.
 */
export const GoalBoundsCoverage = {
  /** Every passable cell: usable by {@link findPathAStarGoalBounded} and {@link findPathJpsPlusGoalBounded}. */
  AllCells: 0,
  /**
   * Only the jump points of JPS+ (cells some JPS+ jump distance ends on): typically a few percent
   * of the cells, so preprocessing is that much cheaper. For {@link findPathJpsPlusGoalBounded}
   * (JPS+ grids only: uniform cost, 4-connected or 8-connected without corner cutting).
   */
  JumpPoints: 1,
} as const;

/** One of the values of {@link GoalBoundsCoverage}. */
export type GoalBoundsCoverageValue = (typeof GoalBoundsCoverage)[keyof typeof GoalBoundsCoverage];

/** Value of an empty box's `minX`/`minY` (no goal can be inside). */
const EMPTY_MIN = 32767;
/** Value of an empty box's `maxX`/`maxY`. */
const EMPTY_MAX = -32768;
/** g-values closer than this are ties (distinct costs a + b√2 differ by ≫ 1e-9 on ≤ 32768² grids). */
const EPS = 1e-9;

/**
 * Goal bounds (Rabin, GDC 2015): for each covered cell `n` and each of the 8 first moves `d`
 * ({@link DirX} order), the axis-aligned bounding box of every cell `g` such that SOME optimal
 * path `n → g` starts with `d` (ties included, so pruning never loses optimality). A search at
 * `n` may skip move `d` when the goal lies outside that box.
 *
 * Plain data (structuredClone-safe typed arrays). 64 bytes per covered cell (32 `Int16` values)
 * plus 4 bytes per padded cell for the lookup. Built by one Dijkstra per covered cell: O(covered ×
 * cells) time. The bounds describe one grid version: after any edit ({@link Grid.version}
 * changed) the goal-bounded queries throw until {@link rebuildGoalBounds} is called.
 * Uniform-cost grids only; any connectivity and corner rule (jump-point coverage: JPS+ rules).
 */
export interface GoalBounds {
  /** The grid the bounds describe. */
  readonly grid: Grid;
  /** {@link GoalBoundsCoverage} value. */
  readonly coverage: GoalBoundsCoverageValue;
  /** Padded width (`grid.width + 2`), as in {@link GridSearch}. */
  readonly pw: number;
  /**
   * Row of the boxes of each padded cell (`pw × (height + 2)` entries), or -1 when the cell has
   * no bounds (not covered, or not built yet).
   */
  readonly rowOf: Int32Array;
  /** Padded cell of each row (`rows` entries). */
  sources: Int32Array;
  /** Number of covered cells (rows). */
  rows: number;
  /**
   * Boxes, 32 per row: `boxes[row * 32 + d * 4 + k]` with `k` = 0 minX, 1 minY, 2 maxX, 3 maxY
   * (cell coordinates, inclusive). An empty box has minX = 32767 > maxX = -32768.
   */
  boxes: Int16Array;
  /** Rows built so far (`rows` when complete; see {@link buildGoalBoundsStep}). */
  builtRows: number;
  /** {@link Grid.version} the bounds were (or are being) built for. */
  builtVersion: number;
  /** Number of (re)builds started, the first included. */
  builds: number;
  /** Dijkstra scratch while building (`null` once complete). */
  scratch: GoalBoundsScratch | null;
}

/** Scratch arrays of the per-cell Dijkstra (internal; dropped when the build completes). */
export interface GoalBoundsScratch {
  /** Padded passability. */
  readonly open: Uint8Array;
  /** Distance from the current source (`Infinity` = not reached; reset per Dijkstra). */
  readonly g: Float64Array;
  /** First-move bit mask (union over tied optimal parents) per padded cell. */
  readonly mask: Uint8Array;
  /** Four bucket rings of padded cells (bucket = ⌊g⌋ mod 4), grown on demand. */
  buckets: Int32Array[];
  /** Live entries per bucket. */
  readonly counts: Int32Array;
}

/** Options for {@link createGoalBounds}. */
export interface GoalBoundsOptions {
  /** Which cells get bounds (default {@link GoalBoundsCoverage.AllCells}). */
  readonly coverage?: GoalBoundsCoverageValue;
  /**
   * Build everything now (default `true`). With `false`, only the arrays are allocated; call
   * {@link buildGoalBoundsStep} across frames. Queries work meanwhile, pruning only at built rows.
   */
  readonly build?: boolean;
}

/** Internal (not exported from the package index): throws unless goal bounding supports `grid` (uniform cost; JPS+ rules for jump-point coverage). */
export function assertGoalBoundsGrid(where: string, grid: Grid, coverage: number): void {
  if (coverage !== GoalBoundsCoverage.AllCells && coverage !== GoalBoundsCoverage.JumpPoints) {
    invalidArgument(where, "coverage", `must be 0 (AllCells) or 1 (JumpPoints) but is ${String(coverage)}`, "Use a GoalBoundsCoverage value.");
  }
  if (coverage === GoalBoundsCoverage.JumpPoints) assertJumpPointGrid(where, grid);
  else if (grid.cost !== null) {
    invalidArgument(where, "grid.cost", "is set, but goal bounding needs a uniform-cost grid", "Use findPathAStar for grids with terrain costs.");
  }
}

/** Padded cells that end some JPS+ jump distance (the jump points), ascending. */
function jumpPointSources(grid: Grid): Int32Array {
  const jp = createJpsPlus(grid);
  const { pw, distances: T } = jp;
  const offsets = [-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1];
  const mark = new Uint8Array(jp.open.length);
  for (let p = 0; p < mark.length; p++) {
    if (jp.open[p] !== 1) continue;
    for (let d = 0; d < 8; d++) {
      const k = T[p * 8 + d]!;
      if (k > 0) mark[p + k * offsets[d]!] = 1;
    }
  }
  let n = 0;
  for (let p = 0; p < mark.length; p++) n += mark[p]!;
  const out = new Int32Array(n);
  n = 0;
  for (let p = 0; p < mark.length; p++) if (mark[p] === 1) out[n++] = p;
  return out;
}

/** Padded cells of every passable cell, ascending. */
function allCellSources(grid: Grid, pw: number): Int32Array {
  let n = 0;
  for (let i = 0; i < grid.passable.length; i++) n += grid.passable[i] === 1 ? 1 : 0;
  const out = new Int32Array(n);
  n = 0;
  const w = grid.width;
  for (let y = 0; y < grid.height; y++) for (let x = 0; x < w; x++) if (grid.passable[y * w + x] === 1) out[n++] = (y + 1) * pw + x + 1;
  return out;
}

function createScratch(grid: Grid, pw: number): GoalBoundsScratch {
  const n = pw * (grid.height + 2);
  const open = new Uint8Array(n);
  const w = grid.width;
  for (let y = 0; y < grid.height; y++) for (let x = 0; x < w; x++) open[(y + 1) * pw + x + 1] = grid.passable[y * w + x] === 1 ? 1 : 0;
  const cap = Math.max(64, w + grid.height) * 4;
  return {
    open,
    g: new Float64Array(n),
    mask: new Uint8Array(n),
    buckets: [new Int32Array(cap), new Int32Array(cap), new Int32Array(cap), new Int32Array(cap)],
    counts: new Int32Array(4),
  };
}

/** Resets `gb` for the grid's current cells (new sources, empty boxes, no row built). */
function resetGoalBounds(gb: GoalBounds): void {
  const grid = gb.grid;
  gb.sources = gb.coverage === GoalBoundsCoverage.JumpPoints ? jumpPointSources(grid) : allCellSources(grid, gb.pw);
  gb.rows = gb.sources.length;
  if (gb.boxes.length !== gb.rows * 32) gb.boxes = new Int16Array(gb.rows * 32);
  gb.rowOf.fill(-1);
  gb.builtRows = 0;
  gb.builtVersion = grid.version;
  gb.builds++;
  gb.scratch = gb.rows > 0 ? createScratch(grid, gb.pw) : null;
}

/**
 * Allocates goal bounds for `grid` and (by default) builds them: one Dijkstra per covered cell
 * with a 4-bucket queue (Dial's algorithm with bucket width 1 ≤ every step cost, so each
 * bucket settles in any order) propagating first-move bit masks over all tied optimal parents.
 * O(covered × cells) time: 32 s for all 24,311 cells of `dao/arena2` on a shared 2-core machine,
 * 8.6 s for its 6,001 jump points; memory 64 bytes per covered
 * cell + 4 per cell (+ ~10 bytes per cell plus the bucket rings as scratch while building).
 *
 * @param grid - the grid to preprocess (uniform cost; kept by reference, and its {@link Grid.version} at build time is recorded)
 * @param options - `coverage` (a {@link GoalBoundsCoverage}, default `AllCells`) and `build` (default `true`: build every row now; `false` only allocates, for {@link buildGoalBoundsStep})
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a grid with terrain costs, a bad coverage, or
 *   jump-point coverage on a grid JPS+ does not support.
 */
export function createGoalBounds(grid: Grid, options: GoalBoundsOptions = {}): GoalBounds {
  const where = "@tactica/grid: createGoalBounds";
  const coverage = options.coverage ?? GoalBoundsCoverage.AllCells;
  assertGoalBoundsGrid(where, grid, coverage);
  const pw = grid.width + 2;
  const gb: GoalBounds = {
    grid,
    coverage,
    pw,
    rowOf: new Int32Array(pw * (grid.height + 2)).fill(-1),
    sources: new Int32Array(0),
    rows: 0,
    boxes: new Int16Array(0),
    builtRows: 0,
    builtVersion: -1,
    builds: 0,
    scratch: null,
  };
  resetGoalBounds(gb);
  if (options.build !== false) buildGoalBoundsStep(gb, Infinity);
  return gb;
}

/** Options of {@link rebuildGoalBounds}. */
export interface RebuildGoalBoundsOptions {
  /** Build every source now (default true); false only resets, for {@link buildGoalBoundsStep}. */
  readonly build?: boolean | undefined;
}

/**
 * Throws away the bounds and builds them again for the grid's current cells (after an edit).
 * O(covered × cells); with `build = false` only resets, for {@link buildGoalBoundsStep}.
 *
 * @param gb - the goal bounds to reset and rebuild in place for the grid's current cells
 * @param options - `build` (default `true`: build every row now; `false` only resets, for {@link buildGoalBoundsStep})
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the edited grid no longer suits the coverage.
 */
export function rebuildGoalBounds(gb: GoalBounds, options?: RebuildGoalBoundsOptions): void {
  const build = options?.build ?? true;
  assertGoalBoundsGrid("@tactica/grid: rebuildGoalBounds", gb.grid, gb.coverage);
  resetGoalBounds(gb);
  if (build) buildGoalBoundsStep(gb, Infinity);
}

/**
 * True when every row of `gb` is built and the grid was not edited since. O(1).
 *
 * @param gb - the goal bounds to check (read)
 */
export function isGoalBoundsComplete(gb: GoalBounds): boolean {
  return gb.builtRows === gb.rows && gb.builtVersion === gb.grid.version;
}

/**
 * Builds up to `maxSources` more rows (one Dijkstra each) and returns true when all rows are
 * built: spread the O(n²) preprocessing over frames. Rows become usable for pruning as soon as
 * they are built. Each call costs O(maxSources × cells).
 *
 * @param gb - the goal bounds to extend in place (rows, lookup and scratch are written)
 * @param maxSources - most rows (one Dijkstra from one covered cell each) to build in this call: an integer ≥ 1, or `Infinity` for all remaining
 *
 * @throws TacticaError `INVALID_STATE` when the grid was edited since the build started
 *   (call {@link rebuildGoalBounds} with `build = false` first); `INVALID_ARGUMENT` for
 *   `maxSources` not an integer ≥ 1 (or `Infinity`).
 */
export function buildGoalBoundsStep(gb: GoalBounds, maxSources: number): boolean {
  const where = "@tactica/grid: buildGoalBoundsStep";
  if (maxSources !== Infinity) assertInteger(where, "maxSources", maxSources, 1, 0x7fffffff);
  assertGoalBoundsCurrent(where, gb);
  const s = gb.scratch;
  if (s === null) return true;
  const end = Math.min(gb.rows, gb.builtRows + maxSources);
  for (let row = gb.builtRows; row < end; row++) {
    buildRow(gb, s, row);
    gb.rowOf[gb.sources[row]!] = row;
  }
  gb.builtRows = end;
  if (end === gb.rows) gb.scratch = null;
  return end === gb.rows;
}

/** Internal (not exported from the package index): throws `INVALID_STATE` when the grid changed after `gb` was built. */
export function assertGoalBoundsCurrent(where: string, gb: GoalBounds): void {
  if (gb.builtVersion !== gb.grid.version) {
    throw new TacticaError(
      ErrorCodes.InvalidState,
      `${where}: the grid was edited (version ${gb.grid.version}) after the goal bounds were built (version ${gb.builtVersion}), so they are stale. Call rebuildGoalBounds(gb) (O(n²); goal bounding is for static maps, bake it offline).`,
      { path: "gb" },
    );
  }
}

function push(s: GoalBoundsScratch, b: number, p: number): void {
  let arr = s.buckets[b]!;
  const c = s.counts[b]!;
  if (c === arr.length) {
    const next = new Int32Array(arr.length * 2);
    next.set(arr);
    s.buckets[b] = arr = next;
  }
  arr[c] = p;
  s.counts[b] = c + 1;
}

// Relaxes v with cost nd and first-move mask nm (union on ties). Returns 1 when v was pushed.
// A settled v never changes: its g is at least 1 below nd.
function relax(s: GoalBoundsScratch, v: number, nd: number, nm: number): number {
  const g = s.g;
  const gv = g[v]!;
  if (nd < gv - EPS) {
    g[v] = nd;
    s.mask[v] = nm;
    push(s, (nd | 0) & 3, v);
    return 1;
  }
  if (nd <= gv + EPS) s.mask[v] = s.mask[v]! | nm;
  return 0;
}

// True when the diagonal move d from u is legal under the grid's corner rule.
function diagonalOk(open: Uint8Array, u: number, offs: readonly number[], d: number, corner: number): boolean {
  const a = open[u + offs[(d + 7) & 7]!]!;
  const c = open[u + offs[(d + 1) & 7]!]!;
  return corner === CornerCutting.Never ? (a & c) === 1 : corner === CornerCutting.IfOneSideFree ? (a | c) === 1 : true;
}

// One Dijkstra from sources[row]; writes the 8 boxes of the row.
function buildRow(gb: GoalBounds, s: GoalBoundsScratch, row: number): void {
  const grid = gb.grid;
  const pw = gb.pw;
  const { open, g, mask, counts } = s;
  g.fill(Infinity);
  const src = gb.sources[row]!;
  const B = gb.boxes;
  const base = row * 32;
  for (let d = 0; d < 8; d++) {
    B[base + d * 4] = EMPTY_MIN;
    B[base + d * 4 + 1] = EMPTY_MIN;
    B[base + d * 4 + 2] = EMPTY_MAX;
    B[base + d * 4 + 3] = EMPTY_MAX;
  }
  const eight = grid.connectivity === 8;
  const corner = grid.cornerCutting;
  // Fast path: 8-connected without corner cutting (the Moving AI rule), relaxations unrolled.
  const mai = eight && corner === CornerCutting.Never;
  const dstep = eight ? 1 : 2;
  const offs = [-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1];
  counts.fill(0);
  // Seed: the source is settled; each legal neighbour starts with its own first-move bit.
  g[src] = 0;
  let pending = 0;
  for (let d = 0; d < 8; d += dstep) {
    const v = src + offs[d]!;
    if (open[v] !== 1) continue;
    if ((d & 1) === 1 && !diagonalOk(open, src, offs, d, corner)) continue;
    pending += relax(s, v, (d & 1) === 1 ? Math.SQRT2 : 1, 1 << d);
  }
  const nN = -pw;
  const nS = pw;
  for (let bucket = 1; pending > 0; bucket++) {
    const b = bucket & 3;
    // Nothing is pushed into the bucket being drained (every step costs ≥ 1 = bucket width),
    // and every tied optimal parent of a node lies in an earlier bucket, so masks are final.
    const n = counts[b]!;
    const arr = s.buckets[b]!;
    counts[b] = 0;
    pending -= n;
    for (let i = 0; i < n; i++) {
      const u = arr[i]!;
      const gu = g[u]!;
      // Stale entry: u was improved into an earlier bucket (g values a + b√2 are never within
      // 1e-9 of an integer unless integral, so the floor is exact). A repeat in this bucket is
      // harmless: the same boxes and relaxations again.
      if ((gu | 0) !== bucket) continue;
      const m = mask[u]!;
      const uy = ((u / pw) | 0) - 1;
      const ux = u - (uy + 1) * pw - 1;
      let bits = m;
      while (bits !== 0) {
        const d = 31 - Math.clz32(bits);
        bits &= ~(1 << d);
        const k = base + d * 4;
        if (ux < B[k]!) B[k] = ux;
        if (uy < B[k + 1]!) B[k + 1] = uy;
        if (ux > B[k + 2]!) B[k + 2] = ux;
        if (uy > B[k + 3]!) B[k + 3] = uy;
      }
      if (mai) {
        const g1 = gu + 1;
        const g2 = gu + Math.SQRT2;
        const on = open[u + nN]!;
        const oe = open[u + 1]!;
        const os = open[u + nS]!;
        const ow = open[u - 1]!;
        if (on === 1) pending += relax(s, u + nN, g1, m);
        if (oe === 1) pending += relax(s, u + 1, g1, m);
        if (os === 1) pending += relax(s, u + nS, g1, m);
        if (ow === 1) pending += relax(s, u - 1, g1, m);
        if ((on & oe) === 1 && open[u + nN + 1] === 1) pending += relax(s, u + nN + 1, g2, m);
        if ((os & oe) === 1 && open[u + nS + 1] === 1) pending += relax(s, u + nS + 1, g2, m);
        if ((os & ow) === 1 && open[u + nS - 1] === 1) pending += relax(s, u + nS - 1, g2, m);
        if ((on & ow) === 1 && open[u + nN - 1] === 1) pending += relax(s, u + nN - 1, g2, m);
        continue;
      }
      for (let d = 0; d < 8; d += dstep) {
        const v = u + offs[d]!;
        if (open[v] !== 1) continue;
        if ((d & 1) === 1 && !diagonalOk(open, u, offs, d, corner)) continue;
        pending += relax(s, v, (d & 1) === 1 ? gu + Math.SQRT2 : gu + 1, m);
      }
    }
  }
}

/**
 * Bytes held by `gb`'s typed arrays (boxes, lookup and sources; plus scratch while building).
 *
 * @param gb - the goal bounds to measure (read)
 */
export function goalBoundsMemoryBytes(gb: GoalBounds): number {
  let bytes = gb.boxes.byteLength + gb.rowOf.byteLength + gb.sources.byteLength;
  const s = gb.scratch;
  if (s !== null) {
    bytes += s.open.byteLength + s.g.byteLength + s.mask.byteLength;
    for (const b of s.buckets) bytes += b.byteLength;
  }
  return bytes;
}
