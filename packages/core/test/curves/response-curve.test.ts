import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  LOGIT_EPSILON,
  ResponseCurveTypes,
  compileResponseCurve,
  evaluateResponseCurve,
  isTacticaError,
  validateResponseCurve,
  type ResponseCurveDef,
} from "../../src/index";

function expectPathError(json: unknown, path: string, message?: RegExp, base?: string): void {
  try {
    validateResponseCurve(json, base === undefined ? {} : { path: base });
  } catch (e) {
    expect(isTacticaError(e, ErrorCodes.InvalidDefinition)).toBe(true);
    expect((e as { path: string }).path).toBe(path);
    expect((e as Error).message.startsWith(`@tactica/core: validateResponseCurve: ${path} `)).toBe(true);
    if (message) expect((e as Error).message).toMatch(message);
    return;
  }
  expect.unreachable(`expected an error at ${path}`);
}

const anyInput = fc.oneof(
  fc.double(), // includes NaN, ±Infinity, ±0, huge values
  fc.double({ min: -2, max: 3, noNaN: true }),
);

describe("response curves: formulas", () => {
  it("linear: y = m(t - c) + b, clamped by default", () => {
    const c = compileResponseCurve({ type: "linear", m: 2, b: 0.1, c: 0.25 });
    expect(c.evaluate(0.25)).toBeCloseTo(0.1, 12);
    expect(c.evaluate(0.5)).toBeCloseTo(0.6, 12);
    expect(c.evaluate(1)).toBe(1); // 1.6 clamped
    expect(c.evaluate(0)).toBe(0); // -0.4 clamped
    const raw = compileResponseCurve({ type: "linear", m: 2, b: 0.1, c: 0.25, clamp: false });
    expect(raw.evaluate(1)).toBeCloseTo(1.6, 12);
    expect(raw.evaluate(0)).toBeCloseTo(-0.4, 12);
    expect(evaluateResponseCurve({ type: "linear" }, 0.3)).toBeCloseTo(0.3, 12);
  });

  it("polynomial: y = m(t - c)^k + b", () => {
    expect(evaluateResponseCurve({ type: "polynomial" }, 0.5)).toBeCloseTo(0.25, 12); // defaults k = 2
    const cubic = compileResponseCurve({ type: "polynomial", m: 4, k: 3, b: 0.5, c: 0.5, clamp: false });
    expect(cubic.evaluate(0)).toBeCloseTo(4 * -0.125 + 0.5, 12);
    expect(cubic.evaluate(1)).toBeCloseTo(1, 12);
    const root = compileResponseCurve({ type: "polynomial", k: 0.5, c: 0.2 });
    expect(root.evaluate(0.1)).toBe(0); // negative base with fractional k → base 0
    expect(root.evaluate(0.36)).toBeCloseTo(0.4, 12);
  });

  it("logistic: y = k / (1 + e^(-m(t - c))) + b", () => {
    const d = compileResponseCurve({ type: "logistic" });
    expect(d.evaluate(0.5)).toBeCloseTo(0.5, 12);
    expect(d.evaluate(0.6)).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    const custom = compileResponseCurve({ type: "logistic", m: -4, k: 0.5, b: 0.25, c: 0.2, clamp: false });
    expect(custom.evaluate(0.7)).toBeCloseTo(0.5 / (1 + Math.exp(2)) + 0.25, 12);
  });

  it("logit inverts the logistic with the same parameters and clamps its argument", () => {
    const params = { m: 6, k: 0.8, b: 0.1, c: 0.4 };
    const logistic = compileResponseCurve({ type: "logistic", ...params, clamp: false });
    const logit = compileResponseCurve({ type: "logit", ...params, clamp: false });
    for (const t of [0.2, 0.3, 0.5, 0.7, 0.85]) {
      expect(logistic.evaluate(logit.evaluate(t))).toBeCloseTo(t, 9);
    }
    const d = compileResponseCurve({ type: "logit", clamp: false });
    expect(d.evaluate(0.5)).toBeCloseTo(0.5, 12);
    const atZero = 0.5 + Math.log(LOGIT_EPSILON / (1 - LOGIT_EPSILON)) / 10;
    expect(d.evaluate(0)).toBeCloseTo(atZero, 12);
    expect(d.evaluate(1)).toBeCloseTo(1 - atZero, 9);
    expect(Number.isFinite(d.evaluate(0))).toBe(true);
  });

  it("step: high at and above the threshold", () => {
    const s = compileResponseCurve({ type: "step", threshold: 0.4, low: 0.2, high: 0.9 });
    expect(s.evaluate(0.39)).toBe(0.2);
    expect(s.evaluate(0.4)).toBe(0.9);
    expect(s.evaluate(1)).toBe(0.9);
    expect(evaluateResponseCurve({ type: "step", threshold: 0.5 }, 0.7)).toBe(1);
  });

  it("piecewise passes through its points, interpolates linearly and holds the ends", () => {
    const def: ResponseCurveDef = {
      type: "piecewise",
      points: [
        { x: 0.1, y: 0.2 },
        { x: 0.3, y: 1 },
        { x: 0.6, y: 0.4 },
        { x: 0.9, y: 0.5 },
      ],
    };
    const p = compileResponseCurve(def);
    for (const pt of def.points) expect(p.evaluate(pt.x)).toBeCloseTo(pt.y, 12);
    expect(p.evaluate(0.2)).toBeCloseTo(0.6, 12);
    expect(p.evaluate(0.45)).toBeCloseTo(0.7, 12);
    expect(p.evaluate(0)).toBe(0.2);
    expect(p.evaluate(1)).toBe(0.5);
    expect(evaluateResponseCurve({ type: "piecewise", points: [{ x: 0.5, y: 0.3 }] }, 0.9)).toBe(0.3);
  });

  it("normalises the input range, also reversed", () => {
    const near = compileResponseCurve({ type: "linear", input: { min: 0, max: 200 } });
    expect(near.evaluate(50)).toBeCloseTo(0.25, 12);
    expect(near.evaluate(400)).toBe(1);
    const far = compileResponseCurve({ type: "linear", input: { min: 200, max: 0 } });
    expect(far.evaluate(50)).toBeCloseTo(0.75, 12);
    expect(far.evaluate(-10)).toBe(1);
    expect(near.evaluate(NaN)).toBe(0);
  });

  it("evaluateResponseCurve matches the compiled curve", () => {
    const def: ResponseCurveDef = { type: "logistic", m: 8, c: 0.3 };
    const compiled = compileResponseCurve(def);
    for (const x of [0, 0.2, 0.5, 1]) expect(evaluateResponseCurve(def, x)).toBe(compiled.evaluate(x));
    expect(compiled.definition).toBe(def);
  });
});

