import { checkNumber, configError } from "../errors";
import type { PerceptionSliceCounters, SliceStatus } from "../runtime/sliced-update";
import type { LineOfSight } from "../line-of-sight/types";
import { bestZone, type VisionCone, type VisionZone, zoneScratch } from "./vision";

/**
 * A time-sliced vision batch as plain data: every agent checks up to `perAgent` neighbours (fill
 * `neighbors[i · perAgent + k]` with agent indices, −1 for none) and the results land in `visible`
 * (1 seen, 0 not, per neighbour slot) and, with zones, in `certainty`. `cursor` is the next agent to
 * process; {@link stepVisionBatch} resumes there, so a frame can process as many agents as its budget
 * allows. Counters are reset by {@link beginVisionBatch}.
 */
export interface VisionBatch extends PerceptionSliceCounters {
  /** Number of agents. */
  readonly agentCount: number;
  /** Neighbour slots per agent. */
  readonly perAgent: number;
  /** Neighbour agent indices, `agentCount · perAgent`, −1 for an empty slot. */
  readonly neighbors: Int32Array;
  /** 1 when the agent sees the neighbour in that slot (Boolean check), else 0. */
  readonly visible: Uint8Array;
  /** Identification certainty per slot when zones are given, else 0. */
  readonly certainty: Float64Array;
  /** Next agent to process; `agentCount` when the batch is done. */
  cursor: number;
}

/** Agent positions and headings read by {@link stepVisionBatch} (e.g. typed arrays you update each frame). */
export interface VisionBatchAgents {
  /** X per agent. */
  readonly x: ArrayLike<number>;
  /** Y per agent. */
  readonly y: ArrayLike<number>;
  /** Heading per agent, radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide). */
  readonly heading: ArrayLike<number>;
}

/** Options for {@link stepVisionBatch}. */
export interface VisionBatchOptions {
  /** Ray test, run only for neighbours inside the cone (or a zone). */
  readonly lineOfSight?: LineOfSight;
  /** Certainty zones (validated with `validateVisionZones`); when given, `certainty` is filled too. */
  readonly zones?: readonly VisionZone[];
  /** Additive certainty modifier (see `visionCertainty`). */
  readonly modifier?: number;
}

/**
 * Creates a vision batch for `agentCount` agents with `perAgent` neighbour slots each (all −1) and
 * the cursor at the start. Throws `PERCEPTION_CONFIG` for counts that are not integers ≥ 0 (≥ 1 for
 * `perAgent`) or more than 2^24 slots.
 *
 * @param agentCount - Number of agents, an integer ≥ 0.
 * @param perAgent - Neighbour slots per agent, an integer ≥ 1; `agentCount × perAgent` may not exceed 2^24.
 */
export function createVisionBatch(agentCount: number, perAgent: number): VisionBatch {
  if (!Number.isInteger(agentCount) || agentCount < 0) configError("createVisionBatch", `"agentCount" is ${agentCount}; pass an integer ≥ 0.`, "agentCount");
  if (!Number.isInteger(perAgent) || perAgent < 1) configError("createVisionBatch", `"perAgent" is ${perAgent}; pass an integer ≥ 1.`, "perAgent");
  const slots = agentCount * perAgent;
  if (slots > 1 << 24) configError("createVisionBatch", `${agentCount} × ${perAgent} slots is more than 2^24.`, "perAgent");
  return {
    agentCount,
    perAgent,
    neighbors: new Int32Array(slots).fill(-1),
    visible: new Uint8Array(slots),
    certainty: new Float64Array(slots),
    cursor: 0,
    units: 0,
    rays: 0,
  };
}

/**
 * Starts a new pass: the cursor back at agent 0 and the counters at 0 (results are overwritten as agents are processed).
 *
 * @param batch - The batch to restart: cursor and counters set to 0 in place; `neighbors` and previous results are kept until overwritten.
 */
export function beginVisionBatch(batch: VisionBatch): void {
  batch.cursor = 0;
  batch.units = 0;
  batch.rays = 0;
}

/**
 * Processes up to `budgetUnits` agents from the batch's cursor (one unit = one agent with all its
 * neighbour slots), exactly as `canSee` (and `visionCertainty` with `options.zones`) would pair by
 * pair, and returns `"done"` once the last agent is processed, `"partial"` otherwise. Any sequence
 * of budgets gives the same results, bit for bit, as one call with an unlimited budget, provided
 * the agents do not move between steps. A budget of 0 does nothing. Throws `PERCEPTION_CONFIG` for
 * a negative or non-integer budget (`Infinity` is allowed) or a neighbour index out of range.
 *
 * @param batch - The batch, changed in place: `visible` / `certainty` of the processed agents, `cursor`, and the `units` / `rays` counters.
 * @param cone - View range (world units, ≥ 0) and full field of view (radians, 0..2π) shared by every agent.
 * @param agents - Positions `x`, `y` (world units) and `heading` (radians, 0 = +x, counter-clockwise) per agent, read at the time each agent is processed.
 * @param budgetUnits - Most agents processed in this call, an integer ≥ 0 or `Infinity` (0 does nothing).
 * @param options - `lineOfSight` (run only for neighbours inside the cone or a zone; default nothing occludes), `zones` (fill `certainty` too) and the additive certainty `modifier` (default 0).
 *
 * @example
 * ```ts
 * const batch = createVisionBatch(3, 2);
 * batch.neighbors.set([1, 2, 0, 2, 0, 1]);                  // everyone checks the two others
 * const agents = { x: [0, 5, -5], y: [0, 0, 0], heading: [0, Math.PI, 0] };
 * const cone = { viewRange: 10, fieldOfView: Math.PI / 2 };
 * stepVisionBatch(batch, cone, agents, 2);                   // "partial": agents 0 and 1 done
 * const status = stepVisionBatch(batch, cone, agents, 2);    // "done"
 * const seen = [...batch.visible];                           // [1, 0, 1, 1, 1, 1]: agent 0 does not see agent 2 behind it
 * ```
 */
