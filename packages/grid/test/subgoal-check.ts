import { expect } from "vitest";
import {
  computeDistanceField,
  createGrid,
  createGridPath,
  createGridSearch,
  expandPath,
  isPathLegal,
  matchesScenarioLength,
  pathCost,
  PathFlags,
  type Grid,
  type GridPath,
  type MovingAiScenario,
} from "../src";

/**
 * Runs one subgoal-graph query from cell `start` to cell `goal` and checks it against the
 * `expected` optimal cost: status, cost, a legal cell path from start to goal once the waypoints
 * are expanded, and a refined cost equal to the abstract path's cost.
 */
export function checkSubgoalQuery(
  grid: Grid,
  find: (sx: number, sy: number, gx: number, gy: number, out: GridPath) => GridPath,
  start: number,
  goal: number,
  expected: number,
): void {
  const w = grid.width;
  const out = createGridPath(grid);
  find(start % w, Math.floor(start / w), goal % w, Math.floor(goal / w), out);
  if (expected === Infinity) {
    expect(out.flags).toBe(PathFlags.NoPath);
    return;
  }
  expect(out.flags).toBe(PathFlags.Found);
  expect(out.cost).toBeCloseTo(expected, 9);
  const cells = new Int32Array(w * grid.height * 2);
  const n = expandPath(cells, grid, out.path, out.length);
  expect(cells[0]).toBe(start);
  expect(cells[n - 1]).toBe(goal);
  expect(isPathLegal(grid, cells, n)).toBe(true);
  expect(pathCost(grid, cells, n)).toBeCloseTo(out.cost, 9);
}

/** A random-map case for the subgoal property tests: size, cell draws, wall density, query pairs. */
export type RandomMapCase = [w: number, h: number, bits: readonly number[], density: number, queries: readonly (readonly [number, number])[]];

/**
 * Builds the 8-connected map of a {@link RandomMapCase} (cell i blocked when `bits[i] < density`),
 * lets `prepare` build the graph, and checks every query with {@link checkSubgoalQuery} against a
 * Dijkstra distance field from the goal.
 */
export function checkRandomSubgoalMap(
  [w, h, bits, density, queries]: RandomMapCase,
  prepare: (grid: Grid) => (sx: number, sy: number, gx: number, gy: number, out: GridPath) => GridPath,
): void {
  const grid = createGrid(w, h);
  for (let i = 0; i < w * h; i++) if (bits[i]! < density) grid.passable[i] = 0;
  grid.version++;
  const find = prepare(grid);
  const search = createGridSearch(grid);
  const field = new Float64Array(w * h);
  for (const [a, b] of queries) {
    const start = a % (w * h);
    const goal = b % (w * h);
    computeDistanceField(field, search, [goal]);
    checkSubgoalQuery(grid, find, start, goal, grid.passable[start] === 1 ? field[start]! : Infinity);
  }
}

/**
 * Counts the scenarios whose subgoal-graph answer is wrong: cost other than the scenario's optimal
 * length, an illegal expanded cell path, a refined cost other than the abstract one, or a path
 * that does not run from start to goal. 0 means every scenario passed.
 */
export function countBadScenarios(
  grid: Grid,
  scenarios: readonly MovingAiScenario[],
  find: (sx: number, sy: number, gx: number, gy: number, out: GridPath) => GridPath,
): number {
  const out = createGridPath(grid);
  const cells = new Int32Array(grid.width * grid.height);
  let bad = 0;
  for (const c of scenarios) {
    find(c.startX, c.startY, c.goalX, c.goalY, out);
    const n = expandPath(cells, grid, out.path, out.length);
    if (
      !matchesScenarioLength(c, out.cost) ||
      !isPathLegal(grid, cells, n) ||
      Math.abs(pathCost(grid, cells, n) - out.cost) > 1e-6 ||
      cells[0] !== c.startY * grid.width + c.startX ||
      cells[n - 1] !== c.goalY * grid.width + c.goalX
    ) {
      bad++;
    }
  }
  return bad;
}
