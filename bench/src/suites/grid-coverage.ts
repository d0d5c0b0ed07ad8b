// The grid suite's rows for the solvers that are not plain optimal point-to-point searches, or
// that are too slow for every query: any-angle searches (Theta*, Lazy Theta*, A* + post-smoothing),
// IDA*, LPA* (first plan), time-sliced A*, flow fields (8-connected and Theta*-based), Dijkstra
// distance fields, region-based A* and 8-connected BFS. Each entry says how its result is checked
// (`check`, see CheckKind in grid.ts).
import {
  computeDistanceField,
  computeFlowField,
  computeLpaStarPath,
  computeThetaFlowField,
  createFlowField,
  createGridPath,
  createGridSearch,
  createIdaStar,
  createLpaStar,
  createRegionMap,
  createSlicedAStar,
  createThetaFlowField,
  findPathAStar,
  findPathBfs,
  findPathIdaStar,
  findPathRegionAStar,
  findPathThetaStar,
  flowFieldDirectionAt,
  gridSearchMemoryBytes,
  PathFlags,
  regionMapMemoryBytes,
  setLpaStarEndpoints,
  smoothPath,
  startSlicedAStar,
  stepSlicedAStar,
  thetaFlowFieldDirectionAt,
  type Grid,
  type GridPath,
  type LpaStar,
  type ThetaFlowField,
} from "@tactica/grid";
import type { Prepared, SolverDef } from "./grid";

/** Largest map IDA* runs on (cells): it re-expands nodes once per threshold, so it is for small maps only. */
export const IDA_MAX_CELLS = 100 * 100;
/** IDA*'s node budget per query; a query that runs out counts as failed. */
export const IDA_BUDGET = 1_000_000;
/** Node expansions per slice of the time-sliced A* row. */
export const SLICE_EXPANSIONS = 1000;

/** Euclidean length of the waypoint path `cells[0 .. length)` (cell centres). */
export function waypointLength(width: number, cells: Int32Array, length: number): number {
  let total = 0;
  for (let i = 1; i < length; i++) {
    const a = cells[i - 1]!;
    const b = cells[i]!;
    const dx = (b % width) - (a % width);
    const dy = ((b / width) | 0) - ((a / width) | 0);
    total += Math.sqrt(dx * dx + dy * dy);
  }
  return total;
}

/** Allocation-free query wrapper shared by the rows below: `run` fills `out`, the query returns its cost. */
function prepared(out: GridPath, run: (sx: number, sy: number, gx: number, gy: number) => void, bytes: number, withPath = false): Prepared {
  const p: Prepared = { query: (a, b, c, d) => (run(a, b, c, d), out.cost), exec: run, bytes };
  if (withPath) p.waypoints = () => out;
  return p;
}

/** Bytes of a flow-field style state: its typed arrays. */
function bytesOf(...arrays: ArrayBufferView[]): number {
  let n = 0;
  for (const a of arrays) n += a.byteLength;
  return n;
}

function prepareFlowField(grid: Grid): Prepared {
  const search = createGridSearch(grid);
  const field = createFlowField(grid);
  const goals = new Int32Array(1);
  const dir = { x: 0, y: 0 };
  const w = grid.width;
  const at = (x: number, y: number, o: { x: number; y: number }): boolean => flowFieldDirectionAt(o, field, x, y);
  // The walked length goes to a typed array: a double kept in a closure variable is boxed per write.
  const last = new Float64Array(1);
  const run = (sx: number, sy: number, gx: number, gy: number): void => {
    goals[0] = gy * w + gx;
    computeFlowField(field, search, goals);
    walkCells(sx, sy, gx, gy, grid.width * grid.height, at, dir, last);
  };
  return { query: (a, b, c, d) => (run(a, b, c, d), last[0]!), exec: run, bytes: gridSearchMemoryBytes(search) + bytesOf(field.integration, field.direction) };
}

/**
 * Walks the 8-connected field from cell centre to cell centre: each step follows the unit vector
 * of {@link flowFieldDirectionAt} scaled to a whole move (1 or √2). Writes the length walked
 * into `result[0]`, `Infinity` when the walk stops before the goal.
 */
