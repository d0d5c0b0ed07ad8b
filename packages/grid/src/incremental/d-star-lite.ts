import { invalidArgument } from "@tactica/core";
import type { Grid } from "../model/grid";
import { checkEndpoints, PathFlags, writeNoPath, type GridPath } from "../query/grid-search";
import { keyHeapClear, keyHeapPush, keyHeapRemove, keyHeapSiftDown, keyHeapUpdateAt, paddedGridDistance, paddedMoveKind } from "./incremental-shared";
import { octileDelta } from "../internal/hot-path";

/**
 * D* Lite (Koenig & Likhachev 2002, the optimized version with the key modifier `km`) on a
 * grid: replanning for an agent that *moves* while the map changes. The search runs backwards
 * from the goal, so the agent's cell (the search's start) can move without invalidating the
 * plan; after cells are opened, closed or change terrain cost, only the affected part of the
 * previous search is repaired. Use {@link LpaStar} instead when both endpoints stay fixed.
 * Plain data (typed arrays and numbers); 4- or 8-connected grids, every corner rule, terrain
 * costs.
 *
 * Usage: {@link createDStarLite} → {@link setDStarLiteEndpoints} → {@link computeDStarLite} →
 * read {@link dStarLiteNextCell} (or {@link writeDStarLitePath}); then per step
 * {@link moveDStarLiteStart}, and after editing the grid ({@link setCellPassable},
 * {@link setCellCost}) {@link notifyDStarLiteCellChanged} for each changed cell, then
 * {@link computeDStarLite} again. Nothing is allocated after creation.
 */
export interface DStarLite {
  /** The grid planned on. */
  readonly grid: Grid;
  /** Padded width (`grid.width + 2`). */
  readonly pw: number;
  /** Padded passability copy, 1 = passable (refreshed per cell by {@link notifyDStarLiteCellChanged}). */
  readonly open: Uint8Array;
  /** Padded terrain-cost copy (1 everywhere on a uniform-cost grid). */
  readonly cost: Float64Array;
  /**
   * Heuristic scale: the smallest terrain cost seen so far (1 on uniform grids), so the
   * octile / Manhattan estimate stays admissible. Lowered (and the queue re-keyed) when an edit
   * makes a cell cheaper than it.
   */
  hScale: number;
  /** Cost-to-goal estimates per padded node. */
  readonly g: Float64Array;
  /** One-step look-ahead values per padded node. */
  readonly rhs: Float64Array;
  /** Heap: node ids in heap order. */
  readonly heapIds: Int32Array;
  /** Heap: primary keys in heap order. */
  readonly heapK1: Float64Array;
  /** Heap: secondary keys in heap order. */
  readonly heapK2: Float64Array;
  /** Heap slot per node, -1 when absent. */
  readonly heapPos: Int32Array;
  /** Scratch: the key `[k1, k2]` of the next heap insert or update (2 entries). */
  readonly heapNext: Float64Array;
  /** Scratch: the cost of the move just checked (1 entry). */
  readonly step: Float64Array;
  /** Number of queued nodes. */
  heapSize: number;
  /** Padded index offset of each direction (0 N, 1 NE, … 7 NW). */
  readonly offsets: Int32Array;
  /** Padded node of the agent (the search's start); -1 before {@link setDStarLiteEndpoints}. */
  start: number;
  /** Padded goal node (the search's root); -1 before {@link setDStarLiteEndpoints}. */
  goal: number;
  /** Start at the last key-modifier update (`s_last` of the paper). */
  last: number;
  /** Key modifier `km`: the heuristic distance the agent moved between edits, summed. */
  km: number;
  /** {@link PathFlags} of the last {@link computeDStarLite}: `Found` or `NoPath` (0 before). */
  flags: number;
  /** Expansions of the last {@link computeDStarLite}. */
  expanded: number;
  /** Expansions since {@link setDStarLiteEndpoints} (the first plan included). */
  totalExpanded: number;
  /** Number of {@link computeDStarLite} calls since {@link setDStarLiteEndpoints}. */
  replans: number;
  /** Per padded node: the value of {@link DStarLite.replans} when it was last expanded (0 = never). */
  readonly touched: Uint32Array;
}

