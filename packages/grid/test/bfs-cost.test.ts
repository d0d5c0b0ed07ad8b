import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createGrid, createGridPath, createGridSearch, findPathBfs, findPathDijkstra, isPathLegal, pathCost, PathFlags, type ConnectivityValue } from "../src";

describe("findPathBfs cost", () => {
  it("is the cost of the cell path it writes (8- and 4-connected, with and without terrain costs), never below the optimum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 2, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 196, maxLength: 196 }),
        fc.constantFrom<ConnectivityValue>(4, 8),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        (w, h, cells, connectivity, withCost, s, g) => {
          const grid = createGrid(w, h, { connectivity, withCost });
          // 0 = wall, 1..5 = free (terrain cost 1..5 when the grid has a cost layer).
          for (let i = 0; i < w * h; i++) {
            grid.passable[i] = cells[i]! === 0 ? 0 : 1;
            if (grid.cost !== null) grid.cost[i] = Math.max(1, cells[i]!);
          }
          grid.version++;
          const start = s % (w * h);
          const goal = g % (w * h);
          const search = createGridSearch(grid);
          const out = findPathBfs(createGridPath(grid), search, start % w, Math.floor(start / w), goal % w, Math.floor(goal / w));
          const best = findPathDijkstra(createGridPath(grid), search, start % w, Math.floor(start / w), goal % w, Math.floor(goal / w));
          expect(out.flags).toBe(best.flags);
          if (out.flags !== PathFlags.Found) return;
          expect(isPathLegal(grid, out.path, out.length)).toBe(true);
          expect(out.cost).toBeCloseTo(pathCost(grid, out.path, out.length), 9);
          expect(out.cost).toBeGreaterThanOrEqual(best.cost - 1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
});
