import { corruptState, invalidArgument, createIndexedHeap, indexedHeapPushNext, indexedHeapPop, indexedHeapClear, type IndexedHeap } from "@tactica/core";
import { CornerCutting, type Grid } from "../model/grid";
import { beginQuery, checkEndpoints, paddedIndex, PathFlags, writeNoPath, type GridPath, type GridSearch } from "../query/grid-search";
import { octileDelta, SQRT2_MINUS_1 } from "../internal/hot-path";

/**
 * A hierarchical pathfinding structure (HPA*, Botea, Müller & Schaeffer 2004): the grid cut into
 * square clusters, "transition" cells on every open stretch of each cluster border (one in the
 * middle of a stretch shorter than 6 cells, one at each end otherwise), and an abstract graph
 * whose edges are the crossings between clusters and the least costs between the transitions of
 * one cluster. A query plans on the small abstract graph, then refines each abstract edge with a
 * search bounded to one cluster. Paths are near-optimal (typically a few percent longer), and the
 * work per query grows with the number of clusters crossed, not with the map area.
 *
 * Plain data. Rebuild ({@link rebuildHpa}, O(cells × transitions per cluster)) after edits; the
 * query rebuilds automatically when {@link Grid.version} changed.
 */
export interface Hpa {
  /** The grid. */
  readonly grid: Grid;
  /** Cluster side in cells. */
  readonly clusterSize: number;
  /** Clusters per row. */
  readonly clustersX: number;
  /** Clusters per column. */
  readonly clustersY: number;
  /** Cell index of each abstract node. */
  nodeCell: Int32Array;
  /** Number of abstract nodes. */
  nodeCount: number;
  /** Cluster of each abstract node. */
  nodeCluster: Int32Array;
  /** Abstract node of each cell, or -1. */
  readonly cellNode: Int32Array;
  /** CSR offsets of each node's outgoing edges (`nodeCount + 1` entries). */
  edgeStart: Int32Array;
  /** Edge targets. */
  edgeTo: Int32Array;
  /** Edge costs. */
  edgeCost: Float64Array;
  /** Nodes of each cluster (CSR over clusters). */
  clusterStart: Int32Array;
  /** Node ids grouped by cluster. */
  clusterNodes: Int32Array;
  /** {@link Grid.version} the graph was built for. */
  builtVersion: number;
  /** Abstract-search scratch: g per node (+2 for start and goal). */
  g: Float64Array;
  /** Abstract-search scratch: parent per node. */
  parent: Int32Array;
  /** Abstract-search scratch: closed stamp per node. */
  closed: Uint32Array;
  /** Abstract-search scratch: stamp. */
  stamp: number;
  /** Abstract open list. */
  heap: IndexedHeap;
  /** Query scratch: cost from each node of the goal's cluster to the goal (Infinity elsewhere). */
  toGoal: Float64Array;
  /** Query scratch: abstract path (node ids, start and goal as nodeCount, nodeCount + 1). */
  abstractPath: Int32Array;
  /** One-slot scratch for distances (keeps fractions out of function returns, which V8 may box). */
  readonly tmp: Float64Array;
  /** Query scratch: the cell rectangle (x0, y0, x1, y1) of the start's and goal's clusters. */
  readonly rect: Int32Array;
  /** Abstract nodes expanded by the last query. */
  expanded: number;
}

/** Options of {@link createHpa}. */
export interface HpaOptions {
  /** Cluster side in cells, an integer in [4, 1024] (default 16). */
  readonly clusterSize?: number | undefined;
}

