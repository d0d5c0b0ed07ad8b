import { ErrorCodes, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createGrid, createGridPath, createGridSearch, findGridPath, findPathAStar, isPathLegal, PathFlags, setCellPassable, type GridSolver } from "../src";

function wallMap(): ReturnType<typeof createGrid> {
  const grid = createGrid(5, 5);
  for (let y = 0; y < 4; y++) setCellPassable(grid, 2, y, false); // a wall with a gap at the bottom
  return grid;
}

describe("findGridPath (level 2)", () => {
  it("runs the @example of findGridPath", () => {
    const grid = wallMap();
    const result = findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }, { solver: "jps" });
    expect(result.found).toBe(true);
    expect(result.path.length).toBe(11);
    expect(result.path[0]).toEqual({ x: 0, y: 0 });
    expect(result.path[10]).toEqual({ x: 4, y: 0 });
  });

  it("runs the @example of findPathAStar", () => {
    const grid = createGrid(8, 8);
    const search = createGridSearch(grid);
    const path = createGridPath(grid);
    findPathAStar(path, search, 0, 0, 7, 7);
    expect((path.flags & PathFlags.Found) !== 0).toBe(true);
    expect(path.cost).toBeCloseTo(7 * Math.SQRT2, 9);
  });

  const solvers: GridSolver[] = ["astar", "dijkstra", "bfs", "jps", "jps-plus", "subgoal", "two-level-subgoal", "hpa", "theta-star", "lazy-theta-star"];
  for (const solver of solvers) {
    it(`returns a legal cell path of the optimal cost with solver ${solver}`, () => {
      const grid = wallMap();
      const r = findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }, { solver });
      expect(r.found).toBe(true);
      expect(r.flags & PathFlags.Found).toBe(PathFlags.Found);
      expect(r.path[0]).toEqual({ x: 0, y: 0 });
      expect(r.path[r.path.length - 1]).toEqual({ x: 4, y: 0 });
      if (solver.includes("theta")) {
        expect(r.cost).toBeLessThanOrEqual(6 + 4 * Math.SQRT2 + 1e-9);
      } else {
        const cells = Int32Array.from(r.path, (p) => p.y * grid.width + p.x);
        expect(isPathLegal(grid, cells, cells.length)).toBe(true);
        if (solver !== "hpa") expect(r.cost).toBeCloseTo(findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }).cost, 9);
      }
    });
  }

  it("reuses the cached state, sees grid edits and reports no path as a result", () => {
    const grid = wallMap();
    const a = findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }, { solver: "jps-plus" });
    expect(a.found).toBe(true);
    setCellPassable(grid, 2, 4, false);
    const b = findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }, { solver: "jps-plus" });
    expect(b.found).toBe(false);
    expect(b.flags).toBe(PathFlags.NoPath);
    expect(b.path).toEqual([]);
    expect(b.cost).toBe(Infinity);
    expect(a.path.length).toBe(11); // the first result is the caller's, untouched by later calls
  });

  it("sets BudgetExhausted when maxExpansions runs out", () => {
    const grid = wallMap();
    const r = findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }, { maxExpansions: 2 });
    expect(r.found).toBe(false);
    expect(r.flags).toBe(PathFlags.NoPath | PathFlags.BudgetExhausted);
    expect(r.expanded).toBe(2);
  });

  it("rejects bad points and unknown solvers with INVALID_ARGUMENT", () => {
    const grid = wallMap();
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isTacticaError(e) ? (e as { code: string }).code : "other";
      }
      return undefined;
    };
    expect(code(() => findGridPath(grid, { x: -1, y: 0 }, { x: 4, y: 0 }))).toBe(ErrorCodes.InvalidArgument);
    expect(code(() => findGridPath(grid, null as never, { x: 4, y: 0 }))).toBe(ErrorCodes.InvalidArgument);
    expect(code(() => findGridPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }, { solver: "nope" as GridSolver }))).toBe(ErrorCodes.InvalidArgument);
  });
});
