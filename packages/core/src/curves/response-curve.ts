import { ErrorCodes, TacticaError } from "../errors/errors";
import { describeValue } from "../errors/validate";

/**
 * Response curves: the small functions utility AI and perception use to turn a measured input
 * (distance, health, threat) into a score, defined as plain JSON a designer can edit.
 *
 * Every curve works on a normalised input `t` in `[0, 1]`, Dave Mark's Infinite Axis Utility
 * System convention:
 *
 * 1. `t = (x − input.min) / (input.max − input.min)`, clamped to `[0, 1]` (`input` defaults to
 *    `{min: 0, max: 1}`; `min > max` reverses the axis). A NaN input counts as `t = 0`.
 * 2. `y = f(t)` by the curve's formula below (parameters `m`, `k`, `b`, `c` in the usual
 *    roles: `m` slope/steepness, `k` exponent or vertical size, `b` vertical shift, `c`
 *    horizontal shift).
 * 3. If `clamp` (default `true`), `y` is clamped to `[0, 1]`.
 *
 * The result is never NaN: inputs are clamped, formulas are guarded (logit clamps its argument
 * into `[ε, 1 − ε]` with `ε = 1e-6`, fractional powers of negative bases use 0), and a NaN that
 * could still arise from overflowing parameters becomes 0. Without `clamp`, parameters large
 * enough to overflow float64 can give ±Infinity.
 *
 * Use {@link compileResponseCurve} once and call `evaluate` per frame (allocation-free), or
 * {@link evaluateResponseCurve} for convenience.
 */
export type ResponseCurveDef = LinearCurveDef | PolynomialCurveDef | LogisticCurveDef | LogitCurveDef | StepCurveDef | PiecewiseCurveDef;

/** The `type` tags of {@link ResponseCurveDef}, in a stable order (for editors and menus). */
export const ResponseCurveTypes = ["linear", "polynomial", "logistic", "logit", "step", "piecewise"] as const;

/** One of {@link ResponseCurveTypes}. */
export type ResponseCurveType = (typeof ResponseCurveTypes)[number];

/** Options shared by every {@link ResponseCurveDef}. */
export interface ResponseCurveOptions {
  /** Clamp the output to `[0, 1]` (default `true`, what utility scores need). */
  readonly clamp?: boolean;
  /** Input range mapped onto `t ∈ [0, 1]` (default `{min: 0, max: 1}`); `min !== max`, both finite. */
  readonly input?: ResponseCurveInputRange;
}

/** The raw input range of a response curve: `x = min` maps to `t = 0`, `x = max` to `t = 1`. */
export interface ResponseCurveInputRange {
  /** Raw input value mapped to `t = 0` (finite). */
  readonly min: number;
  /** Raw input value mapped to `t = 1` (finite, `!== min`). */
  readonly max: number;
}

/** `y = m · (t − c) + b`: slope `m` (default 1), intercept `b` (default 0), shift `c` (default 0). */
export interface LinearCurveDef extends ResponseCurveOptions {
  /** Curve type tag. */
  readonly type: "linear";
  /** Slope (default 1). */
  readonly m?: number;
  /** Vertical shift / intercept (default 0). */
  readonly b?: number;
  /** Horizontal shift (default 0). */
  readonly c?: number;
}

/**
 * `y = m · (t − c)^k + b`, with exponent `k > 0` (default 2), slope `m` (default 1), vertical
 * shift `b` (default 0), horizontal shift `c` (default 0). For a non-integer `k` the base
 * `t − c` is clamped to `>= 0` first (a fractional power of a negative number is undefined), so
 * the curve is flat at `b` left of `c`. Integer `k` uses the ordinary power on both sides.
 */
export interface PolynomialCurveDef extends ResponseCurveOptions {
  /** Curve type tag. */
  readonly type: "polynomial";
  /** Slope / scale (default 1). */
  readonly m?: number;
  /** Exponent, finite > 0 (default 2). `k < 1` gives a fast-rising root, `k > 1` a slow start. */
  readonly k?: number;
  /** Vertical shift (default 0). */
  readonly b?: number;
  /** Horizontal shift (default 0). */
  readonly c?: number;
}

/**
 * `y = k / (1 + e^(−m · (t − c))) + b`: steepness `m` (default 10; negative mirrors the curve),
 * height `k` (default 1), vertical shift `b` (default 0), midpoint `c` (default 0.5).
 */
export interface LogisticCurveDef extends ResponseCurveOptions {
  /** Curve type tag. */
  readonly type: "logistic";
  /** Steepness at the midpoint (default 10). */
  readonly m?: number;
  /** Height of the S (default 1). */
  readonly k?: number;
  /** Vertical shift (default 0). */
  readonly b?: number;
  /** Horizontal midpoint (default 0.5). */
  readonly c?: number;
}

