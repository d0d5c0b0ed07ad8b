import { invalidArgument } from "@tactica/core";
import type { Grid } from "./grid";
import { checkEndpoints, PathFlags, writeNoPath, type GridPath } from "./grid-search";
import { SQRT2_MINUS_1 } from "./heuristics";

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
 * @throws TacticaError `INVALID_ARGUMENT` for a grid with terrain costs.
 */
export function createLpaStar(grid: Grid): LpaStar {
  if (grid.cost !== null) invalidArgument("@tactica/grid: createLpaStar", "grid.cost", "is set, but this LPA* handles uniform-cost grids", "Use findPathAStar for terrain costs.");
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
    heapSize: 0,
    start: -1,
    goal: -1,
    offsets: Int32Array.from([-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1]),
    expanded: 0,
  };
}

// Keys travel between the heap helpers through this scratch pair (module scope: the calls are
// synchronous), not as arguments or return values: a double passed to or returned from a call
// that is not inlined is boxed, which made every plan allocate.
const key = new Float64Array(2);

/** Moves the entry of heap slot `from` to slot `to`. */
function moveSlot(l: LpaStar, from: number, to: number): void {
  const id = l.heapIds[from]!;
  l.heapIds[to] = id;
  l.heapK1[to] = l.heapK1[from]!;
  l.heapK2[to] = l.heapK2[from]!;
  l.heapPos[id] = to;
}

/** Sifts `id` (keys in {@link key}) up from the free slot `i`. */
function siftUp(l: LpaStar, i: number, id: number): void {
  const k1 = key[0]!;
  const k2 = key[1]!;
  const h1 = l.heapK1;
  const h2 = l.heapK2;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const p1 = h1[p]!;
    if (!(k1 < p1 || (k1 === p1 && k2 < h2[p]!))) break;
    moveSlot(l, p, i);
    i = p;
  }
  l.heapIds[i] = id;
  h1[i] = k1;
  h2[i] = k2;
  l.heapPos[id] = i;
}

/** Sifts `id` (keys in {@link key}) down from the free slot `i`. */
function siftDown(l: LpaStar, i: number, id: number): void {
  const k1 = key[0]!;
  const k2 = key[1]!;
  const h1 = l.heapK1;
  const h2 = l.heapK2;
  const n = l.heapSize;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n) {
      const a = h1[c + 1]!;
      const b = h1[c]!;
      if (a < b || (a === b && h2[c + 1]! < h2[c]!)) c++;
    }
    const c1 = h1[c]!;
    if (!(c1 < k1 || (c1 === k1 && h2[c]! < k2))) break;
    moveSlot(l, c, i);
    i = c;
  }
  l.heapIds[i] = id;
  h1[i] = k1;
  h2[i] = k2;
  l.heapPos[id] = i;
}

function heapRemove(l: LpaStar, id: number): void {
  const i = l.heapPos[id]!;
  if (i < 0) return;
  l.heapPos[id] = -1;
  const last = --l.heapSize;
  if (i === last) return;
  const lid = l.heapIds[last]!;
  const k1 = l.heapK1[last]!;
  const p1 = i > 0 ? l.heapK1[(i - 1) >> 1]! : Infinity;
  key[0] = k1;
  key[1] = l.heapK2[last]!;
  if (i > 0 && (k1 < p1 || (k1 === p1 && key[1] < l.heapK2[(i - 1) >> 1]!))) siftUp(l, i, lid);
  else siftDown(l, i, lid);
}

/** Writes the key of node `u` with cost `min(g, rhs)` into {@link key}: `(m + h(u), m)`, the heuristic inline. */
function setKey(l: LpaStar, u: number): void {
  const g = l.g[u]!;
  const rhs = l.rhs[u]!;
  const m = g < rhs ? g : rhs;
  key[1] = m;
  if (m === Infinity) {
    key[0] = Infinity;
    return;
  }
  const pw = l.pw;
  const py = (u / pw) | 0;
  const gy = (l.goal / pw) | 0;
  let dx = u - py * pw - (l.goal - gy * pw);
  let dy = py - gy;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  key[0] = m + (l.grid.connectivity === 4 ? dx + dy : dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx);
}

// Cost of the move p → p + offsets[d], or Infinity when illegal.
function edge(l: LpaStar, p: number, d: number): number {
  const open = l.open;
  const o = l.offsets;
  if (open[p] !== 1 || open[p + o[d]!] !== 1) return Infinity;
  if ((d & 1) === 0) return 1;
  if (l.grid.connectivity === 4) return Infinity;
  const a = open[p + o[(d + 7) & 7]!]!;
  const b = open[p + o[(d + 1) & 7]!]!;
  const corner = l.grid.cornerCutting;
  if (corner === 0 ? (a & b) === 0 : corner === 1 ? (a | b) === 0 : false) return Infinity;
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
  heapRemove(l, u);
  const g = l.g[u]!;
  const rhs = l.rhs[u]!;
  if (g !== rhs) {
    setKey(l, u);
    siftUp(l, l.heapSize++, u);
  }
}

/**
 * Sets (or changes) the start and goal and resets the planner (O(cells)). Blocked endpoints are
 * allowed; the next {@link computeLpaStarPath} then reports no path until they open.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid.
 */
export function setLpaStarEndpoints(l: LpaStar, sx: number, sy: number, gx: number, gy: number): void {
  checkEndpoints("@tactica/grid: setLpaStarEndpoints", l.grid, sx, sy, gx, gy);
  l.g.fill(Infinity);
  l.rhs.fill(Infinity);
  for (let i = 0; i < l.heapSize; i++) l.heapPos[l.heapIds[i]!] = -1;
  l.heapSize = 0;
  l.start = (sy + 1) * l.pw + sx + 1;
  l.goal = (gy + 1) * l.pw + gx + 1;
  l.rhs[l.start] = 0;
  setKey(l, l.start);
  siftUp(l, l.heapSize++, l.start);
}

/**
 * Tells the planner that cell `(x, y)` of its grid changed passability (call after the edit).
 * Re-reads the cell and updates it and its 8 neighbours. O(log cells).
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
 * @throws TacticaError `INVALID_STATE`-like misuse (`INVALID_ARGUMENT`) when the endpoints were never set.
 */
export function computeLpaStarPath(l: LpaStar, out: GridPath): GridPath {
  if (l.start < 0) invalidArgument("@tactica/grid: computeLpaStarPath", "l", "has no endpoints", "Call setLpaStarEndpoints first.");
  const goal = l.goal;
  const { g, rhs } = l;
  let expanded = 0;
  while (l.heapSize > 0) {
    setKey(l, goal);
    const gk1 = key[0]!;
    // Also settle ties with the goal's key (k1 within 1e-9), so every node the path walk below
    // can step on is consistent.
    if (l.heapK1[0]! > gk1 + 1e-9 && rhs[goal] === g[goal]) break;
    const u = l.heapIds[0]!;
    heapRemove(l, u);
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
  if (count > out.cells.length) invalidArgument("@tactica/grid: computeLpaStarPath", "out", "is too small", "Create it with createGridPath(grid).");
  let i = count;
  for (let u = goal; ; u = bestPredecessor(l, u)) {
    const uy = ((u / pw) | 0) - 1;
    out.cells[--i] = uy * w + (u - (uy + 1) * pw - 1);
    if (u === l.start) break;
  }
  out.length = count;
  out.cost = g[goal]!;
  out.status = PathFlags.Found;
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
