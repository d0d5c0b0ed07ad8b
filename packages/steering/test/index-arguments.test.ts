import { ErrorCodes, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  createContextMap,
  createLineFormation,
  createRacingContextMap,
  createRacingDecision,
  getContextSlotDirection,
  getFormationSlotPosition,
  resolveRacingContextMap,
} from "../src/index";

// Index-taking level-1 functions fail loudly on undefined / NaN / out-of-range indices (ADR 0002,
// issue 26) instead of writing NaN or using slot 0.

function expectInvalid(f: () => unknown, fn: string): void {
  try {
    f();
  } catch (e) {
    expect(isTacticaError(e, ErrorCodes.InvalidArgument)).toBe(true);
    expect((e as Error).message).toContain(`@tactica/steering: ${fn}`);
    return;
  }
  throw new Error(`${fn} did not throw`);
}

describe("index arguments", () => {
  it("getFormationSlotPosition rejects a slot that is not an integer in [0, count) (it used to write NaN)", () => {
    const f = createLineFormation(3, 2);
    const out = { x: 0, y: 0 };
    for (const slot of [undefined, Number.NaN, 1.5, -1, 3] as unknown as number[]) {
      expectInvalid(() => getFormationSlotPosition(out, f, slot, { x: 0, y: 0 }, 0), "getFormationSlotPosition");
    }
    expect(getFormationSlotPosition(out, f, 2, { x: 0, y: 0 }, 0)).toEqual({ x: 0, y: -2 });
  });

  it("getContextSlotDirection rejects a non-finite slot; fractional slots are fine", () => {
    const m = createContextMap(8);
    const out = { x: 0, y: 0 };
    for (const slot of [undefined, Number.NaN, Infinity] as unknown as number[])
      expectInvalid(() => getContextSlotDirection(out, m, slot), "getContextSlotDirection");
    getContextSlotDirection(out, m, 2);
    expect(out.x).toBeCloseTo(0, 12);
    expect(out.y).toBeCloseTo(1, 12);
    getContextSlotDirection(out, m, 0.5);
    expect(Math.atan2(out.y, out.x)).toBeCloseTo(Math.PI / 8, 12);
  });

  it("resolveRacingContextMap rejects a current slot off the track (it used to pick nothing silently)", () => {
    const m = createRacingContextMap(5);
    for (const slot of [undefined, Number.NaN, -1, 4.5, 9] as unknown as number[]) {
      expectInvalid(() => resolveRacingContextMap(createRacingDecision(), m, slot, 0.5), "resolveRacingContextMap");
    }
    expect(() => resolveRacingContextMap(createRacingDecision(), m, 3.6, 0.5)).not.toThrow();
  });
});
