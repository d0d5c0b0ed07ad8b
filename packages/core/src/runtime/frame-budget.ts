import { assertInteger, assertNonNegative, describeValue, invalidArgument } from "../errors/validate";

/**
 * Per-frame work budgets measured in abstract work units (node expansions, iterations, rays),
 * never wall time: packages take no clocks, so budgets stay deterministic and testable. A game
 * calibrates "units per frame" against its own profiler.
 *
 * {@link FrameBudget} meters one frame's allowance; {@link RoundRobin} shares an allowance fairly
 * among N jobs (path requests, perception checks) across frames. Both are plain numeric state.
 *
 * @example
 * ```ts
 * const budget = createFrameBudget(500);       // 500 node expansions per frame
 * // each frame:
 * frameBudgetReset(budget);
 * while (!search.done && frameBudgetConsume(budget, 1)) stepSearch(search);
 * ```
 */
export interface FrameBudget {
  /** Units granted at each {@link frameBudgetReset} (finite ≥ 0). */
  unitsPerFrame: number;
  /** Units left this frame; negative after {@link frameBudgetSpend} overspends (a debt). */
  remaining: number;
}

function badUnits(fn: string, name: string, value: unknown): never {
  return invalidArgument(
    `@tactica/core: ${fn}`,
    name,
    `must be a number of work units >= 0 but is ${describeValue(value)}`,
    "Pass zero or a positive count; a negative or NaN count would corrupt the budget.",
  );
}

/**
 * Creates a budget of `unitsPerFrame` units (finite ≥ 0), full for the current frame.
 * @param unitsPerFrame - Work units granted each frame (node expansions, rays…), finite ≥ 0.
 */
export function createFrameBudget(unitsPerFrame: number): FrameBudget {
  assertNonNegative("@tactica/core: createFrameBudget", "unitsPerFrame", unitsPerFrame);
  return { unitsPerFrame, remaining: unitsPerFrame };
}

/**
 * Starts a new frame: `remaining = unitsPerFrame − debt`. Unspent units do not carry over; an
 * overspend recorded by {@link frameBudgetSpend} does, so work done anyway is paid back. O(1).
 * @param budget - The budget, changed in place.
 */
export function frameBudgetReset(budget: FrameBudget): void {
  budget.remaining = budget.remaining < 0 ? budget.unitsPerFrame + budget.remaining : budget.unitsPerFrame;
}

/** Options of {@link frameBudgetConsume}. */
export interface FrameBudgetConsumeOptions {
  /** How many units to take (`>= 0`, in the budget's units); default 1. */
  readonly units?: number;
}

/**
 * Takes `units` (default 1, ≥ 0) if that many remain and returns `true`; otherwise takes nothing
 * and returns `false`. The loop guard of sliced work. O(1).
 *
 * @param budget - The frame's budget; its `remaining` is lowered when the units are taken.
 * @param options - `units`: how many work units to take, ≥ 0, default 1 (`Infinity` is never granted).
 * @throws TacticaError `INVALID_ARGUMENT` when `options.units` is negative, NaN or not a number (it would corrupt `remaining`).
 */
export function frameBudgetConsume(budget: FrameBudget, options: FrameBudgetConsumeOptions = {}): boolean {
  const units = options.units ?? 1;
  if (typeof units !== "number" || !(units >= 0)) badUnits("frameBudgetConsume", "options.units", units);
  if (units > budget.remaining) return false;
  budget.remaining -= units;
  return true;
}

/**
 * Takes up to `want` units (≥ 0) and returns how many were granted: `min(want, remaining)`, or 0
 * when nothing remains. For work done in chunks: `const n = frameBudgetTake(b, 64)`. O(1).
 * @param budget - The budget, changed in place.
 * @param want - Most work units wanted, ≥ 0 (`Infinity` takes all that remains).
 * @throws TacticaError `INVALID_ARGUMENT` when `want` is negative, NaN or not a number (it would add budget or poison `remaining`).
 */
export function frameBudgetTake(budget: FrameBudget, want: number): number {
  if (typeof want !== "number" || !(want >= 0)) badUnits("frameBudgetTake", "want", want);
  const r = budget.remaining;
  const granted = want < r ? want : r > 0 ? r : 0;
  budget.remaining = r - granted;
  return granted;
}

/**
 * Records `units` of work that was done regardless of the budget (e.g. an indivisible step);
 * `remaining` may go negative, and the debt reduces the next frame. O(1).
 * @param budget - The budget, changed in place.
 * @param units - Work units already done, finite ≥ 0; may exceed what remains.
 * @throws TacticaError `INVALID_ARGUMENT` when `units` is negative, NaN, infinite or not a number (a negative value would add budget, a non-finite one poison every later frame).
 */
export function frameBudgetSpend(budget: FrameBudget, units: number): void {
  if (typeof units !== "number" || !(units >= 0 && units < Infinity)) badUnits("frameBudgetSpend", "units", units);
  budget.remaining -= units;
}

/**
 * Units left this frame, never below 0 (see {@link FrameBudget.remaining} for the signed value). O(1).
 * @param budget - The budget to read.
 */
