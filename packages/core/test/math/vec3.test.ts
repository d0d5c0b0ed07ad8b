import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  vec3,
  vec3Add,
  vec3Clone,
  vec3Cross,
  vec3Distance,
  vec3Dot,
  vec3Length,
  vec3Lerp,
  vec3Normalize,
  vec3Scale,
  vec3Sub,
  vec3Truncate,
  type Vec3,
} from "../../src/index";

const num = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
const v = fc.record({ x: num, y: num, z: num });

describe("vec3", () => {
  it("does arithmetic into out", () => {
    expect(vec3Add(vec3(), { x: 1, y: 2, z: 3 }, { x: 1, y: 1, z: 1 })).toEqual({ x: 2, y: 3, z: 4 });
    expect(vec3Sub(vec3(), { x: 1, y: 2, z: 3 }, { x: 1, y: 1, z: 1 })).toEqual({ x: 0, y: 1, z: 2 });
    expect(vec3Dot({ x: 1, y: 2, z: 3 }, { x: 4, y: 5, z: 6 })).toBe(32);
    expect(vec3Length({ x: 2, y: 3, z: 6 })).toBe(7);
    expect(vec3Distance({ x: 0, y: 0, z: 0 }, { x: 2, y: 3, z: 6 })).toBe(7);
  });

  it("uses the right-handed cross product", () => {
    expect(vec3Cross(vec3(), { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 })).toEqual({ x: 0, y: 0, z: 1 });
  });

  it("normalises zero to zero and truncates", () => {
    expect(vec3Normalize(vec3(), { x: 0, y: 0, z: 0 })).toEqual({ x: 0, y: 0, z: 0 });
    expect(vec3Length(vec3Truncate(vec3(), { x: 10, y: 0, z: 0 }, 2))).toBe(2);
  });

  it("gives the same result when out aliases an input", () => {
    type Op = (out: Vec3, a: Vec3, b: Vec3) => Vec3;
    const ops: Op[] = [vec3Add, vec3Sub, vec3Cross, (o, a) => vec3Scale(o, a, 2), (o, a, b) => vec3Lerp(o, a, b, 0.3), (o, a) => vec3Normalize(o, a)];
    fc.assert(
      fc.property(v, v, fc.nat({ max: ops.length - 1 }), (a, b, i) => {
        const op = ops[i]!;
        const expected = op(vec3(), vec3Clone(a), vec3Clone(b));
        const aliasA = vec3Clone(a);
        op(aliasA, aliasA, vec3Clone(b));
        const aliasB = vec3Clone(b);
        op(aliasB, vec3Clone(a), aliasB);
        expect(aliasA).toEqual(expected);
        expect(aliasB).toEqual(expected);
      }),
    );
  });
});
