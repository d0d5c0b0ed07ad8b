import { configError } from "../errors";
import { finishInfluencePropagation, type InfluenceMap, propagateInfluenceRows } from "../influence/influence-map";
import type { PerceptionSliceCounters, SliceStatus } from "./sliced-update";

/**
 * A time-sliced propagation step of an {@link InfluenceMap}, as plain data: `row` is the next row
 * to write; {@link stepInfluencePropagation} writes bands of rows into the map's back buffers and,
 * after the last row, swaps them and re-applies the sources. Until then the map's `values` still
 * hold the previous step, readable by queries. `units` counts rows written (`rays` stays 0).
 */
export interface InfluencePropagation extends PerceptionSliceCounters {
  /** Next row to propagate; `-1` when no step is running. */
  row: number;
}

/** Creates the state of a sliced propagation, with no step running. */
export function createInfluencePropagation(): InfluencePropagation {
  return { row: -1, units: 0, rays: 0 };
}

/**
 * Propagates up to `budgetUnits` rows of one step of `map` (one unit = one row), starting a new step
 * when none is running, and returns `"done"` when the step is complete (buffers swapped, sources
 * re-applied) or `"partial"`. Any sequence of budgets gives the map `propagateInfluence` gives, bit
 * for bit, provided nothing writes to the map between slices (stamp after the step is done). A
 * budget of 0 does nothing. Throws `PERCEPTION_CONFIG` for a negative or non-integer budget
 * (`Infinity` is allowed).
 *
 * @param state - The sliced propagation, changed in place (`row`, `units`); a new step starts when none is running.
 * @param map - The influence map; rows go into its back buffers, swapped in when the last row is written.
 * @param budgetUnits - Most rows propagated in this call, an integer ≥ 0 or `Infinity`.
 *
 * @example
 * ```ts
 * const map = createInfluenceMap(64, 64, { momentum: 0.5, decay: 0.3 });
 * setInfluenceSource(map, 10, 10, 1);
 * const slice = createInfluencePropagation();
 * let frames = 0;
 * while (stepInfluencePropagation(slice, map, 16) === "partial") frames++; // 16 rows a frame: done on the 4th
 * ```
 */
export function stepInfluencePropagation(state: InfluencePropagation, map: InfluenceMap, budgetUnits: number): SliceStatus {
  if (!(budgetUnits >= 0) || (budgetUnits !== Infinity && !Number.isInteger(budgetUnits)))
    configError("stepInfluencePropagation", `"budgetUnits" is ${budgetUnits}; pass an integer ≥ 0 (or Infinity).`, "budgetUnits");
  if (state.row < 0 || state.row > map.height) {
    state.row = 0;
    state.units = 0;
  }
  const end = budgetUnits >= map.height - state.row ? map.height : state.row + budgetUnits;
  propagateInfluenceRows(map, state.row, end);
  state.units += end - state.row;
  state.row = end;
  if (end < map.height) return "partial";
  finishInfluencePropagation(map);
  state.row = -1;
  return "done";
}
