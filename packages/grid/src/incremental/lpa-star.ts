import { invalidArgument } from "@tactica/core";
import type { Grid } from "../model/grid";
import { checkEndpoints, PathFlags, writeNoPath, type GridPath } from "../query/grid-search";
import { keyHeapClear, keyHeapPush, keyHeapRemove, paddedGridDistance } from "./incremental-shared";
import { isCornerBlocked } from "../internal/hot-path";

/**
 * Lifelong Planning A* (Koenig & Likhachev 2004) on a grid: incremental replanning between a
 * fixed start and goal while cells are opened and closed. After an edit only the affected part
 * of the previous search is repaired, which is typically far fewer expansions than a new A*.
 * No JS grid library has it. Plain data; uniform-cost grids (4- or 8-connected, any corner rule).
 *
 * Usage: {@link createLpaStar} → {@link setLpaStarEndpoints} → {@link computeLpaStarPath};
 * after editing the grid (e.g. {@link setCellPassable}) call {@link notifyLpaStarCellChanged}
 * for each changed cell, then {@link computeLpaStarPath} again.
 */
export interface LpaStar {
  /** The grid planned on. */
  readonly grid: Grid;
  /** Padded width. */
  readonly pw: number;
  /** Padded passability copy (refreshed per cell by {@link notifyLpaStarCellChanged}). */
  readonly open: Uint8Array;
  /** Cost-so-far estimates. */
  readonly g: Float64Array;
  /** One-step look-ahead values. */
  readonly rhs: Float64Array;
  /** Heap: node ids in heap order. */
  readonly heapIds: Int32Array;
  /** Heap: primary keys in heap order. */
  readonly heapK1: Float64Array;
  /** Heap: secondary keys in heap order. */
  readonly heapK2: Float64Array;
  /** Heap slot per node, -1 when absent. */
  readonly heapPos: Int32Array;
  /** Scratch: the key `[k1, k2]` of the next heap insert (2 entries). */
  readonly heapNext: Float64Array;
  /** Number of queued nodes. */
  heapSize: number;
  /** Padded start node (-1 before {@link setLpaStarEndpoints}). */
  start: number;
  /** Padded goal node. */
  goal: number;
  /** Padded offsets of the 8 directions. */
  readonly offsets: Int32Array;
  /** Expansions of the last {@link computeLpaStarPath}. */
  expanded: number;
}

/**
 * Creates the LPA* state for `grid` (uniform cost). O(cells); about 45 bytes per cell.
 *
 * @param grid - the grid to plan on (uniform cost; kept by reference, its passability copied now; later edits are seen only through {@link notifyLpaStarCellChanged})
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a grid with terrain costs.
 */
export function createLpaStar(grid: Grid): LpaStar {
  if (grid.cost !== null)
    invalidArgument("@tactica/grid: createLpaStar", "grid.cost", "is set, but this LPA* handles uniform-cost grids", "Use findPathAStar for terrain costs.");
  const pw = grid.width + 2;
  const n = pw * (grid.height + 2);
  const open = new Uint8Array(n);
  for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) open[(y + 1) * pw + x + 1] = grid.passable[y * grid.width + x] === 1 ? 1 : 0;
  const heapPos = new Int32Array(n).fill(-1);
  return {
    grid,
    pw,
    open,
    g: new Float64Array(n).fill(Infinity),
    rhs: new Float64Array(n).fill(Infinity),
    heapIds: new Int32Array(n),
    heapK1: new Float64Array(n),
    heapK2: new Float64Array(n),
    heapPos,
    heapNext: new Float64Array(2),
    heapSize: 0,
    start: -1,
    goal: -1,
    offsets: Int32Array.from([-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1]),
    expanded: 0,
  };
}

function h(l: LpaStar, p: number): number {
  return paddedGridDistance(l.pw, l.grid.connectivity === 8, p, l.goal);
}

// Cost of the move p → p + offsets[d], or Infinity when illegal (uniform cost: kept apart from
// the shared paddedMoveCost so the innermost loop has no terrain branch).
function edge(l: LpaStar, p: number, d: number): number {
  const open = l.open;
  const o = l.offsets;
  if (open[p] !== 1 || open[p + o[d]!] !== 1) return Infinity;
  if ((d & 1) === 0) return 1;
  if (l.grid.connectivity === 4) return Infinity;
  const a = open[p + o[(d + 7) & 7]!]!;
  const b = open[p + o[(d + 1) & 7]!]!;
  const corner = l.grid.cornerCutting;
  if (isCornerBlocked(corner, a, b)) return Infinity;
  return Math.SQRT2;
}

function updateVertex(l: LpaStar, u: number): void {
  if (u !== l.start) {
    let best = Infinity;
    for (let d = 0; d < 8; d++) {
      // Predecessor s = u - offsets[d] moving in direction d into u.
      const s = u - l.offsets[d]!;
      const c = edge(l, s, d);
      if (c === Infinity) continue;
      const v = l.g[s]! + c;
      if (v < best) best = v;
    }
    l.rhs[u] = best;
  }
  keyHeapRemove(l, u);
  const g = l.g[u]!;
  const rhs = l.rhs[u]!;
  if (g !== rhs) {
    const m = g < rhs ? g : rhs;
    l.heapNext[0] = m + h(l, u);
    l.heapNext[1] = m;
    keyHeapPush(l, u);
  }
}

/**
 * Sets (or changes) the start and goal and resets the planner (O(cells)). Blocked endpoints are
 * allowed; the next {@link computeLpaStarPath} then reports no path until they open.
 *
 * @param l - the planner, reset in place (O(cells))
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid.
 */