describe("response curves: properties", () => {
  const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true });
  const curveArb: fc.Arbitrary<ResponseCurveDef> = fc.oneof(
    fc.record({ type: fc.constant("linear" as const), m: finite(-5, 5), b: finite(-2, 2), c: finite(-1, 2), clamp: fc.boolean() }),
    fc.record({
      type: fc.constant("polynomial" as const),
      m: finite(-5, 5),
      k: fc.oneof(fc.integer({ min: 1, max: 8 }), finite(0.05, 8)),
      b: finite(-2, 2),
      c: finite(-1, 2),
      clamp: fc.boolean(),
    }),
    fc.record({ type: fc.constant("logistic" as const), m: finite(-50, 50), k: finite(-2, 2), b: finite(-1, 1), c: finite(-1, 2), clamp: fc.boolean() }),
    fc.record({
      type: fc.constant("logit" as const),
      m: fc.oneof(finite(0.1, 50), finite(-50, -0.1)),
      k: fc.oneof(finite(0.1, 2), finite(-2, -0.1)),
      b: finite(-1, 1),
      c: finite(-1, 2),
      clamp: fc.boolean(),
    }),
    fc.record({ type: fc.constant("step" as const), threshold: finite(-1, 2), low: finite(-2, 2), high: finite(-2, 2), clamp: fc.boolean() }),
    fc.uniqueArray(finite(-0.5, 1.5), { minLength: 1, maxLength: 8, comparator: (a, b) => a === b || Object.is(a, b) || a + 0 === b + 0 }).chain((xs) =>
      fc.record({
        type: fc.constant("piecewise" as const),
        points: fc.tuple(...xs.sort((a, b) => a - b).map((x) => fc.record({ x: fc.constant(x), y: finite(-2, 2) }))),
        clamp: fc.boolean(),
      }),
    ),
  );

  it("never returns NaN, and stays in [0, 1] when clamped, for any input", () => {
    fc.assert(
      fc.property(curveArb, fc.array(anyInput, { minLength: 1, maxLength: 20 }), (def, xs) => {
        const curve = compileResponseCurve(def);
        for (const x of xs) {
          const y = curve.evaluate(x);
          expect(Number.isNaN(y)).toBe(false);
          if (def.clamp !== false) expect(y >= 0 && y <= 1).toBe(true);
        }
      }),
      { seed: 20, numRuns: 400 },
    );
  });

  it("is monotonic where the formula is", () => {
    const increasing: ResponseCurveDef[] = [
      { type: "linear", m: 1.5, b: -0.2 },
      { type: "polynomial", k: 3 },
      { type: "polynomial", k: 0.5 },
      { type: "logistic", m: 12, c: 0.4 },
      { type: "logit" },
      { type: "step", threshold: 0.3 },
      {
        type: "piecewise",
        points: [
          { x: 0, y: 0 },
          { x: 0.5, y: 0.2 },
          { x: 1, y: 1 },
        ],
      },
    ];
    const decreasing: ResponseCurveDef[] = [
      { type: "linear", m: -1, b: 1 },
      { type: "logistic", m: -12 },
      { type: "polynomial", m: -1, k: 2, b: 1 },
    ];
    fc.assert(
      fc.property(anyInput, anyInput, (a, b) => {
        const lo = Number.isNaN(a) ? 0 : Math.min(a, b);
        const hi = Number.isNaN(b) ? 0 : Math.max(a, b);
        if (!(lo <= hi)) return;
        for (const def of increasing) expect(evaluateResponseCurve(def, lo)).toBeLessThanOrEqual(evaluateResponseCurve(def, hi));
        for (const def of decreasing) expect(evaluateResponseCurve(def, lo)).toBeGreaterThanOrEqual(evaluateResponseCurve(def, hi));
      }),
      { seed: 21, numRuns: 300 },
    );
  });

  it("validation accepts every generated curve and JSON round trips it", () => {
    fc.assert(
      fc.property(curveArb, (def) => {
        const copy = JSON.parse(JSON.stringify(def)) as unknown;
        const valid = validateResponseCurve(copy);
        for (const x of [0, 0.33, 1]) expect(compileResponseCurve(valid).evaluate(x)).toBe(compileResponseCurve(def).evaluate(x));
      }),
      { seed: 22, numRuns: 200 },
    );
  });
});

