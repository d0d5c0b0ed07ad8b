import { describeValue, TacticaError } from "@tactica/core";

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

/**
 * Refuses an options or definition argument that is not an object (a string, number, array or
 * `null`) before anything spreads or reads it: spreading a 1 MB string copies a million keys.
 * `undefined` passes (the defaults apply).
 * @internal
 */
export function checkOptions(options: unknown, fn: string, name = "options"): void {
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw planningError(PlanningErrorCodes.Argument, fn, `${name} must be an object but is ${describeValue(options)}. Pass { … } or leave it out.`, {
      path: name,
    });
}

/**
 * Refuses a list argument that is not an array (or an array with holes, or longer than `max`)
 * before anything iterates it.
 * @internal
 */
export function checkArray(value: unknown, fn: string, name: string, what: string, max = 1_000_000): void {
  if (!Array.isArray(value))
    throw planningError(PlanningErrorCodes.Argument, fn, `${name} must be an array of ${what} but is ${describeValue(value)}.`, { path: name });
  if (value.length > max) throw planningError(PlanningErrorCodes.Argument, fn, `${name} has ${value.length} entries; at most ${max}.`, { path: name });
}
