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
