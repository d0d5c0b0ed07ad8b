import { describeValue, TacticaError, type TacticaErrorCode } from "@tactica/core";

/**
 * Throws a `TacticaError` whose message starts with `@tactica/narrative: fn:`.
 * @internal
 */
export function fail(code: TacticaErrorCode, fn: string, message: string, path?: string): never {
  throw new TacticaError(code, `@tactica/narrative: ${fn}: ${message}`, path === undefined ? {} : { path });
}

/** @internal */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** @internal */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * `base` followed by the JSON-path step for property `key`: `.key` for an identifier, `["key"]`
 * otherwise (`$.storylets`, `$["a b"]`).
 * @internal
 */
export function jsonPathKey(base: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/**
 * `o[key]` when `key` is `o`'s own property, else `undefined`: a field inherited from a prototype
 * is not part of a saved form.
 * @internal
 */
export function own(o: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

/** Most entries of one list read from JSON (storylets, rules, lines, conditions…). @internal */
export const MAX_JSON_LIST = 100_000;

/**
 * `value` as an array after checking its declared length against `max` (before anything iterates
 * it: a sparse array may declare 2^26 slots). Iterate the result with an index loop, so a hole
 * reads as `undefined` and is refused by the element check.
 * @internal
 */
export function readList(fn: string, value: unknown, path: string, what: string, max = MAX_JSON_LIST): unknown[] {
  if (!Array.isArray(value)) fail("NARRATIVE_BAD_INPUT", fn, `${path} must be an array of ${what}, got ${describeValue(value)}.`, path);
  if (value.length > max) fail("NARRATIVE_BAD_INPUT", fn, `${path} has ${value.length} entries; at most ${max}.`, path);
  return value;
}

/**
 * Refuses an options argument that is not an object (a string, number, array or `null`) before
 * anything spreads it: spreading a 1 MB string copies a million keys. `undefined` passes.
 * @internal
 */
export function checkOptions(fn: string, options: unknown, name = "options"): void {
  if (options !== undefined && !isRecord(options)) fail("INVALID_ARGUMENT", fn, `${name} must be an object, got ${describeValue(options)}.`, name);
}
