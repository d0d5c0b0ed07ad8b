import { PathFlags as SearchPathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  computeDStarLitePath,
  computeLpaStarPath,
  createBucketedJpsPlus,
  createDStarLite,
  createGoalBounds,
  createGrid,
  createGridPath,
  createGridSearch,
  createHpa,
  createIdaStar,
  createJpsPlus,
  createLpaStar,
  createNLevelSubgoalGraph,
  createRegionMap,
  createSlicedAStar,
  createSubgoalGraph,
  createTwoLevelSubgoalGraph,
  findPathAStar,
  GoalBoundsCoverage,
  findPathAStarGoalBounded,
  findPathBfs,
  findPathDijkstra,
  findPathHpa,
  findPathIdaStar,
  findPathJps,
  findPathJpsPlus,
  findPathJpsPlusBucketed,
  findPathJpsPlusGoalBounded,
  findPathNLevelSubgoal,
  findPathRegionAStar,
  findPathSubgoal,
  findPathThetaStar,
  findPathTwoLevelSubgoal,
  PathFlags,
  setCellPassable,
  setDStarLiteEndpoints,
  setLpaStarEndpoints,
  startSlicedAStar,
  stepSlicedAStar,
  type Grid,
  type GridPath,
} from "../src";

// A 12×12 map with two walls, so every solver's path has several waypoints and many cells.
function map(): Grid {
  const grid = createGrid(12, 12);
  for (let y = 0; y < 9; y++) setCellPassable(grid, 4, y, false);
  for (let y = 3; y < 12; y++) setCellPassable(grid, 8, y, false);
  return grid;
}

type Solver = (out: GridPath, grid: Grid) => GridPath;
const S = [0, 0] as const;
const G = [11, 11] as const;
const solvers: Record<string, Solver> = {
  astar: (o, g) => findPathAStar(o, createGridSearch(g), ...S, ...G),
  dijkstra: (o, g) => findPathDijkstra(o, createGridSearch(g), ...S, ...G),
  bfs: (o, g) => findPathBfs(o, createGridSearch(g), ...S, ...G),
  jps: (o, g) => findPathJps(o, createGridSearch(g), ...S, ...G),
  "jps-plus": (o, g) => findPathJpsPlus(o, createGridSearch(g), createJpsPlus(g), ...S, ...G),
  "jps-plus-bucketed": (o, g) => {
    const s = createGridSearch(g);
    return findPathJpsPlusBucketed(o, s, createJpsPlus(g), createBucketedJpsPlus(s), ...S, ...G);
  },
  "theta-star": (o, g) => findPathThetaStar(o, createGridSearch(g), ...S, ...G),
  "ida-star": (o, g) => findPathIdaStar(o, createIdaStar(createGridSearch(g)), ...S, ...G),
  "region-astar": (o, g) => findPathRegionAStar(o, createRegionMap(g), ...S, ...G),
  hpa: (o, g) => {
    const s = createGridSearch(g);
    return findPathHpa(o, createHpa(s, { clusterSize: 4 }), s, ...S, ...G);
  },
  subgoal: (o, g) => findPathSubgoal(o, createSubgoalGraph(g), ...S, ...G),
  "two-level-subgoal": (o, g) => findPathTwoLevelSubgoal(o, createTwoLevelSubgoalGraph(g), ...S, ...G),
  "n-level-subgoal": (o, g) => findPathNLevelSubgoal(o, createNLevelSubgoalGraph(g), ...S, ...G),
  "astar-goal-bounded": (o, g) => findPathAStarGoalBounded(o, createGridSearch(g), createGoalBounds(g), ...S, ...G),
  "jps-plus-goal-bounded": (o, g) =>
    findPathJpsPlusGoalBounded(o, createGridSearch(g), createJpsPlus(g), createGoalBounds(g, { coverage: GoalBoundsCoverage.JumpPoints }), ...S, ...G),
  "time-sliced": (o, g) => {
    const sliced = createSlicedAStar(createGridSearch(g));
    startSlicedAStar(sliced, ...S, ...G);
    return stepSlicedAStar(o, sliced, 1_000_000);
  },
  "lpa-star": (o, g) => {
    const l = createLpaStar(g);
    setLpaStarEndpoints(l, ...S, ...G);
    return computeLpaStarPath(o, l);
  },
  "d-star-lite": (o, g) => {
    const d = createDStarLite(g);
    setDStarLiteEndpoints(d, ...S, ...G);
    return computeDStarLitePath(o, d);
  },
};

describe("a too-short result buffer is a flag, never a throw", () => {
  it("uses @tactica/search's PathFlags object (one flag set)", () => {
    expect(PathFlags).toBe(SearchPathFlags);
    expect(PathFlags.PathTruncated).toBe(16);
  });

  for (const [name, run] of Object.entries(solvers)) {
    it(`${name}: PathTruncated, full length and cost, the first cells written`, () => {
      const grid = map();
      const full = run(createGridPath(grid), grid);
      expect(full.flags).toBe(PathFlags.Found);
      expect(full.length).toBeGreaterThan(2);
      for (const capacity of [1, 2, full.length - 1]) {
        const short = run(createGridPath(grid, { capacity }), grid);
        expect(short.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
        expect(short.length).toBe(full.length);
        expect(short.cost).toBeCloseTo(full.cost, 9);
        expect(Array.from(short.path)).toEqual(Array.from(full.path.subarray(0, capacity)));
      }
      const exact = run(createGridPath(grid, { capacity: full.length }), grid);
      expect(exact.flags).toBe(PathFlags.Found);
    });
  }
});