/**
 * The inverse of the logistic curve with the same parameters:
 * `y = c + ln(u / (1 − u)) / m`, where `u = (t − b) / k` clamped into `[ε, 1 − ε]`, `ε = 1e-6`.
 * Defaults `m = 10`, `k = 1`, `b = 0`, `c = 0.5` give the classic logit S lying on its side,
 * through `(0.5, 0.5)`, steep near `t = 0` and `t = 1`. A larger `m` flattens it (it is the
 * steepness of the logistic being inverted); `m` and `k` must be non-zero.
 */
export interface LogitCurveDef extends ResponseCurveOptions {
  /** Steepness of the logistic being inverted, non-zero (default 10). */
  readonly m?: number;
  /** Curve type tag. */
  readonly type: "logit";
  /** Height of the logistic being inverted, non-zero (default 1). */
  readonly k?: number;
  /** Vertical shift of the logistic being inverted (default 0). */
  readonly b?: number;
  /** Midpoint of the logistic being inverted (default 0.5). */
  readonly c?: number;
}

/** `y = t >= threshold ? high : low`, with `low` default 0 and `high` default 1. */
export interface StepCurveDef extends ResponseCurveOptions {
  /** Curve type tag. */
  readonly type: "step";
  /** Normalised input at which the output switches to `high` (finite). */
  readonly threshold: number;
  /** Output below the threshold (default 0). */
  readonly low?: number;
  /** Output at and above the threshold (default 1). */
  readonly high?: number;
}

/**
 * Linear interpolation through `points` (at least one, `x` strictly increasing, all finite), held
 * constant before the first point and after the last. Point `x`s are on the normalised axis `t`.
 */
export interface PiecewiseCurveDef extends ResponseCurveOptions {
  /** Curve type tag. */
  readonly type: "piecewise";
  /** Control points sorted by strictly increasing `x`. */
  readonly points: readonly ResponseCurvePoint[];
}

/** A control point of a {@link PiecewiseCurveDef}. */
export interface ResponseCurvePoint {
  /** Normalised input (finite). */
  readonly x: number;
  /** Output at `x` (finite). */
  readonly y: number;
}

/** A validated, compiled response curve; see {@link compileResponseCurve}. */
export interface CompiledResponseCurve {
  /** The definition it was compiled from. */
  readonly definition: ResponseCurveDef;
  /** Evaluates the curve at raw input `x` (any number, NaN included). O(1) (piecewise: O(log points)), no allocation. */
  readonly evaluate: (x: number) => number;
}

/** The `ε` the logit curve clamps its argument with: `u ∈ [ε, 1 − ε]`. */
export const LOGIT_EPSILON = 1e-6;

/** Options of {@link validateResponseCurve}. */
export interface ValidateResponseCurveOptions {
  /** JSON path of the curve inside a larger document, prefixed to every error path (default `"$"`). */
  readonly path?: string;
}

const WHERE = "@tactica/core: validateResponseCurve";

const ALLOWED_KEYS: Record<ResponseCurveType, readonly string[]> = {
  linear: ["type", "clamp", "input", "m", "b", "c"],
  polynomial: ["type", "clamp", "input", "m", "k", "b", "c"],
  logistic: ["type", "clamp", "input", "m", "k", "b", "c"],
  logit: ["type", "clamp", "input", "m", "k", "b", "c"],
  step: ["type", "clamp", "input", "threshold", "low", "high"],
  piecewise: ["type", "clamp", "input", "points"],
};

function fail(path: string, problem: string, fix: string): never {
  throw new TacticaError(ErrorCodes.InvalidDefinition, `${WHERE}: ${path} ${problem}. ${fix}`, { path });
}

