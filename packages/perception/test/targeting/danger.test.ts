import { isTacticaError, type TacticaErrorCode } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDangerRegion, advanceDangerRegions, createDangerRegions, dangerAt, selectTarget } from "../../src/index";

function throwsCode(f: () => unknown, code: TacticaErrorCode): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
}

describe("danger regions (ch. 2)", () => {
  it("fade linearly, then are forgotten; the newest danger is kept when full", () => {
    const d = createDangerRegions(2);
    addDangerRegion(d, 0, 0, 5, 10);
    expect(dangerAt(d, 3, 4)).toBe(1);
    expect(dangerAt(d, 3, 4.1)).toBe(0);
    advanceDangerRegions(d, 4);
    expect(dangerAt(d, 0, 0)).toBeCloseTo(0.6, 12);
    addDangerRegion(d, 20, 0, 2, 3);
    addDangerRegion(d, 40, 0, 2, 8); // full: replaces the region closest to expiry (the 3 s one)
    expect(d.count).toBe(2);
    expect(dangerAt(d, 20, 0)).toBe(0);
    expect(dangerAt(d, 40, 0)).toBe(1);
    expect(advanceDangerRegions(d, 6)).toBe(1); // the first one expires
    expect(dangerAt(d, 0, 0)).toBe(0);
    expect(dangerAt(d, 40, 0)).toBeCloseTo(0.25, 12);
    expect(advanceDangerRegions(d, 2)).toBe(1);
    expect(d.count).toBe(0);
    throwsCode(() => addDangerRegion(d, 0, 0, 1, 0), "PERCEPTION_CONFIG");
    throwsCode(() => advanceDangerRegions(d, -1), "PERCEPTION_CONFIG");
    throwsCode(() => createDangerRegions(0), "PERCEPTION_CONFIG");
  });

  it("forgets exactly the expired regions (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.5, max: 10, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 12, noNaN: true }),
        (durations, dt) => {
          const d = createDangerRegions(12);
          durations.forEach((t, i) => addDangerRegion(d, i * 100, 0, 1, t));
          advanceDangerRegions(d, dt);
          expect(d.count).toBe(durations.filter((t) => t - dt > 0).length);
          durations.forEach((t, i) => expect(dangerAt(d, i * 100, 0)).toBeCloseTo(t - dt > 0 ? (t - dt) / t : 0, 9));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("selectTarget", () => {
  it("keeps the current target unless a challenger beats it by more than the hysteresis", () => {
    expect(selectTarget([0.5, 0.55, 0.2], -1)).toBe(1);
    expect(selectTarget([0.5, 0.55, 0.2], 0)).toBe(0);
    expect(selectTarget([0.5, 0.65, 0.2], 0)).toBe(1);
    expect(selectTarget([0.5, 0.65, 0.2], 0, { hysteresis: 0.2 })).toBe(0);
    expect(selectTarget([-1, 0.3], 0)).toBe(1); // the current target is no longer a candidate
    expect(selectTarget([-1, Number.NaN], -1)).toBe(-1);
    expect(selectTarget([], -1)).toBe(-1);
  });

  it("switches at most once while two scores stay within the hysteresis (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), { minLength: 2, maxLength: 40 }), (noise) => {
        let current = -1;
        let switches = 0;
        for (const n of noise) {
          const next = selectTarget([0.5, 0.5 + n], current);
          if (current >= 0 && next !== current) switches++;
          current = next;
        }
        expect(switches).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});
