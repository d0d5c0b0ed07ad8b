import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCodes } from "@tactica/core";
import {
  computeDistanceField,
  computeFlowField,
  createFlowField,
  createGrid,
  createGridPath,
  createGridSearch,
  createSlicedAStar,
  findPathAStar,
  flowFieldDirectionAt,
  PathFlags,
  setCellCost,
  startSlicedAStar,
  stepSlicedAStar,
  type Grid,
} from "../src";

function randomGrid(w: number, h: number, bits: number[], density: number): Grid {
  const grid = createGrid(w, h);
  for (let i = 0; i < w * h; i++) if (bits[i]! < density) grid.passable[i] = 0;
  grid.version++;
  return grid;
}

describe("flow fields", () => {
  it("following the arrows from any reachable cell reaches the goal at the integration cost", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 225, maxLength: 225 }),
        fc.nat(224),
        fc.array(fc.double({ min: 1, max: 4, noNaN: true }), { minLength: 225, maxLength: 225 }),
        (bits, goal, costs) => {
          const g = randomGrid(15, 15, bits, 0.3);
          g.cost = Float64Array.from(costs);
          g.version++;
          const s = createGridSearch(g);
          const field = createFlowField(g);
          computeFlowField(field, s, [goal]);
          const out = createGridPath(g);
          const dir = { x: 0, y: 0 };
          for (let c = 0; c < 225; c++) {
            const v = field.integration[c]!;
            if (v === Infinity || c === goal) continue;
            let x = c % 15,
              y = Math.floor(c / 15),
              total = 0;
            for (let k = 0; k < 300 && y * 15 + x !== goal; k++) {
              expect(flowFieldDirectionAt(dir, field, x + 0.5, y + 0.5)).toBe(true);
              const nx = x + Math.round(dir.x / Math.abs(dir.x || 1));
              const ny = y + Math.round(dir.y / Math.abs(dir.y || 1));
              total += (nx !== x && ny !== y ? Math.SQRT2 : 1) * g.cost[ny * 15 + nx]!;
              x = nx;
              y = ny;
            }
            expect(y * 15 + x).toBe(goal);
            expect(total).toBeCloseTo(v, 9);
            // The field is the cost *to* the goal: equal to A* from the cell.
            expect(findPathAStar(out, s, c % 15, Math.floor(c / 15), goal % 15, Math.floor(goal / 15)).cost).toBeCloseTo(v, 9);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a congestion penalty diverts the flow to a parallel corridor", () => {
    // Two corridors (rows 1 and 3) separated by a wall row 2; goal at the right end of row 1... both reach it.
    const g = createGrid(7, 5, { connectivity: 4, passable: false });
    for (let x = 0; x < 7; x++) {
      g.passable[1 * 7 + x] = 1;
      g.passable[3 * 7 + x] = 1;
    }
    g.passable[2 * 7 + 0] = 1;
    g.passable[2 * 7 + 6] = 1;
    g.version++;
    const s = createGridSearch(g);
    const field = createFlowField(g);
    const goal = 2 * 7 + 6;
    const start = { x: 0.5, y: 2.5 };
    const dir = { x: 0, y: 0 };
    computeFlowField(field, s, [goal]);
    flowFieldDirectionAt(dir, field, start.x, start.y);
    expect(dir.y).toBe(-1); // ties resolve to the first direction (north)
    const penalty = new Float64Array(35);
    penalty[1 * 7 + 3] = 5;
    computeFlowField(field, s, [goal], { penalty });
    flowFieldDirectionAt(dir, field, start.x, start.y);
    expect(dir.y).toBe(1);
    expect(flowFieldDirectionAt(dir, field, 6.5, 2.5)).toBe(false);
    expect(flowFieldDirectionAt(dir, field, -1, 0)).toBe(false);
  });

  it("multi-source distance fields take the nearest source", () => {
    const g = createGrid(9, 1);
    const s = createGridSearch(g);
    const out = new Float64Array(9);
    computeDistanceField(out, s, [0, 8]);
    expect(Array.from(out)).toEqual([0, 1, 2, 3, 4, 3, 2, 1, 0]);
    setCellCost(g, 4, 0, 3);
    computeDistanceField(out, s, [0], { maxCost: 5 });
    expect(out[3]).toBe(3);
    expect(out[4]).toBe(Infinity); // 3 + 3 > maxCost
  });
});

describe("time-sliced A*", () => {
  it("reaches the same cost as A* in slices, with partial paths in between", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 400, maxLength: 400 }),
        fc.nat(399),
        fc.nat(399),
        fc.integer({ min: 1, max: 7 }),
        (bits, a, b, budget) => {
          const g = randomGrid(20, 20, bits, 0.3);
          const s = createGridSearch(g);
          const out = createGridPath(g);
          const expected = findPathAStar(out, s, a % 20, Math.floor(a / 20), b % 20, Math.floor(b / 20)).cost;
          const sliced = createSlicedAStar(s);
          startSlicedAStar(sliced, a % 20, Math.floor(a / 20), b % 20, Math.floor(b / 20));
          let steps = 0;
          for (;;) {
            stepSlicedAStar(out, sliced, budget);
            steps++;
            if (out.flags !== (PathFlags.BudgetExhausted | PathFlags.Partial | PathFlags.InProgress)) break;
            expect(out.path[0]).toBe(a);
            expect(out.length).toBeGreaterThan(0);
            expect(steps).toBeLessThan(1000);
          }
          if (expected === Infinity) expect(out.flags).toBe(PathFlags.NoPath);
          else {
            expect(out.flags).toBe(PathFlags.Found);
            expect(out.cost).toBeCloseTo(expected, 9);
            expect(out.path[out.length - 1]).toBe(b);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
  it("refuses to resume after another query used its search state", () => {
    const g = createGrid(30, 30);
    const s = createGridSearch(g);
    const out = createGridPath(g);
    const sliced = createSlicedAStar(s);
    startSlicedAStar(sliced, 0, 0, 29, 29);
    expect(stepSlicedAStar(out, sliced, 2).flags).toBe(PathFlags.BudgetExhausted | PathFlags.Partial | PathFlags.InProgress);
    findPathAStar(out, s, 0, 0, 1, 1);
    expect(() => stepSlicedAStar(out, sliced, 2)).toThrow(expect.objectContaining({ code: ErrorCodes.InvalidState }));
  });
});