/**
 * Creates the D* Lite state for `grid` (copies passability and terrain costs). O(cells); 53 bytes
 * per cell (of the grid padded by a ring of blocked cells). Terrain costs may be added to the grid later ({@link setCellCost}).
 *
 * @param grid - the grid to plan on (kept by reference; passability and terrain costs are copied now and re-read by {@link setDStarLiteEndpoints} and {@link notifyDStarLiteCellChanged})
 */
export function createDStarLite(grid: Grid): DStarLite {
  const pw = grid.width + 2;
  const n = pw * (grid.height + 2);
  const d: DStarLite = {
    grid,
    pw,
    open: new Uint8Array(n),
    cost: new Float64Array(n).fill(1),
    hScale: 1,
    g: new Float64Array(n).fill(Infinity),
    rhs: new Float64Array(n).fill(Infinity),
    heapIds: new Int32Array(n),
    heapK1: new Float64Array(n),
    heapK2: new Float64Array(n),
    heapPos: new Int32Array(n).fill(-1),
    heapNext: new Float64Array(2),
    step: new Float64Array(1),
    heapSize: 0,
    offsets: Int32Array.from([-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1]),
    start: -1,
    goal: -1,
    last: -1,
    km: 0,
    flags: 0,
    expanded: 0,
    totalExpanded: 0,
    replans: 0,
    touched: new Uint32Array(n),
  };
  copyGrid(d);
  return d;
}

function copyGrid(d: DStarLite): void {
  const { grid, pw, open, cost } = d;
  const w = grid.width;
  const gc = grid.cost;
  let minCost = Infinity;
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < w; x++) {
      const p = (y + 1) * pw + x + 1;
      open[p] = grid.passable[y * w + x] === 1 ? 1 : 0;
      const c = gc === null ? 1 : gc[y * w + x]!;
      cost[p] = c;
      if (c < minCost) minCost = c;
    }
  }
  d.hScale = minCost === Infinity ? 1 : minCost;
}

// The helpers below return integers or write into the planner's arrays, never a fraction:
// V8 boxes a double returned from (or passed to) a call it does not inline, which made every
// plan allocate kilobytes.

// Cost of the move p → p + offsets[dir] into d.step[0] (1 or √2 times the entered cell's
// terrain cost); returns false when the move is illegal.
function edge(d: DStarLite, p: number, dir: number): boolean {
  const kind = paddedMoveKind(d.open, d.offsets, d.grid.connectivity === 8, d.grid.cornerCutting, p, dir);
  if (kind === 0) return false;
  const c = d.cost[p + d.offsets[dir]!]!;
  d.step[0] = kind === 1 ? c : Math.SQRT2 * c;
  return true;
}

// Writes the key of node u, [min(g, rhs) + h(start, u) + km; min(g, rhs)], into d.heapNext.
function writeKey(d: DStarLite, u: number): void {
  const g = d.g[u]!;
  const rhs = d.rhs[u]!;
  const m = g < rhs ? g : rhs;
  const pw = d.pw;
  const uy = (u / pw) | 0;
  const sy = (d.start / pw) | 0;
  let dx = u - uy * pw - (d.start - sy * pw);
  let dy = uy - sy;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  const dist = d.grid.connectivity !== 8 ? dx + dy : octileDelta(dx, dy);
  d.heapNext[0] = m + d.hScale * dist + d.km;
  d.heapNext[1] = m;
}

// UpdateVertex of the optimized D* Lite: (re)queue u with its key when inconsistent, else dequeue.
function updateVertex(d: DStarLite, u: number): void {
  const g = d.g[u]!;
  const rhs = d.rhs[u]!;
  const i = d.heapPos[u]!;
  if (g !== rhs) {
    writeKey(d, u);
    if (i >= 0) keyHeapUpdateAt(d, i);
    else keyHeapPush(d, u);
  } else if (i >= 0) keyHeapRemove(d, u);
}

// rhs(u) = min over successors s' of c(u, s') + g(s'), written into d.rhs[u].
function updateRhs(d: DStarLite, u: number): void {
  let best = Infinity;
  for (let k = 0; k < 8; k++) {
    if (!edge(d, u, k)) continue;
    const v = d.step[0]! + d.g[u + d.offsets[k]!]!;
    if (v < best) best = v;
  }
  d.rhs[u] = best;
}