/**
 * Builds the {@link Hpa} abstraction of `grid` with square clusters of `clusterSize` cells
 * (integer in [4, 1024]; 8–32 is typical). The grid must be 4-connected or 8-connected with no
 * corner cutting. Uses `search` (a {@link GridSearch} of the same grid) for the bounded searches.
 *
 * @param search - a {@link GridSearch} of the grid to abstract (from {@link createGridSearch}); `search.grid` (4-connected, or 8-connected with {@link CornerCutting.Never}) is kept by reference, and the search's scratch is used by the build's bounded searches
 * @param options - `clusterSize`: side of the square clusters in cells, an integer in `[4, 1024]` (default 16; 8–32 is typical)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a bad cluster size, a corner-cutting grid or a
 *   search of another grid.
 */
export function createHpa(search: GridSearch, options?: HpaOptions): Hpa {
  const clusterSize = options?.clusterSize ?? 16;
  const where = "@tactica/grid: createHpa";
  const grid = search.grid;
  if (!Number.isInteger(clusterSize) || clusterSize < 4 || clusterSize > 1024)
    invalidArgument(where, "clusterSize", `must be an integer in [4, 1024] but is ${clusterSize}`, "Use 8 to 32.");
  if (grid.connectivity === 8 && grid.cornerCutting !== CornerCutting.Never)
    invalidArgument(where, "grid.cornerCutting", "must be CornerCutting.Never for HPA*", "Use findPathAStar for corner-cutting rules.");
  const hpa: Hpa = {
    grid,
    clusterSize,
    clustersX: Math.ceil(grid.width / clusterSize),
    clustersY: Math.ceil(grid.height / clusterSize),
    nodeCell: new Int32Array(0),
    nodeCount: 0,
    nodeCluster: new Int32Array(0),
    cellNode: new Int32Array(grid.width * grid.height).fill(-1),
    edgeStart: new Int32Array(1),
    edgeTo: new Int32Array(0),
    edgeCost: new Float64Array(0),
    clusterStart: new Int32Array(1),
    clusterNodes: new Int32Array(0),
    builtVersion: -1,
    g: new Float64Array(2),
    parent: new Int32Array(2),
    closed: new Uint32Array(2),
    stamp: 0,
    heap: createIndexedHeap(2),
    toGoal: new Float64Array(2),
    abstractPath: new Int32Array(2),
    tmp: new Float64Array(1),
    rect: new Int32Array(4),
    expanded: 0,
  };
  rebuildHpa(hpa, search);
  return hpa;
}

function clusterOf(hpa: Hpa, cell: number): number {
  const w = hpa.grid.width;
  const x = cell % w;
  const y = (cell - x) / w;
  return Math.floor(y / hpa.clusterSize) * hpa.clustersX + Math.floor(x / hpa.clusterSize);
}

/**
 * The cell rectangle (x0, y0, x1, y1, inclusive, in `hpa.rect`) covering clusters `a` and `b`
 * when they are the same cluster or touch (sides or corners), else null.
 */
function nearRect(hpa: Hpa, a: number, b: number): Int32Array | null {
  const ax = a % hpa.clustersX;
  const ay = Math.floor(a / hpa.clustersX);
  const bx = b % hpa.clustersX;
  const by = Math.floor(b / hpa.clustersX);
  if (Math.abs(ax - bx) > 1 || Math.abs(ay - by) > 1) return null;
  const C = hpa.clusterSize;
  const r = hpa.rect;
  r[0] = Math.min(ax, bx) * C;
  r[1] = Math.min(ay, by) * C;
  r[2] = Math.min(hpa.grid.width, (Math.max(ax, bx) + 1) * C) - 1;
  r[3] = Math.min(hpa.grid.height, (Math.max(ay, by) + 1) * C) - 1;
  return r;
}

