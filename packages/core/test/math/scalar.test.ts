import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approxEqual, clamp, clamp01, inverseLerp, lerp, remap, sign, smoothstep } from "../../src/index";

describe("scalar helpers", () => {
  it("clamps, lerps and remaps", () => {
    expect(clamp(5, 0, 3)).toBe(3);
    expect(clamp(-1, 0, 3)).toBe(0);
    expect(clamp01(0.5)).toBe(0.5);
    expect(lerp(10, 20, 0.5)).toBe(15);
    expect(inverseLerp(10, 20, 15)).toBe(0.5);
    expect(remap(5, 0, 10, 100, 200)).toBe(150);
    expect(sign(-3)).toBe(-1);
    expect(sign(0)).toBe(0);
    expect(approxEqual(0.1 + 0.2, 0.3)).toBe(true);
  });

  it("never divides by zero: inverseLerp and remap of an empty range", () => {
    expect(inverseLerp(3, 3, 7)).toBe(0);
    expect(remap(7, 3, 3, 1, 2)).toBe(1);
  });

  it("smoothstep stays in [0, 1] and is monotone", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (a, b) => {
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const s1 = smoothstep(0, 1, lo);
        const s2 = smoothstep(0, 1, hi);
        expect(s1).toBeGreaterThanOrEqual(0);
        expect(s2).toBeLessThanOrEqual(1);
        expect(s1).toBeLessThanOrEqual(s2);
      }),
    );
  });
});
