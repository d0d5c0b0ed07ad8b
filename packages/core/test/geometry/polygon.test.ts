import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PolygonWinding,
  polygonArea,
  polygonCentroid,
  polygonClosestPoint,
  polygonContainsPoint,
  polygonContainsPointCoords,
  polygonEnsureCounterClockwise,
  polygonEnsureCounterClockwiseCoords,
  polygonIntersectsSegment,
  polygonIsConvex,
  polygonSignedArea,
  polygonSignedAreaCoords,
  polygonWinding,
  type Vec2,
} from "../../src/index";

const v = (x: number, y: number): Vec2 => ({ x, y });
const square = [v(0, 0), v(4, 0), v(4, 4), v(0, 4)]; // counter-clockwise (y-up)
// Concave "U": notch from above between x = 1..3, down to y = 2.
const u = [v(0, 0), v(4, 0), v(4, 4), v(3, 4), v(3, 2), v(1, 2), v(1, 4), v(0, 4)];
const flat = (pts: Vec2[]): number[] => pts.flatMap((p) => [p.x, p.y]);

describe("area and winding", () => {
  it("signed area is positive for counter-clockwise (y-up)", () => {
    expect(polygonSignedArea(square)).toBe(16);
    expect(polygonSignedArea([...square].reverse())).toBe(-16);
    expect(polygonArea([...square].reverse())).toBe(16);
    expect(polygonSignedArea(u)).toBe(12);
    expect(polygonSignedAreaCoords(flat(u))).toBe(12);
    expect(polygonSignedAreaCoords(new Float64Array(flat([...u].reverse())))).toBe(-12);
  });
  it("degenerate polygons have zero area", () => {
    expect(polygonSignedArea([])).toBe(0);
    expect(polygonSignedArea([v(0, 0), v(1, 1)])).toBe(0);
    expect(polygonSignedArea([v(0, 0), v(1, 1), v(2, 2)])).toBe(0);
    expect(polygonWinding([v(0, 0), v(1, 1), v(2, 2)])).toBe(PolygonWinding.Degenerate);
  });
  it("winding and ensureCounterClockwise", () => {
    expect(polygonWinding(square)).toBe(PolygonWinding.CounterClockwise);
    const cw = [...square].reverse();
    expect(polygonWinding(cw)).toBe(PolygonWinding.Clockwise);
    const fixed = polygonEnsureCounterClockwise(cw);
    expect(fixed).toBe(cw);
    expect(polygonWinding(fixed)).toBe(PolygonWinding.CounterClockwise);
    expect(fixed[0]).toEqual(v(0, 4)); // first vertex stays first
    const ccw = [...square];
    expect(polygonEnsureCounterClockwise(ccw)).toEqual(square);
    const coords = flat([...square].reverse());
    polygonEnsureCounterClockwiseCoords(coords);
    expect(polygonSignedAreaCoords(coords)).toBe(16);
    expect(coords.slice(0, 2)).toEqual([0, 4]);
  });
});

describe("polygonContainsPoint", () => {
  it("handles concave polygons", () => {
    expect(polygonContainsPoint(u, v(0.5, 3))).toBe(true);
    expect(polygonContainsPoint(u, v(2, 3))).toBe(false); // in the notch
    expect(polygonContainsPoint(u, v(2, 1))).toBe(true);
    expect(polygonContainsPoint(u, v(5, 1))).toBe(false);
    expect(polygonContainsPointCoords(flat(u), 2, 3)).toBe(false);
    expect(polygonContainsPointCoords(flat(u), 2, 1)).toBe(true);
  });
  it("boundary follows the half-open rule: left/bottom in, right/top out", () => {
    expect(polygonContainsPoint(square, v(0, 2))).toBe(true);
    expect(polygonContainsPoint(square, v(2, 0))).toBe(true);
    expect(polygonContainsPoint(square, v(4, 2))).toBe(false);
    expect(polygonContainsPoint(square, v(2, 4))).toBe(false);
  });
  it("works for either winding and is false for < 3 vertices", () => {
    expect(polygonContainsPoint([...square].reverse(), v(1, 1))).toBe(true);
    expect(polygonContainsPoint([v(0, 0), v(1, 1)], v(0.5, 0.5))).toBe(false);
  });
  it("property: points on a shared edge belong to exactly one of two adjacent squares", () => {
    const left = [v(0, 0), v(4, 0), v(4, 4), v(0, 4)];
    const right = [v(4, 0), v(8, 0), v(8, 4), v(4, 4)];
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 3.999, noNaN: true }), (y) => {
        const p = v(4, y);
        expect(Number(polygonContainsPoint(left, p)) + Number(polygonContainsPoint(right, p))).toBe(1);
      }),
    );
  });
  it("property: agrees with a point-in-rectangle test for random rectangles", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.double({ min: -25, max: 25, noNaN: true }),
        fc.double({ min: -25, max: 25, noNaN: true }),
        (x, y, w, h, px, py) => {
          const rect = [v(x, y), v(x + w, y), v(x + w, y + h), v(x, y + h)];
          const inside = px >= x && px < x + w && py >= y && py < y + h;
          expect(polygonContainsPoint(rect, v(px, py))).toBe(inside);
        },
      ),
    );
  });
});