// Bounded Dijkstra / A* inside the rectangle [x0, x1] × [y0, y1] (cells) on the padded search.
// `toSource`: charge the cost of the cell moved out of (cost towards the source) instead of into.
// Stops at `target` (padded) when ≥ 0. Returns the stamp of the run; g/parent are in `search`.
function bounded(search: GridSearch, source: number, target: number, x0: number, y0: number, x1: number, y1: number, toSource: boolean): number {
  const stamp = beginQuery(search);
  const { open, g, parent, seen, closed, heap, offsets, pw } = search;
  const cost = search.cost;
  const grid = search.grid;
  const dstep = grid.connectivity === 8 ? 1 : 2;
  g[source] = 0;
  parent[source] = -1;
  seen[source] = stamp;
  const ty = target >= 0 ? (target / pw) | 0 : 0;
  const tx = target >= 0 ? target - ty * pw : 0;
  const px0 = x0 + 1;
  const px1 = x1 + 1;
  const py0 = y0 + 1;
  const py1 = y1 + 1;
  heap.next[0] = 0;
  indexedHeapPushNext(heap, source);
  for (;;) {
    const p = indexedHeapPop(heap);
    if (p < 0 || p === target) break;
    closed[p] = stamp;
    const gp = g[p]!;
    for (let d = 0; d < 8; d += dstep) {
      const q = p + offsets[d]!;
      if (open[q] !== 1 || closed[q] === stamp) continue;
      const qy = (q / pw) | 0;
      const qx = q - qy * pw;
      if (qx < px0 || qx > px1 || qy < py0 || qy > py1) continue;
      let step = 1;
      if ((d & 1) === 1) {
        if (open[p + offsets[(d + 7) & 7]!] !== 1 || open[p + offsets[(d + 1) & 7]!] !== 1) continue;
        step = Math.SQRT2;
      }
      const ng = gp + (cost === null ? step : step * cost[toSource ? p : q]!);
      if (seen[q] === stamp && ng >= g[q]!) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = p;
      let h = 0;
      if (target >= 0) {
        let dx = qx - tx;
        let dy = qy - ty;
        if (dx < 0) dx = -dx;
        if (dy < 0) dy = -dy;
        h = search.minCost * (dstep === 1 ? octileDelta(dx, dy) : dx + dy);
      }
      heap.next[0] = ng + h;
      indexedHeapPushNext(heap, q);
    }
  }
  return stamp;
}

/**
 * Rebuilds the abstract graph from the grid's current cells (after edits).
 *
 * @param hpa - the abstraction to rebuild in place from its grid's current cells
 * @param search - a {@link GridSearch} of the same grid, whose scratch is used for the bounded searches
 */
