import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";
import { arrive } from "./arrive";
import type { CircleObstacle } from "./obstacle-avoidance";
import { evade, type MovingTarget } from "./pursuit";

const spot: Vec2 = { x: 0, y: 0 };

/**
 * The hiding spot behind `obstacle` as seen from `hunter`: on the line from the hunter through the
 * obstacle's center, `distanceFromBoundary` (world units) beyond its edge. Writes into `out`. O(1).
 *
 * @param out - Receives the hiding spot (world units); written in place and returned.
 * @param obstacle - The circle to hide behind (center and radius in world units), read.
 * @param hunter - The hunter's position (world units), read. When it is on the obstacle's center
 *   the spot is taken on the +y side.
 * @param distanceFromBoundary - How far beyond the obstacle's edge the spot lies (world units;
 *   usually ≥ the agent's radius so it fits).
 */
export function findHidingSpot(out: Vec2, obstacle: CircleObstacle, hunter: ReadonlyVec2, distanceFromBoundary: number): Vec2 {
  let dx = obstacle.x - hunter.x;
  let dy = obstacle.y - hunter.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < 1e-12) {
    dx = 0;
    dy = 1;
  } else {
    dx /= len;
    dy /= len;
  }
  const d = obstacle.radius + distanceFromBoundary;
  out.x = obstacle.x + dx * d;
  out.y = obstacle.y + dy * d;
  return out;
}

/**
 * Hide (Buckland): arrives at the nearest {@link findHidingSpot} behind any of `obstacles`; with no
 * obstacles it evades the hunter. `slowingRadius` and `dt` as for {@link arrive}. Returns the
 * index of the obstacle used, or -1 when it evades. O(n), no allocation.
 *
 * @param out - Receives the steering force: an {@link arrive} force towards the spot, or an
 *   {@link evade} force when there are no obstacles; written in place.
 * @param agent - The hiding agent; `position`, `velocity`, `mass`, `maxSpeed` and `maxForce` are read.
 * @param hunter - Who to hide from: `position` (world units) places the spots; `velocity` (world
 *   units per second) is used only when evading.
 * @param obstacles - Circles to hide behind (world units), read; the spot nearest the agent wins.
 * @param distanceFromBoundary - How far beyond each obstacle's edge the spot lies (world units),
 *   as in {@link findHidingSpot}.
 * @param slowingRadius - Distance (world units) inside which the agent slows down linearly, as in
 *   {@link arrive}; ≤ 0 disables the ramp.
 * @param dt - The step the force will be applied over, in seconds (> 0), as in {@link arrive}.
 * @returns The index in `obstacles` of the one hidden behind, or -1 when evading.
 */
export function hide(
  out: Vec2,
  agent: ReadonlySteeringAgent,
  hunter: MovingTarget,
  obstacles: ArrayLike<CircleObstacle>,
  distanceFromBoundary: number,
  slowingRadius: number,
  dt: number,
): number {
  let best = -1;
  let bestDistSq = Infinity;
  let bx = 0;
  let by = 0;
  for (let i = 0; i < obstacles.length; i++) {
    findHidingSpot(spot, obstacles[i]!, hunter.position, distanceFromBoundary);
    const dx = spot.x - agent.position.x;
    const dy = spot.y - agent.position.y;
    const d = dx * dx + dy * dy;
    if (d < bestDistSq) {
      bestDistSq = d;
      best = i;
      bx = spot.x;
      by = spot.y;
    }
  }
  if (best < 0) {
    evade(out, agent, hunter);
    return -1;
  }
  spot.x = bx;
  spot.y = by;
  arrive(out, agent, spot, slowingRadius, dt);
  return best;
}