describe("polygonClosestPoint", () => {
  it("returns the nearest boundary point from inside and outside", () => {
    const out = v(0, 0);
    expect(polygonClosestPoint(out, square, v(1, 2))).toBe(1);
    expect(out).toEqual({ x: 0, y: 2 });
    expect(polygonClosestPoint(out, square, v(6, 6))).toBe(8);
    expect(out).toEqual({ x: 4, y: 4 });
    expect(polygonClosestPoint(out, u, v(2, 3))).toBe(1); // in the notch: nearest walls at x = 1 or 3, or y = 2
  });
  it("degenerate: single vertex and empty polygon", () => {
    const out = v(0, 0);
    expect(polygonClosestPoint(out, [v(1, 1)], v(4, 5))).toBe(25);
    expect(out).toEqual({ x: 1, y: 1 });
    expect(polygonClosestPoint(out, [], v(4, 5))).toBe(Infinity);
    expect(out).toEqual({ x: 4, y: 5 });
  });
  it("out may alias p", () => {
    const p = v(6, 6);
    polygonClosestPoint(p, square, p);
    expect(p).toEqual({ x: 4, y: 4 });
  });
});

describe("polygonCentroid", () => {
  it("area centroid for convex and concave polygons, either winding", () => {
    expect(polygonCentroid(v(0, 0), square)).toEqual({ x: 2, y: 2 });
    const c = polygonCentroid(v(0, 0), [...square].reverse());
    expect(c.x).toBeCloseTo(2, 12);
    expect(c.y).toBeCloseTo(2, 12);
    const cu = polygonCentroid(v(0, 0), u);
    // U = 4x2 base (centroid (2,1), area 8) + two 1x2 posts (centroids (0.5,3) and (3.5,3), area 2 each)
    expect(cu.x).toBeCloseTo(2, 12);
    expect(cu.y).toBeCloseTo((8 * 1 + 2 * 3 + 2 * 3) / 12, 12);
    const far = polygonCentroid(
      v(0, 0),
      square.map((p) => v(p.x + 1e7, p.y + 1e7)),
    );
    expect(far.x).toBeCloseTo(1e7 + 2, 6);
  });
  it("degenerate: zero area gives the vertex mean, empty gives the origin", () => {
    expect(polygonCentroid(v(9, 9), [v(0, 0), v(2, 2), v(4, 4)])).toEqual({ x: 2, y: 2 });
    expect(polygonCentroid(v(9, 9), [v(1, 3)])).toEqual({ x: 1, y: 3 });
    expect(polygonCentroid(v(9, 9), [])).toEqual({ x: 0, y: 0 });
  });
});

describe("polygonIsConvex", () => {
  it("accepts convex polygons in either winding, rejects concave ones", () => {
    expect(polygonIsConvex(square)).toBe(true);
    expect(polygonIsConvex([...square].reverse())).toBe(true);
    expect(polygonIsConvex(u)).toBe(false);
    expect(polygonIsConvex([v(0, 0), v(1, 0), v(0, 1)])).toBe(true);
  });
  it("tolerates collinear and repeated vertices", () => {
    expect(polygonIsConvex([v(0, 0), v(2, 0), v(4, 0), v(4, 4), v(0, 4)])).toBe(true);
    expect(polygonIsConvex([v(0, 0), v(4, 0), v(4, 0), v(4, 4), v(0, 4), v(0, 4)])).toBe(true);
  });
  it("rejects degenerate and self-intersecting polygons", () => {
    expect(polygonIsConvex([v(0, 0), v(1, 1)])).toBe(false);
    expect(polygonIsConvex([v(0, 0), v(1, 1), v(2, 2)])).toBe(false);
    expect(polygonIsConvex([v(0, 0), v(0, 0), v(0, 0)])).toBe(false);
    const star = [0, 2, 4, 1, 3].map((k) => v(Math.cos((2 * Math.PI * k) / 5), Math.sin((2 * Math.PI * k) / 5)));
    expect(polygonIsConvex(star)).toBe(false);
    expect(polygonIsConvex([v(0, 0), v(4, 4), v(4, 0), v(0, 4)])).toBe(false); // bow tie
  });
});

describe("polygonIntersectsSegment", () => {
  it("crossing, touching, inside and outside", () => {
    expect(polygonIntersectsSegment(square, v(-1, 2), v(5, 2))).toBe(true);
    expect(polygonIntersectsSegment(square, v(1, 1), v(2, 2))).toBe(true); // inside
    expect(polygonIntersectsSegment(square, v(4, 4), v(6, 6))).toBe(true); // touches a corner
    expect(polygonIntersectsSegment(square, v(5, 0), v(5, 4))).toBe(false);
    expect(polygonIntersectsSegment(u, v(1.5, 3), v(2.5, 3.5))).toBe(false); // in the notch
    expect(polygonIntersectsSegment(u, v(2, 3), v(2, 1))).toBe(true);
  });
  it("degenerate polygons", () => {
    expect(polygonIntersectsSegment([], v(0, 0), v(1, 1))).toBe(false);
    expect(polygonIntersectsSegment([v(0, 0)], v(0, 0), v(1, 1))).toBe(false);
    expect(polygonIntersectsSegment([v(0, 1), v(2, 1)], v(1, 0), v(1, 2))).toBe(true);
  });
});
