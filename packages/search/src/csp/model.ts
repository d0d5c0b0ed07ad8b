import { assertInteger, invalidArgument } from "@tactica/core";
import { ConstraintKind, type Csp, type CustomPropagator } from "./types";

const WHERE = "@tactica/search";

/**
 * Creates an empty {@link Csp} whose variables range over `valueCount` values (integer 1..65536; up to 32 is one word per domain).
 * @param valueCount - Number of values `0 .. valueCount − 1` every variable ranges over (colours,
 *   tiles…), an integer in [1, 65536].
 * @returns A new problem with no variables or constraints.
 * @throws TacticaError `INVALID_ARGUMENT` when `valueCount` is not an integer in range.
 */
export function createCsp(valueCount: number): Csp {
  assertInteger(`${WHERE}: createCsp`, "valueCount", valueCount, 1, 65536);
  return { valueCount, words: (valueCount + 31) >>> 5, initial: [], names: [], constraints: [] };
}

/** Full mask of word `w` of a domain. */
function fullWord(csp: Csp, w: number): number {
  const r = csp.valueCount - w * 32;
  return r >= 32 ? -1 : (1 << r) - 1;
}

/** Options of {@link addCspVariable}. */
export interface AddCspVariableOptions {
  /** Name shown in traces and errors (default `v<id>`). */
  readonly name?: string | undefined;
  /** The variable's domain, values in `[0, valueCount)` (default: every value). */
  readonly values?: readonly number[] | undefined;
}

/**
 * Adds a variable whose domain is `options.values` (default: every value) and returns its id (0, 1, …).
 * @param csp - The problem to extend in place.
 * @param options - `name` shown in traces and errors (default `v<id>`); `values`: the initial
 *   domain, integers in `[0, valueCount)` (default every value).
 * @throws TacticaError `INVALID_ARGUMENT` for a value outside `[0, valueCount)` or an empty domain.
 */
export function addCspVariable(csp: Csp, options: AddCspVariableOptions = {}): number {
  const { name, values } = options;
  const W = csp.words;
  const base = csp.initial.length;
  if (values === undefined) for (let w = 0; w < W; w++) csp.initial.push(fullWord(csp, w));
  else {
    if (values.length === 0) invalidArgument(`${WHERE}: addCspVariable`, "options.values", "is empty", "Give every variable at least one value.");
    for (let i = 0; i < values.length; i++) assertInteger(`${WHERE}: addCspVariable`, `options.values[${i}]`, values[i], 0, csp.valueCount - 1);
    for (let w = 0; w < W; w++) csp.initial.push(0);
    for (const x of values) csp.initial[base + (x >>> 5)] = csp.initial[base + (x >>> 5)]! | (1 << (x & 31));
  }
  csp.names.push(name ?? `v${csp.names.length}`);
  return csp.names.length - 1;
}

function checkVars(csp: Csp, fn: string, vars: readonly number[], min: number): void {
  if (vars.length < min) invalidArgument(`${WHERE}: ${fn}`, "vars", `has ${vars.length} variables`, `Pass at least ${min}.`);
  for (let i = 0; i < vars.length; i++) assertInteger(`${WHERE}: ${fn}`, `vars[${i}]`, vars[i], 0, csp.names.length - 1);
}

function add(csp: Csp, kind: number, vars: readonly number[], value = 0, limit = 0, propagate?: CustomPropagator): void {
  csp.constraints.push({ kind, vars: vars.slice(), value, limit, propagate });
}

/**
 * Constrains all `vars` to take the same value ("two blocks the same colour").
 * @param csp - The problem to extend in place.
 * @param vars - At least two variable ids; copied.
 * @throws TacticaError `INVALID_ARGUMENT` for fewer than two variables or an unknown id.
 */
export function addEqual(csp: Csp, vars: readonly number[]): void {
  checkVars(csp, "addEqual", vars, 2);
  add(csp, ConstraintKind.Equal, vars);
}

/**
 * Constrains `a` and `b` to differ ("diagonal neighbours differ").
 * @param csp - The problem to extend in place.
 * @param a - First variable id.
 * @param b - Second variable id, different from `a`.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown id or `a === b`.
 */
export function addNotEqual(csp: Csp, a: number, b: number): void {
  checkVars(csp, "addNotEqual", [a, b], 2);
  if (a === b) invalidArgument(`${WHERE}: addNotEqual`, "a/b", "are the same variable", "Pass two different variables.");
  add(csp, ConstraintKind.NotEqual, [a, b]);
}

