import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createSegmentIntersection,
  segmentClosestPoint,
  segmentClosestPoints,
  segmentClosestT,
  segmentDistanceSqToPoint,
  segmentDistanceSqToSegment,
  segmentDistanceToPoint,
  segmentDistanceToSegment,
  segmentIntersectSegment,
  segmentIntersectsSegment,
  type Vec2,
} from "../../src/index";

const v = (x: number, y: number): Vec2 => ({ x, y });
const coord = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.record({ x: coord, y: coord });
const intCoord = fc.integer({ min: -20, max: 20 });
const intPoint = fc.record({ x: intCoord, y: intCoord });

describe("segmentClosestPoint / segmentClosestT / distances", () => {
  it("projects onto the interior and clamps to the endpoints", () => {
    const a = v(0, 0);
    const b = v(10, 0);
    expect(segmentClosestPoint(v(0, 0), a, b, v(3, 5))).toEqual({ x: 3, y: 0 });
    expect(segmentClosestPoint(v(0, 0), a, b, v(-3, 5))).toEqual({ x: 0, y: 0 });
    expect(segmentClosestPoint(v(0, 0), a, b, v(13, -5))).toEqual({ x: 10, y: 0 });
    expect(segmentClosestT(a, b, v(2.5, 1))).toBe(0.25);
    expect(segmentDistanceToPoint(a, b, v(3, 4))).toBe(4);
    expect(segmentDistanceSqToPoint(a, b, v(13, 4))).toBe(25);
  });
  it("a zero-length segment is the point a", () => {
    const a = v(1, 1);
    expect(segmentClosestT(a, a, v(5, 5))).toBe(0);
    expect(segmentClosestPoint(v(0, 0), a, a, v(5, 5))).toEqual({ x: 1, y: 1 });
    expect(segmentDistanceToPoint(a, a, v(4, 5))).toBe(5);
  });
  it("property: out may alias any input", () => {
    fc.assert(
      fc.property(point, point, point, (a, b, p) => {
        const expected = segmentClosestPoint(v(0, 0), a, b, p);
        const pa = { ...p };
        expect(segmentClosestPoint(pa, a, b, pa)).toEqual(expected);
        const aa = { ...a };
        expect(segmentClosestPoint(aa, aa, b, p)).toEqual(expected);
        const ba = { ...b };
        expect(segmentClosestPoint(ba, a, ba, p)).toEqual(expected);
      }),
    );
  });
  it("property: the closest point is no farther than sampled points", () => {
    fc.assert(
      fc.property(point, point, point, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, p, s) => {
        const d = segmentDistanceSqToPoint(a, b, p);
        const q = v(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s);
        expect(d).toBeLessThanOrEqual((q.x - p.x) ** 2 + (q.y - p.y) ** 2 + 1e-9);
      }),
    );
  });
});

