import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  circle,
  circleClosestBoundaryPoint,
  circleClosestPoint,
  circleContainsPoint,
  circleIntersectsSegment,
  circleOverlapsCircle,
  circleSignedDistance,
  type Vec2,
} from "../../src/index";

const v = (x: number, y: number): Vec2 => ({ x, y });
const coord = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.record({ x: coord, y: coord });

describe("circle", () => {
  it("allocates with defaults", () => {
    expect(circle()).toEqual({ x: 0, y: 0, radius: 1 });
    expect(circle(1, 2, 3)).toEqual({ x: 1, y: 2, radius: 3 });
  });

  it("contains points inside and on the boundary", () => {
    const c = circle(1, 1, 2);
    expect(circleContainsPoint(c, v(1, 1))).toBe(true);
    expect(circleContainsPoint(c, v(3, 1))).toBe(true);
    expect(circleContainsPoint(c, v(3.01, 1))).toBe(false);
    expect(circleContainsPoint(circle(0, 0, 0), v(0, 0))).toBe(true);
    expect(circleContainsPoint(circle(0, 0, -1), v(0, 0))).toBe(false);
  });

  it("overlaps when touching, not when apart", () => {
    expect(circleOverlapsCircle(circle(0, 0, 1), circle(2, 0, 1))).toBe(true);
    expect(circleOverlapsCircle(circle(0, 0, 1), circle(2.001, 0, 1))).toBe(false);
    expect(circleOverlapsCircle(circle(0, 0, 5), circle(1, 0, 0))).toBe(true);
  });

  it("intersects segments that pass within the radius, including contained ones", () => {
    const c = circle(0, 0, 1);
    expect(circleIntersectsSegment(c, v(-5, 0.5), v(5, 0.5))).toBe(true);
    expect(circleIntersectsSegment(c, v(-5, 1), v(5, 1))).toBe(true);
    expect(circleIntersectsSegment(c, v(-5, 1.5), v(5, 1.5))).toBe(false);
    expect(circleIntersectsSegment(c, v(-0.1, 0), v(0.1, 0))).toBe(true);
    expect(circleIntersectsSegment(c, v(2, 0), v(5, 0))).toBe(false);
    expect(circleIntersectsSegment(c, v(0.5, 0), v(0.5, 0))).toBe(true);
  });

  it("closest point of the disc and of the boundary", () => {
    const c = circle(0, 0, 2);
    expect(circleClosestPoint(v(0, 0), c, v(1, 0))).toEqual({ x: 1, y: 0 });
    expect(circleClosestPoint(v(0, 0), c, v(0, 10))).toEqual({ x: 0, y: 2 });
    expect(circleClosestBoundaryPoint(v(0, 0), c, v(1, 0))).toEqual({ x: 2, y: 0 });
    expect(circleClosestBoundaryPoint(v(0, 0), c, v(0, 0))).toEqual({ x: 2, y: 0 });
    expect(circleClosestBoundaryPoint(v(0, 0), circle(3, 4, 0), v(0, 0))).toEqual({ x: 3, y: 4 });
    expect(circleSignedDistance(c, v(0, 5))).toBe(3);
    expect(circleSignedDistance(c, v(0, 0))).toBe(-2);
  });

  it("property: out may alias p", () => {
    fc.assert(
      fc.property(point, point, fc.double({ min: 0, max: 50, noNaN: true }), (cp, p, r) => {
        const c = circle(cp.x, cp.y, r);
        const e1 = circleClosestPoint(v(0, 0), c, p);
        const pa = { ...p };
        expect(circleClosestPoint(pa, c, pa)).toEqual(e1);
        const e2 = circleClosestBoundaryPoint(v(0, 0), c, p);
        const pb = { ...p };
        expect(circleClosestBoundaryPoint(pb, c, pb)).toEqual(e2);
        // the boundary point is at distance r from the center
        expect(Math.hypot(e2.x - c.x, e2.y - c.y)).toBeCloseTo(r, 6);
      }),
    );
  });
});
