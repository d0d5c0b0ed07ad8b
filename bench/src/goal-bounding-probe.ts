// Goal-bounding probe: on one Moving AI map (every scenario, three warmed rounds of five passes,
// best pass), the mean query time and nodes expanded of A*, JPS+, JPS+ with goal bounding
// (jump-point and all-cell bounds) and A* with goal bounding, plus the preprocessing time.
// `cd bench && node --conditions=@tactica/source --import tsx src/goal-bounding-probe.ts <set>/<map> [all|jp]`
// (`jp` skips the all-cell bounds, O(cells²)). Complements the grid suite's medians over many maps.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sharedBenchDir } from "./shared-data";
import {
  createGoalBounds,
  createGridPath,
  createGridSearch,
  createJpsPlus,
  findPathAStar,
  findPathAStarGoalBounded,
  findPathJpsPlus,
  findPathJpsPlusGoalBounded,
  GoalBoundsCoverage,
  parseMovingAiMap,
  parseMovingAiScenarios,
  type GridPath,
} from "@tactica/grid";
const name = process.argv[2] ?? "dao/arena2.map";
const all = process.argv[3] !== "jp";
const file = join(sharedBenchDir(), "movingai", name);
const { grid } = parseMovingAiMap(readFileSync(file, "utf8"));
const scen = parseMovingAiScenarios(readFileSync(`${file}.scen`, "utf8"));
const search = createGridSearch(grid);
const jp = createJpsPlus(grid);
let t0 = performance.now();
const gbj = createGoalBounds(grid, { coverage: GoalBoundsCoverage.JumpPoints });
const jpMs = performance.now() - t0;
t0 = performance.now();
const gba = all ? createGoalBounds(grid) : null;
const allMs = performance.now() - t0;
const out = createGridPath(grid);
const solvers: [string, (a: number, b: number, c: number, d: number) => GridPath][] = [
  ["astar", (a, b, c, d) => findPathAStar(out, search, a, b, c, d)],
  ["jps-plus", (a, b, c, d) => findPathJpsPlus(out, search, jp, a, b, c, d)],
  ["jps-plus-gb(jp)", (a, b, c, d) => findPathJpsPlusGoalBounded(out, search, jp, gbj, a, b, c, d)],
];
if (gba)
  solvers.push(
    ["jps-plus-gb(all)", (a, b, c, d) => findPathJpsPlusGoalBounded(out, search, jp, gba, a, b, c, d)],
    ["astar-gb", (a, b, c, d) => findPathAStarGoalBounded(out, search, gba, a, b, c, d)],
  );
console.log(
  `${name} ${grid.width}x${grid.height} scen ${scen.length} jp rows ${gbj.rows} (${jpMs.toFixed(0)} ms) all rows ${gba?.rows ?? "-"} (${allMs.toFixed(0)} ms)`,
);
for (const round of [1, 2, 3]) {
  for (const [label, f] of solvers) {
    let best = Infinity;
    let exp = 0;
    for (let pass = 0; pass < 5; pass++) {
      exp = 0;
      const s = performance.now();
      for (const c of scen) {
        f(c.startX, c.startY, c.goalX, c.goalY);
        exp += out.expanded;
      }
      best = Math.min(best, performance.now() - s);
    }
    console.log(`round ${round} ${label.padEnd(18)} mean ${((best * 1000) / scen.length).toFixed(2)} us  expanded/query ${(exp / scen.length).toFixed(1)}`);
  }
}
