import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeLpaStarPath,
  createGrid,
  createGridPath,
  createGridSearch,
  createIdaStar,
  createLpaStar,
  findPathDijkstra,
  findPathIdaStar,
  isPathLegal,
  notifyLpaStarCellChanged,
  PathFlags,
  setCellPassable,
  setLpaStarEndpoints,
} from "../src";

describe("LPA* incremental replanning", () => {
  for (const conn of [8, 4] as const) {
    it(`matches a fresh Dijkstra after every edit (${conn}-connected)`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 256, maxLength: 256 }),
          fc.nat(255),
          fc.nat(255),
          fc.array(fc.nat(255), { minLength: 1, maxLength: 25 }),
          (bits, s, t, edits) => {
            const grid = createGrid(16, 16, { connectivity: conn });
            for (let i = 0; i < 256; i++) if (bits[i]! < 0.25) grid.passable[i] = 0;
            grid.version++;
            const lpa = createLpaStar(grid);
            const search = createGridSearch(grid);
            const out = createGridPath(grid);
            const ref = createGridPath(grid);
            setLpaStarEndpoints(lpa, s % 16, s >> 4, t % 16, t >> 4);
            for (let k = 0; k <= edits.length; k++) {
              if (k > 0) {
                const c = edits[k - 1]!;
                setCellPassable(grid, c % 16, c >> 4, grid.passable[c] !== 1);
                notifyLpaStarCellChanged(lpa, c % 16, c >> 4);
              }
              computeLpaStarPath(lpa, out);
              findPathDijkstra(search, s % 16, s >> 4, t % 16, t >> 4, ref);
              if (ref.status === PathFlags.NoPath) {
                expect(out.status).toBe(PathFlags.NoPath);
                continue;
              }
              expect(out.status).toBe(PathFlags.Found);
              expect(out.cost).toBeCloseTo(ref.cost, 9);
              expect(out.cells[0]).toBe(s);
              expect(out.cells[out.length - 1]).toBe(t);
              expect(isPathLegal(grid, out.cells, out.length)).toBe(true);
            }
          },
        ),
        { numRuns: 80 },
      );
    });
  }

  it("repairs a long corridor detour with fewer expansions than the first plan", () => {
    const grid = createGrid(60, 30);
    const lpa = createLpaStar(grid);
    const out = createGridPath(grid);
    setLpaStarEndpoints(lpa, 0, 15, 59, 15);
    computeLpaStarPath(lpa, out);
    const first = lpa.expanded;
    expect(out.cost).toBe(59);
    setCellPassable(grid, 50, 15, false);
    notifyLpaStarCellChanged(lpa, 50, 15);
    computeLpaStarPath(lpa, out);
    expect(out.cost).toBeCloseTo(57 + 2 * Math.SQRT2, 9);
    expect(lpa.expanded).toBeLessThan(first);
  });
});

describe("IDA*", () => {
  it("stops with BudgetExhausted instead of running forever", () => {
    const grid = createGrid(200, 200);
    for (let y = 0; y < 199; y++) setCellPassable(grid, 100, y, false);
    const ida = createIdaStar(createGridSearch(grid));
    const out = createGridPath(grid);
    findPathIdaStar(ida, 0, 0, 199, 0, out, 5000);
    expect(out.status).toBe(PathFlags.BudgetExhausted);
    findPathIdaStar(ida, 0, 0, 10, 7, out);
    expect(out.status).toBe(PathFlags.Found);
    expect(out.cost).toBeCloseTo(3 + 7 * Math.SQRT2, 9);
    expect(ida.iterations).toBe(1);
  });
});
