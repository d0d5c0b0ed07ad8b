import { assertInteger, assertNonNegative, assertPositive } from "@tactica/core";
import { advanceCrowdPositions, type Crowd } from "../crowd";
import { createOrcaLines } from "./linear-program";
import { createOrcaObstacles } from "./obstacles";
import type { Orca, OrcaObstacles, OrcaParams } from "./types";
import { computeOrcaVelocity } from "./velocity";

/** Options for {@link createOrca}. */
export interface OrcaOptions {
  /** Static obstacles from {@link createOrcaObstacles} (default none). */
  readonly obstacles?: OrcaObstacles;
}

/**
 * Creates the {@link Orca} solver for `crowd` (its capacity sizes the buffers). Throws
 * `INVALID_ARGUMENT` for bad parameters.
 *
 * @param crowd - The crowd the solver serves; only its `capacity` is read (sizes `newVelX/newVelY`).
 * @param params - RVO2's parameters, copied: `neighborDist` (world units, ≥ 0), `maxNeighbors`
 *   (integer in [0, 2^20]), `timeHorizon` and `timeHorizonObst` (seconds, > 0).
 * @param options - `obstacles` from {@link createOrcaObstacles} (kept by reference; omitted means
 *   none).
 * @returns A solver with all scratch preallocated.
 */
export function createOrca(crowd: Crowd, params: OrcaParams, options?: OrcaOptions): Orca {
  const obstacles = options?.obstacles ?? createOrcaObstacles([]);
  const where = "@tactica/steering: createOrca";
  assertNonNegative(where, "neighborDist", params.neighborDist);
  assertInteger(where, "maxNeighbors", params.maxNeighbors, 0, 1 << 20);
  assertPositive(where, "timeHorizon", params.timeHorizon);
  assertPositive(where, "timeHorizonObst", params.timeHorizonObst);
  const cap = params.maxNeighbors + obstacles.count + 1;
  return {
    params: { ...params },
    obstacles,
    lines: createOrcaLines(cap),
    projLines: createOrcaLines(cap),
    obstacleNeighbors: new Int32Array(obstacles.count + 1),
    obstacleDistSq: new Float64Array(obstacles.count + 1),
    newVelX: new Float64Array(crowd.capacity),
    newVelY: new Float64Array(crowd.capacity),
    lastInfeasibleCount: 0,
  };
}

/**
 * One fixed step of ORCA with RVO2's semantics (`RVOSimulator::doStep`): every live agent's new
 * velocity is computed from the current state ({@link computeOrcaVelocity}, using
 * `crowd.prefVelX/prefVelY` as the preferred velocity), then all agents take their new velocity
 * and move `v·dt` together. Deterministic (slot order, no randomness). No allocation.
 *
 * @example
 * ```ts
 * const crowd = createCrowd({ capacity: 2, cellSize: 10, rng: createRng(1) });
 * addCrowdAgent(crowd, { x: 0, y: 0, radius: 1, maxSpeed: 2 });
 * addCrowdAgent(crowd, { x: 10, y: 0.2, radius: 1, maxSpeed: 2 });
 * crowd.prefVelX[0] = 2; // head-on (preferred velocities are slot-indexed)
 * crowd.prefVelX[1] = -2;
 * const orca = createOrca(crowd, { neighborDist: 10, maxNeighbors: 4, timeHorizon: 2, timeHorizonObst: 2 });
 * for (let step = 0; step < 100; step++) stepCrowdOrca(crowd, orca, 0.05); // they pass without touching
 * ```
 *
 * @param crowd - The crowd; preferred velocities (slot-indexed) and the state are read, every live
 *   agent's velocity, position, forward vector and hash entry are written.
 * @param orca - The solver from {@link createOrca} for this crowd; its scratch, `newVelX/newVelY`
 *   and `lastInfeasibleCount` are written.
 * @param dt - Step length in seconds (> 0): the move `v·dt` and RVO2's time step (the cut-off for
 *   agents already overlapping).
 */
export function stepCrowdOrca(crowd: Crowd, orca: Orca, dt: number): void {
  let infeasible = 0;
  const alive = crowd.alive;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    if (computeOrcaVelocity(orca, crowd, i, dt)) infeasible++;
  }
  orca.lastInfeasibleCount = infeasible;
  const { velX, velY } = crowd;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    velX[i] = orca.newVelX[i] as number;
    velY[i] = orca.newVelY[i] as number;
  }
  advanceCrowdPositions(crowd, dt);
}
