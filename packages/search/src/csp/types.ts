// Shared types of the constraint solver (model, domains, propagation, solve): one module, so the
// files that use them never import each other in a cycle.
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
