import { ErrorCodes, TacticaError } from "./errors";

// Argument checks shared by every package. Each takes `where` ("@tactica/pkg: functionName") and
// the argument's name, and throws a TacticaError whose message says what is wrong and how to fix
// it. They are for set-up paths (constructors, loaders), not per-frame inner loops.

/**
 * A short, safe description of any value for an error message: numbers and booleans as written,
 * strings quoted (cut at 40 characters), `null`, `an array of length n`, otherwise the `typeof`.
 * Never throws, unlike `String(value)` on an object without a prototype or with a hostile
 * `toString` (as untrusted JSON can hold). Use it in loaders that report what they found.
 *
 * @param value - Any value, possibly hostile untrusted data; never called or stringified as an object.
 * @example
 * ```ts
 * describeValue(Number.NaN); // "NaN"
 * describeValue(JSON.parse('{"toString":1}')); // "object"
 * ```
 */
export function describeValue(value: unknown): string {
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : String(value);
  if (typeof value === "boolean" || value === undefined) return String(value);
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  return typeof value;
}

const describe = describeValue;

/**
 * Throws an {@link ErrorCodes.InvalidArgument} error for argument `name` of `where`.
 * @param where - The failing function, written `"@tactica/pkg: functionName"`; starts the message.
 * @param name - The argument's name or JSON path as the caller wrote it (`"options.radius"`); becomes the error's `path`.
 * @param problem - What is wrong, finishing the sentence after the quoted name (`"must be > 0 but is -1"`).
 * @param fix - How to fix it, a full sentence.
 */
export function invalidArgument(where: string, name: string, problem: string, fix: string): never {
  throw new TacticaError(ErrorCodes.InvalidArgument, `${where}: "${name}" ${problem}. ${fix}`, {
    path: name,
  });
}

/**
 * Asserts `value` is a finite number (not NaN, not ±Infinity). Returns it for chaining.
 * @param where - The failing function, written `"@tactica/pkg: functionName"`; starts the message.
 * @param name - The argument's name or JSON path as the caller wrote it (`"options.radius"`); becomes the error's `path`.
 * @param value - The value to check (any type; described with {@link describeValue} in the message).
 */
export function assertFinite(where: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    invalidArgument(where, name, `must be a finite number but is ${describe(value)}`, "Pass a finite number.");
  }
  return value;
}

/**
 * Asserts `value` is a safe integer (in `[Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]`). Returns it.
 *
 * @param where - The caller, `"@tactica/<pkg>: fn"`, that starts the error message.
 * @param name - The argument's name (or JSON path) as the caller's user wrote it.
 * @param value - The value to check.
 */
export function assertInteger(where: string, name: string, value: unknown): number;
/**
 * Asserts `value` is an integer in `[min, max]` (inclusive). Returns it.
 *
 * @param where - The caller, `"@tactica/<pkg>: fn"`, that starts the error message.
 * @param name - The argument's name (or JSON path) as the caller's user wrote it.
 * @param value - The value to check.
 * @param min - Smallest allowed value (inclusive); `Number.MIN_SAFE_INTEGER` for no lower bound.
 * @param max - Largest allowed value (inclusive); `Number.MAX_SAFE_INTEGER` for no upper bound.
 */
export function assertInteger(where: string, name: string, value: unknown, min: number, max: number): number;
export function assertInteger(where: string, name: string, value: unknown, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    invalidArgument(where, name, `must be an integer in [${min}, ${max}] but is ${describe(value)}`, `Pass a whole number between ${min} and ${max}.`);
  }
  return value;
}

/**
 * Asserts `value` is a finite number in `[min, max]` (inclusive). Returns it.
 * @param where - The failing function, written `"@tactica/pkg: functionName"`; starts the message.
 * @param name - The argument's name or JSON path as the caller wrote it (`"options.radius"`); becomes the error's `path`.
 * @param value - The value to check (any type; described with {@link describeValue} in the message).
 * @param min - Smallest allowed value (inclusive).
 * @param max - Largest allowed value (inclusive).
 */
export function assertRange(where: string, name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    invalidArgument(where, name, `must be a number in [${min}, ${max}] but is ${describe(value)}`, `Pass a value between ${min} and ${max}.`);
  }
  return value;
}

/**
 * Asserts `value` is a finite number `> 0`. Returns it.
 * @param where - The failing function, written `"@tactica/pkg: functionName"`; starts the message.
 * @param name - The argument's name or JSON path as the caller wrote it (`"options.radius"`); becomes the error's `path`.
 * @param value - The value to check (any type; described with {@link describeValue} in the message).
 */
export function assertPositive(where: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    invalidArgument(where, name, `must be a finite number > 0 but is ${describe(value)}`, "Pass a positive number.");
  }
  return value;
}

/**
 * Asserts `value` is a finite number `>= 0`. Returns it.
 * @param where - The failing function, written `"@tactica/pkg: functionName"`; starts the message.
 * @param name - The argument's name or JSON path as the caller wrote it (`"options.radius"`); becomes the error's `path`.
 * @param value - The value to check (any type; described with {@link describeValue} in the message).
 */
export function assertNonNegative(where: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    invalidArgument(where, name, `must be a finite number >= 0 but is ${describe(value)}`, "Pass zero or a positive number.");
  }
  return value;
}

/**
 * Asserts every element of `values` is finite; names the first bad index.
 * @param where - The failing function, written `"@tactica/pkg: functionName"`; starts the message.
 * @param name - The array's name; the error's `path` is `name[i]` for the first bad index.
 * @param values - The numbers to check; read only.
 */
export function assertFiniteArray(where: string, name: string, values: ArrayLike<number>): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      invalidArgument(where, `${name}[${i}]`, `must be a finite number but is ${describe(v)}`, "Remove or fix the non-finite entry.");
    }
  }
}

/**
 * Asserts `value` is one of `options`. Returns it narrowed.
 * @param where - The failing function, written `"@tactica/pkg: functionName"`; starts the message.
 * @param name - The argument's name or JSON path as the caller wrote it (`"options.radius"`); becomes the error's `path`.
 * @param value - The value to check (any type; described with {@link describeValue} in the message).
 * @param options - The allowed strings.
 */
export function assertOneOf<T extends string>(where: string, name: string, value: unknown, options: readonly T[]): T {
  if (typeof value !== "string" || !(options as readonly string[]).includes(value)) {
    invalidArgument(
      where,
      name,
      `must be one of ${options.map((o) => JSON.stringify(o)).join(", ")} but is ${describe(value)}`,
      "Use one of the listed values.",
    );
  }
  return value as T;
}
