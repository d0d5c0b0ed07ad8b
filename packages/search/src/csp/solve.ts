import { assertInteger, ErrorCodes, invalidArgument, rngInt, TacticaError, type Rng } from "@tactica/core";
import { lowestValue, popcount32 } from "./bits";
import { domainMin, domainSize, markTrail, rollbackTo } from "./domains";
import { assignValue, resetCspSolver } from "./propagation";
import { CspFlags, type CspSolver } from "./types";

const WHERE = "@tactica/search";

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
 * @param out - Value of each variable (index = variable id), written in place when `Solved`;
 *   at least as many entries as variables.
 * @param s - The solver ({@link createCspSolver}); reset first, its domains and counters overwritten.
 * @param options - `rng`: seeded generator shuffling each variable's value order (default
 *   ascending order, no draws); `maxAssignments`: assignment budget (default unlimited).
 * @throws TacticaError `INVALID_ARGUMENT` when `out` is shorter than the variable count.
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
  /** Stop counting at this many solutions: an integer ≥ 0 or `Infinity` (default unlimited); 0 returns 0 without searching. */
  readonly limit?: number;
  /** Called with the solver at each solution (read it with {@link domainMin}). */
  readonly visit?: (solver: CspSolver) => void;
  /** Maximum number of value assignments (default unlimited); running out throws `INVALID_STATE`. */
  readonly maxAssignments?: number;
}

/**
 * Counts solutions by exhaustive search. The count does not depend on the value order. Returns
 * the count; throws `INVALID_STATE` if `options.maxAssignments` runs out first.
 * @param s - The solver ({@link createCspSolver}); reset first, its domains and counters overwritten.
 * @param options - `limit`: stop at this many solutions, an integer ≥ 0 or `Infinity` (default
 *   unlimited; 0 returns 0 without searching); `visit`: called at each solution with the solver;
 *   `maxAssignments`: assignment budget (default unlimited).
 * @throws TacticaError `INVALID_STATE` when `maxAssignments` runs out before the count is done;
 *   `INVALID_ARGUMENT` when `limit` is not an integer ≥ 0 or `Infinity`.
 */
export function countCspSolutions(s: CspSolver, options: CspCountOptions = {}): number {
  const limit = options.limit ?? Infinity;
  if (limit !== Infinity) assertInteger(`${WHERE}: countCspSolutions`, "options.limit", limit, 0, Number.MAX_SAFE_INTEGER);
  if (limit === 0) return 0;
  const visit = options.visit;
  const maxAssignments = options.maxAssignments ?? Infinity;
  if (!resetCspSolver(s)) return 0;
  s.solutionsFound = 0;
  s.solutionLimit = limit;
  s.maxAssignments = maxAssignments;
  s.exhausted = false;
  search(s, 0, undefined, visit);
  if (s.exhausted) {
    throw new TacticaError(
      ErrorCodes.InvalidState,
      `${WHERE}: countCspSolutions: the budget of ${maxAssignments} assignments ran out. Raise maxAssignments or lower limit.`,
    );
  }
  return s.solutionsFound;
}