export function stepVisionBatch(
  batch: VisionBatch,
  cone: VisionCone,
  agents: VisionBatchAgents,
  budgetUnits: number,
  options?: VisionBatchOptions,
): SliceStatus {
  if (!(budgetUnits >= 0) || (budgetUnits !== Infinity && !Number.isInteger(budgetUnits)))
    configError("stepVisionBatch", `"budgetUnits" is ${budgetUnits}; pass an integer ≥ 0 (or Infinity).`, "budgetUnits");
  checkNumber("stepVisionBatch", "viewRange", cone.viewRange, 0);
  checkNumber("stepVisionBatch", "fieldOfView", cone.fieldOfView, 0, 2 * Math.PI);
  const n = batch.agentCount;
  const per = batch.perAgent;
  const { neighbors, visible, certainty } = batch;
  const ax = agents.x;
  const ay = agents.y;
  const ah = agents.heading;
  // Plain checks rather than optional chaining (see canSee: `?.` before the ray call allocates).
  const los = options === undefined ? undefined : options.lineOfSight;
  const zones = options === undefined ? undefined : options.zones;
  const modifier = options === undefined ? 0 : (options.modifier ?? 0);
  const range2 = cone.viewRange * cone.viewRange;
  const all = cone.fieldOfView >= 2 * Math.PI;
  const cosHalf = Math.cos(cone.fieldOfView / 2);
  const end = budgetUnits >= n - batch.cursor ? n : batch.cursor + budgetUnits;
  let rays = 0;
  for (let i = batch.cursor; i < end; i++) {
    const ox = ax[i]!;
    const oy = ay[i]!;
    const heading = ah[i]!;
    const cos = Math.cos(heading);
    const sin = Math.sin(heading);
    for (let k = 0; k < per; k++) {
      const slot = i * per + k;
      const j = neighbors[slot]!;
      if (j < 0) {
        visible[slot] = 0;
        certainty[slot] = 0;
        continue;
      }
      if (j >= n) configError("stepVisionBatch", `neighbors[${slot}] = ${j} but there are ${n} agents.`, `neighbors[${slot}]`);
      const tx = ax[j]!;
      const ty = ay[j]!;
      // canSee, inline: distance, then the cone, then the ray.
      const dx = tx - ox;
      const dy = ty - oy;
      const d2 = dx * dx + dy * dy;
      let seen = d2 <= range2;
      if (seen && d2 > 0 && !all) seen = !((dx * cos + dy * sin) / Math.sqrt(d2) < cosHalf);
      let castForCone = false;
      if (seen && los !== undefined) {
        rays++;
        castForCone = true;
        seen = los(ox, oy, tx, ty);
      }
      visible[slot] = seen ? 1 : 0;
      if (zones === undefined) {
        certainty[slot] = 0;
        continue;
      }
      // visionCertainty, inline (same arithmetic): the zone first, then the ray, reusing the
      // Boolean check's ray when it cast the same one.
      const d = Math.sqrt(d2);
      const forward = dx * cos + dy * sin;
      let angle = 0;
      if (d > 0) {
        const c = forward / d;
        angle = Math.acos(c > 1 ? 1 : c < -1 ? -1 : c);
      }
      zoneScratch[0] = d;
      zoneScratch[1] = angle;
      zoneScratch[2] = forward;
      zoneScratch[3] = Math.abs(dy * cos - dx * sin);
      const best = bestZone(zones);
      if (best < 0) {
        certainty[slot] = 0;
        continue;
      }
      if (los !== undefined) {
        let clear: boolean;
        if (castForCone) clear = seen;
        else {
          rays++;
          clear = los(ox, oy, tx, ty);
        }
        if (!clear) {
          certainty[slot] = 0;
          continue;
        }
      }
      const v = zones[best]!.certainty + modifier;
      certainty[slot] = v < 0 ? 0 : v > 1 ? 1 : v;
    }
  }
  batch.units += end - batch.cursor;
  batch.rays += rays;
  batch.cursor = end;
  return end >= n ? "done" : "partial";
}
