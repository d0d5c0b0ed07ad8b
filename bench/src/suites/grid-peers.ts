// Adapters for the peer libraries of the grid suite. Each prepares a map once and answers
// queries with a path cost, so the suite can time them and check the cost.
import { createRequire } from "node:module";
import type { Grid } from "@tactica/grid";

const require = createRequire(import.meta.url);

/** A prepared solver for one map: answers a query with the cost of the path it returns. */
export type Query = (sx: number, sy: number, gx: number, gy: number) => number;

function pfCost(path: number[][]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const dx = Math.abs(path[i]![0]! - path[i - 1]![0]!);
    const dy = Math.abs(path[i]![1]! - path[i - 1]![1]!);
    total += dx > dy ? dx + (Math.SQRT2 - 1) * dy : dy + (Math.SQRT2 - 1) * dx;
  }
  return total;
}

interface PfGrid {
  clone(): PfGrid;
}
interface PfModule {
  Grid: new (w: number, h: number, matrix?: number[][]) => PfGrid;
  AStarFinder: new (opts: object) => { findPath(a: number, b: number, c: number, d: number, g: PfGrid): number[][] };
  JumpPointFinder: new (opts: object) => { findPath(a: number, b: number, c: number, d: number, g: PfGrid): number[][] };
  DiagonalMovement: Record<string, number>;
  Heuristic: Record<string, unknown>;
}

function matrix(grid: Grid): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const r: number[] = [];
    for (let x = 0; x < grid.width; x++) r.push(grid.passable[y * grid.width + x] === 1 ? 0 : 1);
    rows.push(r);
  }
  return rows;
}

/**
 * Median time of `PF.Grid#clone()` for this map in µs: PathFinding.js writes its search state into
 * the grid's nodes, so every query needs a fresh clone; that clone is most of its query time on big
 * maps. The suite reports PathFinding.js with the clone (what a user pays, the headline ratio) and
 * without it (this time subtracted from every query on the map), side by side.
 */
export function pathfindingCloneUs(grid: Grid): number {
  const PF = require("pathfinding") as PfModule;
  const base = new PF.Grid(grid.width, grid.height, matrix(grid));
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    let n = 0;
    const t0 = performance.now();
    let t: number;
    do {
      base.clone();
      n++;
      t = performance.now();
    } while (t - t0 < 2);
    times.push(((t - t0) * 1000) / n);
  }
  times.sort((a, b) => a - b);
  return times[3]!;
}

/** PathFinding.js (`pathfinding`) A* or JPS, 8-connected without corner cutting; clones the grid per query as its API requires. */
export function preparePathfinding(grid: Grid, kind: "astar" | "jps", connectivity: 4 | 8): Query {
  const PF = require("pathfinding") as PfModule;
  const base = new PF.Grid(grid.width, grid.height, matrix(grid));
  const diagonalMovement = connectivity === 8 ? PF.DiagonalMovement["OnlyWhenNoObstacles"] : PF.DiagonalMovement["Never"];
  const heuristic = connectivity === 8 ? PF.Heuristic["octile"] : PF.Heuristic["manhattan"];
  const finder = kind === "astar" ? new PF.AStarFinder({ diagonalMovement, heuristic }) : new PF.JumpPointFinder({ diagonalMovement, heuristic });
  return (sx, sy, gx, gy) => {
    const path = finder.findPath(sx, sy, gx, gy, base.clone());
    // PathFinding.js's JPS answers start === goal with an empty path; count that as found.
    if (path.length === 0) return sx === gx && sy === gy ? 0 : Infinity;
    return pfCost(path);
  };
}

/** l1-path-finder: 4-connected, preprocessed; allocation-free queries. */
export function prepareL1(grid: Grid): Query {
  const createPlanner = require("l1-path-finder") as (g: unknown) => { search(a: number, b: number, c: number, d: number, path?: number[]): number };
  const ndarray = createRequire(require.resolve("l1-path-finder"))("ndarray") as (data: Uint8Array, shape: number[], stride: number[]) => unknown;
  const data = new Uint8Array(grid.width * grid.height);
  for (let i = 0; i < data.length; i++) data[i] = grid.passable[i] === 1 ? 0 : 1;
  // get(x, y) = data[x + y * width]
  const planner = createPlanner(ndarray(data, [grid.width, grid.height], [1, grid.width]));
  return (sx, sy, gx, gy) => planner.search(sx, sy, gx, gy);
}

/** EasyStar.js in synchronous mode, 4-connected (its diagonal cost is 1.4, not √2). */
export function prepareEasystar(grid: Grid): Query {
  const EasyStar = require("easystarjs") as { js: new () => EasyStarInstance };
  const es = new EasyStar.js();
  es.setGrid(matrix(grid));
  es.setAcceptableTiles([0]);
  es.enableSync();
  let cost = Infinity;
  const done = (path: { x: number; y: number }[] | null): void => {
    // EasyStar reports start === goal as an empty path.
    cost = path === null ? Infinity : Math.max(0, path.length - 1);
  };
  return (sx, sy, gx, gy) => {
    cost = Infinity;
    es.findPath(sx, sy, gx, gy, done);
    es.calculate();
    return cost;
  };
}
interface EasyStarInstance {
  setGrid(g: number[][]): void;
  setAcceptableTiles(t: number[]): void;
  enableSync(): void;
  findPath(a: number, b: number, c: number, d: number, cb: (p: { x: number; y: number }[] | null) => void): void;
  calculate(): void;
}

/** ngraph.path A* over an ngraph.graph of the passable cells, 4-connected. */
export function prepareNgraph(grid: Grid): Query {
  const createGraph = require("ngraph.graph") as () => NGraph;
  const path = require("ngraph.path") as { aStar(g: NGraph, opts: object): { find(a: number, b: number): unknown[] } };
  const g = createGraph();
  const w = grid.width;
  const p = grid.passable;
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (p[i] !== 1) continue;
      g.addNode(i);
      if (x + 1 < w && p[i + 1] === 1) g.addLink(i, i + 1);
      if (y + 1 < grid.height && p[i + w] === 1) g.addLink(i, i + w);
    }
  }
  const finder = path.aStar(g, {
    distance: () => 1,
    heuristic: (a: { id: number }, b: { id: number }) => Math.abs((a.id % w) - (b.id % w)) + Math.abs(Math.floor(a.id / w) - Math.floor(b.id / w)),
  });
  return (sx, sy, gx, gy) => {
    if (sx === gx && sy === gy) return 0;
    const nodes = finder.find(sy * w + sx, gy * w + gx);
    return nodes.length === 0 ? Infinity : nodes.length - 1;
  };
}
interface NGraph {
  addNode(id: number): void;
  addLink(a: number, b: number): void;
}
