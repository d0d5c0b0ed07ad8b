import { TacticaError } from "@tactica/core";

/**
 * Error codes thrown by `@tactica/perception`, besides core's generic ones.
 *
 * - `PERCEPTION_CONFIG`: a configuration or argument is out of range (a certainty outside [0, 1],
 *   a radius below its minimum, maps of different sizes, a malformed snapshot).
 * - `PERCEPTION_NOT_NORMALIZED`: an operation that needs a map normalised to [0, 1] (such as
 *   {@link invertInfluence}) was given a raw map.
 */
export const PerceptionErrorCodes = {
  /** Bad configuration, argument or snapshot. */
  Config: "PERCEPTION_CONFIG",
  /** A raw (not normalised) map where a normalised one is required. */
  NotNormalized: "PERCEPTION_NOT_NORMALIZED",
} as const;

/**
 * Throws `PERCEPTION_CONFIG` with a message in the package's format.
 * @internal
 */
export function configError(fn: string, message: string, path?: string): never {
  throw new TacticaError(PerceptionErrorCodes.Config, `@tactica/perception: ${fn}: ${message}`, path === undefined ? {} : { path });
}

/**
 * A short description of any value for an error message; never throws (`String(v)` does for an
 * object whose `toString` is not a function, as hostile JSON can have).
 * @internal
 */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "function") return "a function";
  return String(value as number | boolean | bigint | symbol | undefined); // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion
}

/**
 * Checks that `value` is an integer in `[min, max]` (an index, an id, a cell coordinate), else
 * throws `PERCEPTION_CONFIG` naming the argument: `undefined`, `NaN`, a fraction or an index out of
 * range fail loudly instead of reading slot 0 or `NaN`. One test on the success path, no allocation.
 * @internal
 */
export function checkIndex(fn: string, name: string, value: number, min: number, max: number): void {
  if (!(Number.isInteger(value) && value >= min && value <= max)) {
    configError(fn, `"${name}" is ${describeValue(value)}; pass an integer in [${min}, ${max}].`, name);
  }
}

/**
 * Checks that `(x, y)` is a position of finite numbers (a NaN or infinite coordinate stored
 * unchecked would poison every later distance), else throws `PERCEPTION_CONFIG` naming `xName` or
 * `yName`. Two tests on the success path, no allocation.
 * @internal
 */
export function checkPosition(fn: string, x: number, y: number, xName = "x", yName = "y"): void {
  if (!(typeof x === "number" && x - x === 0)) checkNumber(fn, xName, x);
  if (!(typeof y === "number" && y - y === 0)) checkNumber(fn, yName, y);
}

/**
 * Checks that `value` is a finite number (and within `[min, max]`), else throws `PERCEPTION_CONFIG`.
 * @internal
 */
export function checkNumber(fn: string, name: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    const range = min === -Infinity && max === Infinity ? "a finite number" : `a finite number in [${min}, ${max}]`;
    configError(fn, `"${name}" is ${describeValue(value)}; pass ${range}.`, name);
  }
  return value;
}