export function rebuildHpa(hpa: Hpa, search: GridSearch): void {
  const grid = hpa.grid;
  if (search.grid !== grid) invalidArgument("@tactica/grid: rebuildHpa", "search", "belongs to another grid", "Create both from the same Grid object.");
  const w = grid.width;
  const h = grid.height;
  const C = hpa.clusterSize;
  const p = grid.passable;
  const cellNode = hpa.cellNode;
  cellNode.fill(-1);
  const cells: number[] = [];
  const inter: number[] = []; // pairs of nodes, crossing edges
  const node = (cell: number): number => {
    let n = cellNode[cell]!;
    if (n < 0) {
      n = cells.length;
      cells.push(cell);
      cellNode[cell] = n;
    }
    return n;
  };
  const addRun = (a0: number, b0: number, a1: number, b1: number, len: number): void => {
    // a*/b* are the first and last cell pairs of the run (a on one side, b on the other).
    if (len < 6) {
      const k = len >> 1;
      const stepA = len > 1 ? (a1 - a0) / (len - 1) : 0;
      inter.push(node(a0 + k * stepA), node(b0 + k * stepA));
    } else {
      inter.push(node(a0), node(b0), node(a1), node(b1));
    }
  };
  // Vertical borders between cluster columns.
  for (let bx = C - 1; bx < w - 1; bx += C) {
    for (let cy = 0; cy < h; cy += C) {
      let start = -1;
      const yEnd = Math.min(h, cy + C);
      for (let y = cy; y <= yEnd; y++) {
        const open = y < yEnd && p[y * w + bx] === 1 && p[y * w + bx + 1] === 1;
        if (open && start < 0) start = y;
        if (!open && start >= 0) {
          addRun(start * w + bx, start * w + bx + 1, (y - 1) * w + bx, (y - 1) * w + bx + 1, y - start);
          start = -1;
        }
      }
    }
  }
  // Horizontal borders between cluster rows.
  for (let by = C - 1; by < h - 1; by += C) {
    for (let cx = 0; cx < w; cx += C) {
      let start = -1;
      const xEnd = Math.min(w, cx + C);
      for (let x = cx; x <= xEnd; x++) {
        const open = x < xEnd && p[by * w + x] === 1 && p[(by + 1) * w + x] === 1;
        if (open && start < 0) start = x;
        if (!open && start >= 0) {
          addRun(by * w + start, (by + 1) * w + start, by * w + x - 1, (by + 1) * w + x - 1, x - start);
          start = -1;
        }
      }
    }
  }
  const n = cells.length;
  hpa.nodeCount = n;
  hpa.nodeCell = Int32Array.from(cells);
  hpa.nodeCluster = new Int32Array(n);
  const clusters = hpa.clustersX * hpa.clustersY;
  const counts = new Int32Array(clusters + 1);
  for (let i = 0; i < n; i++) {
    const c = clusterOf(hpa, cells[i]!);
    hpa.nodeCluster[i] = c;
    counts[c + 1]!++;
  }
  for (let c = 0; c < clusters; c++) counts[c + 1]! += counts[c]!;
  hpa.clusterStart = counts.slice();
  const fill = counts.slice();
  hpa.clusterNodes = new Int32Array(n);
  for (let i = 0; i < n; i++) hpa.clusterNodes[fill[hpa.nodeCluster[i]!]!++] = i;
  // Edges: crossings (both directions) and intra-cluster least costs.
  const adj: number[][] = Array.from({ length: n }, () => []);
  const cost = grid.cost;
  for (let i = 0; i < inter.length; i += 2) {
    const a = inter[i]!;
    const b = inter[i + 1]!;
    adj[a]!.push(b, cost === null ? 1 : cost[cells[b]!]!);
    adj[b]!.push(a, cost === null ? 1 : cost[cells[a]!]!);
  }
  for (let c = 0; c < clusters; c++) {
    const s0 = hpa.clusterStart[c]!;
    const s1 = hpa.clusterStart[c + 1]!;
    if (s1 - s0 < 2) continue;
    const cx = (c % hpa.clustersX) * C;
    const cy = Math.floor(c / hpa.clustersX) * C;
    for (let i = s0; i < s1; i++) {
      const a = hpa.clusterNodes[i]!;
      const ac = cells[a]!;
      const pa = paddedIndex(search, ac % w, Math.floor(ac / w));
      const stamp = bounded(search, pa, -1, cx, cy, Math.min(w, cx + C) - 1, Math.min(h, cy + C) - 1, false);
      for (let j = s0; j < s1; j++) {
        if (j === i) continue;
        const b = hpa.clusterNodes[j]!;
        const bc = cells[b]!;
        const pb = paddedIndex(search, bc % w, Math.floor(bc / w));
        if (search.seen[pb] === stamp) adj[a]!.push(b, search.g[pb]!);
      }
    }
  }
  let m = 0;
  for (const list of adj) m += list.length >> 1;
  hpa.edgeStart = new Int32Array(n + 1);
  hpa.edgeTo = new Int32Array(m);
  hpa.edgeCost = new Float64Array(m);
  let k = 0;
  for (let i = 0; i < n; i++) {
    hpa.edgeStart[i] = k;
    const list = adj[i]!;
    for (let e = 0; e < list.length; e += 2) {
      hpa.edgeTo[k] = list[e]!;
      hpa.edgeCost[k] = list[e + 1]!;
      k++;
    }
  }
  hpa.edgeStart[n] = k;
  hpa.g = new Float64Array(n + 2);
  hpa.parent = new Int32Array(n + 2);
  hpa.closed = new Uint32Array(n + 2);
  hpa.stamp = 0;
  hpa.heap = createIndexedHeap(n + 2);
  hpa.toGoal = new Float64Array(n + 2).fill(Infinity);
  hpa.abstractPath = new Int32Array(n + 2);
  hpa.builtVersion = grid.version;
}

