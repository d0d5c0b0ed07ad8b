import { describe, expect, it } from "vitest";
import {
  assertFinite,
  assertFiniteArray,
  assertInteger,
  assertNonNegative,
  assertOneOf,
  assertPositive,
  assertRange,
  ErrorCodes,
  isTacticaError,
  TacticaError,
  type TacticaErrorCode,
} from "../../src/index";

function thrown(fn: () => unknown): TacticaError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TacticaError) return e;
    throw e;
  }
  throw new Error("expected a TacticaError");
}

describe("TacticaError", () => {
  it("carries a stable code, path and line", () => {
    const e = new TacticaError(ErrorCodes.ParseError, "@tactica/grid: readMap: line 3 is short.", { line: 3, path: "a.map:3" });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("TacticaError");
    expect(e.code).toBe("PARSE_ERROR");
    expect(e.line).toBe(3);
    expect(e.path).toBe("a.map:3");
    expect(isTacticaError(e)).toBe(true);
    expect(isTacticaError(e, ErrorCodes.Empty)).toBe(false);
    expect(isTacticaError(new Error("x"))).toBe(false);
  });

  it("takes package-scoped codes without a cast", () => {
    const e = new TacticaError("GRID_BAD_INPUT", "@tactica/grid: findPath: start is outside the grid. Pass a cell inside it.");
    const code: TacticaErrorCode = "CORE_BAD_INPUT";
    expect(isTacticaError(e, "GRID_BAD_INPUT")).toBe(true);
    expect(isTacticaError(e, code)).toBe(false);
    // @ts-expect-error codes are upper snake case PACKAGE_KIND (or one of ErrorCodes)
    expect(new TacticaError("grid bad input", "m").code).toBe("grid bad input");
  });

  it("is recognised by its Symbol.for brand, not by class identity", () => {
    const e = new TacticaError(ErrorCodes.Empty, "m");
    expect((e as unknown as Record<symbol, unknown>)[Symbol.for("tactica.error")]).toBe(true);
    // What an error from a second copy of core (the CJS build, a duplicated install) looks like:
    // another class, the same registry symbol.
    class OtherCopyError extends Error {
      readonly code = "EMPTY";
      constructor() {
        super("m");
        Object.defineProperty(this, Symbol.for("tactica.error"), { value: true });
      }
    }
    const foreign = new OtherCopyError();
    expect(isTacticaError(foreign)).toBe(true);
    expect(isTacticaError(foreign, ErrorCodes.Empty)).toBe(true);
    expect(isTacticaError(foreign, ErrorCodes.InvalidState)).toBe(false);
    expect(foreign instanceof TacticaError).toBe(true);
    // Look-alikes without the brand are not TacticaErrors.
    expect(isTacticaError({ name: "TacticaError", code: "EMPTY", message: "m" })).toBe(false);
    expect(isTacticaError(null)).toBe(false);
    expect(isTacticaError("EMPTY")).toBe(false);
    expect({} instanceof TacticaError).toBe(false);
    // A subclass keeps the ordinary prototype check.
    class Sub extends TacticaError {}
    expect(new Sub(ErrorCodes.Empty, "m") instanceof Sub).toBe(true);
    expect(e instanceof Sub).toBe(false);
    expect(isTacticaError(new Sub(ErrorCodes.Empty, "m"))).toBe(true);
  });

  it("keeps the cause", () => {
    const cause = new Error("inner");
    expect(new TacticaError(ErrorCodes.InvalidState, "m", { cause }).cause).toBe(cause);
  });
});

describe("argument validation", () => {
  const where = "@tactica/core: demo";
  it("accepts good values and returns them", () => {
    expect(assertFinite(where, "x", 2)).toBe(2);
    expect(assertInteger(where, "n", 3, 0, 5)).toBe(3);
    expect(assertRange(where, "t", 0.5, 0, 1)).toBe(0.5);
    expect(assertPositive(where, "r", 1e-3)).toBe(1e-3);
    expect(assertNonNegative(where, "r", 0)).toBe(0);
    expect(assertOneOf(where, "mode", "a", ["a", "b"])).toBe("a");
    expect(() => assertFiniteArray(where, "pts", [1, 2, 3])).not.toThrow();
  });

  it("says what is wrong, where, and how to fix it", () => {
    const e = thrown(() => assertFinite(where, "x", Number.NaN));
    expect(e.code).toBe(ErrorCodes.InvalidArgument);
    expect(e.message).toBe('@tactica/core: demo: "x" must be a finite number but is NaN. Pass a finite number.');
    expect(e.path).toBe("x");
    expect(thrown(() => assertInteger(where, "n", 2.5, 0, 5)).message).toContain("integer in [0, 5]");
    expect(thrown(() => assertRange(where, "t", 2, 0, 1)).message).toContain("between 0 and 1");
    expect(thrown(() => assertPositive(where, "r", 0)).message).toContain("> 0");
    expect(thrown(() => assertNonNegative(where, "r", -1)).message).toContain(">= 0");
    expect(thrown(() => assertOneOf(where, "mode", "c", ["a", "b"])).message).toContain('one of "a", "b"');
    expect(thrown(() => assertFiniteArray(where, "pts", [1, Infinity])).path).toBe("pts[1]");
  });
});