describe("segmentIntersectSegment", () => {
  it("finds a proper crossing with its parameters", () => {
    const r = createSegmentIntersection();
    expect(segmentIntersectSegment(r, v(0, 0), v(4, 4), v(0, 4), v(4, 0))).toBe(true);
    expect(r).toEqual({ x: 2, y: 2, t: 0.5, u: 0.5 });
  });
  it("counts touching endpoints and T-junctions", () => {
    const r = createSegmentIntersection();
    expect(segmentIntersectSegment(r, v(0, 0), v(1, 1), v(1, 1), v(2, 0))).toBe(true);
    expect(r.x).toBe(1);
    expect(r.y).toBe(1);
    expect(r.t).toBe(1);
    expect(r.u).toBe(0);
    expect(segmentIntersectSegment(r, v(0, 0), v(2, 0), v(1, 0), v(1, 5))).toBe(true);
    expect(r).toEqual({ x: 1, y: 0, t: 0.5, u: 0 });
  });
  it("returns false for disjoint and leaves result untouched", () => {
    const r = { x: 9, y: 9, t: 9, u: 9 };
    expect(segmentIntersectSegment(r, v(0, 0), v(1, 0), v(0, 1), v(1, 2))).toBe(false);
    expect(segmentIntersectSegment(r, v(0, 0), v(1, 1), v(3, 0), v(2, 1))).toBe(false);
    expect(r).toEqual({ x: 9, y: 9, t: 9, u: 9 });
  });
  it("parallel, non-collinear: false", () => {
    expect(segmentIntersectsSegment(v(0, 0), v(10, 0), v(0, 1), v(10, 1))).toBe(false);
  });
  it("collinear overlapping: the overlap point closest to a", () => {
    const r = createSegmentIntersection();
    expect(segmentIntersectSegment(r, v(0, 0), v(10, 0), v(4, 0), v(20, 0))).toBe(true);
    expect(r).toEqual({ x: 4, y: 0, t: 0.4, u: 0 });
    expect(segmentIntersectSegment(r, v(0, 0), v(10, 0), v(20, 0), v(-5, 0))).toBe(true);
    expect(r.x).toBe(0);
    expect(r.t).toBe(0);
    expect(r.u).toBeCloseTo(0.8, 12);
    // touching collinear at one point
    expect(segmentIntersectSegment(r, v(0, 0), v(10, 0), v(10, 0), v(12, 0))).toBe(true);
    expect(r.x).toBe(10);
  });
  it("collinear disjoint: false", () => {
    expect(segmentIntersectsSegment(v(0, 0), v(1, 0), v(2, 0), v(3, 0))).toBe(false);
  });
  it("zero-length segments are points", () => {
    const r = createSegmentIntersection();
    expect(segmentIntersectSegment(r, v(5, 0), v(5, 0), v(0, 0), v(10, 0))).toBe(true);
    expect(r).toEqual({ x: 5, y: 0, t: 0, u: 0.5 });
    expect(segmentIntersectSegment(r, v(0, 0), v(10, 0), v(5, 0), v(5, 0))).toBe(true);
    expect(r).toEqual({ x: 5, y: 0, t: 0.5, u: 0 });
    expect(segmentIntersectsSegment(v(5, 1), v(5, 1), v(0, 0), v(10, 0))).toBe(false);
    expect(segmentIntersectsSegment(v(2, 2), v(2, 2), v(2, 2), v(2, 2))).toBe(true);
    expect(segmentIntersectsSegment(v(2, 2), v(2, 2), v(2, 3), v(2, 3))).toBe(false);
  });
  it("property: the reported point lies on both segments", () => {
    fc.assert(
      fc.property(point, point, point, point, (a, b, c, d) => {
        const r = createSegmentIntersection();
        if (!segmentIntersectSegment(r, a, b, c, d)) return;
        expect(r.t).toBeGreaterThanOrEqual(0);
        expect(r.t).toBeLessThanOrEqual(1);
        expect(r.u).toBeGreaterThanOrEqual(0);
        expect(r.u).toBeLessThanOrEqual(1);
        expect(segmentDistanceToPoint(a, b, r)).toBeLessThan(1e-6);
        expect(segmentDistanceToPoint(c, d, r)).toBeLessThan(1e-6);
      }),
    );
  });
  it("property: symmetric in the two segments (integer coordinates)", () => {
    fc.assert(
      fc.property(intPoint, intPoint, intPoint, intPoint, (a, b, c, d) => {
        expect(segmentIntersectsSegment(a, b, c, d)).toBe(segmentIntersectsSegment(c, d, a, b));
        expect(segmentIntersectsSegment(a, b, c, d)).toBe(segmentIntersectsSegment(b, a, d, c));
      }),
    );
  });
});

describe("segmentClosestPoints / segment–segment distance", () => {
  it("is 0 for intersecting segments, with both points at the crossing", () => {
    const p = v(0, 0);
    const q = v(0, 0);
    expect(segmentClosestPoints(p, q, v(0, 0), v(4, 4), v(0, 4), v(4, 0))).toBe(0);
    expect(p).toEqual({ x: 2, y: 2 });
    expect(q).toEqual({ x: 2, y: 2 });
  });
  it("finds endpoint–interior pairs", () => {
    const p = v(0, 0);
    const q = v(0, 0);
    expect(segmentClosestPoints(p, q, v(0, 0), v(10, 0), v(5, 3), v(5, 8))).toBe(9);
    expect(p).toEqual({ x: 5, y: 0 });
    expect(q).toEqual({ x: 5, y: 3 });
    expect(segmentDistanceToSegment(v(0, 0), v(10, 0), v(0, 2), v(10, 2))).toBe(2);
    expect(segmentDistanceSqToSegment(v(0, 0), v(0, 0), v(3, 4), v(3, 4))).toBe(25);
  });
  it("property: matches a brute-force sampled minimum from above, never below", () => {
    fc.assert(
      fc.property(point, point, point, point, (a, b, c, d) => {
        const dist = segmentDistanceToSegment(a, b, c, d);
        let best = Infinity;
        for (let i = 0; i <= 20; i++) {
          const s = i / 20;
          const pp = v(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s);
          best = Math.min(best, segmentDistanceToPoint(c, d, pp));
        }
        expect(dist).toBeLessThanOrEqual(best + 1e-9);
        const p = v(0, 0);
        const q = v(0, 0);
        const dsq = segmentClosestPoints(p, q, a, b, c, d);
        expect(segmentDistanceToPoint(a, b, p)).toBeLessThan(1e-6);
        expect(segmentDistanceToPoint(c, d, q)).toBeLessThan(1e-6);
        expect(Math.abs((p.x - q.x) ** 2 + (p.y - q.y) ** 2 - dsq)).toBeLessThan(1e-6);
      }),
    );
  });
});
