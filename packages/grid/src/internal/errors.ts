import { ErrorCodes, TacticaError } from "@tactica/core";

// Helpers shared inside the package; not exported from the index.

/** Throws a `PARSE_ERROR` naming the 1-based line. */
export function parseError(where: string, line: number, problem: string, fix: string): never {
  throw new TacticaError(ErrorCodes.ParseError, `${where}: line ${line}: ${problem}. ${fix}`, { line, path: `line ${line}` });
}

/** Throws an `INVALID_DEFINITION` error naming the JSON path. */
export function definitionError(where: string, path: string, problem: string, fix: string): never {
  throw new TacticaError(ErrorCodes.InvalidDefinition, `${where}: ${path} ${problem}. ${fix}`, { path });
}

/**
 * Throws `INVALID_ARGUMENT` unless `index` is an integer in `[0, count)`: `undefined`, `NaN`, a
 * fraction, a negative or an out-of-range index fails loudly instead of reading another cell's
 * data or `undefined` (ADR 0002). One comparison and no allocation on the success path.
 *
 * @param where - `"@tactica/grid: fn"`, the function that checks
 * @param name - the parameter's name as the caller wrote it
 * @param index - the value to check
 * @param count - the number of valid indices
 * @param what - what the index names ("a cell index", "a waypoint index", …)
 */
export function checkIndex(where: string, name: string, index: number, count: number, what: string): void {
  if (!(index >>> 0 === index && index < count)) badIndex(where, name, index, count, what);
}

function badIndex(where: string, name: string, index: unknown, count: number, what: string): never {
  const range = count > 0 ? `[0, ${count - 1}]` : "(none)";
  throw new TacticaError(ErrorCodes.InvalidArgument, `${where}: "${name}" must be ${what} in ${range} but is ${String(index)}. Pass ${what} in ${range}.`, {
    path: name,
  });
}
