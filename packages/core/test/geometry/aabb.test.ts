import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aabb,
  aabbCenter,
  aabbClosestPoint,
  aabbContainsAabb,
  aabbContainsPoint,
  aabbCopy,
  aabbDistanceSqToPoint,
  aabbExpand,
  aabbExpandToPoint,
  aabbFromCoords,
  aabbFromPoints,
  aabbIntersectSegment,
  aabbIntersectsSegment,
  aabbIsEmpty,
  aabbOverlaps,
  aabbSet,
  aabbSetEmpty,
  aabbUnion,
  type Vec2,
} from "../../src/index";

const v = (x: number, y: number): Vec2 => ({ x, y });
const coord = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.record({ x: coord, y: coord });

describe("aabb construction", () => {
  it("from points and coords; empty input gives the empty box", () => {
    expect(aabbFromPoints(aabb(), [v(1, 5), v(-2, 3), v(4, -1)])).toEqual(aabb(-2, -1, 4, 5));
    expect(aabbFromCoords(aabb(), [1, 5, -2, 3, 4, -1, 99])).toEqual(aabb(-2, -1, 4, 5));
    const e = aabbFromPoints(aabb(), []);
    expect(aabbIsEmpty(e)).toBe(true);
    expect(aabbIsEmpty(aabbFromCoords(aabb(), []))).toBe(true);
    expect(aabbIsEmpty(aabb(1, 1, 1, 1))).toBe(false);
  });
  it("set, copy, center", () => {
    const b = aabbSet(aabb(), 0, 0, 4, 2);
    expect(aabbCopy(aabb(), b)).toEqual(b);
    expect(aabbCenter(v(0, 0), b)).toEqual({ x: 2, y: 1 });
    expect(aabbCenter(v(5, 5), aabbSetEmpty(aabb()))).toEqual({ x: 0, y: 0 });
  });
  it("empty box is the identity of union and grows into a point box", () => {
    const e = aabbSetEmpty(aabb());
    const b = aabb(0, 0, 1, 1);
    expect(aabbUnion(aabb(), e, b)).toEqual(b);
    expect(aabbUnion(aabb(), b, aabb(5, 5, 4, 4))).toEqual(b);
    expect(aabbExpandToPoint(aabb(), e, v(3, 4))).toEqual(aabb(3, 4, 3, 4));
    expect(aabbContainsPoint(e, v(0, 0))).toBe(false);
    expect(aabbOverlaps(e, b)).toBe(false);
    expect(aabbContainsAabb(b, e)).toBe(true);
  });
});

describe("aabb queries", () => {
  const b = aabb(0, 0, 10, 5);
  it("contains points inclusively", () => {
    expect(aabbContainsPoint(b, v(0, 0))).toBe(true);
    expect(aabbContainsPoint(b, v(10, 5))).toBe(true);
    expect(aabbContainsPoint(b, v(10.1, 5))).toBe(false);
  });
  it("overlaps inclusively", () => {
    expect(aabbOverlaps(b, aabb(10, 5, 12, 7))).toBe(true);
    expect(aabbOverlaps(b, aabb(10.1, 0, 12, 7))).toBe(false);
    expect(aabbContainsAabb(b, aabb(1, 1, 2, 2))).toBe(true);
    expect(aabbContainsAabb(b, aabb(1, 1, 20, 2))).toBe(false);
  });
  it("union and expand", () => {
    expect(aabbUnion(aabb(), b, aabb(-1, 2, 3, 9))).toEqual(aabb(-1, 0, 10, 9));
    expect(aabbExpand(aabb(), b, 1)).toEqual(aabb(-1, -1, 11, 6));
    expect(aabbIsEmpty(aabbExpand(aabb(), b, -3))).toBe(true);
  });
  it("closest point and distance", () => {
    expect(aabbClosestPoint(v(0, 0), b, v(-3, 2))).toEqual({ x: 0, y: 2 });
    expect(aabbClosestPoint(v(0, 0), b, v(4, 2))).toEqual({ x: 4, y: 2 });
    expect(aabbClosestPoint(v(0, 0), aabbSetEmpty(aabb()), v(4, 2))).toEqual({ x: 4, y: 2 });
    expect(aabbDistanceSqToPoint(b, v(13, 9))).toBe(25);
    expect(aabbDistanceSqToPoint(b, v(3, 3))).toBe(0);
    expect(aabbDistanceSqToPoint(aabbSetEmpty(aabb()), v(3, 3))).toBe(Infinity);
  });
  it("segment intersection (slab) with entry parameter", () => {
    expect(aabbIntersectSegment(b, v(-10, 2), v(10, 2))).toBe(0.5);
    expect(aabbIntersectSegment(b, v(5, 2), v(50, 2))).toBe(0);
    expect(aabbIntersectSegment(b, v(-10, 7), v(10, 7))).toBe(-1);
    expect(aabbIntersectSegment(b, v(-10, 2), v(-5, 2))).toBe(-1);
    expect(aabbIntersectSegment(b, v(5, -10), v(5, 10))).toBe(0.5);
    expect(aabbIntersectSegment(b, v(3, 3), v(3, 3))).toBe(0);
    expect(aabbIntersectSegment(b, v(30, 3), v(30, 3))).toBe(-1);
    expect(aabbIntersectSegment(aabbSetEmpty(aabb()), v(0, 0), v(1, 1))).toBe(-1);
    expect(aabbIntersectsSegment(b, v(-1, -1), v(11, 6))).toBe(true);
    expect(aabbIntersectsSegment(b, v(-1, 4), v(2, 8))).toBe(false);
  });
  it("property: segment hit agrees with sampling, and the entry point is on the box", () => {
    fc.assert(
      fc.property(point, point, (p, q) => {
        const box = aabb(-20, -10, 30, 15);
        const t = aabbIntersectSegment(box, p, q);
        let sampled = false;
        for (let i = 0; i <= 200; i++) {
          const s = i / 200;
          if (aabbContainsPoint(box, v(p.x + (q.x - p.x) * s, p.y + (q.y - p.y) * s))) {
            sampled = true;
            expect(t).toBeGreaterThanOrEqual(0);
            expect(t).toBeLessThanOrEqual(s + 1e-9);
            break;
          }
        }
        if (t >= 0) {
          const e = v(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
          expect(aabbDistanceSqToPoint(box, e)).toBeLessThan(1e-12);
        }
        if (!sampled && t >= 0) expect(t).toBeLessThanOrEqual(1);
      }),
    );
  });
  it("property: out aliasing for union / expand / closest point", () => {
    fc.assert(
      fc.property(point, point, point, (p, q, r) => {
        const a = aabbFromPoints(aabb(), [p, q]);
        const c = aabbFromPoints(aabb(), [q, r]);
        const u = aabbUnion(aabb(), a, c);
        const a2 = aabbCopy(aabb(), a);
        expect(aabbUnion(a2, a2, c)).toEqual(u);
        const c2 = aabbCopy(aabb(), c);
        expect(aabbUnion(c2, a, c2)).toEqual(u);
        const ex = aabbExpand(aabb(), a, 2);
        const a3 = aabbCopy(aabb(), a);
        expect(aabbExpand(a3, a3, 2)).toEqual(ex);
        const cp = aabbClosestPoint(v(0, 0), a, r);
        const ra = { ...r };
        expect(aabbClosestPoint(ra, a, ra)).toEqual(cp);
      }),
    );
  });
});
