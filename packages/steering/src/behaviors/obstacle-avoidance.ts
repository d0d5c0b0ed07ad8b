import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/** A circular obstacle (plain data; core's `Circle` fits). */
export interface CircleObstacle {
  /** Center x (world units). */
  readonly x: number;
  /** Center y (world units). */
  readonly y: number;
  /** Radius (world units, ≥ 0). */
  readonly radius: number;
}

/** Tuning of {@link avoidObstacles}. */
export interface ObstacleAvoidanceParams {
  /** Detection-box length at zero speed (world units, > 0); it grows to twice this at `maxSpeed`. */
  readonly minDetectionLength: number;
  /** Weight of the braking component along the heading (default 0.2, as in Buckland). */
  readonly brakingWeight?: number;
}

/**
 * Obstacle avoidance with a detection box (Reynolds; Buckland's formulation): a box ahead of the
 * agent, as wide as its diameter and `minDetectionLength · (1 + speed / maxSpeed)` long, is tested
 * against every circle (in local coordinates, each circle expanded by the agent's radius). For the
 * closest circle that intersects the box's center line the force pushes sideways away from it,
 * stronger the nearer it is (`(R − |x|) · (1 + (L − y) / L)`), plus a braking component
 * `(R − y) · brakingWeight` along the heading. Circles behind the agent are ignored. Writes zero
 * when nothing is in the box. O(n) for n obstacles, no allocation; returns the index of the
 * avoided obstacle or -1.
 *
 * @param out - Receives the avoidance force in world space (sideways push plus braking, in world
 *   units scaled like the penetration distances); written in place, zero when nothing is in the box.
 * @param agent - The avoiding agent; `position`, `velocity`, `heading` (radians, 0 = +x,
 *   counter-clockwise; orients the box), `maxSpeed` and `radius` (added to each circle's) are read.
 * @param obstacles - Circles to avoid (world units), read; scanned in full every call.
 * @param params - `minDetectionLength` (world units, > 0: box length at rest, doubling at
 *   `maxSpeed`) and `brakingWeight` (≥ 0, omitted means 0.2).
 * @returns The index in `obstacles` of the avoided circle, or -1 when none is in the box.
 */
export function avoidObstacles(out: Vec2, agent: ReadonlySteeringAgent, obstacles: ArrayLike<CircleObstacle>, params: ObstacleAvoidanceParams): number {
  const speed = Math.sqrt(agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y);
  const L = params.minDetectionLength * (1 + (agent.maxSpeed > 0 ? Math.min(1, speed / agent.maxSpeed) : 0));
  const c = Math.cos(agent.heading);
  const s = Math.sin(agent.heading);
  let best = -1;
  let bestY = Infinity;
  let bestX = 0;
  let bestR = 0;
  for (let i = 0; i < obstacles.length; i++) {
    const o = obstacles[i]!;
    const R = o.radius + agent.radius;
    const dx = o.x - agent.position.x;
    const dy = o.y - agent.position.y;
    // ly: distance ahead (core's local +x); lx: distance to starboard (core's local −y).
    const ly = dx * c + dy * s;
    if (ly < -R || ly - R > L) continue;
    const lx = dx * s - dy * c;
    if (Math.abs(lx) >= R) continue;
    const sq = Math.sqrt(R * R - lx * lx);
    let ip = ly - sq;
    if (ip <= 0) ip = ly + sq;
    if (ip <= 0) continue;
    if (ip < bestY) {
      bestY = ip;
      best = i;
      bestX = lx;
      bestR = R;
    }
  }
  if (best < 0) {
    out.x = 0;
    out.y = 0;
    return -1;
  }
  const o = obstacles[best]!;
  const dx = o.x - agent.position.x;
  const dy = o.y - agent.position.y;
  const ly = dx * c + dy * s;
  const mult = 1 + (L - ly) / L;
  const side = bestX >= 0 ? -1 : 1;
  const fx = side * (bestR - Math.abs(bestX)) * mult;
  const fy = (bestR - ly) * (params.brakingWeight ?? 0.2);
  // world = fy · forward + fx · right, forward = (cos, sin), right = (sin, −cos).
  out.x = fy * c + fx * s;
  out.y = fy * s - fx * c;
  return best;
}

