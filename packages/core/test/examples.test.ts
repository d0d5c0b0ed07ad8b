import { describe, expect, it } from "vitest";
import {
  createKdTree,
  createNumericHeap,
  createRng,
  describeValue,
  ErrorCodes,
  isTacticaError,
  kdNearest,
  kdRadius,
  parseBitset,
  restoreRng,
  rngInt,
  rngNextUint32,
  saveRng,
  TacticaError,
} from "../src/index";

// The @example blocks of core's entry points, run as written (ADR 0002: every example is exercised).

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

describe("@example blocks", () => {
  it("describeValue", () => {
    expect(describeValue(Number.NaN)).toBe("NaN");
    expect(describeValue(JSON.parse('{"toString":1}'))).toBe("object");
    expect(describeValue(Object.create(null))).toBe("object");
    expect(describeValue("x".repeat(50))).toBe(JSON.stringify(`${"x".repeat(40)}…`));
    expect(describeValue([1, 2])).toBe("an array of length 2");
  });
  it("createKdTree / kdNearest / kdRadius", () => {
    const tree = createKdTree([0, 0, 10, 0, 5, 5], { dimension: 2 });
    const ids: number[] = [];
    kdNearest(ids, tree, { x: 4, y: 4 }, 2);
    expect(ids).toEqual([2, 0]);
    kdRadius(ids, tree, { x: 0, y: 0 }, 10);
    expect([...ids].sort()).toEqual([0, 1, 2]);
  });

  it("TacticaError and isTacticaError", () => {
    const e = thrown(() => createNumericHeap(-1));
    expect(isTacticaError(e, ErrorCodes.InvalidArgument)).toBe(true);
    expect(e).toBeInstanceOf(TacticaError);
    const p = thrown(() => parseBitset("01x"));
    expect(isTacticaError(p, "INVALID_ARGUMENT")).toBe(true);
    expect((p as TacticaError).path).toBe("text[2]");
  });

  it("Rng save and restore", () => {
    const rng = createRng(42);
    const roll = rngInt(rng, 1, 6);
    expect(roll).toBeGreaterThanOrEqual(1);
    const saved = saveRng(rng);
    const again = restoreRng(createRng(0), saved);
    expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
    expect(rngNextUint32(again)).toBe(rngNextUint32(rng));
  });
});
