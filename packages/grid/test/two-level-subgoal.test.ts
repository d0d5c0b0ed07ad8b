import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createGrid,
  createGridPath,
  createSubgoalGraph,
  createTwoLevelSubgoalGraph,
  CornerCutting,
  findPathSubgoal,
  findPathTwoLevelSubgoal,
  matchesScenarioLength,
  PathFlags,
  setCellPassable,
  twoLevelSubgoalGraphMemoryBytes,
} from "../src";
import { loadMovingAi, sample } from "./movingai-data";
import { checkRandomSubgoalMap, countBadScenarios } from "./subgoal-check";

describe("two-level subgoal graphs", () => {
  it("equal Dijkstra on random maps (paths legal, waypoints joined diagonal-first)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 18 }),
        fc.integer({ min: 2, max: 18 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 324, maxLength: 324 }),
        fc.double({ min: 0, max: 0.45, noNaN: true }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 6, maxLength: 6 }),
        (w, h, bits, density, queries) => {
          checkRandomSubgoalMap([w, h, bits, density, queries], (grid) => {
            const tsg = createTwoLevelSubgoalGraph(grid);
            return (sx, sy, gx, gy, out) => findPathTwoLevelSubgoal(out, tsg, sx, sy, gx, gy);
          });
        },
      ),
      { numRuns: 250 },
    );
  });

  it("makes most subgoals local on a game map, is optimal there, and expands fewer nodes than the simple graph", () => {
    const { map, scenarios } = loadMovingAi("dao", "arena2.map");
    const grid = map.grid;
    const tsg = createTwoLevelSubgoalGraph(grid);
    const ssg = createSubgoalGraph(grid);
    expect(tsg.globalCount).toBeLessThan(ssg.count / 2);
    expect(twoLevelSubgoalGraphMemoryBytes(tsg)).toBeGreaterThan(0);
    const out = createGridPath(grid);
    let expandedTsg = 0;
    let expandedSsg = 0;
    for (const c of sample(scenarios, 60)) {
      findPathTwoLevelSubgoal(out, tsg, c.startX, c.startY, c.goalX, c.goalY);
      expect(matchesScenarioLength(c, out.cost)).toBe(true);
      expandedTsg += tsg.expanded;
      findPathSubgoal(out, ssg, c.startX, c.startY, c.goalX, c.goalY);
      expandedSsg += ssg.expanded;
    }
    expect(expandedTsg).toBeLessThan(expandedSsg);
  });

  for (const name of ["lak110d.map", "lak105d.map"]) {
    it(`matches every optimal length on dao/${name}`, () => {
      const { map, scenarios } = loadMovingAi("dao", name);
      const grid = map.grid;
      const tsg = createTwoLevelSubgoalGraph(grid);
      const bad = countBadScenarios(grid, scenarios, (sx, sy, gx, gy, out) => findPathTwoLevelSubgoal(out, tsg, sx, sy, gx, gy));
      expect(bad).toBe(0);
    });
  }

  it("follows edits (rebuilt on the next query) and rejects unsupported grids", () => {
    const grid = createGrid(7, 5);
    for (let y = 0; y < 4; y++) setCellPassable(grid, 3, y, false);
    const tsg = createTwoLevelSubgoalGraph(grid);
    const out = createGridPath(grid);
    findPathTwoLevelSubgoal(out, tsg, 0, 0, 6, 0);
    expect(out.flags).toBe(PathFlags.Found);
    // Around the wall's end, with no corner cutting: (0,0) → (2,4) → (4,4) → (6,0).
    expect(out.cost).toBeCloseTo(2 * (2 + 2 * Math.SQRT2) + 2, 9);
    setCellPassable(grid, 3, 4, false);
    findPathTwoLevelSubgoal(out, tsg, 0, 0, 6, 0);
    expect(out.flags).toBe(PathFlags.NoPath);
    expect(() => createTwoLevelSubgoalGraph(createGrid(3, 3, { cornerCutting: CornerCutting.Always }))).toThrow(/createSubgoalGraph/);
    expect(() => findPathTwoLevelSubgoal(out, tsg, 0, 0, 7, 0)).toThrow(/^@tactica\/grid: findPathTwoLevelSubgoal:/);
  });
});
