import { SliceFlags, type SliceCounters, type SlicedTask } from "@tactica/core";
import { PathFlags } from "./flags";
import { stepTimeSlicedAStar, type TimeSlicedAStar } from "./time-sliced-astar";

/**
 * A {@link TimeSlicedAStar} query as a core `SlicedTask`, for the core frame-budget scheduler.
 * One unit = one node expansion (also counted in `counters.nodes`). `Done` when the path is found,
 * `Failed` when there is none; read the path with {@link finishTimeSlicedAStar}.
 */
export interface TimeSlicedAStarTask extends SlicedTask {
  /** The query it drives (start it with {@link startTimeSlicedAStar} before the first slice). */
  readonly search: TimeSlicedAStar;
}

/**
 * Wraps a started {@link TimeSlicedAStar} query as a `SlicedTask`: each slice runs
 * {@link stepTimeSlicedAStar} with the slice's budget. Any sequence of budgets gives the same path
 * as one call with an unlimited budget. No allocation per slice.
 *
 * @param search - A query started with {@link startTimeSlicedAStar}; kept by reference and
 *   advanced by each slice (the slice budget is its expansion count).
 * @returns A new task whose `search` is `search`.
 * @example
 * ```ts
 * const graph = createCsrGraph(4, [0, 1, 2], [1, 2, 3], { directed: false });
 * const search = createTimeSlicedAStar(4, 2);
 * startTimeSlicedAStar(search, csrDomain(graph), 0, 3);
 * const scheduler = createScheduler({ frameBudget: 2 }); // 2 expansions per frame
 * addScheduledTask(scheduler, createTimeSlicedAStarTask(search), { module: "search", once: true });
 * for (let frame = 0; frame < 3; frame++) runSchedulerFrame(scheduler, 1 / 60);
 * pathToArray(finishTimeSlicedAStar(createPathResult(8), search)); // → [0, 1, 2, 3]
 * ```
 */
export function createTimeSlicedAStarTask(search: TimeSlicedAStar): TimeSlicedAStarTask {
  return {
    search,
    step(budget: number, counters: SliceCounters): number {
      const before = search.expanded;
      const flags = stepTimeSlicedAStar(search, budget);
      const used = search.expanded - before;
      counters.units += used;
      counters.nodes += used;
      return flags === PathFlags.InProgress ? SliceFlags.Partial : flags === PathFlags.Found ? SliceFlags.Done : SliceFlags.Failed;
    },
  };
}
