import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aabb,
  aabbSetEmpty,
  circle,
  circleContainsPoint,
  ray,
  rayIntersectAabb,
  rayIntersectCircle,
  rayIntersectSegment,
  rayPointAt,
  segmentDistanceToPoint,
  type Vec2,
} from "../../src/index";

const v = (x: number, y: number): Vec2 => ({ x, y });
// Magnitudes below 1e-100 are flushed to 0: with a direction that short, t overflows.
const coord = fc.double({ min: -50, max: 50, noNaN: true }).map((x) => (Math.abs(x) < 1e-100 ? 0 : x));
const point = fc.record({ x: coord, y: coord });

describe("ray", () => {
  it("allocates and evaluates points", () => {
    const r = ray(1, 2, 3, 4);
    expect(r).toEqual({ origin: { x: 1, y: 2 }, direction: { x: 3, y: 4 } });
    expect(rayPointAt(v(0, 0), r, 2)).toEqual({ x: 7, y: 10 });
    expect(ray()).toEqual({ origin: { x: 0, y: 0 }, direction: { x: 1, y: 0 } });
    const alias = { x: 1, y: 2 };
    expect(rayPointAt(alias, { origin: alias, direction: v(1, 1) }, 1)).toEqual({ x: 2, y: 3 });
  });
});

describe("rayIntersectSegment", () => {
  it("hits crossing segments at the right t, misses behind and beside", () => {
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(5, -1), v(5, 1))).toBe(5);
    expect(rayIntersectSegment(ray(0, 0, 2, 0), v(5, -1), v(5, 1))).toBe(2.5);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(-5, -1), v(-5, 1))).toBe(-1);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(5, 1), v(5, 2))).toBe(-1);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(5, 0), v(5, 2))).toBe(5);
  });
  it("parallel and collinear cases", () => {
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(0, 1), v(5, 1))).toBe(-1);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(3, 0), v(8, 0))).toBe(3);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(8, 0), v(3, 0))).toBe(3);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(-3, 0), v(8, 0))).toBe(0);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(-8, 0), v(-3, 0))).toBe(-1);
  });
  it("degenerate: zero direction and zero-length segment", () => {
    expect(rayIntersectSegment(ray(1, 0, 0, 0), v(0, 0), v(2, 0))).toBe(0);
    expect(rayIntersectSegment(ray(1, 1, 0, 0), v(0, 0), v(2, 0))).toBe(-1);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(4, 0), v(4, 0))).toBe(4);
    expect(rayIntersectSegment(ray(0, 0, 1, 0), v(4, 1), v(4, 1))).toBe(-1);
  });
  it("property: a hit point lies on the segment", () => {
    fc.assert(
      fc.property(point, point, point, point, (o, d, a, b) => {
        const r = { origin: o, direction: d };
        const t = rayIntersectSegment(r, a, b);
        if (t < 0) return;
        const p = rayPointAt(v(0, 0), r, t);
        expect(segmentDistanceToPoint(a, b, p)).toBeLessThan(1e-6);
      }),
    );
  });
});

describe("rayIntersectCircle", () => {
  it("enters at the smallest non-negative t", () => {
    expect(rayIntersectCircle(ray(-5, 0, 1, 0), circle(0, 0, 1))).toBe(4);
    expect(rayIntersectCircle(ray(-5, 0, 2, 0), circle(0, 0, 1))).toBe(2);
    expect(rayIntersectCircle(ray(-5, 1, 1, 0), circle(0, 0, 1))).toBe(5); // tangent
    expect(rayIntersectCircle(ray(-5, 1.1, 1, 0), circle(0, 0, 1))).toBe(-1);
    expect(rayIntersectCircle(ray(5, 0, 1, 0), circle(0, 0, 1))).toBe(-1); // behind
  });
  it("origin inside gives 0; zero direction and zero radius are defined", () => {
    expect(rayIntersectCircle(ray(0.5, 0, 1, 0), circle(0, 0, 1))).toBe(0);
    expect(rayIntersectCircle(ray(0.5, 0, 0, 0), circle(0, 0, 1))).toBe(0);
    expect(rayIntersectCircle(ray(5, 0, 0, 0), circle(0, 0, 1))).toBe(-1);
    expect(rayIntersectCircle(ray(-5, 0, 1, 0), circle(0, 0, 0))).toBe(5);
    expect(rayIntersectCircle(ray(-5, 0, 1, 0), circle(0, 0, -1))).toBe(-1);
  });
  it("property: a hit point is on the circle boundary (or the origin inside)", () => {
    fc.assert(
      fc.property(point, point, point, fc.double({ min: 0, max: 20, noNaN: true }), (o, d, c, rad) => {
        const r = { origin: o, direction: d };
        const circ = circle(c.x, c.y, rad);
        const t = rayIntersectCircle(r, circ);
        if (t < 0) {
          // sampled points along the ray are all outside
          for (let i = 0; i <= 50; i++) {
            const p = rayPointAt(v(0, 0), r, i);
            expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeGreaterThan(rad - 1e-9);
          }
          return;
        }
        if (t === 0) {
          expect(circleContainsPoint(circle(c.x, c.y, rad + 1e-9), o)).toBe(true);
          return;
        }
        const p = rayPointAt(v(0, 0), r, t);
        expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(rad, 5);
      }),
    );
  });
});

describe("rayIntersectAabb", () => {
  const b = aabb(0, 0, 10, 5);
  it("slab method", () => {
    expect(rayIntersectAabb(ray(-10, 2, 1, 0), b)).toBe(10);
    expect(rayIntersectAabb(ray(-10, 2, 2, 0), b)).toBe(5);
    expect(rayIntersectAabb(ray(5, 2, 1, 0), b)).toBe(0);
    expect(rayIntersectAabb(ray(20, 2, 1, 0), b)).toBe(-1);
    expect(rayIntersectAabb(ray(-10, 7, 1, 0), b)).toBe(-1);
    expect(rayIntersectAabb(ray(5, -10, 0, 1), b)).toBe(10);
    expect(rayIntersectAabb(ray(-1, -1, 1, 1), b)).toBe(1);
    expect(rayIntersectAabb(ray(3, 3, 0, 0), b)).toBe(0);
    expect(rayIntersectAabb(ray(30, 3, 0, 0), b)).toBe(-1);
    expect(rayIntersectAabb(ray(0, 0, 1, 0), aabbSetEmpty(aabb()))).toBe(-1);
  });
});