/**
 * The lecture notes' feeler circle test: does the feeler `feeler` (a vector from `origin`) hit the
 * circle? With `a = center − origin`, `p` the projection of `a` on the feeler and `b = a − p`, it
 * hits when `a · feeler > 0` (the obstacle is ahead: the notes omit this condition, so a circle
 * behind would count), `|p| < |feeler|` and `|b| < radius`. O(1).
 *
 * @param origin - Where the feeler starts (world units), read.
 * @param feeler - The feeler as a vector from `origin` (world units; its length is the reach), read.
 *   A zero vector never hits.
 * @param obstacle - The circle (center and radius in world units), read; not expanded by any agent radius.
 * @returns Whether the feeler hits the circle ahead of `origin`.
 */
export function feelerHitsCircle(origin: ReadonlyVec2, feeler: ReadonlyVec2, obstacle: CircleObstacle): boolean {
  const ax = obstacle.x - origin.x;
  const ay = obstacle.y - origin.y;
  const vLenSq = feeler.x * feeler.x + feeler.y * feeler.y;
  const av = ax * feeler.x + ay * feeler.y;
  if (!(av > 0) || vLenSq === 0) return false;
  const pLenSq = (av * av) / vLenSq;
  if (!(pLenSq < vLenSq)) return false;
  const bLenSq = ax * ax + ay * ay - pLenSq;
  return bLenSq < obstacle.radius * obstacle.radius;
}

/**
 * Feeler obstacle avoidance from the lecture notes: a feeler of `feelerLength` along the heading;
 * for the nearest circle it hits ({@link feelerHitsCircle}, circles expanded by the agent's radius)
 * the force is `maxSteer · |v| / |a|` (grows as the obstacle gets closer), perpendicular to the
 * feeler and away from the circle's center side. Returns the index of the avoided obstacle or -1
 * (and writes zero). O(n), no allocation.
 *
 * @param out - Receives the sideways force (world space, magnitude `maxSteer · feelerLength /
 *   distance to the circle's center`); written in place, zero when no circle is hit.
 * @param agent - The avoiding agent; `position`, `heading` (radians, 0 = +x, counter-clockwise; the
 *   feeler's direction) and `radius` (added to each circle's) are read.
 * @param obstacles - Circles to avoid (world units), read.
 * @param feelerLength - Reach of the feeler ahead of the agent's position (world units, > 0; ≤ 0
 *   never hits). Fixed, not scaled by speed.
 * @param maxSteer - Force scale (force units): the push equals it when the hit circle's center is
 *   `feelerLength` away and grows as it gets closer.
 * @returns The index in `obstacles` of the avoided circle, or -1.
 */
export function feelerAvoidance(out: Vec2, agent: ReadonlySteeringAgent, obstacles: ArrayLike<CircleObstacle>, feelerLength: number, maxSteer: number): number {
  const fx = Math.cos(agent.heading);
  const fy = Math.sin(agent.heading);
  let best = -1;
  let bestDistSq = Infinity;
  let bestSide = 0;
  for (let i = 0; i < obstacles.length; i++) {
    const o = obstacles[i]!;
    const R = o.radius + agent.radius;
    const ax = o.x - agent.position.x;
    const ay = o.y - agent.position.y;
    const p = ax * fx + ay * fy;
    if (!(p > 0) || p >= feelerLength) continue;
    const lateral = ax * fy - ay * fx; // > 0: center to starboard
    if (Math.abs(lateral) >= R) continue;
    const dSq = ax * ax + ay * ay;
    if (dSq < bestDistSq) {
      bestDistSq = dSq;
      best = i;
      bestSide = lateral;
    }
  }
  if (best < 0) {
    out.x = 0;
    out.y = 0;
    return -1;
  }
  const mag = (maxSteer * feelerLength) / Math.max(Math.sqrt(bestDistSq), 1e-9);
  // Right (starboard) unit vector is (fy, -fx); push to port when the center is to starboard.
  const sgn = bestSide >= 0 ? -1 : 1;
  out.x = sgn * fy * mag;
  out.y = sgn * -fx * mag;
  return best;
}
