import { TacticaError } from "@tactica/core";

/**
 * Package-scoped error codes of `@tactica/planning`.
 *
 * - `PLANNING_DOMAIN`: a domain, HTN method set, smart object or smart zone is invalid (unknown
 *   predicate, parameter, type or task, arity mismatch, a method without subtasks, a zone without a
 *   main role).
 * - `PLANNING_PARSE`: the text format could not be read (the message names line and column).
 * - `PLANNING_ARGUMENT`: an argument of a call is wrong (a state of the wrong size, a bad budget).
 * - `PLANNING_SNAPSHOT`: a saved runner or zone snapshot does not match what restore expects.
 */
export const PlanningErrorCodes = {
  Domain: "PLANNING_DOMAIN",
  Parse: "PLANNING_PARSE",
  Argument: "PLANNING_ARGUMENT",
  Snapshot: "PLANNING_SNAPSHOT",
} as const;

/** One of the values of {@link PlanningErrorCodes}. */
export type PlanningErrorCode = (typeof PlanningErrorCodes)[keyof typeof PlanningErrorCodes];

/** Where in the input an error is. @internal */
export interface ErrorWhere {
  path?: string;
  line?: number;
  column?: number;
}

/**
 * Builds the TacticaError of a package-scoped code (core's `TacticaErrorCode` accepts `PLANNING_*`).
 * @internal
 */
export function planningError(code: PlanningErrorCode, fn: string, message: string, where: ErrorWhere = {}): TacticaError {
  let loc = "";
  if (where.line !== undefined) loc = ` (line ${where.line}${where.column !== undefined ? `, column ${where.column}` : ""})`;
  else if (where.path !== undefined) loc = ` (at ${where.path})`;
  const details: { path?: string; line?: number } = {};
  if (where.path !== undefined) details.path = where.path;
  else if (where.line !== undefined) details.path = `${where.line}:${where.column ?? 1}`;
  if (where.line !== undefined) details.line = where.line;
  return new TacticaError(code, `@tactica/planning: ${fn}: ${message}${loc}`, details);
}
