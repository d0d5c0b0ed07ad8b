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

  it("repairs a plan after an edit with fewer expansions than the first plan", () => {
    // A wall with a gap at the bottom: the first plan has to flood the left half.
    const grid = createGrid(60, 30);
    for (let y = 0; y < 29; y++) setCellPassable(grid, 30, y, false);
    const lpa = createLpaStar(grid);
    const out = createGridPath(grid);
    setLpaStarEndpoints(lpa, 0, 0, 59, 0);
    computeLpaStarPath(lpa, out);
    const first = lpa.expanded;
    const before = out.cost;
    // Put a pillar on the path on the far side of the gap.
    const c = out.cells[Math.floor(out.length * 0.8)]!;
    setCellPassable(grid, c % 60, Math.floor(c / 60), false);
    notifyLpaStarCellChanged(lpa, c % 60, Math.floor(c / 60));
    computeLpaStarPath(lpa, out);
    const ref = findPathDijkstra(createGridSearch(grid), 0, 0, 59, 0, createGridPath(grid));
    expect(out.cost).toBeCloseTo(ref.cost, 9);
    expect(out.cost).toBeGreaterThanOrEqual(before);
    expect(lpa.expanded).toBeLessThan(first / 4);
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