function show(value: unknown): string {
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : String(value);
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return describeValue(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function finiteField(obj: Record<string, unknown>, key: string, path: string, required: boolean): void {
  const v = obj[key];
  if (v === undefined) {
    if (required) fail(`${path}.${key}`, "is missing", `Add "${key}": <number>.`);
    return;
  }
  if (typeof v !== "number" || !Number.isFinite(v)) {
    fail(`${path}.${key}`, `must be a finite number but is ${show(v)}`, "Use a plain finite number.");
  }
}

function nonZeroField(obj: Record<string, unknown>, key: string, path: string): void {
  finiteField(obj, key, path, false);
  if (obj[key] === 0) fail(`${path}.${key}`, "must not be 0", "Use a non-zero value (or omit it for the default).");
}

/**
 * Checks that `json` is a valid {@link ResponseCurveDef} and returns it typed. Unknown keys are
 * rejected (they are usually typos). `options.path` is the JSON path of `json` inside a larger
 * document (default `"$"`) and prefixes every error path.
 *
 * @throws TacticaError `INVALID_DEFINITION` whose `path` and message name the offending value,
 * e.g. `$.points[2].x must be greater than $.points[1].x (0.5 <= 0.5)`.
 */
export function validateResponseCurve(json: unknown, options: ValidateResponseCurveOptions = {}): ResponseCurveDef {
  const path = options.path ?? "$";
  if (!isRecord(json)) fail(path, `must be an object but is ${show(json)}`, 'Write a curve like {"type": "linear"}.');
  const type = json.type;
  if (typeof type !== "string" || !(ResponseCurveTypes as readonly string[]).includes(type)) {
    fail(
      `${path}.type`,
      `must be one of ${ResponseCurveTypes.map((t) => JSON.stringify(t)).join(", ")} but is ${show(type)}`,
      "Use one of the listed curve types.",
    );
  }
  const allowed = ALLOWED_KEYS[type as ResponseCurveType];
  for (const key of Object.keys(json)) {
    if (!allowed.includes(key)) {
      fail(`${path}.${key}`, `is not a property of a ${type} curve`, `Use only ${allowed.join(", ")}.`);
    }
  }
  if (json.clamp !== undefined && typeof json.clamp !== "boolean") {
    fail(`${path}.clamp`, `must be true or false but is ${show(json.clamp)}`, "Use a boolean.");
  }
  if (json.input !== undefined) {
    const input = json.input;
    const ip = `${path}.input`;
    if (!isRecord(input)) fail(ip, `must be an object {min, max} but is ${show(input)}`, 'Write "input": {"min": 0, "max": 100}.');
    for (const key of Object.keys(input)) {
      if (key !== "min" && key !== "max") fail(`${ip}.${key}`, "is not a property of an input range", "Use only min and max.");
    }
    finiteField(input, "min", ip, true);
    finiteField(input, "max", ip, true);
    if (input.min === input.max) fail(`${ip}.max`, `must differ from ${ip}.min (both are ${show(input.min)})`, "Give the range a non-zero width.");
  }
  switch (type as ResponseCurveType) {
    case "linear":
      for (const key of ["m", "b", "c"]) finiteField(json, key, path, false);
      break;
    case "polynomial":
      for (const key of ["m", "b", "c", "k"]) finiteField(json, key, path, false);
      if (typeof json.k === "number" && !(json.k > 0)) fail(`${path}.k`, `must be > 0 but is ${show(json.k)}`, "Use a positive exponent.");
      break;
    case "logistic":
      for (const key of ["m", "k", "b", "c"]) finiteField(json, key, path, false);
      break;
    case "logit":
      nonZeroField(json, "m", path);
      nonZeroField(json, "k", path);
      finiteField(json, "b", path, false);
      finiteField(json, "c", path, false);
      break;
    case "step":
      finiteField(json, "threshold", path, true);
      finiteField(json, "low", path, false);
      finiteField(json, "high", path, false);
      break;
    case "piecewise": {
      const points = json.points;
      const pp = `${path}.points`;
      if (!Array.isArray(points)) fail(pp, `must be an array of {x, y} points but is ${show(points)}`, 'Write "points": [{"x": 0, "y": 0}, {"x": 1, "y": 1}].');
      if (points.length === 0) fail(pp, "must contain at least one point", "Add points sorted by x.");
      for (let i = 0; i < points.length; i++) {
        const point: unknown = points[i];
        const at = `${pp}[${i}]`;
        if (!isRecord(point)) fail(at, `must be an object {x, y} but is ${show(point)}`, 'Write {"x": 0.5, "y": 1}.');
        for (const key of Object.keys(point)) {
          if (key !== "x" && key !== "y") fail(`${at}.${key}`, "is not a property of a point", "Use only x and y.");
        }
        finiteField(point, "x", at, true);
        finiteField(point, "y", at, true);
        if (i > 0) {
          const prev = (points[i - 1] as ResponseCurvePoint).x;
          if (!((point.x as number) > prev)) {
            fail(
              `${at}.x`,
              `must be greater than ${pp}[${i - 1}].x (${show(point.x)} <= ${show(prev)})`,
              "Sort the points by x and remove duplicate x values.",
            );
          }
        }
      }
      break;
    }
  }
  return json as unknown as ResponseCurveDef;
}

/** Builds the `t → y` part of a curve (before output clamping). */
function shapeOf(def: ResponseCurveDef): (t: number) => number {
  switch (def.type) {
    case "linear": {
      const m = def.m ?? 1;
      const b = def.b ?? 0;
      const c = def.c ?? 0;
      return (t) => m * (t - c) + b;
    }
    case "polynomial": {
      const m = def.m ?? 1;
      const k = def.k ?? 2;
      const b = def.b ?? 0;
      const c = def.c ?? 0;
      if (Number.isInteger(k)) return (t) => m * Math.pow(t - c, k) + b;
      return (t) => {
        const u = t - c;
        return m * Math.pow(u > 0 ? u : 0, k) + b;
      };
    }
    case "logistic": {
      const m = def.m ?? 10;
      const k = def.k ?? 1;
      const b = def.b ?? 0;
      const c = def.c ?? 0.5;
      return (t) => k / (1 + Math.exp(-m * (t - c))) + b;
    }
    case "logit": {
      const m = def.m ?? 10;
      const k = def.k ?? 1;
      const b = def.b ?? 0;
      const c = def.c ?? 0.5;
      const lo = LOGIT_EPSILON;
      const hi = 1 - LOGIT_EPSILON;
      return (t) => {
        let u = (t - b) / k;
        u = u < lo ? lo : u > hi ? hi : u;
        return c + Math.log(u / (1 - u)) / m;
      };
    }
    case "step": {
      const threshold = def.threshold;
      const low = def.low ?? 0;
      const high = def.high ?? 1;
      return (t) => (t >= threshold ? high : low);
    }
    case "piecewise": {
      const n = def.points.length;
      const xs = new Float64Array(n);
      const ys = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const p = def.points[i]!;
        xs[i] = p.x;
        ys[i] = p.y;
      }
      const x0 = xs[0]!;
      const y0 = ys[0]!;
      const xn = xs[n - 1]!;
      const yn = ys[n - 1]!;
      return (t) => {
        if (t <= x0) return y0;
        if (t >= xn) return yn;
        // Binary search for the segment [xs[lo], xs[lo + 1]] containing t.
        let lo = 0;
        let hi = n - 1;
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if (xs[mid]! <= t) lo = mid;
          else hi = mid;
        }
        const xa = xs[lo]!;
        const ya = ys[lo]!;
        return ya + ((ys[hi]! - ya) * (t - xa)) / (xs[hi]! - xa);
      };
    }
  }
}