// Octile (or Manhattan) distance written into out[0]: a returned fraction could be boxed by V8.
function octile(out: Float64Array, w: number, a: number, b: number, eight: boolean): void {
  const ax = a % w;
  const bx = b % w;
  let dx = ax - bx;
  let dy = (a - ax) / w - (b - bx) / w;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  out[0] = eight ? (dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx) : dx + dy; // by hand: a call returning a fraction may box it
}

/**
 * HPA* query from `(sx, sy)` to `(gx, gy)`: connects start and goal to the transitions of their
 * clusters, runs A* on the abstract graph, and refines every abstract edge with a search bounded
 * to one cluster, writing the full cell path into `out`. Start and goal in the same or touching
 * clusters get a direct abstract edge costing the best path inside those clusters, and the
 * abstract search keeps the cheaper of it and any route through other clusters. Near-optimal;
 * complete (finds a path whenever one exists). `out.expanded` counts abstract nodes expanded.
 *
 * @param out - the caller-owned result, written and returned: the full cell-by-cell path (cell indices `y * width + x`); `expanded` counts abstract nodes
 * @param hpa - the abstraction of the grid (from {@link createHpa}); its query scratch is written, and it is rebuilt first when {@link Grid.version} changed
 * @param search - a {@link GridSearch} of the same grid, whose scratch is used to refine abstract edges
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or a search of another grid.
 */
