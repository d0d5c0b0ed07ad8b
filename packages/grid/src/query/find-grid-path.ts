import { invalidArgument } from "@tactica/core";
import { createHpa, findPathHpa, type Hpa } from "../hierarchical/hpa-star";
import { createJpsPlus, findPathJpsPlus, type JpsPlus } from "../jump-point/jps-plus";
import { findPathJps } from "../jump-point/jps";
import type { Grid } from "../model/grid";
import type { HeuristicValue } from "../model/heuristics";
import { expandPath } from "../model/path-utils";
import { findPathAStar, findPathDijkstra } from "../solvers/astar";
import { findPathBfs } from "../solvers/bfs";
import { findPathThetaStar } from "../solvers/theta-star";
import { createSubgoalGraph, findPathSubgoal } from "../subgoal/subgoal-graph";
import type { SubgoalGraph } from "../subgoal/types";
import { createTwoLevelSubgoalGraph, findPathTwoLevelSubgoal, type TwoLevelSubgoalGraph } from "../subgoal/two-level-subgoal-graph";
import { createGridPath, createGridSearch, PathFlags, type GridPath, type GridSearch } from "./grid-search";

/**
 * The solvers {@link findGridPath} can run (the level-1 function each one stands for):
 * `"astar"` {@link findPathAStar}, `"dijkstra"` {@link findPathDijkstra}, `"bfs"`
 * {@link findPathBfs}, `"jps"` {@link findPathJps}, `"jps-plus"` {@link findPathJpsPlus},
 * `"theta-star"` / `"lazy-theta-star"` {@link findPathThetaStar}, `"subgoal"`
 * {@link findPathSubgoal}, `"two-level-subgoal"` {@link findPathTwoLevelSubgoal}, `"hpa"`
 * {@link findPathHpa}.
 */
export type GridSolver = "astar" | "dijkstra" | "bfs" | "jps" | "jps-plus" | "theta-star" | "lazy-theta-star" | "subgoal" | "two-level-subgoal" | "hpa";

/** A cell, `x` the column and `y` the row (0-based). */
export interface GridPoint {
  readonly x: number;
  readonly y: number;
}

/** Options of {@link findGridPath}. */
export interface FindGridPathOptions {
  /** The solver (default `"astar"`). Solvers with preprocessing build it on first use and keep it for the grid. */
  readonly solver?: GridSolver | undefined;
  /** A* only: a {@link Heuristics} value (default: octile on 8-connected, Manhattan on 4-connected grids). */
  readonly heuristic?: HeuristicValue | undefined;
  /** A* only: heuristic weight ≥ 1 (default 1). */
  readonly weight?: number | undefined;
  /** A* and Dijkstra only: node budget (default no limit). */
  readonly maxExpansions?: number | undefined;
}

/** The plain result of {@link findGridPath}: a fresh object the caller owns. */
export interface FindGridPathResult {
  /** True when a path from start to goal was found. */
  readonly found: boolean;
  /** {@link PathFlags} bits of the query. */
  readonly flags: number;
  /** Cost of the path (sum of step lengths × terrain costs; Euclidean length for Theta*); `Infinity` when none. */
  readonly cost: number;
  /**
   * The cells from start to goal, every step one move of the grid (waypoint solvers' paths are
   * expanded), except for Theta*, whose any-angle waypoints are joined by straight segments.
   * Empty when no path was found.
   */
  readonly path: GridPoint[];
  /** Nodes expanded by the query. */
  readonly expanded: number;
}

interface GridCache {
  readonly search: GridSearch;
  readonly out: GridPath;
  readonly cells: Int32Array;
  jps: JpsPlus | null;
  subgoal: SubgoalGraph | null;
  twoLevel: TwoLevelSubgoalGraph | null;
  hpa: Hpa | null;
}

const caches = new WeakMap<Grid, GridCache>();

function cacheOf(grid: Grid): GridCache {
  let c = caches.get(grid);
  if (c === undefined) {
    c = {
      search: createGridSearch(grid),
      out: createGridPath(grid),
      cells: new Int32Array(Math.max(1, grid.width * grid.height)),
      jps: null,
      subgoal: null,
      twoLevel: null,
      hpa: null,
    };
    caches.set(grid, c);
  }
  return c;
}

function readPoint(where: string, name: string, p: unknown): GridPoint {
  if (typeof p !== "object" || p === null || typeof (p as GridPoint).x !== "number" || typeof (p as GridPoint).y !== "number") {
    invalidArgument(where, name, `must be an object { x, y } of numbers but is ${String(p)}`, "Pass the cell as { x: column, y: row }.");
  }
  return p as GridPoint;
}

