import { TacticaError, type TacticaErrorCode } from "@tactica/core";

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