export function frameBudgetRemaining(budget: FrameBudget): number {
  return budget.remaining > 0 ? budget.remaining : 0;
}

/**
 * True when no units remain this frame. O(1).
 * @param budget - The budget to read.
 */
export function frameBudgetExhausted(budget: FrameBudget): boolean {
  return budget.remaining <= 0;
}

/**
 * A fair scheduler of `jobCount` job slots (ids `0 .. jobCount − 1`) that share a budget. Mark
 * slots active with {@link roundRobinSetActive}; each frame, {@link roundRobinRun} offers every
 * active job an equal share of the frame's budget, passing units a job leaves unused on to the
 * jobs after it, and rotates the starting job every frame so rounding and leftovers favour no
 * one. {@link roundRobinNext} serves the simpler "one job per slice" style.
 */
export interface RoundRobin {
  /** Number of job slots. */
  readonly jobCount: number;
  /** `active[job]` is 1 when the job wants budget, 0 otherwise. */
  readonly active: Uint8Array;
  /** Number of active jobs. */
  activeCount: number;
  /** Job id where the next run or {@link roundRobinNext} scan starts. */
  cursor: number;
}

/**
 * Creates a scheduler with `jobCount` slots (integer in `[1, 2^24]`), all inactive.
 * @param jobCount - Number of job slots (ids `0 .. jobCount − 1`), an integer in [1, 2^24].
 */
export function createRoundRobin(jobCount: number): RoundRobin {
  assertInteger("@tactica/core: createRoundRobin", "jobCount", jobCount, 1, 1 << 24);
  return { jobCount, active: new Uint8Array(jobCount), activeCount: 0, cursor: 0 };
}

/**
 * Marks `job` active (wants budget) or inactive (finished or idle). O(1).
 * @param rr - The scheduler, changed in place.
 * @param job - Job id, an integer in `[0, rr.jobCount)`.
 * @param active - True when the job wants budget, false when it is finished or idle.
 */
export function roundRobinSetActive(rr: RoundRobin, job: number, active: boolean): void {
  if (job >>> 0 !== job || job >= rr.jobCount) {
    invalidArgument(
      "@tactica/core: roundRobinSetActive",
      "job",
      `must be an integer in [0, ${rr.jobCount - 1}] but is ${job}`,
      "Create the scheduler with more job slots.",
    );
  }
  const was = rr.active[job] === 1;
  if (was === active) return;
  rr.active[job] = active ? 1 : 0;
  rr.activeCount += active ? 1 : -1;
}

/**
 * True when `job` is active. O(1).
 * @param rr - The scheduler to read.
 * @param job - Job id; ids outside `[0, rr.jobCount)` read as inactive.
 */
export function roundRobinIsActive(rr: RoundRobin, job: number): boolean {
  return rr.active[job] === 1;
}

/**
 * The next active job in cyclic order starting at the cursor, advancing the cursor past it; -1
 * when no job is active. O(jobCount) worst case, O(1) when most slots are active.
 * @param rr - The scheduler; its cursor advances.
 */
export function roundRobinNext(rr: RoundRobin): number {
  if (rr.activeCount === 0) return -1;
  const n = rr.jobCount;
  let j = rr.cursor;
  while (rr.active[j] !== 1) if (++j === n) j = 0;
  rr.cursor = j + 1 === n ? 0 : j + 1;
  return j;
}

/**
 * Runs one frame: visits each active job once in cyclic order from the cursor and calls
 * `step(job, units)` with `units = ceil(left / jobsLeft)` — an equal share of what is left of
 * `budget`, so units a job returns unused flow to the jobs after it. `step` does up to `units`
 * of work and returns how many it used (clamped to `[0, units]`); it may deactivate its job
 * (e.g. when the job finishes). Jobs are skipped once the budget is exhausted. Afterwards the
 * cursor moves one job on, so next frame starts with the next job. Spends from `budget` and
 * returns the total units used.
 *
 * O(jobCount) per call plus the work done; no allocation when `step` is a long-lived function.
 * @param rr - The scheduler; its cursor moves one job on.
 * @param budget - The frame's budget, spent in place by the units the jobs report.
 * @param step - Called as `step(job, units)`: does up to `units` of work for `job` and returns the units used (clamped to [0,
 *   units]).
 */
export function roundRobinRun(rr: RoundRobin, budget: FrameBudget, step: (job: number, units: number) => number): number {
  const n = rr.jobCount;
  const start = rr.cursor;
  let jobsLeft = rr.activeCount;
  let used = 0;
  for (let k = 0, j = start; k < n && jobsLeft > 0; k++) {
    if (rr.active[j] === 1) {
      const left = budget.remaining;
      if (!(left > 0)) break;
      let share = Math.ceil(left / jobsLeft);
      if (share > left) share = left;
      let spent = step(j, share);
      spent = spent > 0 ? (spent < share ? spent : share) : 0;
      budget.remaining = left - spent;
      used += spent;
      jobsLeft--;
    }
    if (++j === n) j = 0;
  }
  rr.cursor = start + 1 === n ? 0 : start + 1;
  return used;
}