export function findPathHpa(out: GridPath, hpa: Hpa, search: GridSearch, sx: number, sy: number, gx: number, gy: number): GridPath {
  const where = "@tactica/grid: findPathHpa";
  const grid = hpa.grid;
  if (search.grid !== grid) invalidArgument(where, "search", "belongs to another grid", "Create both from the same Grid object.");
  checkEndpoints(where, grid, sx, sy, gx, gy);
  if (hpa.builtVersion !== grid.version) rebuildHpa(hpa, search);
  const w = grid.width;
  const h = grid.height;
  const C = hpa.clusterSize;
  const startCell = sy * w + sx;
  const goalCell = gy * w + gx;
  if (grid.passable[startCell] !== 1 || grid.passable[goalCell] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const eight = grid.connectivity === 8;
  const sc = clusterOf(hpa, startCell);
  const gc = clusterOf(hpa, goalCell);
  out.length = 0;
  out.cost = 0;
  // Start and goal in one cluster or in touching clusters: the best path inside the rectangle of
  // their clusters becomes a direct start–goal edge of the abstract search, which still looks for a
  // cheaper way round through other clusters. Without it a short query across a cluster border
  // must detour through the border's transition cells (up to 9× the optimum on the benchmarks),
  // and a same-cluster query keeps a cluster-local detour.
  const near = nearRect(hpa, sc, gc);
  let direct = Infinity;
  if (near !== null && refine(search, startCell, goalCell, near[0]!, near[1]!, near[2]!, near[3]!, out)) direct = out.cost;
  out.length = 0;
  out.cost = 0;
  const n = hpa.nodeCount;
  const S = n;
  const G = n + 1;
  // Costs from the goal's cluster transitions to the goal.
  const toGoal = hpa.toGoal;
  {
    const gcx = (gc % hpa.clustersX) * C;
    const gcy = Math.floor(gc / hpa.clustersX) * C;
    const stamp = bounded(search, paddedIndex(search, gx, gy), -1, gcx, gcy, Math.min(w, gcx + C) - 1, Math.min(h, gcy + C) - 1, true);
    for (let i = hpa.clusterStart[gc]!; i < hpa.clusterStart[gc + 1]!; i++) {
      const a = hpa.clusterNodes[i]!;
      const pc = paddedIndex(search, hpa.nodeCell[a]! % w, Math.floor(hpa.nodeCell[a]! / w));
      toGoal[a] = search.seen[pc] === stamp ? search.g[pc]! : Infinity;
    }
  }
  // Abstract A*.
  if (++hpa.stamp >= 0xfffffffe) {
    hpa.closed.fill(0);
    hpa.stamp = 1;
  }
  const stamp = hpa.stamp;
  const { g, parent, closed, heap } = hpa;
  indexedHeapClear(heap);
  const minCost = search.minCost;
  // Start edges: bounded search from the start in its cluster.
  const scx = (sc % hpa.clustersX) * C;
  const scy = Math.floor(sc / hpa.clustersX) * C;
  const sStamp = bounded(search, paddedIndex(search, sx, sy), -1, scx, scy, Math.min(w, scx + C) - 1, Math.min(h, scy + C) - 1, false);
  for (let i = 0; i < n + 2; i++) g[i] = Infinity;
  g[S] = 0;
  parent[S] = -1;
  if (direct < Infinity) {
    g[G] = direct;
    parent[G] = S;
    heap.next[0] = direct;
    indexedHeapPushNext(heap, G);
  }
  for (let i = hpa.clusterStart[sc]!; i < hpa.clusterStart[sc + 1]!; i++) {
    const a = hpa.clusterNodes[i]!;
    const pc = paddedIndex(search, hpa.nodeCell[a]! % w, Math.floor(hpa.nodeCell[a]! / w));
    if (search.seen[pc] !== sStamp) continue;
    g[a] = search.g[pc]!;
    parent[a] = S;
    octile(hpa.tmp, w, hpa.nodeCell[a]!, goalCell, eight);
    heap.next[0] = g[a] + minCost * hpa.tmp[0]!;
    indexedHeapPushNext(heap, a);
  }
  let expanded = 0;
  let reached = false;
  for (;;) {
    const u = indexedHeapPop(heap);
    if (u < 0) break;
    if (u === G) {
      reached = true;
      break;
    }
    closed[u] = stamp;
    expanded++;
    const gu = g[u]!;
    if (toGoal[u]! < Infinity && gu + toGoal[u]! < g[G]!) {
      g[G] = gu + toGoal[u]!;
      parent[G] = u;
      heap.next[0] = g[G];
      indexedHeapPushNext(heap, G);
    }
    for (let e = hpa.edgeStart[u]!; e < hpa.edgeStart[u + 1]!; e++) {
      const v = hpa.edgeTo[e]!;
      if (closed[v] === stamp) continue;
      const ng = gu + hpa.edgeCost[e]!;
      if (ng >= g[v]!) continue;
      g[v] = ng;
      parent[v] = u;
      octile(hpa.tmp, w, hpa.nodeCell[v]!, goalCell, eight);
      heap.next[0] = ng + minCost * hpa.tmp[0]!;
      indexedHeapPushNext(heap, v);
    }
  }
  // Reset the goal-cluster scratch.
  for (let i = hpa.clusterStart[gc]!; i < hpa.clusterStart[gc + 1]!; i++) toGoal[hpa.clusterNodes[i]!] = Infinity;
  if (!reached) {
    writeNoPath(out, expanded, expanded);
    return out;
  }
  // Abstract path, then refinement.
  let len = 0;
  for (let u = G; u !== -1; u = parent[u]!) {
    if (len === hpa.abstractPath.length) corruptState("@tactica/grid: findPathHpa", "the abstract parent chain is longer than the abstract graph");
    hpa.abstractPath[len++] = u;
  }
  out.length = 0;
  out.cost = 0;
  out.flags = PathFlags.Found;
  for (let i = len - 1; i > 0; i--) {
    const ua = hpa.abstractPath[i]!;
    const ub = hpa.abstractPath[i - 1]!;
    const a = ua === S ? startCell : ua === G ? goalCell : hpa.nodeCell[ua]!;
    const b = ub === S ? startCell : ub === G ? goalCell : hpa.nodeCell[ub]!;
    // Both cells are in one cluster (intra edge) or adjacent across a border (crossing), or the
    // edge is the direct start–goal edge over the rectangle of their clusters.
    const ca = clusterOf(hpa, a);
    const cb = clusterOf(hpa, b);
    let x0: number, y0: number, x1: number, y1: number;
    if (ua === S && ub === G) {
      const r = nearRect(hpa, sc, gc)!;
      x0 = r[0]!;
      y0 = r[1]!;
      x1 = r[2]!;
      y1 = r[3]!;
    } else if (ca === cb) {
      x0 = (ca % hpa.clustersX) * C;
      y0 = Math.floor(ca / hpa.clustersX) * C;
      x1 = Math.min(w, x0 + C) - 1;
      y1 = Math.min(h, y0 + C) - 1;
    } else {
      x0 = Math.min(a % w, b % w);
      x1 = Math.max(a % w, b % w);
      y0 = Math.min(Math.floor(a / w), Math.floor(b / w));
      y1 = Math.max(Math.floor(a / w), Math.floor(b / w));
    }
    if (!refine(search, a, b, x0, y0, x1, y1, out)) {
      writeNoPath(out, expanded, expanded);
      return out;
    }
  }
  out.expanded = expanded;
  out.generated = expanded;
  return out;
}

// Bounded A* from cell a to cell b; appends the cells (without a, unless out is empty) to out.
function refine(search: GridSearch, a: number, b: number, x0: number, y0: number, x1: number, y1: number, out: GridPath): boolean {
  const w = search.grid.width;
  const pa = paddedIndex(search, a % w, Math.floor(a / w));
  const pb = paddedIndex(search, b % w, Math.floor(b / w));
  const stamp = bounded(search, pa, pb, x0, y0, x1, y1, false);
  if (search.seen[pb] !== stamp) return false;
  let count = 0;
  const nodes = search.parent.length;
  for (let p = pb; p !== -1; p = search.parent[p]!) if (++count > nodes) corruptState("@tactica/grid: findPathHpa", "a refinement's parent chain loops");
  const skip = out.length === 0 ? 0 : 1;
  const base = out.length - skip;
  const cap = out.path.length;
  if (base + count > cap) out.flags |= PathFlags.PathTruncated;
  let i = base + count;
  const pw = search.pw;
  for (let p = pb; p !== -1; p = search.parent[p]!) {
    const py = ((p / pw) | 0) - 1;
    if (--i < cap) out.path[i] = py * w + (p - (py + 1) * pw - 1);
  }
  out.length = base + count;
  out.cost += search.g[pb]!;
  return true;
}

/**
 * Bytes held by the typed arrays of an {@link Hpa} (abstract graph, cell map and query scratch).
 *
 * @param hpa - the abstraction to measure (read)
 */
export function hpaMemoryBytes(hpa: Hpa): number {
  return (
    hpa.nodeCell.byteLength +
    hpa.nodeCluster.byteLength +
    hpa.cellNode.byteLength +
    hpa.edgeStart.byteLength +
    hpa.edgeTo.byteLength +
    hpa.edgeCost.byteLength +
    hpa.clusterStart.byteLength +
    hpa.clusterNodes.byteLength +
    hpa.g.byteLength +
    hpa.parent.byteLength +
    hpa.closed.byteLength +
    hpa.heap.ids.byteLength +
    hpa.heap.priorities.byteLength +
    hpa.heap.positions.byteLength +
    hpa.toGoal.byteLength +
    hpa.abstractPath.byteLength
  );
}
