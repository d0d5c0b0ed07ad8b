import { ErrorCodes, invalidArgument, TacticaError } from "@tactica/core";
import { lowestValue, popcount32 } from "./bits";
import type { Csp, CspSolver } from "./types";
import { checkIndex } from "../internal/check-index";

const WHERE = "@tactica/search";

/**
 * Creates a {@link CspSolver} at the problem's initial domains (not yet propagated). O(variables + constraint arity).
 * @param csp - The problem, with at least one variable; kept by reference (add nothing to it afterwards).
 * @returns A new solver; solve with {@link solveCsp} or {@link countCspSolutions}.
 * @throws TacticaError `INVALID_ARGUMENT` when the problem has no variables.
 */
export function createCspSolver(csp: Csp): CspSolver {
  const n = csp.names.length;
  if (n === 0) invalidArgument(`${WHERE}: createCspSolver`, "csp", "has no variables", "Add variables with addCspVariable.");
  const count = new Int32Array(n + 1);
  for (const c of csp.constraints) for (const v of c.vars) count[v]!++;
  const start = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) start[v + 1] = start[v]! + count[v]!;
  const data = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  csp.constraints.forEach((c, ci) => {
    for (const v of c.vars) data[fill[v]!++] = ci;
  });
  const m = Math.max(1, csp.constraints.length);
  const solver: CspSolver = {
    csp,
    domains: Int32Array.from(csp.initial),
    words: csp.words,
    scratch: new Int32Array(csp.words),
    trail: new Int32Array(2 * (n * (csp.valueCount + 1) + 1)),
    trailLength: 0,
    varConstraintStart: start,
    varConstraints: data,
    queue: new Int32Array(m),
    queueHead: 0,
    queueSize: 0,
    queued: new Uint8Array(m),
    values: new Uint16Array(csp.valueCount * (n + 1)),
    assignments: 0,
    backtracks: 0,
    solutionsFound: 0,
    solutionLimit: 1,
    maxAssignments: Infinity,
    exhausted: false,
  };
  return solver;
}

/**
 * Throws `INVALID_ARGUMENT` unless `v` is a variable id and `value` one of the problem's values.
 *
 * @internal
 */
export function checkVariableValue(fn: string, s: CspSolver, v: number, value: number): void {
  if (!(v >>> 0 === v && v < s.csp.names.length)) checkIndex(`${WHERE}: ${fn}`, "v", v, s.csp.names.length, "a variable id");
  if (!(value >>> 0 === value && value < s.csp.valueCount)) checkIndex(`${WHERE}: ${fn}`, "value", value, s.csp.valueCount, "a value");
}

/** @internal */
export function enqueueVar(s: CspSolver, v: number): void {
  const q = s.queue;
  for (let i = s.varConstraintStart[v]!; i < s.varConstraintStart[v + 1]!; i++) {
    const c = s.varConstraints[i]!;
    if (s.queued[c] === 1) continue;
    s.queued[c] = 1;
    q[(s.queueHead + s.queueSize) % q.length] = c;
    s.queueSize++;
  }
}

/** @internal */
export function clearQueue(s: CspSolver): void {
  while (s.queueSize > 0) {
    s.queued[s.queue[s.queueHead]!] = 0;
    s.queueHead = (s.queueHead + 1) % s.queue.length;
    s.queueSize--;
  }
}

/**
 * Narrows `v`'s domain to `domain & mask`. Returns `false` if that empties it (the domain is left
 * unchanged then). A change is saved on the trail and queues `v`'s constraints. O(degree of v).
 * Only for problems of at most 32 values (one word per domain); see {@link restrictDomainWords}.
 * @param s - The solver, changed in place (the change is trailed and `v`'s constraints queued).
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @param mask - Values to keep: bit `i` set keeps value `i` (0..31).
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown variable id.
 * @throws TacticaError `INVALID_STATE` when the domains have more than one word.
 */
export function restrictDomain(s: CspSolver, v: number, mask: number): boolean {
  checkIndex(`${WHERE}: restrictDomain`, "v", v, s.csp.names.length, "a variable id");
  if (s.words !== 1) {
    throw new TacticaError(
      ErrorCodes.InvalidState,
      `${WHERE}: restrictDomain: the problem has ${s.csp.valueCount} values (more than 32). Use restrictDomainWords, removeValue or fixValue.`,
    );
  }
  const old = s.domains[v]!;
  const d = old & mask;
  if (d === old) return true;
  if (d === 0) return false;
  s.trail[s.trailLength++] = v;
  s.trail[s.trailLength++] = old;
  s.domains[v] = d;
  enqueueVar(s, v);
  return true;
}

/** Options of {@link restrictDomainWords}. */
export interface RestrictDomainWordsOptions {
  /** Index of the first mask word to read (integer ≥ 0); default 0. */
  readonly offset?: number;
}

/**
 * Narrows `v`'s domain to `domain & mask` word by word, reading the solver's `words` words of
 * `mask` from `offset`. Returns `false` if that empties it (the domain is left unchanged then).
 * Changed words are saved on the trail and queue `v`'s constraints. O(words + degree of v).
 *
 * @param s - The solver; `v`'s domain, the trail and the propagation queue change.
 * @param v - The variable id (integer in `[0, variable count)`).
 * @param mask - 32-bit words of allowed values (bit `i` of word `w` = value `32·w + i`), `s.words` of them from `offset`.
 * @param options - `offset`: index of the first mask word to read, default 0 (for masks packed per variable).
 */
