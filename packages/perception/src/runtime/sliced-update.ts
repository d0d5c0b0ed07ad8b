/**
 * What a time-sliced perception update reports after a step: `"done"` when the whole update is
 * finished (its result is readable), `"partial"` when it stopped at its budget and will resume at
 * its cursor on the next step.
 */
export type SliceStatus = "done" | "partial";

/**
 * Work counters of a time-sliced update, plain numbers you can read between steps (a profiler
 * overlay, a budget tuner): `units` of the update's own kind (agents, rows, rays) and `rays` cast.
 * They count since the update was last started. Not core's `SliceCounters` (which a scheduler
 * zeroes before each slice and which also counts `nodes`): these are the update's running totals,
 * kept in its own plain-data state; the `createXTask` wrappers add their per-slice differences to
 * core's counters.
 */
export interface PerceptionSliceCounters {
  /** Units of work done (agents for a vision batch, rows for influence propagation, rays for an exposure build). */
  units: number;
  /** Line-of-sight rays cast. */
  rays: number;
}
