import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  vec2,
  vec2Add,
  vec2Angle,
  vec2ApproxEquals,
  vec2Clone,
  vec2Cross,
  vec2Distance,
  vec2Dot,
  vec2FromAngle,
  vec2Length,
  vec2Lerp,
  vec2Normalize,
  vec2Perp,
  vec2Project,
  vec2Reflect,
  vec2Rotate,
  vec2Scale,
  vec2ScaleAndAdd,
  vec2SetLength,
  vec2Sub,
  vec2Truncate,
  type Vec2,
} from "../../src/index";

const num = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
const v = fc.record({ x: num, y: num });

describe("vec2", () => {
  it("does arithmetic into out and returns out", () => {
    const out = vec2();
    expect(vec2Add(out, { x: 1, y: 2 }, { x: 3, y: 4 })).toBe(out);
    expect(out).toEqual({ x: 4, y: 6 });
    expect(vec2Sub(out, { x: 1, y: 2 }, { x: 3, y: 5 })).toEqual({ x: -2, y: -3 });
    expect(vec2Scale(out, { x: 1, y: -2 }, 3)).toEqual({ x: 3, y: -6 });
    expect(vec2ScaleAndAdd(out, { x: 1, y: 1 }, { x: 2, y: 4 }, 0.5)).toEqual({ x: 2, y: 3 });
    expect(vec2Dot({ x: 1, y: 2 }, { x: 3, y: 4 })).toBe(11);
    expect(vec2Cross({ x: 1, y: 0 }, { x: 0, y: 1 })).toBe(1);
    expect(vec2Length({ x: 3, y: 4 })).toBe(5);
    expect(vec2Distance({ x: 1, y: 1 }, { x: 4, y: 5 })).toBe(5);
  });

  it("normalises the zero vector to zero, never NaN", () => {
    expect(vec2Normalize(vec2(), { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
    expect(vec2SetLength(vec2(), { x: 0, y: 0 }, 5)).toEqual({ x: 0, y: 0 });
    expect(vec2Project(vec2(), { x: 1, y: 1 }, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
  });

  it("rotates counter-clockwise in a y-up frame; perp is +90°", () => {
    const r = vec2Rotate(vec2(), { x: 1, y: 0 }, Math.PI / 2);
    expect(vec2ApproxEquals(r, { x: 0, y: 1 })).toBe(true);
    expect(vec2Perp(vec2(), { x: 1, y: 0 })).toEqual({ x: -0, y: 1 });
    expect(vec2Angle({ x: 0, y: 2 })).toBeCloseTo(Math.PI / 2);
    expect(vec2ApproxEquals(vec2FromAngle(vec2(), Math.PI, { length: 2 }), { x: -2, y: 0 })).toBe(true);
  });

  it("truncates to a maximum length and keeps shorter vectors", () => {
    expect(vec2Length(vec2Truncate(vec2(), { x: 30, y: 40 }, 5))).toBeCloseTo(5);
    expect(vec2Truncate(vec2(), { x: 1, y: 1 }, 5)).toEqual({ x: 1, y: 1 });
  });

  it("reflects about a normal and lerps", () => {
    expect(vec2Reflect(vec2(), { x: 1, y: -1 }, { x: 0, y: 1 })).toEqual({ x: 1, y: 1 });
    expect(vec2Lerp(vec2(), { x: 0, y: 0 }, { x: 10, y: 20 }, 0.25)).toEqual({ x: 2.5, y: 5 });
  });

  it("gives the same result when out aliases an input", () => {
    type Op = (out: Vec2, a: Vec2, b: Vec2) => Vec2;
    const ops: Op[] = [
      vec2Add,
      vec2Sub,
      (o, a) => vec2Scale(o, a, 1.5),
      (o, a, b) => vec2ScaleAndAdd(o, a, b, 0.3),
      (o, a) => vec2Normalize(o, a),
      (o, a) => vec2Perp(o, a),
      (o, a) => vec2Rotate(o, a, 0.7),
      (o, a, b) => vec2Lerp(o, a, b, 0.4),
      (o, a, b) => vec2Project(o, a, b),
      (o, a) => vec2Truncate(o, a, 3),
    ];
    fc.assert(
      fc.property(v, v, fc.nat({ max: ops.length - 1 }), (a, b, i) => {
        const op = ops[i]!;
        const expected = op(vec2(), vec2Clone(a), vec2Clone(b));
        const aliasA = vec2Clone(a);
        op(aliasA, aliasA, vec2Clone(b));
        const aliasB = vec2Clone(b);
        op(aliasB, vec2Clone(a), aliasB);
        expect(aliasA).toEqual(expected);
        expect(aliasB).toEqual(expected);
      }),
    );
  });

  it("normalised non-zero vectors have unit length", () => {
    fc.assert(
      fc.property(v, (a) => {
        fc.pre(vec2Length(a) > 1e-6);
        expect(vec2Length(vec2Normalize(vec2(), a))).toBeCloseTo(1, 9);
      }),
    );
  });
});
