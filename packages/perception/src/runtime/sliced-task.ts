import { SliceFlags, type SliceCounters as TaskCounters, type SlicedTask } from "@tactica/core";
import { stepExposureSlice } from "./exposure-slices";
import type { ExposureMap } from "../terrain/exposure-map";
import { type InfluencePropagation, stepInfluencePropagation } from "./influence-slices";
import type { InfluenceMap } from "../influence/influence-map";
import type { PerceptionSliceCounters } from "./sliced-update";
import type { VisionCone } from "../senses/vision";
import { beginVisionBatch, stepVisionBatch, type VisionBatch, type VisionBatchAgents, type VisionBatchOptions } from "../senses/vision-batch";

/** A {@link VisionBatch} pass as a core `SlicedTask` (see {@link createVisionBatchTask}). */
export interface VisionBatchTask extends SlicedTask {
  /** The batch it drives: results in `visible` / `certainty`, progress in `cursor`. */
  readonly batch: VisionBatch;
}

/** An {@link InfluenceMap} propagation as a core `SlicedTask` (see {@link createInfluencePropagationTask}). */
export interface InfluencePropagationTask extends SlicedTask {
  /** The map it propagates. */
  readonly map: InfluenceMap;
  /** The sliced propagation state (next row, rows written). */
  readonly propagation: InfluencePropagation;
}

/** An {@link ExposureMap} build as a core `SlicedTask` (see {@link createExposureTask}). */
export interface ExposureTask extends SlicedTask {
  /** The map it builds (start a build with `beginExposureMap`). */
  readonly map: ExposureMap;
  /** Rays cast since the task was created (`units` and `rays`, both one per ray). */
  readonly totals: PerceptionSliceCounters;
}

/**
 * Wraps a {@link VisionBatch} as a core `SlicedTask` for the frame-budget scheduler: each slice runs
 * {@link stepVisionBatch} with the slice's budget (one unit = one agent with all its neighbour
 * slots, the batch's own `units`; its rays go to `counters.rays`). A job is one pass over every
 * agent: a slice that finds the last pass finished starts a new one with {@link beginVisionBatch},
 * so a recurring task re-checks every agent once per job. `Done` after the last agent. Any
 * sequence of budgets gives the one-shot results bit for bit when the agents do not move during a
 * pass. No allocation per slice.
 *
 * @param batch - The vision batch the task drives (kept; a finished pass is restarted at the next job's first slice).
 * @param cone - View range (world units) and full field of view (radians) of every agent, kept.
 * @param agents - Positions and headings per agent, kept and read at each slice.
 * @param options - Passed to every {@link stepVisionBatch}: `lineOfSight`, `zones`, `modifier`.
 *
 * @example
 * ```ts
 * const batch = createVisionBatch(3, 2);
 * batch.neighbors.set([1, 2, 0, 2, 0, 1]);
 * const agents = { x: [0, 5, -5], y: [0, 0, 0], heading: [0, Math.PI, 0] };
 * const scheduler = createScheduler({ frameBudget: 2 });   // 2 agents per frame
 * addScheduledTask(scheduler, createVisionBatchTask(batch, { viewRange: 10, fieldOfView: Math.PI / 2 }, agents), { module: "perception", once: true });
 * runSchedulerFrame(scheduler, 1 / 60);
 * runSchedulerFrame(scheduler, 1 / 60);
 * [...batch.visible]; // → [1, 0, 1, 1, 1, 1]
 * ```
 */
export function createVisionBatchTask(batch: VisionBatch, cone: VisionCone, agents: VisionBatchAgents, options?: VisionBatchOptions): VisionBatchTask {
  return {
    batch,
    step(budget: number, counters: TaskCounters): number {
      if (batch.cursor >= batch.agentCount && batch.agentCount > 0) beginVisionBatch(batch);
      const units = batch.units;
      const rays = batch.rays;
      const status = stepVisionBatch(batch, cone, agents, budget, options);
      counters.units += batch.units - units;
      counters.rays += batch.rays - rays;
      return status === "done" ? SliceFlags.Done : SliceFlags.Partial;
    },
  };
}

