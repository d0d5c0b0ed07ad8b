import { describe, expect, it } from "vitest";
import {
  createGridPath,
  createGridSearch,
  createJpsPlus,
  createSubgoalGraph,
  findPathSubgoal,
  expandPath,
  findPathAStar,
  findPathDijkstra,
  findPathJps,
  findPathJpsPlus,
  isPathLegal,
  matchesScenarioLength,
  pathCost,
  PathFlags,
  scenarioLengthTolerance,
  type GridPath,
  type GridSearch,
  type MovingAiScenario,
} from "../src";
import { loadMovingAi, sample } from "./movingai-data";

type Solver = (s: GridSearch, c: MovingAiScenario, out: GridPath) => GridPath;

function check(set: string, name: string, count: number, solvers: Record<string, (s: GridSearch) => Solver>): void {
  const { map, scenarios } = loadMovingAi(set, name);
  const picked = sample(scenarios, count);
  const search = createGridSearch(map.grid);
  const out = createGridPath(map.grid);
  const cells = new Int32Array(map.grid.width * map.grid.height);
  for (const [label, make] of Object.entries(solvers)) {
    it(`${label} matches every optimal length, with a legal path of that real cost, on ${set}/${name} (${picked.length} scenarios)`, () => {
      const solve = make(search);
      let bad = 0;
      for (const c of picked) {
        solve(search, c, out);
        const n = expandPath(cells, map.grid, out.path, out.length);
        // The reported cost must match the scenario's optimum AND the real cost of the expanded
        // cell path (a solver that reports the right number for a wrong path fails here).
        if (
          out.flags !== PathFlags.Found ||
          !matchesScenarioLength(c, out.cost) ||
          !isPathLegal(map.grid, cells, n) ||
          Math.abs(pathCost(map.grid, cells, n) - out.cost) > 1e-6 ||
          cells[0] !== c.startY * map.grid.width + c.startX ||
          cells[n - 1] !== c.goalY * map.grid.width + c.goalX
        ) {
          bad++;
          if (bad < 4) expect.soft(out.cost, `${c.startX},${c.startY} → ${c.goalX},${c.goalY}`).toBeCloseTo(c.optimalLength, 4);
        }
      }
      expect(bad).toBe(0);
    });
  }
}

const astar = (): Solver => (s, c, out) => findPathAStar(out, s, c.startX, c.startY, c.goalX, c.goalY);
const dijkstra = (): Solver => (s, c, out) => findPathDijkstra(out, s, c.startX, c.startY, c.goalX, c.goalY);
const jps = (): Solver => (s, c, out) => findPathJps(out, s, c.startX, c.startY, c.goalX, c.goalY);
const jpsPlus = (s: GridSearch): Solver => {
  const jp = createJpsPlus(s.grid);
  return (s2, c, out) => findPathJpsPlus(out, s2, jp, c.startX, c.startY, c.goalX, c.goalY);
};

const subgoal = (s: GridSearch): Solver => {
  const sg = createSubgoalGraph(s.grid);
  return (_s, c, out) => findPathSubgoal(out, sg, c.startX, c.startY, c.goalX, c.goalY);
};

describe("Moving AI golden lengths", () => {
  describe("dao, small maps, every scenario", () => {
    check("dao", "lak110d.map", 1000, { astar, dijkstra, jps, jpsPlus, subgoal });
    check("dao", "lak105d.map", 1000, { astar, dijkstra, jps, jpsPlus, subgoal });
    check("dao", "lgt101d.map", 1000, { astar, jps, jpsPlus, subgoal });
  });
  describe("dao arena2, sample", () => {
    check("dao", "arena2.map", 120, { astar, jps, jpsPlus, subgoal });
  });
  describe("bg512 and sc1, samples", () => {
    check("bg512", "AR0011SR.map", 40, { astar, jps, jpsPlus, subgoal });
    check("sc1", "Aftershock.map", 30, { jps, jpsPlus, subgoal });
    check("random512", "random512-40-0.map", 40, { astar, jps, jpsPlus, subgoal });
    check("maze512", "maze512-1-0.map", 20, { jps, jpsPlus, subgoal });
  });
  it("derives the tolerance from the printed digits, not from the map field", () => {
    const base = { bucket: 0, width: 1, height: 1, startX: 0, startY: 0, goalX: 0, goalY: 0, optimalLength: 1000 };
    // 8 decimals: half of 1e-8, plus a tenth of it, plus 5e-10 per unit of length.
    expect(scenarioLengthTolerance({ ...base, map: "x.map", optimalLengthUnit: 1e-8 })).toBeCloseTo(0.5e-8 + 1e-9 + 5e-7, 15);
    // 6 significant digits (1000.00): half of 0.01, plus 1e-7 per unit, plus 5e-10 per unit.
    expect(scenarioLengthTolerance({ ...base, map: "maps/random/x.map", optimalLengthUnit: 0.01 })).toBeCloseTo(0.005 + 1e-4 + 5e-7, 12);
    expect(scenarioLengthTolerance({ ...base, map: "x.map", optimalLengthUnit: 0.01 })).toBe(
      scenarioLengthTolerance({ ...base, map: "maps/random/x.map", optimalLengthUnit: 0.01 }),
    );
  });
});
