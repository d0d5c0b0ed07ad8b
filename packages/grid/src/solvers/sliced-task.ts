import { SliceFlags, type SliceCounters, type SlicedTask } from "@tactica/core";
import { PathFlags, type GridPath } from "../query/grid-search";
import { stepSlicedAStar, type SlicedAStar } from "./time-sliced";

/**
 * A grid {@link SlicedAStar} query as a core `SlicedTask`, for the core frame-budget scheduler.
 * One unit = one node expansion (also counted in `counters.nodes`). After every slice `out` holds
 * the result so far (the partial path while it runs); `Done` when the goal is reached, `Failed`
 * when it is unreachable.
 */
export interface SlicedAStarTask extends SlicedTask {
  /** The query it drives (start it with {@link startSlicedAStar} before the first slice). */
  readonly sliced: SlicedAStar;
  /** Where each slice writes the path (full, partial or none). */
  readonly out: GridPath;
}

/**
 * Wraps a started {@link SlicedAStar} as a `SlicedTask`: each slice runs {@link stepSlicedAStar}
 * with the slice's budget into `out`. Any sequence of budgets gives the same path as one call
 * with an unlimited budget. No allocation per slice.
 *
 * @param out - the caller-owned result the task writes after every slice (kept by reference): the full path, the partial path so far, or none
 * @param sliced - the sliced A* query to drive, already started with {@link startSlicedAStar} (kept by reference and advanced by each slice)
 *
 * @example
 * ```ts
 * const grid = createGrid(8, 8);
 * const sliced = createSlicedAStar(createGridSearch(grid));
 * startSlicedAStar(sliced, 0, 0, 7, 7);
 * const out = createGridPath(grid);
 * const scheduler = createScheduler({ frameBudget: 4 }); // 4 expansions per frame
 * addScheduledTask(scheduler, createSlicedAStarTask(out, sliced), { module: "grid", once: true });
 * for (let frame = 0; frame < 10; frame++) runSchedulerFrame(scheduler, 1 / 60);
 * out.flags & PathFlags.Found; // → 1 (PathFlags.Found)
 * ```
 */
export function createSlicedAStarTask(out: GridPath, sliced: SlicedAStar): SlicedAStarTask {
  return {
    sliced,
    out,
    step(budget: number, counters: SliceCounters): number {
      const before = sliced.expanded;
      stepSlicedAStar(out, sliced, budget);
      const used = sliced.expanded - before;
      counters.units += used;
      counters.nodes += used;
      const f = out.flags;
      return (f & PathFlags.InProgress) !== 0 ? SliceFlags.Partial : (f & PathFlags.Found) !== 0 ? SliceFlags.Done : SliceFlags.Failed;
    },
  };
}
