import type { LennardJonesParams } from "../behaviors/potential-field";
import { lennardJonesForce } from "../behaviors/potential-field";
import { gatherCrowdNeighbors, integrateCrowd, type Crowd } from "./crowd";

/** Parameters of {@link stepCrowdPotential}. */
export interface CrowdPotentialParams {
  /** Lennard-Jones parameters (see {@link defaultLennardJones}). */
  readonly potential: LennardJonesParams;
  /** Pairs farther apart than this are skipped (world units; the notes' optimization). */
  readonly cutoff: number;
  /** At most this many nearest neighbors (default: all within the cutoff). */
  readonly maxNeighbors?: number;
  /** Weight of `preferredVelocity − velocity` (a goal term, default 0). */
  readonly preferredWeight?: number;
}

/**
 * One fixed step of Lennard-Jones potential-function movement for the whole crowd (lecture
 * notes): each agent sums `F(r)` from the neighbors within `cutoff`, found through the crowd's
 * spatial hash (the notes' cell-plus-neighbors grid, not all pairs), adds the optional goal
 * term, and all agents are integrated together ({@link integrateCrowd}: force truncated to
 * `maxForce`, acceleration = force / mass). Each pair is evaluated from both sides, so forces are
 * equal and opposite (Newton's third law). No allocation.
 *
 * @param crowd - The crowd; positions, velocities and preferred velocities are read, every live
 *   agent's force, velocity, position, forward vector and hash entry are written.
 * @param params - `potential` (the {@link LennardJonesParams}: positive force repels), `cutoff`
 *   (world units: farther pairs are skipped), `maxNeighbors` (omitted means all within the cutoff;
 *   a cap can make a pair's forces one-sided) and `preferredWeight` (gain on
 *   `preferredVelocity − velocity`, omitted means 0: no goal term).
 * @param dt - Step length in seconds (> 0), passed to {@link integrateCrowd}.
 */
export function stepCrowdPotential(crowd: Crowd, params: CrowdPotentialParams, dt: number): void {
  const { alive, posX, posY, velX, velY, prefVelX, prefVelY, forceX, forceY } = crowd;
  const nb = crowd.neighbors;
  const wp = params.preferredWeight ?? 0;
  const maxN = params.maxNeighbors ?? crowd.capacity;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    const px = posX[i] as number;
    const py = posY[i] as number;
    let fx = wp * ((prefVelX[i] as number) - (velX[i] as number));
    let fy = wp * ((prefVelY[i] as number) - (velY[i] as number));
    const count = gatherCrowdNeighbors(crowd, i, px, py, params.cutoff, maxN);
    for (let q = 0; q < count; q++) {
      const j = nb[q] as number;
      const dx = px - (posX[j] as number);
      const dy = py - (posY[j] as number);
      const d2 = dx * dx + dy * dy;
      if (d2 < 1e-18) continue;
      const d = Math.sqrt(d2);
      const f = lennardJonesForce(d, params.potential) / d;
      fx += dx * f;
      fy += dy * f;
    }
    forceX[i] = fx;
    forceY[i] = fy;
  }
  integrateCrowd(crowd, dt);
}
