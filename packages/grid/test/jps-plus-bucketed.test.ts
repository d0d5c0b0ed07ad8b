import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeDistanceField,
  createBucketedJpsPlus,
  createGrid,
  createGridPath,
  createGridSearch,
  createJpsPlus,
  expandPath,
  findPathJpsPlusBucketed,
  isPathLegal,
  pathCost,
  PathFlags,
} from "../src";
import { loadMovingAi, sample } from "./movingai-data";

describe("JPS+ with a bucketed open list", () => {
  for (const conn of [8, 4] as const) {
    it(`is within one bucket width of optimal and legal on random maps (${conn}-connected)`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 20 }),
          fc.integer({ min: 1, max: 20 }),
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 400, maxLength: 400 }),
          fc.double({ min: 0, max: 0.45, noNaN: true }),
          fc.nat(),
          fc.nat(),
          fc.constantFrom(0.1, 0.5, 2),
          (w, h, bits, density, s, t, width) => {
            const grid = createGrid(w, h, { connectivity: conn });
            for (let i = 0; i < w * h; i++) if (bits[i]! < density) grid.passable[i] = 0;
            grid.version++;
            const n = w * h;
            const a = s % n;
            const b = t % n;
            const search = createGridSearch(grid);
            const field = new Float64Array(n);
            computeDistanceField(field, search, [b]);
            const expected = grid.passable[a] === 1 ? field[a]! : Infinity;
            const out = createGridPath(grid);
            findPathJpsPlusBucketed(
              out,
              search,
              createJpsPlus(grid),
              createBucketedJpsPlus(search, { bucketWidth: width }),
              a % w,
              Math.floor(a / w),
              b % w,
              Math.floor(b / w),
            );
            if (expected === Infinity) {
              expect(out.flags).toBe(PathFlags.NoPath);
              return;
            }
            expect(out.flags).toBe(PathFlags.Found);
            expect(out.cost).toBeGreaterThanOrEqual(expected - 1e-9);
            expect(out.cost).toBeLessThanOrEqual(expected + width + 1e-9);
            const cells = new Int32Array(n);
            const m = expandPath(cells, grid, out.path, out.length);
            expect(isPathLegal(grid, cells, m)).toBe(true);
            expect(pathCost(grid, cells, m)).toBeCloseTo(out.cost, 9);
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it("stays within 0.1 of the Moving AI optimal lengths", () => {
    const { map, scenarios } = loadMovingAi("dao", "arena2.map");
    const search = createGridSearch(map.grid);
    const jp = createJpsPlus(map.grid);
    const open = createBucketedJpsPlus(search, { bucketWidth: 0.1 });
    const out = createGridPath(map.grid);
    for (const c of sample(scenarios, 150)) {
      findPathJpsPlusBucketed(out, search, jp, open, c.startX, c.startY, c.goalX, c.goalY);
      expect(out.cost).toBeGreaterThanOrEqual(c.optimalLength - 1e-4);
      expect(out.cost).toBeLessThanOrEqual(c.optimalLength + 0.1 + 1e-4);
    }
  });
});