// The agent moved since the last key-modifier update: add the heuristic distance it moved.
function syncKeyModifier(d: DStarLite): void {
  if (d.start !== d.last) {
    d.km += d.hScale * paddedGridDistance(d.pw, d.grid.connectivity === 8, d.last, d.start);
    d.last = d.start;
  }
}

function paddedCell(where: string, d: DStarLite, x: number, y: number, what: string): number {
  const grid = d.grid;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= grid.width || y >= grid.height) {
    invalidArgument(where, "x, y", `(${x}, ${y}) is not a cell of the ${grid.width}×${grid.height} grid`, what);
  }
  return (y + 1) * d.pw + x + 1;
}

/**
 * Sets (or changes) the agent's cell and the goal and resets the planner: re-reads the whole
 * grid, clears every estimate and queues the goal. O(cells). Blocked endpoints are allowed;
 * {@link computeDStarLite} then reports {@link PathFlags.NoPath} until they open.
 *
 * @param d - the planner, reset in place (O(cells))
 * @param sx - the agent's column, an integer in `[0, width)` (cells)
 * @param sy - the agent's row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid.
 */
export function setDStarLiteEndpoints(d: DStarLite, sx: number, sy: number, gx: number, gy: number): void {
  checkEndpoints("@tactica/grid: setDStarLiteEndpoints", d.grid, sx, sy, gx, gy);
  copyGrid(d);
  d.g.fill(Infinity);
  d.rhs.fill(Infinity);
  d.touched.fill(0);
  keyHeapClear(d);
  d.start = (sy + 1) * d.pw + sx + 1;
  d.last = d.start;
  d.goal = (gy + 1) * d.pw + gx + 1;
  d.km = 0;
  d.flags = 0;
  d.expanded = 0;
  d.totalExpanded = 0;
  d.replans = 0;
  d.rhs[d.goal] = 0;
  writeKey(d, d.goal);
  keyHeapPush(d, d.goal);
}

/**
 * Moves the agent (the search's start) to cell `(x, y)`, usually the cell returned by
 * {@link dStarLiteNextCell}; any cell is allowed. O(1): the plan stays valid, and the key
 * modifier absorbs the move at the next edit or {@link computeDStarLite}.
 *
 * @param d - the planner whose start (the agent's cell) is moved in place; endpoints must have been set
 * @param x - the agent's new column, an integer in `[0, width)` (cells)
 * @param y - the agent's new row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a cell outside the grid or before {@link setDStarLiteEndpoints}.
 */
export function moveDStarLiteStart(d: DStarLite, x: number, y: number): void {
  const where = "@tactica/grid: moveDStarLiteStart";
  const p = paddedCell(where, d, x, y, "Pass the agent's new cell.");
  if (d.goal < 0) invalidArgument(where, "d", "has no endpoints", "Call setDStarLiteEndpoints first.");
  d.start = p;
}

/**
 * Tells the planner that cell `(x, y)` of its grid changed passability or terrain cost (call it
 * after the edit, once per changed cell). Re-reads the cell and repairs the look-ahead values of
 * the cell and its 8 neighbours — every node with an outgoing move whose cost can change,
 * including diagonals that cut the cell's corner. O(log cells); the repair itself happens in the
 * next {@link computeDStarLite}. Lowering a terrain cost below every earlier one re-keys the
 * queue (O(queued)).
 *
 * @param d - the planner to update in place (its copies of the cell and the queue)
 * @param x - column of the edited cell, an integer in `[0, width)`; its passability and cost are re-read from the grid
 * @param y - row of the edited cell, an integer in `[0, height)`
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a cell outside the grid.
 */
export function notifyDStarLiteCellChanged(d: DStarLite, x: number, y: number): void {
  const grid = d.grid;
  const p = paddedCell("@tactica/grid: notifyDStarLiteCellChanged", d, x, y, "Pass the edited cell.");
  const i = y * grid.width + x;
  d.open[p] = grid.passable[i] === 1 ? 1 : 0;
  const c = grid.cost === null ? 1 : grid.cost[i]!;
  d.cost[p] = c;
  if (d.goal < 0) {
    if (c < d.hScale) d.hScale = c;
    return;
  }
  syncKeyModifier(d);
  if (c < d.hScale) rescaleHeuristic(d, c);
  const { offsets, goal } = d;
  for (let k = -1; k < 8; k++) {
    const u = k < 0 ? p : p + offsets[k]!;
    const uy = ((u / d.pw) | 0) - 1;
    const ux = u - (uy + 1) * d.pw - 1;
    if (ux < 0 || uy < 0 || ux >= grid.width || uy >= grid.height) continue;
    if (u !== goal) updateRhs(d, u);
    updateVertex(d, u);
  }
}