describe("response curves: validation errors name the JSON path", () => {
  it("covers types, fields, ranges and unknown keys", () => {
    expect(ResponseCurveTypes).toContain("logit");
    expectPathError(null, "$", /must be an object but is null/);
    expectPathError({ type: "sigmoid" }, "$.type", /must be one of "linear"/);
    expectPathError({ type: "linear", slope: 1 }, "$.slope", /is not a property of a linear curve/);
    expectPathError({ type: "linear", m: "2" }, "$.m", /must be a finite number but is "2"/);
    expectPathError({ type: "polynomial", k: 0 }, "$.k", /must be > 0/);
    expectPathError({ type: "logit", m: 0 }, "$.m", /must not be 0/);
    expectPathError({ type: "logistic", c: Infinity }, "$.c");
    expectPathError({ type: "step" }, "$.threshold", /is missing/);
    expectPathError({ type: "linear", clamp: "yes" }, "$.clamp");
    expectPathError({ type: "linear", input: { min: 3, max: 3 } }, "$.input.max", /must differ from \$\.input\.min/);
    expectPathError({ type: "linear", input: { min: 0 } }, "$.input.max", /is missing/);
    expectPathError({ type: "linear", input: [0, 1] }, "$.input");
    expectPathError({ type: "piecewise", points: [] }, "$.points", /at least one point/);
    expectPathError({ type: "piecewise" }, "$.points");
    expectPathError({ type: "piecewise", points: [{ x: 0, y: 0 }, 5] }, "$.points[1]");
    expectPathError(
      {
        type: "piecewise",
        points: [
          { x: 0, y: 0 },
          { x: 1, y: NaN },
        ],
      },
      "$.points[1].y",
    );
    expectPathError(
      {
        type: "piecewise",
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 0, z: 1 },
        ],
      },
      "$.points[1].z",
    );
    expectPathError(
      {
        type: "piecewise",
        points: [
          { x: 0, y: 0 },
          { x: 0.5, y: 1 },
          { x: 0.5, y: 0 },
        ],
      },
      "$.points[2].x",
      /^@tactica\/core: validateResponseCurve: \$\.points\[2\]\.x must be greater than \$\.points\[1\]\.x \(0\.5 <= 0\.5\)\. Sort the points/,
    );
  });

  it("prefixes the path given by the caller", () => {
    expectPathError({ type: "linear", m: null }, "$.considerations[3].curve.m", undefined, "$.considerations[3].curve");
  });

  it("compile and evaluate validate too", () => {
    expect(() => compileResponseCurve({ type: "step" } as unknown as ResponseCurveDef)).toThrow(/\$\.threshold is missing/);
    expect(() => evaluateResponseCurve({ type: "nope" } as unknown as ResponseCurveDef, 0)).toThrow(/\$\.type/);
  });
});
