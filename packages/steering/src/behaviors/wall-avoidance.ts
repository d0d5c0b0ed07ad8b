import type { Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/** A wall segment from `(ax, ay)` to `(bx, by)` (world units; plain data). Either side may face the agent. */
export interface Wall {
  /** Start x. */
  readonly ax: number;
  /** Start y. */
  readonly ay: number;
  /** End x. */
  readonly bx: number;
  /** End y. */
  readonly by: number;
}

/** Tuning of {@link avoidWalls}. */
export interface WallAvoidanceParams {
  /** Length of the center feeler (world units, > 0); the two side feelers are half as long. */
  readonly feelerLength: number;
  /** Angle of the side feelers from the heading (radians, default π/4). */
  readonly feelerAngle?: number;
}

/**
 * Wall avoidance with three feelers (Reynolds; Buckland's formulation): the center feeler along
 * the heading and two shorter ones at ±`feelerAngle`. For each feeler the closest wall it crosses
 * gives a force along the wall's normal (pointing to the agent's side) with magnitude equal to how
 * far the feeler tip penetrates beyond the wall; the forces of the three feelers are summed. Writes
 * zero when no feeler touches a wall. O(3·walls), no allocation; returns the number of feelers that hit.
 *
 * @param out - Receives the summed push along the walls' normals (world units of penetration);
 *   written in place, zero when no feeler touches a wall.
 * @param agent - The agent; `position` (where the feelers start) and `heading` (radians, 0 = +x,
 *   counter-clockwise) are read. Its radius is not used.
 * @param walls - Wall segments (world units), read; either side may face the agent.
 * @param params - `feelerLength` (world units, > 0: the center feeler; the side ones are half as
 *   long) and `feelerAngle` (radians from the heading, omitted means π/4).
 * @returns How many of the three feelers hit a wall (0–3).
 */
export function avoidWalls(out: Vec2, agent: ReadonlySteeringAgent, walls: ArrayLike<Wall>, params: WallAvoidanceParams): number {
  const px = agent.position.x;
  const py = agent.position.y;
  const angle = params.feelerAngle ?? Math.PI / 4;
  let sumX = 0;
  let sumY = 0;
  let hits = 0;
  for (let f = 0; f < 3; f++) {
    const h = agent.heading + (f === 0 ? 0 : f === 1 ? angle : -angle);
    const len = f === 0 ? params.feelerLength : params.feelerLength * 0.5;
    const dx = Math.cos(h) * len;
    const dy = Math.sin(h) * len;
    let bestT = Infinity;
    let bestNx = 0;
    let bestNy = 0;
    for (let i = 0; i < walls.length; i++) {
      const w = walls[i]!;
      const ex = w.bx - w.ax;
      const ey = w.by - w.ay;
      const denom = dx * ey - dy * ex;
      if (Math.abs(denom) < 1e-12) continue;
      const qx = w.ax - px;
      const qy = w.ay - py;
      const t = (qx * ey - qy * ex) / denom; // along feeler
      const u = (qx * dy - qy * dx) / denom; // along wall
      if (t < 0 || t > 1 || u < 0 || u > 1) continue;
      if (t < bestT) {
        bestT = t;
        const eLen = Math.sqrt(ex * ex + ey * ey);
        let nx = -ey / eLen;
        let ny = ex / eLen;
        // Point the normal towards the agent's side of the wall.
        if ((px - w.ax) * nx + (py - w.ay) * ny < 0) {
          nx = -nx;
          ny = -ny;
        }
        bestNx = nx;
        bestNy = ny;
      }
    }
    if (bestT !== Infinity) {
      const over = (1 - bestT) * len;
      sumX += bestNx * over;
      sumY += bestNy * over;
      hits++;
    }
  }
  out.x = sumX;
  out.y = sumY;
  return hits;
}