// A cell became cheaper than the heuristic assumed: shrink the scale and rebuild every key.
function rescaleHeuristic(d: DStarLite, scale: number): void {
  d.hScale = scale;
  const n = d.heapSize;
  for (let i = 0; i < n; i++) {
    // A queued node's key is [min(g, rhs) + h + km; min(g, rhs)] with its current g and rhs.
    writeKey(d, d.heapIds[i]!);
    d.heapK1[i] = d.heapNext[0]!;
  }
  for (let i = (n >> 1) - 1; i >= 0; i--) {
    d.heapNext[0] = d.heapK1[i]!;
    d.heapNext[1] = d.heapK2[i]!;
    keyHeapSiftDown(d, i, d.heapIds[i]!);
  }
}

/**
 * Brings the plan up to date (the optimized D* Lite's ComputeShortestPath) and returns
 * {@link PathFlags.Found} or {@link PathFlags.NoPath} (also stored in {@link DStarLite.flags}).
 * The first call costs about one backward A*; later calls only repair what the notified edits
 * changed. {@link DStarLite.expanded} counts this call's expansions. A blocked agent or goal
 * cell gives `NoPath` at once (the queue is kept for when it opens). No allocation.
 *
 * @param d - the planner, whose endpoints were set; its estimates, queue, `flags` and `expanded` are updated in place
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the endpoints were never set.
 */
export function computeDStarLite(d: DStarLite): number {
  if (d.goal < 0) invalidArgument("@tactica/grid: computeDStarLite", "d", "has no endpoints", "Call setDStarLiteEndpoints first.");
  syncKeyModifier(d);
  const stamp = ++d.replans;
  const { g, rhs, offsets, start, goal, touched } = d;
  let expanded = 0;
  if (d.open[start] === 1 && d.open[goal] === 1) {
    while (d.heapSize > 0) {
      const sm = g[start]! < rhs[start]! ? g[start]! : rhs[start]!;
      const sk1 = sm + d.km;
      const u = d.heapIds[0]!;
      const k1 = d.heapK1[0]!;
      // Also settle ties with the start's key (k1 within 1e-9) so every node the greedy walk
      // from the start can step on is consistent.
      if (k1 > sk1 + 1e-9 && rhs[start] === g[start]) break;
      const gu = g[u]!;
      const ru = rhs[u]!;
      writeKey(d, u);
      const nk1 = d.heapNext[0]!;
      if (k1 < nk1 || (k1 === nk1 && d.heapK2[0]! < d.heapNext[1]!)) {
        // Key computed before the agent moved: lazily raise it.
        keyHeapSiftDown(d, 0, u);
        continue;
      }
      expanded++;
      touched[u] = stamp;
      if (gu > ru) {
        // Over-consistent: settle g and lower the predecessors' look-ahead values.
        g[u] = ru;
        keyHeapRemove(d, u);
        for (let k = 0; k < 8; k++) {
          const s = u - offsets[k]!;
          if (s === goal || !edge(d, s, k)) continue;
          const v = d.step[0]! + ru;
          if (v < rhs[s]!) {
            rhs[s] = v;
            updateVertex(d, s);
          }
        }
      } else {
        // Under-consistent: raise g to ∞ and recompute predecessors that relied on u.
        g[u] = Infinity;
        for (let k = 0; k < 8; k++) {
          const s = u - offsets[k]!;
          if (!edge(d, s, k)) continue;
          if (s !== goal && rhs[s] === d.step[0]! + gu) updateRhs(d, s);
          updateVertex(d, s);
        }
        updateVertex(d, u);
      }
    }
  }
  d.expanded = expanded;
  d.totalExpanded += expanded;
  d.flags = d.open[start] === 1 && d.open[goal] === 1 && g[start]! < Infinity ? PathFlags.Found : PathFlags.NoPath;
  return d.flags;
}