/** Options for {@link createInfluencePropagationTask}. */
export interface InfluencePropagationTaskOptions {
  /** Runs at the first slice of each job, with the map: the place to write `sources` (default: none). */
  readonly onStart?: (map: InfluenceMap) => void;
}

/**
 * Wraps one influence map's propagation as a core `SlicedTask`: each slice runs
 * {@link stepInfluencePropagation} with the slice's budget (one unit = one row). A job is one
 * propagation step (`propagateInfluence`); the map's `values` keep the previous step until the job
 * is `Done` (buffers swapped, sources re-applied). `options.onStart`, when given, runs at the first slice of
 * each job (the place to write `sources`, which must not change mid-job). Any sequence of budgets
 * gives `propagateInfluence`'s map bit for bit. No allocation per slice.
 *
 * @param map - The influence map the task propagates, one step per job.
 * @param options - `onStart(map)`: runs at the first slice of each job, the place to write `sources` (default none).
 *
 * @example
 * ```ts
 * const map = createInfluenceMap(64, 64, { momentum: 0.5, decay: 0.3 });
 * setInfluenceSource(map, 10, 10, 1);
 * const scheduler = createScheduler({ frameBudget: 16 });  // 16 rows per frame
 * addScheduledTask(scheduler, createInfluencePropagationTask(map), { module: "perception", rate: 2 }); // 2 steps a second
 * for (let frame = 0; frame < 60; frame++) runSchedulerFrame(scheduler, 1 / 60);
 * ```
 */
export function createInfluencePropagationTask(map: InfluenceMap, options?: InfluencePropagationTaskOptions): InfluencePropagationTask {
  const onStart = options === undefined ? undefined : options.onStart;
  const propagation: InfluencePropagation = { row: -1, units: 0, rays: 0 };
  return {
    map,
    propagation,
    step(budget: number, counters: TaskCounters): number {
      if (propagation.row < 0 && onStart !== undefined) onStart(map);
      const row = propagation.row < 0 ? 0 : propagation.row;
      const status = stepInfluencePropagation(propagation, map, budget);
      counters.units += (status === "done" ? map.height : propagation.row) - row;
      return status === "done" ? SliceFlags.Done : SliceFlags.Partial;
    },
    cancel(): void {
      propagation.row = -1;
    },
  };
}

/**
 * Wraps an {@link ExposureMap} build as a core `SlicedTask`: each slice runs
 * {@link stepExposureSlice} with the slice's budget (one unit = one border ray, also counted in
 * `counters.rays`). Start each build with `beginExposureMap`; a job with no build running ends
 * `Done` at once with 0 units. Any sequence of budgets gives the one-shot `visible` map bit for bit.
 * No allocation per slice.
 *
 * @param map - The exposure map whose builds the task advances (start each with `beginExposureMap`).
 *
 * @example
 * ```ts
 * const exposure = createExposureMap(new Uint8Array(32 * 32), 32, 32);
 * beginExposureMap(exposure, 16, 16, 1.7);
 * const scheduler = createScheduler({ frameBudget: 40 });  // 40 rays per frame
 * addScheduledTask(scheduler, createExposureTask(exposure), { module: "perception", once: true });
 * for (let frame = 0; frame < 4; frame++) runSchedulerFrame(scheduler, 1 / 60); // 124 rays
 * ```
 */
export function createExposureTask(map: ExposureMap): ExposureTask {
  const totals: PerceptionSliceCounters = { units: 0, rays: 0 };
  return {
    map,
    totals,
    step(budget: number, counters: TaskCounters): number {
      const units = totals.units;
      const status = stepExposureSlice(map, totals, budget);
      const used = totals.units - units;
      counters.units += used;
      counters.rays += used;
      return status === "done" ? SliceFlags.Done : SliceFlags.Partial;
    },
  };
}
