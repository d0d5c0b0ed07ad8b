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
              computeLpaStarPath(out, lpa);
              findPathDijkstra(ref, search, s % 16, s >> 4, t % 16, t >> 4);
              if (ref.flags === PathFlags.NoPath) {
                expect(out.flags).toBe(PathFlags.NoPath);
                continue;
              }
              expect(out.flags).toBe(PathFlags.Found);
              expect(out.cost).toBeCloseTo(ref.cost, 9);
              expect(out.path[0]).toBe(s);
              expect(out.path[out.length - 1]).toBe(t);
              expect(isPathLegal(grid, out.path, out.length)).toBe(true);
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
    computeLpaStarPath(out, lpa);
    const first = lpa.expanded;
    const before = out.cost;
    // Put a pillar on the path on the far side of the gap.
    const c = out.path[Math.floor(out.length * 0.8)]!;
    setCellPassable(grid, c % 60, Math.floor(c / 60), false);
    notifyLpaStarCellChanged(lpa, c % 60, Math.floor(c / 60));
    computeLpaStarPath(out, lpa);
    const ref = findPathDijkstra(createGridPath(grid), createGridSearch(grid), 0, 0, 59, 0);
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
    findPathIdaStar(out, ida, 0, 0, 199, 0, { maxExpansions: 5000 });
    expect(out.flags).toBe(PathFlags.BudgetExhausted);
    findPathIdaStar(out, ida, 0, 0, 10, 7);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.cost).toBeCloseTo(3 + 7 * Math.SQRT2, 9);
    expect(ida.iterations).toBe(1);
  });
});
