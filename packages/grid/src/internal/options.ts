import { invalidArgument } from "@tactica/core";

/**
 * @internal
 * Reads an optional node budget: `undefined` → `Infinity`; otherwise it must be an integer ≥ 1.
 */
export function readMaxExpansions(where: string, value: number | undefined): number {
  if (value === undefined) return Infinity;
  if (!(value >= 1) || !(Number.isInteger(value) || value === Infinity)) {
    invalidArgument(
      where,
      "options.maxExpansions",
      `must be an integer >= 1 (or Infinity) but is ${value}`,
      "Pass the node budget, or leave it out for no limit.",
    );
  }
  return value;
}
