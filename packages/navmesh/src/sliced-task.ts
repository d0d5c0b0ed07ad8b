import { SliceFlags, type SliceCounters, type SlicedTask } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { finalizeSlicedPolygonPath, updateSlicedPolygonPath, type NavMeshQuery, type NavPath } from "./query";

/**
 * A sliced polygon search ({@link initSlicedPolygonPath}) as a core `SlicedTask`, for the core
 * frame-budget scheduler. One unit = one polygon expansion (also counted in `counters.nodes`).
 * When the search ends, the slice finalizes the corridor into `out`: `Done` when the goal was
 * reached, `Failed` otherwise (`out` then holds the partial corridor, flagged as
 * {@link finalizeSlicedPolygonPath} describes).
 */
export interface PolygonPathTask extends SlicedTask {
  /** The query it drives (start it with {@link initSlicedPolygonPath} before the first slice). */
  readonly query: NavMeshQuery;
  /** Where the corridor is written when the search ends. */
  readonly out: NavPath;
}

/**
 * Wraps a started sliced polygon search as a `SlicedTask`: each slice runs
 * {@link updateSlicedPolygonPath} with the slice's budget, and the last one
 * {@link finalizeSlicedPolygonPath} into `out`. Any sequence of budgets gives the corridor of
 * {@link findPolygonPath}. No allocation per slice.
 *
 * @param out - polygon path the last slice writes the corridor into (as {@link finalizeSlicedPolygonPath}); kept by the task
 * @param query - a search already started with `initSlicedPolygonPath`; each slice advances it by the slice's budget of expansions
 *
 * @example
 * ```ts
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 20, 0, 20, 1, 0, 1] }], { maxVertsPerPoly: 3 });
 * const query = createNavMeshQuery(mesh);
 * initSlicedPolygonPath(query, 0, 0.5, 0.5, mesh.polyCount - 1, 19.5, 0.5);
 * const out = createNavPath({ maxLength: 64 });
 * const scheduler = createScheduler({ frameBudget: 8 }); // 8 polygon expansions per frame
 * addScheduledTask(scheduler, createPolygonPathTask(out, query), { module: "navmesh", once: true });
 * for (let frame = 0; frame < 10; frame++) runSchedulerFrame(scheduler, 1 / 60);
 * out.path[out.length - 1] === mesh.polyCount - 1; // → true
 * ```
 */
export function createPolygonPathTask(out: NavPath, query: NavMeshQuery): PolygonPathTask {
  return {
    query,
    out,
    step(budget: number, counters: SliceCounters): number {
      const before = query.expanded;
      const status = updateSlicedPolygonPath(query, budget);
      const used = query.expanded - before;
      counters.units += used;
      counters.nodes += used;
      if (status === PathFlags.InProgress) return SliceFlags.Partial;
      finalizeSlicedPolygonPath(out, query);
      return status === PathFlags.Found ? SliceFlags.Done : SliceFlags.Failed;
    },
  };
}
