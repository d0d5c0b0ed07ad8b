import { assertInteger, ErrorCodes, invalidArgument, rngInt, TacticaError, type Rng } from "@tactica/core";

/** Constraint kinds of a {@link Csp}. */
export const ConstraintKind = {
  /** All listed variables take the same value. */
  Equal: 0,
  /** Two variables differ. */
  NotEqual: 1,
  /** All listed variables take pairwise different values. */
  AllDifferent: 2,
  /** At most `limit` of the listed variables take `value`. */
  AtMost: 3,
  /** At least `limit` of the listed variables take `value`. */
  AtLeast: 4,
  /** A user-defined propagator. */
  Custom: 5,
} as const;

/**
 * A user-defined constraint's narrowing function: called when a domain of one of its variables
 * changed. Read domains with {@link domainHas}, {@link domainSize}, {@link domainMin} (or, for at most
 * 32 values, `solver.domains[v]`, a bit mask: bit `i` set = value `i` possible) and narrow them
 * only through {@link restrictDomain}, {@link restrictDomainWords}, {@link removeValue} or
 * {@link fixValue}; return `false` when the constraint can no longer be satisfied. Must not allocate.
 */
export type CustomPropagator = (solver: CspSolver, vars: readonly number[]) => boolean;

/** One constraint (plain data except a custom propagator). */
export interface CspConstraint {
  /** {@link ConstraintKind}. */
  readonly kind: number;
  /** Variable ids. */
  readonly vars: readonly number[];
  /** Value for AtMost / AtLeast. */
  readonly value: number;
  /** Limit for AtMost / AtLeast. */
  readonly limit: number;
  /** Propagator of a Custom constraint. */
  readonly propagate: CustomPropagator | undefined;
}

/**
 * A finite-domain constraint satisfaction problem (chapter 26): variables over values
 * `0 .. valueCount - 1` and constraints among them. A domain is a bitset of `words =
 * ceil(valueCount / 32)` 32-bit words (one word, a plain mask, for up to 32 values).
 * Build with {@link createCsp}, {@link addCspVariable} and the `addX` constraint functions;
 * solve with {@link createCspSolver} and {@link solveCsp}.
 */
export interface Csp {
  /** Number of values per domain, 1..65536. */
  readonly valueCount: number;
  /** Words per domain, `ceil(valueCount / 32)`. */
  readonly words: number;
  /** Initial domains, `words` 32-bit words per variable (variable `v` at `v * words`). */
  readonly initial: number[];
  /** Variable names (for messages and display). */
  readonly names: string[];
  /** Constraints. */
  readonly constraints: CspConstraint[];
}

const WHERE = "@tactica/search";

/** Creates an empty {@link Csp} whose variables range over `valueCount` values (integer 1..65536; up to 32 is one word per domain). */
export function createCsp(valueCount: number): Csp {
  assertInteger(`${WHERE}: createCsp`, "valueCount", valueCount, 1, 65536);
  return { valueCount, words: (valueCount + 31) >>> 5, initial: [], names: [], constraints: [] };
}

/** Full mask of word `w` of a domain. */
function fullWord(csp: Csp, w: number): number {
  const r = csp.valueCount - w * 32;
  return r >= 32 ? -1 : (1 << r) - 1;
}

/**
 * Adds a variable whose domain is `values` (default: every value) and returns its id (0, 1, …).
 * @throws TacticaError `INVALID_ARGUMENT` for a value outside `[0, valueCount)` or an empty domain.
 */
