import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCodes, TacticaError } from "@tactica/core";
import {
  CornerCutting,
  createGrid,
  createGridPath,
  createGridSearch,
  createRegionMap,
  findPathDijkstra,
  findPathRegionAStar,
  isPathLegal,
  pathCost,
  PathFlags,
  regionMapMemoryBytes,
  setCellPassable,
  type RegionMap,
} from "../src";
import { loadMovingAi, sample } from "./movingai-data";

function checkPartition(rm: RegionMap): void {
  const { grid, regionOf, rects } = rm;
  const w = grid.width;
  const seen = new Int32Array(rm.regionCount);
  for (let r = 0; r < rm.regionCount; r++) {
    for (let y = rects[4 * r + 1]!; y <= rects[4 * r + 3]!; y++) {
      for (let x = rects[4 * r]!; x <= rects[4 * r + 2]!; x++) {
        expect(grid.passable[y * w + x]).toBe(1);
        expect(regionOf[y * w + x]).toBe(r);
        seen[r]!++;
      }
    }
  }
  let free = 0;
  for (let i = 0; i < w * grid.height; i++) {
    if (grid.passable[i] === 1) {
      free++;
      expect(regionOf[i]).toBeGreaterThanOrEqual(0);
    } else expect(regionOf[i]).toBe(-1);
  }
  expect(seen.reduce((a, b) => a + b, 0)).toBe(free);
}

describe("region-based A*", () => {
  const rules = [
    { conn: 8, corner: CornerCutting.Never },
    { conn: 8, corner: CornerCutting.IfOneSideFree },
    { conn: 4, corner: CornerCutting.Never },
  ] as const;
  for (const { conn, corner } of rules) {
    it(`partitions into passable rectangles and is complete, legal and never shorter than optimal (${conn}-connected, corner ${corner})`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 20 }),
          fc.integer({ min: 2, max: 20 }),
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 400, maxLength: 400 }),
          fc.double({ min: 0, max: 0.45, noNaN: true }),
          fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 4, maxLength: 4 }),
          (w, h, bits, density, queries) => {
            const grid = createGrid(w, h, { connectivity: conn, cornerCutting: corner });
            for (let i = 0; i < w * h; i++) if (bits[i]! < density) grid.passable[i] = 0;
            grid.version++;
            const search = createGridSearch(grid);
            const rm = createRegionMap(grid);
            checkPartition(rm);
            const out = createGridPath(grid);
            const ref = createGridPath(grid);
            for (const [s, t] of queries) {
              const a = s % (w * h);
              const b = t % (w * h);
              findPathDijkstra(ref, search, a % w, Math.floor(a / w), b % w, Math.floor(b / w));
              findPathRegionAStar(out, rm, a % w, Math.floor(a / w), b % w, Math.floor(b / w));
              if (ref.flags === PathFlags.NoPath) {
                expect(out.flags).toBe(PathFlags.NoPath);
                continue;
              }
              expect(out.flags).toBe(PathFlags.Found);
              expect(out.path[0]).toBe(a);
              expect(out.path[out.length - 1]).toBe(b);
              expect(isPathLegal(grid, out.path, out.length)).toBe(true);
              expect(out.cost).toBeCloseTo(pathCost(grid, out.path, out.length), 9);
              expect(out.cost).toBeGreaterThanOrEqual(ref.cost - 1e-9);
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it("walks straight inside one room and crosses between rooms through the door", () => {
    // Two 5×5 rooms joined by a one-cell door at (5, 2).
    const grid = createGrid(11, 5);
    for (let y = 0; y < 5; y++) if (y !== 2) setCellPassable(grid, 5, y, false);
    const rm = createRegionMap(grid);
    checkPartition(rm);
    const out = createGridPath(grid);
    findPathRegionAStar(out, rm, 0, 0, 4, 4);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.cost).toBeCloseTo(4 * Math.SQRT2, 12);
    findPathRegionAStar(out, rm, 0, 0, 10, 4);
    expect(out.flags).toBe(PathFlags.Found);
    expect(Array.from(out.path.subarray(0, out.length))).toContain(2 * 11 + 5);
    expect(isPathLegal(grid, out.path, out.length)).toBe(true);
    // Close the door: no path, found by exhausting the (small) region graph.
    setCellPassable(grid, 5, 2, false);
    findPathRegionAStar(out, rm, 0, 0, 10, 4);
    expect(out.flags).toBe(PathFlags.NoPath);
    expect(rm.builtVersion).toBe(grid.version);
    findPathRegionAStar(out, rm, 5, 2, 10, 4);
    expect(out.flags).toBe(PathFlags.NoPath);
    expect(regionMapMemoryBytes(rm)).toBeGreaterThan(0);
  });

  it("is complete and legal on a Moving AI map, with far fewer regions than cells", () => {
    const { map, scenarios } = loadMovingAi("dao", "arena2.map");
    const grid = map.grid;
    const rm = createRegionMap(grid);
    checkPartition(rm);
    let free = 0;
    for (let i = 0; i < grid.passable.length; i++) free += grid.passable[i]!;
    expect(rm.regionCount * 20).toBeLessThan(free);
    const out = createGridPath(grid);
    for (const sc of sample(scenarios, 40)) {
      findPathRegionAStar(out, rm, sc.startX, sc.startY, sc.goalX, sc.goalY);
      expect(out.flags).toBe(PathFlags.Found);
      expect(isPathLegal(grid, out.path, out.length)).toBe(true);
      expect(out.cost).toBeGreaterThanOrEqual(sc.optimalLength - 1e-4);
    }
    // A golden test on a real map: about 1 s idle, 4–6 s on a loaded 2-core CI machine.
  }, 30_000);

  it("throws on unsupported rules and bad endpoints; a short out is flagged PathTruncated", () => {
    const bad = (fn: () => void, name: string): void => {
      try {
        fn();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(TacticaError);
        expect((e as TacticaError).code).toBe(ErrorCodes.InvalidArgument);
        expect((e as Error).message).toMatch(new RegExp(`^@tactica/grid: ${name}:`));
      }
    };
    bad(() => createRegionMap(createGrid(4, 4, { cornerCutting: CornerCutting.Always })), "createRegionMap");
    const costly = createGrid(4, 4);
    costly.cost = new Float64Array(16).fill(1);
    bad(() => createRegionMap(costly), "createRegionMap");
    const grid = createGrid(6, 1);
    const rm = createRegionMap(grid);
    bad(() => findPathRegionAStar(createGridPath(grid), rm, -1, 0, 3, 0), "findPathRegionAStar");
    const short = findPathRegionAStar(createGridPath(grid, { capacity: 3 }), rm, 0, 0, 5, 0);
    expect(short.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(short.length).toBe(6);
    expect(short.cost).toBe(5);
  });
});