/**
 * Validates `def` (see {@link validateResponseCurve}) and compiles it into an allocation-free
 * evaluator. Compile once at load time; `evaluate` is what runs per frame.
 *
 * @param def - The curve definition (designer JSON): its shape, optional `input` range (default
 *   [0, 1]) and `clamp` (default true: outputs kept in [0, 1]). Kept by reference: do not mutate it.
 * @returns A new compiled curve whose `evaluate(x)` clamps `x` to the input range (NaN → its
 *   minimum) and never returns NaN.
 * @throws TacticaError `INVALID_DEFINITION` naming the offending JSON path.
 */
export function compileResponseCurve(def: ResponseCurveDef): CompiledResponseCurve {
  validateResponseCurve(def);
  const shape = shapeOf(def);
  const inMin = def.input?.min ?? 0;
  const inMax = def.input?.max ?? 1;
  const scale = 1 / (inMax - inMin);
  const clamp = def.clamp ?? true;
  const evaluate = (x: number): number => {
    let t = (x - inMin) * scale;
    if (!(t > 0))
      t = 0; // also NaN
    else if (t > 1) t = 1;
    const y = shape(t);
    if (clamp) return y > 0 ? (y < 1 ? y : 1) : 0; // NaN → 0
    return y === y ? y : 0;
  };
  return { definition: def, evaluate };
}

const compiledCache = new WeakMap<object, CompiledResponseCurve>();

/**
 * Evaluates `def` at raw input `x`. Convenience over {@link compileResponseCurve}: the compiled
 * curve is cached per definition object (a `WeakMap`), so repeated calls with the same object
 * allocate nothing after the first. Do not mutate a definition after evaluating it.
 *
 * @param def - The curve definition; the cache key, so pass the same object every time.
 * @param x - Raw input in the definition's input units, clamped to its `input` range (NaN reads as the minimum).
 * @returns The curve's output, in [0, 1] unless the definition sets `clamp: false`.
 * @throws TacticaError `INVALID_DEFINITION` on the first call with an invalid definition.
 */
export function evaluateResponseCurve(def: ResponseCurveDef, x: number): number {
  let compiled = compiledCache.get(def);
  if (compiled === undefined) {
    compiled = compileResponseCurve(def);
    compiledCache.set(def, compiled);
  }
  return compiled.evaluate(x);
}
