import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";
import { arrive } from "./arrive";
import type { CircleObstacle } from "./obstacle-avoidance";
import { evade, type MovingTarget } from "./pursuit";

const spot: Vec2 = { x: 0, y: 0 };

/**
 * The hiding spot behind `obstacle` as seen from `hunter`: on the line from the hunter through the
 * obstacle's center, `distanceFromBoundary` (world units) beyond its edge. Writes into `out`. O(1).
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