function walkCells(
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  maxSteps: number,
  at: (x: number, y: number, o: { x: number; y: number }) => boolean,
  dir: { x: number; y: number },
  result: Float64Array,
): void {
  let x = sx;
  let y = sy;
  let walked = 0;
  result[0] = Infinity;
  for (let k = 0; k < maxSteps; k++) {
    if (!at(x, y, dir)) {
      if (x === gx && y === gy) result[0] = walked;
      return;
    }
    const mx = Math.round(dir.x * 1.5);
    const my = Math.round(dir.y * 1.5);
    x += Math.sign(mx);
    y += Math.sign(my);
    walked += mx !== 0 && my !== 0 ? Math.SQRT2 : 1;
  }
}

/**
 * Walks an agent the way the Theta*-based field is meant to be followed: from the start cell's
 * centre along {@link thetaFlowFieldDirectionAt} to the centre of the cell's parent (the distance
 * of one hop), then reads the field again. Writes the length walked into `result[0]`, `Infinity`
 * when the walk stops before the goal. (A fixed-step walk that re-reads the direction in every cell
 * it crosses can clip walls: the direction is the one from the cell's centre.)
 */
function walkHops(field: ThetaFlowField, dir: { x: number; y: number }, sx: number, sy: number, gx: number, gy: number, result: Float64Array): void {
  const w = field.width;
  let x = sx + 0.5;
  let y = sy + 0.5;
  let walked = 0;
  result[0] = Infinity;
  for (let k = field.parent.length; k > 0; k--) {
    const c = Math.floor(y) * w + Math.floor(x);
    if (!thetaFlowFieldDirectionAt(dir, field, x, y)) {
      if (c === gy * w + gx) result[0] = walked;
      return;
    }
    const p = field.parent[c]!;
    const dx = (p % w) + 0.5 - x;
    const dy = ((p / w) | 0) + 0.5 - y;
    const hop = Math.sqrt(dx * dx + dy * dy);
    x += dir.x * hop;
    y += dir.y * hop;
    walked += hop;
  }
}

function prepareThetaFlowField(grid: Grid): Prepared {
  const search = createGridSearch(grid);
  const field = createThetaFlowField(grid);
  const goals = new Int32Array(1);
  const dir = { x: 0, y: 0 };
  const w = grid.width;
  const out = createGridPath(grid);
  const last = new Float64Array(1);
  let from = 0;
  const run = (sx: number, sy: number, gx: number, gy: number): void => {
    goals[0] = gy * w + gx;
    computeThetaFlowField(field, search, goals);
    walkHops(field, dir, sx, sy, gx, gy, last);
    from = sy * w + sx;
  };
  // The field's own path from the start (its parent chain), for the any-angle checks.
  const chain = (): GridPath => {
    let n = 0;
    for (let c = from; c >= 0 && n < out.path.length; c = field.parent[c]!) out.path[n++] = c;
    out.length = n;
    const reached = n > 0 && field.integration[out.path[n - 1]!] === 0;
    out.flags = reached ? PathFlags.Found : PathFlags.NoPath;
    out.cost = reached ? waypointLength(w, out.path, n) : Infinity;
    return out;
  };
  return {
    query: (a, b, c, d) => (run(a, b, c, d), last[0]!),
    exec: run,
    bytes: gridSearchMemoryBytes(search) + bytesOf(field.integration, field.parent),
    waypoints: chain,
  };
}

function prepareDistanceField(grid: Grid): Prepared {
  const search = createGridSearch(grid);
  const dist = new Float64Array(grid.width * grid.height);
  const goals = new Int32Array(1);
  const w = grid.width;
  const run = (sx: number, sy: number, gx: number, gy: number): void => {
    goals[0] = gy * w + gx;
    computeDistanceField(dist, search, goals);
    void sx;
    void sy;
  };
  // The field value at the start is the optimal cost from start to goal (uniform grids are symmetric).
  return { query: (a, b, c, d) => (run(a, b, c, d), dist[b * w + a]!), exec: run, bytes: gridSearchMemoryBytes(search) + dist.byteLength };
}

function prepareSmoothed(grid: Grid): Prepared {
  const search = createGridSearch(grid);
  const out = createGridPath(grid);
  const w = grid.width;
  return prepared(
    out,
    (sx, sy, gx, gy) => {
      findPathAStar(out, search, sx, sy, gx, gy);
      if ((out.flags & PathFlags.Found) === 0) return;
      out.length = smoothPath(grid, out.path, out.length);
      out.cost = waypointLength(w, out.path, out.length);
    },
    gridSearchMemoryBytes(search) + out.path.byteLength,
    true,
  );
}