export function addCspVariable(csp: Csp, name?: string, values?: readonly number[]): number {
  const W = csp.words;
  const base = csp.initial.length;
  if (values === undefined) for (let w = 0; w < W; w++) csp.initial.push(fullWord(csp, w));
  else {
    if (values.length === 0) invalidArgument(`${WHERE}: addCspVariable`, "values", "is empty", "Give every variable at least one value.");
    for (let i = 0; i < values.length; i++) assertInteger(`${WHERE}: addCspVariable`, `values[${i}]`, values[i], 0, csp.valueCount - 1);
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

/** Constrains all `vars` to take the same value ("two blocks the same colour"). */
export function addEqual(csp: Csp, vars: readonly number[]): void {
  checkVars(csp, "addEqual", vars, 2);
  add(csp, ConstraintKind.Equal, vars);
}

/** Constrains `a` and `b` to differ ("diagonal neighbours differ"). */
export function addNotEqual(csp: Csp, a: number, b: number): void {
  checkVars(csp, "addNotEqual", [a, b], 2);
  if (a === b) invalidArgument(`${WHERE}: addNotEqual`, "a/b", "are the same variable", "Pass two different variables.");
  add(csp, ConstraintKind.NotEqual, [a, b]);
}

/** Constrains `vars` to pairwise different values ("three blocks all different"). */
export function addAllDifferent(csp: Csp, vars: readonly number[]): void {
  checkVars(csp, "addAllDifferent", vars, 2);
  add(csp, ConstraintKind.AllDifferent, vars);
}

/** At most `limit` of `vars` take `value` ("at most four of each colour"). */
export function addAtMost(csp: Csp, value: number, limit: number, vars: readonly number[]): void {
  assertInteger(`${WHERE}: addAtMost`, "value", value, 0, csp.valueCount - 1);
  assertInteger(`${WHERE}: addAtMost`, "limit", limit, 0);
  checkVars(csp, "addAtMost", vars, 1);
  add(csp, ConstraintKind.AtMost, vars, value, limit);
}

/** At least `limit` of `vars` take `value` ("at least three red"). */
export function addAtLeast(csp: Csp, value: number, limit: number, vars: readonly number[]): void {
  assertInteger(`${WHERE}: addAtLeast`, "value", value, 0, csp.valueCount - 1);
  assertInteger(`${WHERE}: addAtLeast`, "limit", limit, 0);
  checkVars(csp, "addAtLeast", vars, 1);
  add(csp, ConstraintKind.AtLeast, vars, value, limit);
}

/** Fixes `v` to `value` ("a block must be blue"): narrows its initial domain. */
export function addFixed(csp: Csp, v: number, value: number): void {
  checkVars(csp, "addFixed", [v], 1);
  assertInteger(`${WHERE}: addFixed`, "value", value, 0, csp.valueCount - 1);
  for (let w = 0; w < csp.words; w++) {
    const i = v * csp.words + w;
    csp.initial[i] = w === value >>> 5 ? csp.initial[i]! & (1 << (value & 31)) : 0;
  }
}

/** Forbids `value` for `v` ("a block cannot be green"): narrows its initial domain. */
export function addForbidden(csp: Csp, v: number, value: number): void {
  checkVars(csp, "addForbidden", [v], 1);
  assertInteger(`${WHERE}: addForbidden`, "value", value, 0, csp.valueCount - 1);
  const i = v * csp.words + (value >>> 5);
  csp.initial[i] = csp.initial[i]! & ~(1 << (value & 31));
}

/** Adds a user-defined constraint over `vars` with its narrowing function. */
export function addCustomConstraint(csp: Csp, vars: readonly number[], propagate: CustomPropagator): void {
  checkVars(csp, "addCustomConstraint", vars, 1);
  if (typeof propagate !== "function") invalidArgument(`${WHERE}: addCustomConstraint`, "propagate", "must be a function", "Pass (solver, vars) => boolean.");
  add(csp, ConstraintKind.Custom, vars, 0, 0, propagate);
}

/**
 * Number of set bits of a 32-bit mask. O(1).
 *
 * @internal
 */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** True when `mask` has exactly one bit set (a decided variable). */
export function isSingleton(mask: number): boolean {
  return mask !== 0 && (mask & (mask - 1)) === 0;
}

/** Index of the lowest set bit of a non-zero mask. */
export function lowestValue(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Status bits of {@link solveCsp} and {@link countCspSolutions}. */
export const CspFlags = {
  /** A solution was found (written to the output). */
  Solved: 1,
  /** The problem has no (further) solution. */
  Unsatisfiable: 2,
  /** The step budget ran out first. */
  BudgetExhausted: 4,
} as const;

/**
 * Solver state for a {@link Csp}: current domains, the undo trail and the propagation queue,
 * all preallocated by {@link createCspSolver}. The low-level functions ({@link restrictDomain},
 * {@link assignValue}, {@link propagate}, {@link markTrail}, {@link rollbackTo}) let a caller
 * drive forward checking by hand (as the chapter's walk-throughs do); {@link solveCsp} runs the
 * whole backtracking search.
 */
export interface CspSolver {
  /** The problem. */
  readonly csp: Csp;
  /** Current domains, {@link CspSolver.words} 32-bit words per variable (for ≤ 32 values: one bit mask per variable, `domains[v]`). */
  readonly domains: Int32Array;
  /** Words per domain (`csp.words`). */
  readonly words: number;
  /** Scratch bitset of one domain (used by the built-in constraints). */
  readonly scratch: Int32Array;
  /** Undo trail: pairs (index into `domains`, previous word). */
  readonly trail: Int32Array;
  /** Number of entries on the trail. */
  trailLength: number;
  /** Constraint ids per variable (CSR offsets). */
  readonly varConstraintStart: Int32Array;
  /** Constraint ids per variable (CSR data). */
  readonly varConstraints: Int32Array;
  /** Circular queue of constraint ids to propagate. */
  readonly queue: Int32Array;
  /** Queue head index. */
  queueHead: number;
  /** Number of queued constraints. */
  queueSize: number;
  /** 1 while a constraint is in the queue (never queued twice). */
  readonly queued: Uint8Array;
  /** Search scratch: candidate values per depth (`valueCount` per depth; 2 × valueCount × (variables + 1) bytes). */
  readonly values: Uint16Array;
  /** Search counter: value assignments tried. */
  assignments: number;
  /** Search counter: failed assignments (backtracks). */
  backtracks: number;
  /** Search state: solutions found by the running (or last) search. */
  solutionsFound: number;
  /** Search state: the search stops after this many solutions. */
  solutionLimit: number;
  /** Search state: the assignment budget of the running search. */
  maxAssignments: number;
  /** Search state: true once the budget ran out. */
  exhausted: boolean;
}

/** Creates a {@link CspSolver} at the problem's initial domains (not yet propagated). O(variables + constraint arity). */
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

function enqueueVar(s: CspSolver, v: number): void {
  const q = s.queue;
  for (let i = s.varConstraintStart[v]!; i < s.varConstraintStart[v + 1]!; i++) {
    const c = s.varConstraints[i]!;
    if (s.queued[c] === 1) continue;
    s.queued[c] = 1;
    q[(s.queueHead + s.queueSize) % q.length] = c;
    s.queueSize++;
  }
}

function clearQueue(s: CspSolver): void {
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
 * @throws TacticaError `INVALID_STATE` when the domains have more than one word.
 */
export function restrictDomain(s: CspSolver, v: number, mask: number): boolean {
  if (s.words !== 1) {
    throw new TacticaError(ErrorCodes.InvalidState, `${WHERE}: restrictDomain: the problem has ${s.csp.valueCount} values (more than 32). Use restrictDomainWords, removeValue or fixValue.`);
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

/**
 * Narrows `v`'s domain to `domain & mask` word by word, reading the solver's `words` words of
 * `mask` from `offset`. Returns `false` if that empties it (the domain is left unchanged then).
 * Changed words are saved on the trail and queue `v`'s constraints. O(words + degree of v).
 */
export function restrictDomainWords(s: CspSolver, v: number, mask: ArrayLike<number>, offset = 0): boolean {
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

/** Removes `value` from `v`'s domain. Returns `false` if that empties it (unchanged then). O(words + degree of v). */
export function removeValue(s: CspSolver, v: number, value: number): boolean {
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

/** Narrows `v`'s domain to the single `value`. Returns `false` if `value` is not in it. O(words + degree of v). */
export function fixValue(s: CspSolver, v: number, value: number): boolean {
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

/** True when `value` is still in `v`'s domain. O(1). */
export function domainHas(s: CspSolver, v: number, value: number): boolean {
  return (s.domains[v * s.words + (value >>> 5)]! & (1 << (value & 31))) !== 0;
}

/** Number of values left in `v`'s domain. O(words). */
export function domainSize(s: CspSolver, v: number): number {
  const W = s.words;
  let c = 0;
  for (let w = v * W, e = w + W; w < e; w++) c += popcount32(s.domains[w]!);
  return c;
}

/** Smallest value left in `v`'s domain, or -1 when it is empty. O(words). */
export function domainMin(s: CspSolver, v: number): number {
  const W = s.words;
  for (let w = 0; w < W; w++) {
    const d = s.domains[v * W + w]!;
    if (d !== 0) return w * 32 + lowestValue(d);
  }
  return -1;
}

/** The current trail position, to roll back to with {@link rollbackTo}. */
export function markTrail(s: CspSolver): number {
  return s.trailLength;
}

/** Restores every domain to its value at `mark` and empties the propagation queue. O(changes undone). */
export function rollbackTo(s: CspSolver, mark: number): void {
  while (s.trailLength > mark) {
    const old = s.trail[--s.trailLength]!;
    const i = s.trail[--s.trailLength]!;
    s.domains[i] = old;
  }
  clearQueue(s);
}

/** True when `v`'s domain is exactly `{value}`. */
function isFixedTo(s: CspSolver, v: number, value: number): boolean {
  const W = s.words;
  const wi = value >>> 5;
  for (let w = 0; w < W; w++) if (s.domains[v * W + w] !== (w === wi ? 1 << (value & 31) : 0)) return false;
  return true;
}

/** Built-in constraints over multi-word domains (more than 32 values). */
function narrowWide(s: CspSolver, c: CspConstraint): boolean {
  const D = s.domains;
  const W = s.words;
  const vars = c.vars;
  const sc = s.scratch;
  switch (c.kind) {
    case ConstraintKind.Equal: {
      let any = 0;
      for (let w = 0; w < W; w++) {
        let d = -1;
        for (const v of vars) d &= D[v * W + w]!;
        sc[w] = d;
        any |= d;
      }
      if (any === 0) return false;
      for (const v of vars) if (!restrictDomainWords(s, v, sc, 0)) return false;
      return true;
    }
    case ConstraintKind.NotEqual: {
      const a = vars[0]!;
      const b = vars[1]!;
      if (domainSize(s, a) === 1 && !removeValue(s, b, domainMin(s, a))) return false;
      if (domainSize(s, b) === 1 && !removeValue(s, a, domainMin(s, b))) return false;
      return true;
    }
    case ConstraintKind.AllDifferent: {
      sc.fill(0);
      for (const v of vars) {
        for (let w = 0; w < W; w++) sc[w] = sc[w]! | D[v * W + w]!;
        if (domainSize(s, v) !== 1) continue;
        const x = domainMin(s, v);
        for (const u of vars) if (u !== v && !removeValue(s, u, x)) return false;
      }
      let union = 0;
      for (let w = 0; w < W; w++) union += popcount32(sc[w]!);
      return union >= vars.length;
    }
    case ConstraintKind.AtMost: {
      let fixed = 0;
      for (const v of vars) if (isFixedTo(s, v, c.value)) fixed++;
      if (fixed > c.limit) return false;
      if (fixed === c.limit) for (const v of vars) if (!isFixedTo(s, v, c.value) && !removeValue(s, v, c.value)) return false;
      return true;
    }
    case ConstraintKind.AtLeast: {
      let possible = 0;
      for (const v of vars) if (domainHas(s, v, c.value)) possible++;
      if (possible < c.limit) return false;
      if (possible === c.limit) for (const v of vars) if (domainHas(s, v, c.value) && !fixValue(s, v, c.value)) return false;
      return true;
    }
    default:
      return c.propagate!(s, vars);
  }
}

function narrow(s: CspSolver, c: CspConstraint): boolean {
  if (s.words !== 1) return narrowWide(s, c);
  const D = s.domains;
  const vars = c.vars;
  switch (c.kind) {
    case ConstraintKind.Equal: {
      let d = -1;
      for (const v of vars) d &= D[v]!;
      if (d === 0) return false;
      for (const v of vars) if (!restrictDomain(s, v, d)) return false;
      return true;
    }
    case ConstraintKind.NotEqual: {
      const a = vars[0]!;
      const b = vars[1]!;
      if (isSingleton(D[a]!) && !restrictDomain(s, b, ~D[a]!)) return false;
      if (isSingleton(D[b]!) && !restrictDomain(s, a, ~D[b]!)) return false;
      return true;
    }
    case ConstraintKind.AllDifferent: {
      let union = 0;
      for (const v of vars) {
        const d = D[v]!;
        union |= d;
        if (!isSingleton(d)) continue;
        for (const w of vars) if (w !== v && !restrictDomain(s, w, ~d)) return false;
      }
      // Pigeonhole: n variables need n distinct values.
      return popcount32(union) >= vars.length;
    }
    case ConstraintKind.AtMost: {
      const bit = 1 << c.value;
      let fixed = 0;
      for (const v of vars) if (D[v] === bit) fixed++;
      if (fixed > c.limit) return false;
      if (fixed === c.limit) for (const v of vars) if (D[v] !== bit && !restrictDomain(s, v, ~bit)) return false;
      return true;
    }
    case ConstraintKind.AtLeast: {
      const bit = 1 << c.value;
      let possible = 0;
      for (const v of vars) if (D[v]! & bit) possible++;
      if (possible < c.limit) return false;
      if (possible === c.limit) for (const v of vars) if (D[v]! & bit && !restrictDomain(s, v, bit)) return false;
      return true;
    }
    default:
      return c.propagate!(s, vars);
  }
}

/**
 * Runs the propagation queue to a fixed point (AC-3 style: each constraint whose variable changed
 * narrows its variables; changes queue further constraints; a constraint is never queued twice).
 * Returns `false` on a wipe-out (some constraint cannot be satisfied); the queue is cleared then,
 * but domains are not rolled back — call {@link rollbackTo}.
 */
export function propagate(s: CspSolver): boolean {
  const q = s.queue;
  const constraints = s.csp.constraints;
  while (s.queueSize > 0) {
    const c = q[s.queueHead]!;
    s.queueHead = (s.queueHead + 1) % q.length;
    s.queueSize--;
    s.queued[c] = 0;
    if (!narrow(s, constraints[c]!)) {
      clearQueue(s);
      return false;
    }
  }
  return true;
}

/**
 * Forward checking step: sets `v` to `value` and propagates. Returns `false` on failure (roll
 * back to a mark taken before). Same as `fixValue(s, v, value) && propagate(s)`.
 */
export function assignValue(s: CspSolver, v: number, value: number): boolean {
  if (!fixValue(s, v, value)) return false;
  return propagate(s);
}

/** Resets the solver to the problem's initial domains and propagates every constraint once. Returns `false` if the problem is already inconsistent. */
export function resetCspSolver(s: CspSolver): boolean {
  s.trailLength = 0;
  clearQueue(s);
  const init = s.csp.initial;
  for (let i = 0; i < init.length; i++) s.domains[i] = init[i]!;
  s.assignments = 0;
  s.backtracks = 0;
  const n = s.csp.names.length;
  for (let v = 0; v < n; v++) {
    if (domainMin(s, v) < 0) return false;
    enqueueVar(s, v);
  }
  return propagate(s);
}

/** Options of {@link solveCsp}. */
export interface CspSolveOptions {
  /** Seeded value order: each variable's values are tried in an order shuffled by this generator (default: ascending). */
  readonly rng?: Rng;
  /** Maximum number of value assignments (default unlimited); exceeding it reports `BudgetExhausted`. */
  readonly maxAssignments?: number;
}

function search(s: CspSolver, depth: number, rng: Rng | undefined, onSolution: ((s: CspSolver) => void) | undefined): boolean {
  // Most constrained variable first: the undecided variable with the fewest values left.
  const D = s.domains;
  const W = s.words;
  const n = s.csp.names.length;
  let best = -1;
  let bestCount = s.csp.valueCount + 1;
  for (let v = 0; v < n; v++) {
    const c = W === 1 ? popcount32(D[v]!) : domainSize(s, v);
    if (c > 1 && c < bestCount) {
      bestCount = c;
      best = v;
    }
  }
  if (best === -1) {
    s.solutionsFound++;
    onSolution?.(s);
    return s.solutionsFound >= s.solutionLimit;
  }
  // Snapshot the candidate values (the domain changes while we try them).
  const base = depth * s.csp.valueCount;
  let k = 0;
  for (let w = 0; w < W; w++) for (let d = D[best * W + w]!; d !== 0; d &= d - 1) s.values[base + k++] = w * 32 + lowestValue(d);
  if (rng !== undefined) {
    for (let i = k - 1; i > 0; i--) {
      const j = rngInt(rng, 0, i);
      const t = s.values[base + i]!;
      s.values[base + i] = s.values[base + j]!;
      s.values[base + j] = t;
    }
  }
  for (let i = 0; i < k; i++) {
    if (s.assignments >= s.maxAssignments) {
      s.exhausted = true;
      return true;
    }
    s.assignments++;
    const mark = markTrail(s);
    if (assignValue(s, best, s.values[base + i]!)) {
      if (search(s, depth + 1, rng, onSolution)) return true;
    } else s.backtracks++;
    rollbackTo(s, mark);
  }
  return false;
}

/**
 * Finds one solution by forward checking with backtracking on the undo trail
 * (most-constrained variable first, values in ascending or seeded-shuffled order) and writes the
 * value of each variable into `out` (length ≥ variable count). Returns {@link CspFlags}: `Solved`,
 * `Unsatisfiable` or `BudgetExhausted`. Exponential in the worst case — chapter 26 aims it at
 * "easy" problems with many solutions; cap hard ones with `maxAssignments`. No allocation. All search
 * state lives in the solver, so solvers are independent: a custom propagator or a `visit`
 * callback may run a search on another solver. A solver runs one search at a time.
 */
export function solveCsp(out: Int32Array, s: CspSolver, options: CspSolveOptions = {}): number {
  const n = s.csp.names.length;
  if (out.length < n) {
    invalidArgument(`${WHERE}: solveCsp`, "out", `has length ${out.length}`, `Pass an Int32Array of at least ${n} entries.`);
  }
  if (!resetCspSolver(s)) return CspFlags.Unsatisfiable;
  s.solutionsFound = 0;
  s.solutionLimit = 1;
  s.maxAssignments = options.maxAssignments ?? Infinity;
  s.exhausted = false;
  search(s, 0, options.rng, undefined);
  if (s.exhausted) return CspFlags.BudgetExhausted;
  if (s.solutionsFound === 0) return CspFlags.Unsatisfiable;
  for (let v = 0; v < n; v++) out[v] = domainMin(s, v);
  return CspFlags.Solved;
}

/** Options of {@link countCspSolutions}. */
export interface CspCountOptions {
  /** Stop counting at this many solutions (default unlimited). */
  readonly limit?: number;
  /** Called with the solver at each solution (read it with {@link domainMin}). */
  readonly visit?: (solver: CspSolver) => void;
  /** Maximum number of value assignments (default unlimited); running out throws `INVALID_STATE`. */
  readonly maxAssignments?: number;
}

/**
 * Counts solutions by exhaustive search. The count does not depend on the value order. Returns
 * the count; throws `INVALID_STATE` if `options.maxAssignments` runs out first.
 */
export function countCspSolutions(s: CspSolver, options: CspCountOptions = {}): number {
  const limit = options.limit ?? Infinity;
  const visit = options.visit;
  const maxAssignments = options.maxAssignments ?? Infinity;
  if (!resetCspSolver(s)) return 0;
  s.solutionsFound = 0;
  s.solutionLimit = limit;
  s.maxAssignments = maxAssignments;
  s.exhausted = false;
  search(s, 0, undefined, visit);
  if (s.exhausted) {
    throw new TacticaError(ErrorCodes.InvalidState, `${WHERE}: countCspSolutions: the budget of ${maxAssignments} assignments ran out. Raise maxAssignments or lower limit.`);
  }
  return s.solutionsFound;
}
