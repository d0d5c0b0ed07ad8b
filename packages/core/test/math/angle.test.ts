import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { angleDifference, degToRad, lerpAngle, radToDeg, rotateTowards, wrapAngle } from "../../src/index";

const PI = Math.PI;
const finiteAngle = fc.double({ min: -1e4, max: 1e4, noNaN: true });

describe("degToRad / radToDeg", () => {
  it("converts both ways", () => {
    expect(degToRad(180)).toBeCloseTo(PI, 15);
    expect(degToRad(-90)).toBeCloseTo(-PI / 2, 15);
    expect(radToDeg(PI / 4)).toBeCloseTo(45, 12);
    expect(radToDeg(degToRad(123.5))).toBeCloseTo(123.5, 10);
  });
});

describe("wrapAngle", () => {
  it("maps into (-π, π] with -π → π", () => {
    expect(wrapAngle(0)).toBe(0);
    expect(wrapAngle(PI)).toBe(PI);
    expect(wrapAngle(-PI)).toBe(PI);
    expect(wrapAngle(3 * PI)).toBeCloseTo(PI, 12);
    expect(wrapAngle(2 * PI)).toBeCloseTo(0, 12);
    expect(wrapAngle(-PI / 2 - 4 * PI)).toBeCloseTo(-PI / 2, 12);
    expect(wrapAngle(1.5 * PI)).toBeCloseTo(-PI / 2, 12);
  });
  it("passes values already in range through unchanged", () => {
    expect(wrapAngle(1.234)).toBe(1.234);
    expect(wrapAngle(-3.1)).toBe(-3.1);
  });
  it("NaN in gives NaN out (documented)", () => {
    expect(wrapAngle(Number.NaN)).toBeNaN();
  });
  it("property: result in range and congruent mod 2π", () => {
    fc.assert(
      fc.property(finiteAngle, (a) => {
        const w = wrapAngle(a);
        expect(w).toBeGreaterThan(-PI);
        expect(w).toBeLessThanOrEqual(PI);
        const k = Math.round((a - w) / (2 * PI));
        expect(Math.abs(a - w - 2 * PI * k)).toBeLessThan(1e-9);
      }),
    );
  });
});

describe("angleDifference", () => {
  it("is the shortest signed rotation from → to (positive = counter-clockwise)", () => {
    expect(angleDifference(0, PI / 2)).toBeCloseTo(PI / 2, 15);
    expect(angleDifference(PI / 2, 0)).toBeCloseTo(-PI / 2, 15);
    // across the ±π seam
    expect(angleDifference(degToRad(170), degToRad(-170))).toBeCloseTo(degToRad(20), 12);
    expect(angleDifference(degToRad(-170), degToRad(170))).toBeCloseTo(degToRad(-20), 12);
    // opposite directions give +π
    expect(angleDifference(0, PI)).toBe(PI);
    expect(angleDifference(PI, 0)).toBe(PI);
  });
  it("property: from + diff ≡ to and |diff| ≤ π", () => {
    fc.assert(
      fc.property(finiteAngle, finiteAngle, (a, b) => {
        const d = angleDifference(a, b);
        expect(Math.abs(d)).toBeLessThanOrEqual(PI);
        expect(Math.abs(wrapAngle(a + d - b))).toBeLessThan(1e-8);
      }),
    );
  });
});

describe("lerpAngle", () => {
  it("interpolates along the shorter arc", () => {
    expect(lerpAngle(0, PI / 2, 0.5)).toBeCloseTo(PI / 4, 15);
    expect(lerpAngle(degToRad(170), degToRad(-170), 0.5)).toBeCloseTo(PI, 12);
    expect(lerpAngle(1, 2, 0)).toBe(1);
    expect(lerpAngle(1, 2, 1)).toBeCloseTo(2, 15);
  });
});

describe("rotateTowards", () => {
  it("steps by at most maxDelta and lands exactly on the target", () => {
    expect(rotateTowards(0, 1, 0.25)).toBeCloseTo(0.25, 15);
    expect(rotateTowards(0, -1, 0.25)).toBeCloseTo(-0.25, 15);
    expect(rotateTowards(0, 0.1, 0.25)).toBe(0.1);
    // crosses the seam the short way
    expect(rotateTowards(degToRad(175), degToRad(-175), degToRad(5))).toBeCloseTo(PI, 12);
  });
  it("treats a negative maxDelta as 0", () => {
    expect(rotateTowards(0.5, 1, -1)).toBe(0.5);
  });
  it("property: never overshoots", () => {
    fc.assert(
      fc.property(finiteAngle, finiteAngle, fc.double({ min: 0, max: 4, noNaN: true }), (a, b, m) => {
        const r = rotateTowards(a, b, m);
        expect(Math.abs(angleDifference(a, r))).toBeLessThanOrEqual(m + 1e-9);
        expect(Math.abs(angleDifference(r, b))).toBeLessThanOrEqual(Math.abs(angleDifference(a, b)) + 1e-9);
      }),
    );
  });
});