function prepareTheta(grid: Grid, lazy: boolean): Prepared {
  const search = createGridSearch(grid);
  const out = createGridPath(grid);
  return prepared(
    out,
    (sx, sy, gx, gy) => void findPathThetaStar(out, search, sx, sy, gx, gy, { lazy }),
    gridSearchMemoryBytes(search) + out.path.byteLength,
    true,
  );
}

function prepareIda(grid: Grid): Prepared {
  const search = createGridSearch(grid);
  const ida = createIdaStar(search);
  const out = createGridPath(grid);
  return prepared(
    out,
    (sx, sy, gx, gy) => void findPathIdaStar(out, ida, sx, sy, gx, gy, { maxExpansions: IDA_BUDGET }),
    gridSearchMemoryBytes(search) + out.path.byteLength + bytesOf(ida.stackNode, ida.stackDir, ida.stackG),
  );
}

function lpaBytes(l: LpaStar): number {
  return bytesOf(l.open, l.g, l.rhs, l.heapIds, l.heapK1, l.heapK2, l.heapPos, l.offsets);
}

function prepareLpa(grid: Grid): Prepared {
  const lpa = createLpaStar(grid);
  const out = createGridPath(grid);
  return prepared(
    out,
    (sx, sy, gx, gy) => {
      setLpaStarEndpoints(lpa, sx, sy, gx, gy);
      computeLpaStarPath(out, lpa);
    },
    lpaBytes(lpa) + out.path.byteLength,
  );
}

function prepareSliced(grid: Grid): Prepared {
  const search = createGridSearch(grid);
  const sliced = createSlicedAStar(search);
  const out = createGridPath(grid);
  return prepared(
    out,
    (sx, sy, gx, gy) => {
      startSlicedAStar(sliced, sx, sy, gx, gy);
      do stepSlicedAStar(out, sliced, SLICE_EXPANSIONS);
      while ((out.flags & PathFlags.BudgetExhausted) !== 0);
    },
    gridSearchMemoryBytes(search) + out.path.byteLength,
  );
}

function prepareRegion(grid: Grid): Prepared {
  const rm = createRegionMap(grid);
  const out = createGridPath(grid);
  return prepared(out, (sx, sy, gx, gy) => void findPathRegionAStar(out, rm, sx, sy, gx, gy), regionMapMemoryBytes(rm) + out.path.byteLength);
}

function prepareBfs(grid: Grid): Prepared {
  const search = createGridSearch(grid);
  const out = createGridPath(grid);
  return prepared(out, (sx, sy, gx, gy) => void findPathBfs(out, search, sx, sy, gx, gy), gridSearchMemoryBytes(search) + out.path.byteLength);
}

/**
 * The rows of this file. `peer: true` puts a solver on the `--peer-limit` query subset (the slow
 * ones: a whole field per query, IDA*, LPA*'s O(cells) reset).
 */
export const COVERAGE_SOLVERS: SolverDef[] = [
  { solver: "theta", library: "tactica", connectivity: 8, optimal: false, check: "any-angle", peer: false, prepare: (g) => prepareTheta(g, false) },
  { solver: "lazy-theta", library: "tactica", connectivity: 8, optimal: false, check: "any-angle", peer: false, prepare: (g) => prepareTheta(g, true) },
  { solver: "astar-smooth", library: "tactica", connectivity: 8, optimal: false, check: "any-angle", peer: false, prepare: prepareSmoothed },
  { solver: "astar-sliced-1k", library: "tactica", connectivity: 8, optimal: true, peer: false, prepare: prepareSliced },
  { solver: "lpa-first", library: "tactica", connectivity: 8, optimal: true, peer: true, prepare: prepareLpa },
  { solver: "ida", library: "tactica", connectivity: 8, optimal: true, peer: true, maxCells: IDA_MAX_CELLS, prepare: prepareIda },
  { solver: "region-astar", library: "tactica", connectivity: 8, optimal: false, peer: false, prepare: prepareRegion },
  { solver: "bfs", library: "tactica", connectivity: 8, optimal: false, peer: false, prepare: prepareBfs },
  { solver: "distance-field", library: "tactica", connectivity: 8, optimal: true, peer: true, prepare: prepareDistanceField },
  { solver: "flow-field", library: "tactica", connectivity: 8, optimal: true, check: "field", peer: true, prepare: prepareFlowField },
  { solver: "theta-flow-field", library: "tactica", connectivity: 8, optimal: false, check: "field", peer: true, prepare: prepareThetaFlowField },
];
