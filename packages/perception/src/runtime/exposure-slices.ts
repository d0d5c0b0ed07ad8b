import { configError } from "../errors";
import { type ExposureMap, stepExposureMap } from "../terrain/exposure-map";
import type { PerceptionSliceCounters, SliceStatus } from "./sliced-update";

/** Creates zeroed counters for {@link stepExposureSlice}. */
export function createExposureCounters(): PerceptionSliceCounters {
  return { units: 0, rays: 0 };
}

/**
 * Casts up to `budgetUnits` rays of the exposure build started by `beginExposureMap` (one unit = one
 * border ray; the cursor is the map's `nextRay`), adds them to `counters` (`units` and `rays`), and
 * returns `"done"` when the build is complete (the result is in `visible`) or `"partial"`. Any
 * sequence of budgets gives the same `visible` map, bit for bit, as one unlimited step. Throws
 * `PERCEPTION_CONFIG` for a negative or non-integer budget (`Infinity` is allowed).
 *
 * @param map - The exposure map whose running build is advanced in place (`beginExposureMap` started it; none running: `"done"` at once).
 * @param counters - Added to in place: `units` and `rays`, one per ray cast.
 * @param budgetUnits - Most rays cast in this call, an integer ≥ 0 or `Infinity`.
 *
 * @example
 * ```ts
 * const exposure = createExposureMap(new Uint8Array(32 * 32), 32, 32);
 * beginExposureMap(exposure, 16, 16, 1.7);
 * const counters = createExposureCounters();
 * while (stepExposureSlice(exposure, counters, 40) === "partial") {} // 124 rays, 40 a frame
 * ```
 */
export function stepExposureSlice(map: ExposureMap, counters: PerceptionSliceCounters, budgetUnits: number): SliceStatus {
  if (!(budgetUnits >= 0) || (budgetUnits !== Infinity && !Number.isInteger(budgetUnits)))
    configError("stepExposureSlice", `"budgetUnits" is ${budgetUnits}; pass an integer ≥ 0 (or Infinity).`, "budgetUnits");
  if (map.nextRay < 0) return "done";
  const before = map.nextRay;
  const done = stepExposureMap(map, budgetUnits);
  const cast = (done ? exposureRayCount(map) : map.nextRay) - before;
  counters.units += cast;
  counters.rays += cast;
  return done ? "done" : "partial";
}

function exposureRayCount(map: ExposureMap): number {
  const { width: w, height: h } = map;
  return w === 1 || h === 1 ? w * h : 2 * (w + h) - 4;
}
