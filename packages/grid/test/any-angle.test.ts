import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bresenhamLine,
  createGrid,
  createGridPath,
  createGridSearch,
  CornerCutting,
  findPathAStar,
  findPathThetaStar,
  hasBresenhamLineOfSight,
  hasGridLineOfSight,
  Heuristics,
  PathFlags,
  setCellPassable,
  smoothPath,
  type Grid,
} from "../src";

function randomGrid(w: number, h: number, bits: number[], density: number): Grid {
  const grid = createGrid(w, h);
  for (let i = 0; i < w * h; i++) if (bits[i]! < density) grid.passable[i] = 0;
  grid.version++;
  return grid;
}

function euclid(grid: Grid, cells: Int32Array, n: number): number {
  let t = 0;
  for (let i = 1; i < n; i++) {
    const a = cells[i - 1]!;
    const b = cells[i]!;
    t += Math.hypot((a % grid.width) - (b % grid.width), Math.floor(a / grid.width) - Math.floor(b / grid.width));
  }
  return t;
}

function segmentsSee(grid: Grid, cells: Int32Array, n: number): boolean {
  const w = grid.width;
  for (let i = 1; i < n; i++) {
    const a = cells[i - 1]!;
    const b = cells[i]!;
    if (!hasGridLineOfSight(grid, a % w, Math.floor(a / w), b % w, Math.floor(b / w))) return false;
  }
  return true;
}

describe("Bresenham", () => {
  it("has max(|dx|,|dy|)+1 cells, 8-adjacent, minor axis monotone, exact endpoints", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (x0, y0, x1, y1) => {
          const out = new Int32Array(64);
          const n = bresenhamLine(out, { width: 64 }, x0, y0, x1, y1);
          expect(n).toBe(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) + 1);
          expect(out[0]).toBe(y0 * 64 + x0);
          expect(out[n - 1]).toBe(y1 * 64 + x1);
          for (let i = 1; i < n; i++) {
            const dx = (out[i]! % 64) - (out[i - 1]! % 64);
            const dy = Math.floor(out[i]! / 64) - Math.floor(out[i - 1]! / 64);
            expect(Math.max(Math.abs(dx), Math.abs(dy))).toBe(1);
            if (x1 !== x0) expect(dx * Math.sign(x1 - x0)).toBeGreaterThanOrEqual(0);
            if (y1 !== y0) expect(dy * Math.sign(y1 - y0)).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
  it("matches the reference line (0,0)→(5,2)", () => {
    const out = new Int32Array(6);
    bresenhamLine(out, { width: 10 }, 0, 0, 5, 2);
    expect(Array.from(out, (c) => [c % 10, Math.floor(c / 10)])).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
    ]);
  });
});

describe("line of sight", () => {
  it("refuses corner squeezes with no corner cutting and allows them otherwise", () => {
    const g = createGrid(3, 3);
    setCellPassable(g, 1, 0, false);
    expect(hasGridLineOfSight(g, 0, 0, 2, 2)).toBe(false);
    expect(hasBresenhamLineOfSight(g, 0, 0, 2, 2)).toBe(true);
    const always = { ...g, cornerCutting: CornerCutting.Always };
    expect(hasGridLineOfSight(always, 0, 0, 2, 2)).toBe(true);
    expect(hasGridLineOfSight(g, 0, 2, 2, 2)).toBe(true);
    expect(hasGridLineOfSight(g, 0, 0, 2, 0)).toBe(false);
  });
  it("agrees with dense sampling of the segment", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 100, maxLength: 100 }), fc.nat(99), fc.nat(99), (bits, a, b) => {
        const g = randomGrid(10, 10, bits, 0.2);
        const ax = a % 10,
          ay = Math.floor(a / 10),
          bx = b % 10,
          by = Math.floor(b / 10);
        if (!hasGridLineOfSight(g, ax, ay, bx, by)) return;
        for (let t = 0; t <= 1; t += 1 / 512) {
          const x = ax + 0.5 + (bx - ax) * t;
          const y = ay + 0.5 + (by - ay) * t;
          // Points strictly inside a cell must be in a free cell.
          if (Math.abs(x - Math.round(x)) > 1e-9 && Math.abs(y - Math.round(y)) > 1e-9) {
            expect(g.passable[Math.floor(y) * 10 + Math.floor(x)]).toBe(1);
          }
        }
      }),
    );
  });
});

describe("Theta*, Lazy Theta* and post-smoothing", () => {
  it("goes straight on an open map", () => {
    const g = createGrid(20, 10);
    const s = createGridSearch(g);
    const out = createGridPath(g);
    findPathThetaStar(out, s, 1, 1, 18, 7);
    expect(out.length).toBe(2);
    expect(out.cost).toBeCloseTo(Math.hypot(17, 6), 12);
  });
  it("is never longer than A*, and every segment has line of sight", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 400, maxLength: 400 }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.nat(399),
        fc.nat(399),
        (bits, density, a, b) => {
          const g = randomGrid(20, 20, bits, density);
          const s = createGridSearch(g);
          const out = createGridPath(g);
          const ax = a % 20,
            ay = Math.floor(a / 20),
            bx = b % 20,
            by = Math.floor(b / 20);
          const astar = findPathAStar(out, s, ax, ay, bx, by).cost;
          for (const lazy of [false, true]) {
            findPathThetaStar(out, s, ax, ay, bx, by, { lazy });
            if (astar === Infinity) {
              expect(out.flags).toBe(PathFlags.NoPath);
              continue;
            }
            expect(out.cost).toBeLessThanOrEqual(astar + 1e-9);
            expect(out.cost).toBeCloseTo(euclid(g, out.path, out.length), 9);
            expect(segmentsSee(g, out.path, out.length)).toBe(true);
          }
          findPathAStar(out, s, ax, ay, bx, by, { heuristic: Heuristics.Euclidean });
          const n = smoothPath(g, out.path, out.length);
          expect(segmentsSee(g, out.path, n)).toBe(true);
          expect(euclid(g, out.path, n)).toBeLessThanOrEqual(astar + 1e-9);
        },
      ),
      { numRuns: 150 },
    );
  });
});