export function setLpaStarEndpoints(l: LpaStar, sx: number, sy: number, gx: number, gy: number): void {
  checkEndpoints("@tactica/grid: setLpaStarEndpoints", l.grid, sx, sy, gx, gy);
  l.g.fill(Infinity);
  l.rhs.fill(Infinity);
  keyHeapClear(l);
  l.start = (sy + 1) * l.pw + sx + 1;
  l.goal = (gy + 1) * l.pw + gx + 1;
  l.rhs[l.start] = 0;
  l.heapNext[0] = h(l, l.start);
  l.heapNext[1] = 0;
  keyHeapPush(l, l.start);
}

/**
 * Tells the planner that cell `(x, y)` of its grid changed passability (call after the edit).
 * Re-reads the cell and updates it and its 8 neighbours. O(log cells).
 *
 * @param l - the planner to update in place (its passability copy and queue)
 * @param x - column of the edited cell, an integer in `[0, width)`; its passability is re-read from the grid
 * @param y - row of the edited cell, an integer in `[0, height)`
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a cell outside the grid.
 */
export function notifyLpaStarCellChanged(l: LpaStar, x: number, y: number): void {
  const grid = l.grid;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= grid.width || y >= grid.height) {
    invalidArgument("@tactica/grid: notifyLpaStarCellChanged", "x, y", `(${x}, ${y}) is not a cell of the grid`, "Pass the edited cell.");
  }
  const p = (y + 1) * l.pw + x + 1;
  l.open[p] = grid.passable[y * grid.width + x] === 1 ? 1 : 0;
  if (l.start < 0) return;
  updateVertex(l, p);
  for (let d = 0; d < 8; d++) {
    const q = p + l.offsets[d]!;
    const qy = ((q / l.pw) | 0) - 1;
    const qx = q - (qy + 1) * l.pw - 1;
    if (qx >= 0 && qy >= 0 && qx < grid.width && qy < grid.height) updateVertex(l, q);
  }
}

/**
 * Brings the plan up to date (LPA*'s ComputeShortestPath) and writes the optimal path from start
 * to goal into `out` (or {@link PathFlags.NoPath}). The first call costs about one A*; later
 * calls only repair what the notified edits changed. `out.expanded` counts this call's
 * expansions. No allocation.
 *
 * @param out - the caller-owned result, written and returned: the cell-by-cell path (cell indices `y * width + x`), `expanded` counting this call's expansions
 * @param l - the planner, whose endpoints were set with {@link setLpaStarEndpoints}; its `g`/`rhs` values and queue are updated in place
 *
 * @throws TacticaError `INVALID_STATE`-like misuse (`INVALID_ARGUMENT`) when the endpoints were never set.
 */
export function computeLpaStarPath(out: GridPath, l: LpaStar): GridPath {
  if (l.start < 0) invalidArgument("@tactica/grid: computeLpaStarPath", "l", "has no endpoints", "Call setLpaStarEndpoints first.");
  const goal = l.goal;
  const { g, rhs } = l;
  let expanded = 0;
  while (l.heapSize > 0) {
    const gm = g[goal]! < rhs[goal]! ? g[goal]! : rhs[goal]!;
    const gk1 = gm + (gm === Infinity ? 0 : h(l, goal));
    // Also settle ties with the goal's key (k1 within 1e-9), so every node the path walk below
    // can step on is consistent.
    if (l.heapK1[0]! > gk1 + 1e-9 && rhs[goal] === g[goal]) break;
    const u = l.heapIds[0]!;
    keyHeapRemove(l, u);
    expanded++;
    if (g[u]! > rhs[u]!) {
      g[u] = rhs[u]!;
      for (let d = 0; d < 8; d++) updateVertex(l, u + l.offsets[d]!);
    } else {
      g[u] = Infinity;
      updateVertex(l, u);
      for (let d = 0; d < 8; d++) updateVertex(l, u + l.offsets[d]!);
    }
  }
  l.expanded = expanded;
  if (g[goal] === Infinity || l.open[l.start] !== 1) {
    writeNoPath(out, expanded, expanded);
    return out;
  }
  // Walk back from the goal along the best predecessors.
  const pw = l.pw;
  const w = l.grid.width;
  let count = 1;
  const limit = l.g.length;
  for (let u = goal; u !== l.start; count++) {
    u = bestPredecessor(l, u);
    if (u < 0 || count > limit) throw new Error("@tactica/grid: computeLpaStarPath: internal error, the plan is inconsistent. Please report it.");
  }
  const cap = out.path.length;
  let i = count;
  for (let u = goal; ; u = bestPredecessor(l, u)) {
    const uy = ((u / pw) | 0) - 1;
    if (--i < cap) out.path[i] = uy * w + (u - (uy + 1) * pw - 1);
    if (u === l.start) break;
  }
  out.length = count;
  out.cost = g[goal]!;
  out.flags = count > cap ? PathFlags.Found | PathFlags.PathTruncated : PathFlags.Found;
  out.expanded = expanded;
  out.generated = expanded;
  return out;
}

function bestPredecessor(l: LpaStar, u: number): number {
  let best = Infinity;
  let arg = -1;
  for (let d = 0; d < 8; d++) {
    const s = u - l.offsets[d]!;
    const c = edge(l, s, d);
    if (c === Infinity) continue;
    const v = l.g[s]! + c;
    if (v < best) {
      best = v;
      arg = s;
    }
  }
  return arg;
}