/**
 * Constrains `vars` to pairwise different values ("three blocks all different").
 * @param csp - The problem to extend in place.
 * @param vars - At least two variable ids; copied.
 * @throws TacticaError `INVALID_ARGUMENT` for fewer than two variables or an unknown id.
 */
export function addAllDifferent(csp: Csp, vars: readonly number[]): void {
  checkVars(csp, "addAllDifferent", vars, 2);
  add(csp, ConstraintKind.AllDifferent, vars);
}

/**
 * At most `limit` of `vars` take `value` ("at most four of each colour").
 * @param csp - The problem to extend in place.
 * @param value - The counted value, an integer in `0 .. csp.valueCount − 1`.
 * @param limit - Most variables of `vars` that may take `value`, an integer ≥ 0.
 * @param vars - At least one variable id; copied.
 * @throws TacticaError `INVALID_ARGUMENT` for a value, limit or id out of range.
 */
export function addAtMost(csp: Csp, value: number, limit: number, vars: readonly number[]): void {
  assertInteger(`${WHERE}: addAtMost`, "value", value, 0, csp.valueCount - 1);
  assertInteger(`${WHERE}: addAtMost`, "limit", limit, 0, Number.MAX_SAFE_INTEGER);
  checkVars(csp, "addAtMost", vars, 1);
  add(csp, ConstraintKind.AtMost, vars, value, limit);
}

/**
 * At least `limit` of `vars` take `value` ("at least three red").
 * @param csp - The problem to extend in place.
 * @param value - The counted value, an integer in `0 .. csp.valueCount − 1`.
 * @param limit - Fewest variables of `vars` that may take `value`, an integer ≥ 0.
 * @param vars - At least one variable id; copied.
 * @throws TacticaError `INVALID_ARGUMENT` for a value, limit or id out of range.
 */
export function addAtLeast(csp: Csp, value: number, limit: number, vars: readonly number[]): void {
  assertInteger(`${WHERE}: addAtLeast`, "value", value, 0, csp.valueCount - 1);
  assertInteger(`${WHERE}: addAtLeast`, "limit", limit, 0, Number.MAX_SAFE_INTEGER);
  checkVars(csp, "addAtLeast", vars, 1);
  add(csp, ConstraintKind.AtLeast, vars, value, limit);
}

/**
 * Fixes `v` to `value` ("a block must be blue"): narrows its initial domain.
 * @param csp - The problem whose initial domains change in place.
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @param value - The only value left to `v` (its domain becomes empty when `value` was not in it).
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown id or a value out of range.
 */
export function addFixed(csp: Csp, v: number, value: number): void {
  checkVars(csp, "addFixed", [v], 1);
  assertInteger(`${WHERE}: addFixed`, "value", value, 0, csp.valueCount - 1);
  for (let w = 0; w < csp.words; w++) {
    const i = v * csp.words + w;
    csp.initial[i] = w === value >>> 5 ? csp.initial[i]! & (1 << (value & 31)) : 0;
  }
}

/**
 * Forbids `value` for `v` ("a block cannot be green"): narrows its initial domain.
 * @param csp - The problem whose initial domains change in place.
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @param value - A value of the problem, an integer in `0 .. csp.valueCount − 1`, removed from `v`'s domain.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown id or a value out of range.
 */
export function addForbidden(csp: Csp, v: number, value: number): void {
  checkVars(csp, "addForbidden", [v], 1);
  assertInteger(`${WHERE}: addForbidden`, "value", value, 0, csp.valueCount - 1);
  const i = v * csp.words + (value >>> 5);
  csp.initial[i] = csp.initial[i]! & ~(1 << (value & 31));
}

/**
 * Adds a user-defined constraint over `vars` with its narrowing function.
 * @param csp - The problem to extend in place.
 * @param vars - At least one variable id; copied, and passed back to `propagate`.
 * @param propagate - `(solver, vars) => boolean`: narrows domains with {@link restrictDomain},
 *   {@link removeValue} or {@link fixValue} and returns false on a contradiction. Called whenever
 *   one of `vars` changes.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown id or when `propagate` is not a function.
 */
export function addCustomConstraint(csp: Csp, vars: readonly number[], propagate: CustomPropagator): void {
  checkVars(csp, "addCustomConstraint", vars, 1);
  if (typeof propagate !== "function") invalidArgument(`${WHERE}: addCustomConstraint`, "propagate", "must be a function", "Pass (solver, vars) => boolean.");
  add(csp, ConstraintKind.Custom, vars, 0, 0, propagate);
}