/**
 * Finds a path on `grid` from `start` to `goal` in one call (level 2): plain inputs, a plain,
 * freshly allocated result. The reusable search state (and a solver's preprocessing: JPS+ table,
 * subgoal graph, HPA* abstraction) is created on first use and cached per grid in a `WeakMap`, so
 * later calls on the same grid only pay for the query; grid edits are picked up automatically.
 *
 * For a hot loop use the level-1 function of the solver (named on {@link GridSolver}) with your
 * own {@link GridSearch} and {@link GridPath}: it allocates nothing.
 *
 * @param grid - the grid to search (read; its cached search state and preprocessing are kept in a `WeakMap` keyed by this object)
 * @param start - the start cell `{ x: column, y: row }`, integers inside the grid (cells)
 * @param goal - the goal cell `{ x: column, y: row }`, integers inside the grid (cells)
 * @param options - `solver` (a {@link GridSolver}, default `"astar"`), `heuristic` and `weight` (≥ 1; A* only) and `maxExpansions` (node budget; A* and Dijkstra only, ignored by the other solvers); `{}` runs optimal A* with the grid's default heuristic and no node budget
 *
 * @returns `{ found, flags, cost, path, expanded }`; no path is a result (`found: false`), not an error
 * @throws TacticaError `INVALID_ARGUMENT` for points outside the grid, an unknown solver, or a
 *   solver that does not support the grid's rules (e.g. JPS on a grid with terrain costs).
 *
 * @example
 * ```ts
 * import { createGrid, findGridPath, setCellPassable } from "@tactica/grid";
 *
 * const grid = createGrid(5, 5);
 * for (let y = 0; y < 4; y++) setCellPassable(grid, 2, y, false); // a wall with a gap at the bottom
 * const result = findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }, { solver: "jps" });
 * console.log(result.found, result.path.length); // true 11
 * ```
 */
export function findGridPath(grid: Grid, start: GridPoint, goal: GridPoint, options: FindGridPathOptions = {}): FindGridPathResult {
  const where = "@tactica/grid: findGridPath";
  const s = readPoint(where, "start", start);
  const g = readPoint(where, "goal", goal);
  const c = cacheOf(grid);
  const { search, out } = c;
  const solver = options.solver ?? "astar";
  let waypoints = false;
  switch (solver) {
    case "astar":
      findPathAStar(out, search, s.x, s.y, g.x, g.y, { heuristic: options.heuristic, weight: options.weight, maxExpansions: options.maxExpansions });
      break;
    case "dijkstra":
      findPathDijkstra(out, search, s.x, s.y, g.x, g.y, { maxExpansions: options.maxExpansions });
      break;
    case "bfs":
      findPathBfs(out, search, s.x, s.y, g.x, g.y);
      break;
    case "jps":
      findPathJps(out, search, s.x, s.y, g.x, g.y);
      waypoints = true;
      break;
    case "jps-plus":
      c.jps ??= createJpsPlus(grid);
      findPathJpsPlus(out, search, c.jps, s.x, s.y, g.x, g.y);
      waypoints = true;
      break;
    case "theta-star":
    case "lazy-theta-star":
      findPathThetaStar(out, search, s.x, s.y, g.x, g.y, { lazy: solver === "lazy-theta-star" });
      break;
    case "subgoal":
      c.subgoal ??= createSubgoalGraph(grid);
      findPathSubgoal(out, c.subgoal, s.x, s.y, g.x, g.y);
      waypoints = true;
      break;
    case "two-level-subgoal":
      c.twoLevel ??= createTwoLevelSubgoalGraph(grid);
      findPathTwoLevelSubgoal(out, c.twoLevel, s.x, s.y, g.x, g.y);
      waypoints = true;
      break;
    case "hpa":
      c.hpa ??= createHpa(search);
      findPathHpa(out, c.hpa, search, s.x, s.y, g.x, g.y);
      break;
    default:
      invalidArgument(
        where,
        "options.solver",
        `is ${JSON.stringify(solver)}, not a known solver`,
        'Use one of "astar", "dijkstra", "bfs", "jps", "jps-plus", "theta-star", "lazy-theta-star", "subgoal", "two-level-subgoal", "hpa".',
      );
  }
  const found = (out.flags & PathFlags.Found) !== 0;
  const path: GridPoint[] = [];
  if (found) {
    let cells: ArrayLike<number> = out.path;
    let n = out.length;
    if (waypoints) {
      n = expandPath(c.cells, grid, out.path, out.length);
      cells = c.cells;
    }
    const w = grid.width;
    for (let i = 0; i < n; i++) {
      const cell = cells[i]!;
      path.push({ x: cell % w, y: (cell / w) | 0 });
    }
  }
  return { found, flags: out.flags, cost: out.cost, path, expanded: out.expanded };
}
