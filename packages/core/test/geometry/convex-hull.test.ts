import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  TacticaError,
  convexHull,
  convexHullIndices,
  convexHullIndicesCoords,
  polygonIsConvex,
  polygonSignedArea,
  type Vec2,
} from "../../src/index";

const v = (x: number, y: number): Vec2 => ({ x, y });
const cross = (o: Vec2, a: Vec2, b: Vec2): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

describe("convexHullIndices", () => {
  it("square with interior, collinear and duplicate points", () => {
    const pts = [v(2, 2), v(0, 0), v(4, 0), v(2, 0), v(4, 4), v(0, 4), v(4, 4), v(1, 3)];
    const out: number[] = [99, 99, 99, 99, 99, 99, 99, 99, 99, 99];
    expect(convexHullIndices(out, pts)).toBe(4);
    expect(out).toEqual([1, 2, 4, 5]); // CCW from the lowest-x, lowest-y point; duplicate by lowest index
  });
  it("degenerate inputs", () => {
    const out: number[] = [];
    expect(convexHullIndices(out, [])).toBe(0);
    expect(out).toEqual([]);
    expect(convexHullIndices(out, [v(1, 1)])).toBe(1);
    expect(out).toEqual([0]);
    expect(convexHullIndices(out, [v(1, 1), v(1, 1), v(1, 1)])).toBe(1);
    expect(out).toEqual([0]);
    expect(convexHullIndices(out, [v(3, 3), v(1, 1)])).toBe(2);
    expect(out).toEqual([1, 0]);
    expect(convexHullIndices(out, [v(2, 2), v(0, 0), v(3, 3), v(1, 1)])).toBe(2);
    expect(out).toEqual([1, 2]);
  });
  it("writes into typed arrays and flat coordinates", () => {
    const out = new Int32Array(4);
    expect(convexHullIndicesCoords(out, [0, 0, 1, 0, 0, 1, 0.2, 0.2])).toBe(3);
    expect(Array.from(out.subarray(0, 3))).toEqual([0, 1, 2]);
  });
  it("allocating convexHull returns point copies", () => {
    const pts = [v(0, 0), v(1, 0), v(0, 1), v(0.2, 0.2)];
    const h = convexHull(pts);
    expect(h).toEqual([v(0, 0), v(1, 0), v(0, 1)]);
    expect(h[0]).not.toBe(pts[0]);
  });
  it("throws TacticaError for non-finite input, odd coords and a too-small typed out", () => {
    expect(() => convexHullIndices([], [v(0, 0), v(Number.NaN, 1)])).toThrow(TacticaError);
    try {
      convexHullIndices([], [v(0, 0), v(Infinity, 1)]);
    } catch (e) {
      expect((e as TacticaError).code).toBe(ErrorCodes.InvalidArgument);
      expect((e as TacticaError).message).toContain("@tactica/core: convexHullIndices");
      expect((e as TacticaError).message).toContain("points[1]");
    }
    expect(() => convexHullIndicesCoords([], [0, 0, 1])).toThrow(/convexHullIndicesCoords/);
    try {
      convexHullIndices(new Int32Array(2), [v(0, 0), v(1, 0), v(0, 1)]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TacticaError);
      expect((e as TacticaError).code).toBe(ErrorCodes.CapacityExceeded);
      expect((e as TacticaError).message).toContain("convexHullIndices");
    }
  });

  const intPoint = fc.record({ x: fc.integer({ min: -30, max: 30 }), y: fc.integer({ min: -30, max: 30 }) });
  it("property: hull vs brute force (integer coordinates, exact)", () => {
    fc.assert(
      fc.property(fc.array(intPoint, { maxLength: 60, size: "max" }), (pts) => {
        const idx: number[] = [];
        const k = convexHullIndices(idx, pts);
        const hull = idx.map((i) => pts[i] as Vec2);
        // vertices are input points, distinct
        expect(new Set(hull.map((p) => `${p.x},${p.y}`)).size).toBe(k);
        const distinct = new Set(pts.map((p) => `${p.x},${p.y}`)).size;
        if (distinct <= 1) {
          expect(k).toBe(distinct);
          return;
        }
        if (k === 2) {
          // all collinear: every point on the segment between the two hull points
          for (const p of pts) expect(cross(hull[0] as Vec2, hull[1] as Vec2, p)).toBe(0);
          return;
        }
        expect(k).toBeGreaterThanOrEqual(3);
        // strictly convex and counter-clockwise: every turn is strictly left
        for (let i = 0; i < k; i++) {
          expect(cross(hull[i] as Vec2, hull[(i + 1) % k] as Vec2, hull[(i + 2) % k] as Vec2)).toBeGreaterThan(0);
        }
        expect(polygonSignedArea(hull)).toBeGreaterThan(0);
        expect(polygonIsConvex(hull)).toBe(true);
        // every input point is inside or on the hull
        for (const p of pts) {
          for (let i = 0; i < k; i++) expect(cross(hull[i] as Vec2, hull[(i + 1) % k] as Vec2, p)).toBeGreaterThanOrEqual(0);
        }
        // Strictly convex + contains every input + made of input points ⇒ exactly the extreme points.
        // The hull starts at the lowest-x (then lowest-y) point.
        const start = hull[0] as Vec2;
        for (const p of pts) expect(p.x > start.x || (p.x === start.x && p.y >= start.y)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
  it("property: float coordinates, every point inside within tolerance", () => {
    const fp = fc.record({ x: fc.double({ min: -1e3, max: 1e3, noNaN: true }), y: fc.double({ min: -1e3, max: 1e3, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(fp, { minLength: 3, maxLength: 80, size: "max" }), (pts) => {
        const idx: number[] = [];
        const k = convexHullIndices(idx, pts);
        if (k < 3) return;
        const hull = idx.map((i) => pts[i] as Vec2);
        for (const p of pts) {
          for (let i = 0; i < k; i++) {
            const a = hull[i] as Vec2;
            const b = hull[(i + 1) % k] as Vec2;
            const len = Math.hypot(b.x - a.x, b.y - a.y);
            expect(cross(a, b, p) / len).toBeGreaterThanOrEqual(-1e-6);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