/**
 * The best next cell (`y × width + x`) for the agent after {@link computeDStarLite}: the
 * neighbour minimising move cost + cost-to-goal. Returns the agent's own cell when it stands on
 * the goal, -1 when there is no path (or the plan is stale: call {@link computeDStarLite}
 * after moving or editing). O(1), no allocation.
 *
 * @param d - the planner to read, brought up to date by {@link computeDStarLite} since the last move or edit
 */
export function dStarLiteNextCell(d: DStarLite): number {
  if (d.flags !== PathFlags.Found || d.start < 0) return -1;
  const s = d.start === d.goal ? d.start : bestSuccessor(d, d.start);
  return s < 0 ? -1 : cellOf(d, s);
}

function cellOf(d: DStarLite, p: number): number {
  const py = ((p / d.pw) | 0) - 1;
  return py * d.grid.width + (p - (py + 1) * d.pw - 1);
}

function bestSuccessor(d: DStarLite, u: number): number {
  let best = Infinity;
  let arg = -1;
  for (let k = 0; k < 8; k++) {
    if (!edge(d, u, k)) continue;
    const v = d.step[0]! + d.g[u + d.offsets[k]!]!;
    if (v < best) {
      best = v;
      arg = u + d.offsets[k]!;
    }
  }
  return arg;
}

/**
 * Writes the current plan, agent's cell first and goal last, into `out` (greedy walk along
 * move cost + cost-to-goal), with its cost and this plan's {@link DStarLite.expanded}; or
 * {@link PathFlags.NoPath}. Call after {@link computeDStarLite}. O(path length), no allocation.
 *
 * A too-short `out` gets the first cells and {@link PathFlags.PathTruncated}.
 *
 * @param out - the caller-owned result, written and returned: the cell-by-cell plan (cell indices `y * width + x`), agent's cell first, with its cost
 * @param d - the planner to read, brought up to date by {@link computeDStarLite}
 */
export function writeDStarLitePath(out: GridPath, d: DStarLite): GridPath {
  if (d.flags !== PathFlags.Found) {
    writeNoPath(out, d.expanded, d.expanded);
    return out;
  }
  const limit = d.grid.width * d.grid.height;
  const cells = out.path;
  let count = 0;
  for (let u = d.start; ; u = bestSuccessor(d, u)) {
    if (u < 0 || count >= limit) throw new Error("@tactica/grid: writeDStarLitePath: internal error, the plan is inconsistent. Please report it.");
    if (count < cells.length) cells[count] = cellOf(d, u);
    count++;
    if (u === d.goal) break;
  }
  out.length = count;
  out.cost = d.g[d.start] === Infinity ? d.rhs[d.start]! : d.g[d.start]!;
  out.flags = count > cells.length ? PathFlags.Found | PathFlags.PathTruncated : PathFlags.Found;
  out.expanded = d.expanded;
  out.generated = d.expanded;
  return out;
}

/**
 * {@link computeDStarLite} then {@link writeDStarLitePath}: brings the plan up to date and
 * writes the path from the agent's cell to the goal into `out`. No allocation.
 *
 * @param out - the caller-owned result, written and returned: the cell-by-cell plan (cell indices `y * width + x`), agent's cell first
 * @param d - the planner, whose endpoints were set; brought up to date in place
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the endpoints were never set or `out` is too small.
 */
export function computeDStarLitePath(out: GridPath, d: DStarLite): GridPath {
  computeDStarLite(d);
  return writeDStarLitePath(out, d);
}

/**
 * True when cell `(x, y)` was expanded by the last {@link computeDStarLite} (for drawing what a
 * replan touched). O(1); false outside the grid.
 *
 * @param d - the planner to read
 * @param x - column in cells; any number (outside or non-integer gives `false`)
 * @param y - row in cells; any number (outside or non-integer gives `false`)
 */
export function wasDStarLiteCellExpanded(d: DStarLite, x: number, y: number): boolean {
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= d.grid.width || y >= d.grid.height) return false;
  return d.replans > 0 && d.touched[(y + 1) * d.pw + x + 1] === d.replans;
}