export function restrictDomainWords(s: CspSolver, v: number, mask: ArrayLike<number>, options: RestrictDomainWordsOptions = {}): boolean {
  const offset = options.offset ?? 0;
  checkIndex(`${WHERE}: restrictDomainWords`, "v", v, s.csp.names.length, "a variable id");
  const W = s.words;
  const D = s.domains;
  const base = v * W;
  let any = 0;
  let changed = false;
  for (let w = 0; w < W; w++) {
    const old = D[base + w]!;
    const d = old & mask[offset + w]!;
    any |= d;
    if (d !== old) changed = true;
  }
  if (!changed) return true;
  if (any === 0) return false;
  for (let w = 0; w < W; w++) {
    const old = D[base + w]!;
    const d = old & mask[offset + w]!;
    if (d === old) continue;
    s.trail[s.trailLength++] = base + w;
    s.trail[s.trailLength++] = old;
    D[base + w] = d;
  }
  enqueueVar(s, v);
  return true;
}

/**
 * Removes `value` from `v`'s domain. Returns `false` if that empties it (unchanged then). O(words + degree of v).
 * @param s - The solver, changed in place (the change is trailed and `v`'s constraints queued).
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @param value - A value of the problem, an integer in `0 .. csp.valueCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown variable id or a value out of range.
 */
export function removeValue(s: CspSolver, v: number, value: number): boolean {
  checkVariableValue("removeValue", s, v, value);
  const W = s.words;
  const i = v * W + (value >>> 5);
  const bit = 1 << (value & 31);
  const old = s.domains[i]!;
  if ((old & bit) === 0) return true;
  if (old === bit) {
    let other = 0;
    for (let w = 0; w < W; w++) if (v * W + w !== i) other |= s.domains[v * W + w]!;
    if (other === 0) return false;
  }
  s.trail[s.trailLength++] = i;
  s.trail[s.trailLength++] = old;
  s.domains[i] = old & ~bit;
  enqueueVar(s, v);
  return true;
}

/**
 * Narrows `v`'s domain to the single `value`. Returns `false` if `value` is not in it. O(words + degree of v).
 * @param s - The solver, changed in place (the change is trailed and `v`'s constraints queued).
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @param value - A value of the problem, an integer in `0 .. csp.valueCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown variable id or a value out of range.
 */
export function fixValue(s: CspSolver, v: number, value: number): boolean {
  checkVariableValue("fixValue", s, v, value);
  const W = s.words;
  const base = v * W;
  const wi = value >>> 5;
  const bit = 1 << (value & 31);
  if ((s.domains[base + wi]! & bit) === 0) return false;
  let changed = false;
  for (let w = 0; w < W; w++) {
    const old = s.domains[base + w]!;
    const d = w === wi ? bit : 0;
    if (d === old) continue;
    s.trail[s.trailLength++] = base + w;
    s.trail[s.trailLength++] = old;
    s.domains[base + w] = d;
    changed = true;
  }
  if (changed) enqueueVar(s, v);
  return true;
}

/**
 * True when `value` is still in `v`'s domain. O(1).
 * @param s - The solver to read; not changed.
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @param value - A value of the problem, an integer in `0 .. csp.valueCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown variable id or a value out of range.
 */
export function domainHas(s: CspSolver, v: number, value: number): boolean {
  checkVariableValue("domainHas", s, v, value);
  return (s.domains[v * s.words + (value >>> 5)]! & (1 << (value & 31))) !== 0;
}

/**
 * Number of values left in `v`'s domain. O(words).
 * @param s - The solver to read; not changed.
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown variable id.
 */
export function domainSize(s: CspSolver, v: number): number {
  checkIndex(`${WHERE}: domainSize`, "v", v, s.csp.names.length, "a variable id");
  const W = s.words;
  let c = 0;
  for (let w = v * W, e = w + W; w < e; w++) c += popcount32(s.domains[w]!);
  return c;
}

/**
 * Smallest value left in `v`'s domain, or -1 when it is empty. O(words).
 * @param s - The solver to read; not changed.
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown variable id.
 */
export function domainMin(s: CspSolver, v: number): number {
  checkIndex(`${WHERE}: domainMin`, "v", v, s.csp.names.length, "a variable id");
  const W = s.words;
  for (let w = 0; w < W; w++) {
    const d = s.domains[v * W + w]!;
    if (d !== 0) return w * 32 + lowestValue(d);
  }
  return -1;
}

/**
 * The current trail position, to roll back to with {@link rollbackTo}.
 * @param s - The solver to read; not changed.
 */
export function markTrail(s: CspSolver): number {
  return s.trailLength;
}

/**
 * Restores every domain to its value at `mark` and empties the propagation queue. O(changes undone).
 * @param s - The solver whose domains and queue are restored in place.
 * @param mark - A position from {@link markTrail}, not beyond the current trail length.
 * @throws TacticaError `INVALID_ARGUMENT` when `mark` is not an integer in `0 .. trail length`.
 */
export function rollbackTo(s: CspSolver, mark: number): void {
  checkIndex(`${WHERE}: rollbackTo`, "mark", mark, s.trailLength + 1, "a trail mark (from markTrail, not yet rolled back past)");
  while (s.trailLength > mark) {
    const old = s.trail[--s.trailLength]!;
    const i = s.trail[--s.trailLength]!;
    s.domains[i] = old;
  }
  clearQueue(s);
}
