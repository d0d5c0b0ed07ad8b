/**
 * What one slice of a {@link SlicedTask} ended with, as bit flags (the `PathFlags` style of
 * `@tactica/search`: every member a distinct bit, `None` is 0).
 *
 * - `Partial`: the job is not finished; give the task another slice (this frame or a later one).
 * - `Done`: the job finished with its result (a path found, a plan made, every agent scored).
 * - `Failed`: the job ended without its result (no path, no plan, its own budget exhausted). Like
 *   `Done` it ends the job; the scheduler counts it separately.
 *
 * A step returns exactly one of `Partial`, `Done` or `Failed`.
 */
export const SliceFlags = {
  /** No status (a task that was never stepped). */
  None: 0,
  /** The job finished with its result. */
  Done: 1,
  /** The job needs more slices. */
  Partial: 2,
  /** The job ended without its result. */
  Failed: 4,
} as const;

/**
 * Work counters a {@link SlicedTask} adds to during one slice. The scheduler zeroes them before
 * each slice and adds them to the task's and its module's totals afterwards; the object is reused,
 * never allocated per slice.
 */
export interface SliceCounters {
  /** Work units used (what the slice's `budget` is measured in). Required: the scheduler charges it against the frame budget. */
  units: number;
  /** Search nodes expanded (A*, GOAP), for profiling. */
  nodes: number;
  /** Rays cast (line-of-sight checks), for profiling. */
  rays: number;
}

/**
 * A piece of work that runs in slices under a budget: a path query, a planner search, a batch of
 * utility scores, a perception sweep. The scheduler (`runSchedulerFrame`) calls `step` with a
 * budget in work units (an integer ≥ 1: node expansions, agents scored, rays cast — the task
 * documents which); the task does up to that much work, adds what it used to `counters.units`
 * (and `nodes`, `rays` if it counts them) and returns a {@link SliceFlags} status.
 *
 * **Why an object with a `step` method and not a `(state, stepFn)` pair:** both cost no
 * allocation per slice (the scheduler keeps the object in a slot array and passes one reused
 * {@link SliceCounters}), but the object is one reference to store, one place to hang the
 * optional `cancel`, and adapters can expose the plain-data state they drive as a field
 * (`task.search`, `task.cursor`), so a caller reads results and saves state without a second
 * handle. The task's *state* stays plain data; the object only adds behaviour.
 *
 * **Budgets and indivisible steps.** A step should use at most `budget` units. A task whose
 * smallest step cannot be split (a one-shot planner call) may use more; the scheduler records the
 * overspend and stops giving out slices that frame, so a frame exceeds its budget by at most one
 * slice's indivisible step. Such tasks must say so in their documentation.
 *
 * @example
 * ```ts
 * // Counts to 100, at most `budget` per slice.
 * const counter = { value: 0 };
 * const task: SlicedTask = {
 *   step(budget, counters) {
 *     const n = Math.min(budget, 100 - counter.value);
 *     counter.value += n;
 *     counters.units += n;
 *     return counter.value === 100 ? SliceFlags.Done : SliceFlags.Partial;
 *   },
 * };
 * const counters = createSliceCounters();
 * task.step(30, counters); // → SliceFlags.Partial, counters.units === 30
 * ```
 */
export interface SlicedTask {
  /**
   * Does up to `budget` units of work (integer ≥ 1), adds the units used to `counters`, and
   * returns `SliceFlags.Partial`, `Done` or `Failed`. Must not keep `counters`.
   */
  step(budget: number, counters: SliceCounters): number;
  /** Called when the scheduler cancels or removes the task while its job is unfinished (free resources, mark the request cancelled). */
  cancel?(): void;
}

/** Creates zeroed {@link SliceCounters} (for driving a {@link SlicedTask} by hand or in tests). */
export function createSliceCounters(): SliceCounters {
  return { units: 0, nodes: 0, rays: 0 };
}
