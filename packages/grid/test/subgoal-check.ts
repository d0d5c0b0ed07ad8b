import { expect } from "vitest";
import { createGridPath, expandPath, isPathLegal, pathCost, PathFlags, type Grid, type GridPath } from "../src";

/**
 * Runs one subgoal-graph query from cell `start` to cell `goal` and checks it against the
 * `expected` optimal cost: status, cost, a legal cell path from start to goal once the waypoints
 * are expanded, and a refined cost equal to the abstract path's cost.
 */
export function checkSubgoalQuery(grid: Grid, find: (sx: number, sy: number, gx: number, gy: number, out: GridPath) => GridPath, start: number, goal: number, expected: number): void {
  const w = grid.width;
  const out = createGridPath(grid);
  find(start % w, Math.floor(start / w), goal % w, Math.floor(goal / w), out);
  if (expected === Infinity) {
    expect(out.status).toBe(PathFlags.NoPath);
    return;
  }
  expect(out.status).toBe(PathFlags.Found);
  expect(out.cost).toBeCloseTo(expected, 9);
  const cells = new Int32Array(w * grid.height * 2);
  const n = expandPath(grid, out.cells, out.length, cells);
  expect(cells[0]).toBe(start);
  expect(cells[n - 1]).toBe(goal);
  expect(isPathLegal(grid, cells, n)).toBe(true);
  expect(pathCost(grid, cells, n)).toBeCloseTo(out.cost, 9);
}
