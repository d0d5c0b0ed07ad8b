import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeDistanceField,
  Connectivity,
  CornerCutting,
  createGrid,
  createGridPath,
  createGridSearch,
  createJpsPlus,
  createIdaStar,
  createSubgoalGraph,
  findPathSubgoal,
  findPathIdaStar,
  expandPath,
  findPathAStar,
  findPathBfs,
  findPathDijkstra,
  findPathJps,
  findPathJpsPlus,
  Heuristics,
  isPathLegal,
  pathCost,
  PathFlags,
  setCellPassable,
  type ConnectivityValue,
  type CornerCuttingValue,
  type Grid,
  type GridPath,
} from "../src";

const mapArb = fc.record({
  w: fc.integer({ min: 1, max: 14 }),
  h: fc.integer({ min: 1, max: 14 }),
  bits: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 196, maxLength: 196 }),
  density: fc.double({ min: 0, max: 0.5, noNaN: true }),
  s: fc.nat(),
  g: fc.nat(),
});

function build(m: { w: number; h: number; bits: number[]; density: number }, connectivity: ConnectivityValue, cornerCutting: CornerCuttingValue): Grid {
  const grid = createGrid(m.w, m.h, { connectivity, cornerCutting });
  for (let i = 0; i < m.w * m.h; i++) if (m.bits[i]! < m.density) grid.passable[i] = 0;
  grid.version++;
  return grid;
}

function checkPath(grid: Grid, out: GridPath, start: number, goal: number, expected: number): void {
  if (expected === Infinity) {
    expect(out.flags).toBe(PathFlags.NoPath);
    return;
  }
  expect(out.flags).toBe(PathFlags.Found);
  expect(out.cost).toBeCloseTo(expected, 9);
  const cells = new Int32Array(grid.width * grid.height);
  const n = expandPath(cells, grid, out.path, out.length);
  expect(cells[0]).toBe(start);
  expect(cells[n - 1]).toBe(goal);
  expect(isPathLegal(grid, cells, n)).toBe(true);
  expect(pathCost(grid, cells, n)).toBeCloseTo(expected, 9);
}

describe("solvers on random maps agree with a Dijkstra distance field", () => {
  for (const [label, conn, corner] of [
    ["8-connected, no corner cutting", Connectivity.Eight, CornerCutting.Never],
    ["8-connected, one side free", Connectivity.Eight, CornerCutting.IfOneSideFree],
    ["8-connected, always", Connectivity.Eight, CornerCutting.Always],
    ["4-connected", Connectivity.Four, CornerCutting.Never],
  ] as const) {
    it(label, () => {
      fc.assert(
        fc.property(mapArb, (m) => {
          const grid = build(m, conn, corner);
          const n = m.w * m.h;
          const start = m.s % n;
          const goal = m.g % n;
          const search = createGridSearch(grid);
          const field = new Float64Array(n);
          computeDistanceField(field, search, [goal]);
          // Moves are symmetric and uniform, so distance-from-goal equals distance-to-goal.
          const expected = grid.passable[start] === 1 ? field[start]! : Infinity;
          const out = createGridPath(grid);
          const sx = start % m.w;
          const sy = (start - sx) / m.w;
          const gx = goal % m.w;
          const gy = (goal - gx) / m.w;
          checkPath(grid, findPathAStar(out, search, sx, sy, gx, gy), start, goal, expected);
          checkPath(grid, findPathDijkstra(out, search, sx, sy, gx, gy), start, goal, expected);
          checkPath(grid, findPathAStar(out, search, sx, sy, gx, gy, { heuristic: Heuristics.Euclidean }), start, goal, expected);
          checkPath(grid, findPathIdaStar(out, createIdaStar(search), sx, sy, gx, gy), start, goal, expected);
          if (corner === CornerCutting.Never || grid.connectivity === 4) {
            checkPath(grid, findPathJps(out, search, sx, sy, gx, gy), start, goal, expected);
            const jp = createJpsPlus(grid);
            checkPath(grid, findPathJpsPlus(out, search, jp, sx, sy, gx, gy), start, goal, expected);
            if (grid.connectivity === 8) checkPath(grid, findPathSubgoal(out, createSubgoalGraph(grid), sx, sy, gx, gy), start, goal, expected);
          }
          if (grid.connectivity === 4) checkPath(grid, findPathBfs(out, search, sx, sy, gx, gy), start, goal, expected);
          // Weighted A* stays within its bound.
          findPathAStar(out, search, sx, sy, gx, gy, { weight: 1.5 });
          if (expected !== Infinity) expect(out.cost).toBeLessThanOrEqual(expected * 1.5 + 1e-9);
        }),
        { numRuns: 300 },
      );
    });
  }

  it("terrain costs: A* equals Dijkstra and the distance field", () => {
    fc.assert(
      fc.property(mapArb, fc.array(fc.double({ min: 0.5, max: 5, noNaN: true }), { minLength: 196, maxLength: 196 }), (m, costs) => {
        const grid = build(m, Connectivity.Eight, CornerCutting.Never);
        const n = m.w * m.h;
        grid.cost = Float64Array.from(costs.slice(0, n));
        grid.version++;
        const start = m.s % n;
        const goal = m.g % n;
        const search = createGridSearch(grid);
        const out = createGridPath(grid);
        const sx = start % m.w;
        const sy = (start - sx) / m.w;
        const gx = goal % m.w;
        const gy = (goal - gx) / m.w;
        const d = findPathDijkstra(out, search, sx, sy, gx, gy).cost;
        const a = findPathAStar(out, search, sx, sy, gx, gy).cost;
        if (d === Infinity) expect(a).toBe(Infinity);
        else {
          expect(a).toBeCloseTo(d, 9);
          expect(pathCost(grid, out.path, out.length)).toBeCloseTo(d, 9);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("JPS+ rebuilds its table after an edit", () => {
    const grid = createGrid(5, 5);
    const search = createGridSearch(grid);
    const jp = createJpsPlus(grid);
    const out = createGridPath(grid);
    expect(findPathJpsPlus(out, search, jp, 0, 2, 4, 2).cost).toBe(4);
    for (let y = 0; y < 4; y++) setCellPassable(grid, 2, y, false);
    expect(findPathJpsPlus(out, search, jp, 0, 2, 4, 2).cost).toBeCloseTo(4 + 2 * Math.SQRT2, 9);
    expect(jp.builds).toBe(2);
    setCellPassable(grid, 2, 4, false);
    expect(findPathJpsPlus(out, search, jp, 0, 2, 4, 2).flags).toBe(PathFlags.NoPath);
  });
});
