import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";
import { arrive } from "./arrive";
import { flee, seek, type FleeOptions } from "./seek";

/** A moving thing another agent reacts to: a position and a velocity (units per second). */
export interface MovingTarget {
  /** Current position (world units). */
  readonly position: ReadonlyVec2;
  /** Current velocity (world units per second). */
  readonly velocity: ReadonlyVec2;
}

const tmp: Vec2 = { x: 0, y: 0 };

/**
 * Pursue (Reynolds, Buckland's variant): seeks the target's position predicted `lookAhead =
 * distance / (maxSpeed + targetSpeed)` seconds ahead; a target straight ahead and facing the agent
 * (headings within ~18°) is seeked directly. O(1), no allocation.
 *
 * @param out - Receives the steering force, `desired − velocity` (world units per second); written
 *   in place and returned.
 * @param agent - The pursuer; its `position`, `velocity` and `maxSpeed` are read.
 * @param target - The quarry: its `position` (world units) and `velocity` (world units per second)
 *   are read to predict where it will be.
 */
export function pursue(out: Vec2, agent: ReadonlySteeringAgent, target: MovingTarget): Vec2 {
  const dx = target.position.x - agent.position.x;
  const dy = target.position.y - agent.position.y;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const tvx = target.velocity.x;
  const tvy = target.velocity.y;
  const tSpeed = Math.sqrt(tvx * tvx + tvy * tvy);
  const denom = agent.maxSpeed + tSpeed;
  const lookAhead = denom > 0 ? dist / denom : 0;
  tmp.x = target.position.x + tvx * lookAhead;
  tmp.y = target.position.y + tvy * lookAhead;
  return seek(out, agent, tmp);
}

/**
 * Evade (Reynolds): flees from the pursuer's position predicted `distance / (maxSpeed +
 * pursuerSpeed)` seconds ahead; zero beyond `options.panicDistance` (default ∞). O(1), no allocation.
 *
 * @param out - Receives the steering force, `desired − velocity` (world units per second); written
 *   in place and returned.
 * @param agent - The evader; its `position`, `velocity` and `maxSpeed` are read.
 * @param pursuer - The threat: its `position` (world units) and `velocity` (world units per
 *   second) are read to predict where it will be.
 * @param options - `panicDistance`: zero force while the pursuer's current position is farther
 *   than this (world units; omitted means ∞, always evade).
 */
export function evade(out: Vec2, agent: ReadonlySteeringAgent, pursuer: MovingTarget, options?: FleeOptions): Vec2 {
  const panicDistance = options?.panicDistance ?? Infinity;
  const dx = pursuer.position.x - agent.position.x;
  const dy = pursuer.position.y - agent.position.y;
  const dist = Math.sqrt(dx * dx + dy * dy);
  if (dist > panicDistance) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  const pvx = pursuer.velocity.x;
  const pvy = pursuer.velocity.y;
  const denom = agent.maxSpeed + Math.sqrt(pvx * pvx + pvy * pvy);
  const lookAhead = denom > 0 ? dist / denom : 0;
  tmp.x = pursuer.position.x + pvx * lookAhead;
  tmp.y = pursuer.position.y + pvy * lookAhead;
  return flee(out, agent, tmp);
}

/**
 * The earliest time `t ≥ 0` (seconds) at which something leaving `from` at constant `speed` can
 * meet a target at `targetPosition` moving with constant `targetVelocity`: the smallest non-negative
 * root of `(|v_T|² − s²) t² + 2 (d·v_T) t + |d|² = 0`, `d = targetPosition − from`. Writes the
 * meeting point into `out` and returns `t`, or returns `Infinity` (leaving `out` unchanged) when
 * the target cannot be caught. O(1), never NaN.
 *
 * @param out - Receives the meeting point (world units) when one exists; written in place,
 *   untouched when the result is `Infinity`.
 * @param from - Start point of the interceptor (world units), read.
 * @param speed - The interceptor's constant speed (world units per second, ≥ 0).
 * @param targetPosition - The target's current position (world units), read.
 * @param targetVelocity - The target's constant velocity (world units per second), read.
 * @returns The meeting time in seconds (0 when `from` is the target's position), or `Infinity`.
 */
export function computeInterceptPoint(out: Vec2, from: ReadonlyVec2, speed: number, targetPosition: ReadonlyVec2, targetVelocity: ReadonlyVec2): number {
  const dx = targetPosition.x - from.x;
  const dy = targetPosition.y - from.y;
  const vx = targetVelocity.x;
  const vy = targetVelocity.y;
  const a = vx * vx + vy * vy - speed * speed;
  const b = 2 * (dx * vx + dy * vy);
  const c = dx * dx + dy * dy;
  let t: number;
  if (c === 0) t = 0;
  else if (Math.abs(a) < 1e-12) {
    t = b < 0 ? -c / b : Infinity;
  } else {
    const disc = b * b - 4 * a * c;
    if (disc < 0) return Infinity;
    const sq = Math.sqrt(disc);
    const t1 = (-b - sq) / (2 * a);
    const t2 = (-b + sq) / (2 * a);
    const lo = t1 < t2 ? t1 : t2;
    const hi = t1 < t2 ? t2 : t1;
    t = lo >= 0 ? lo : hi >= 0 ? hi : Infinity;
  }
  if (!Number.isFinite(t)) return Infinity;
  out.x = targetPosition.x + vx * t;
  out.y = targetPosition.y + vy * t;
  return t;
}

/**
 * Intercept: seeks the exact meeting point from {@link computeInterceptPoint} at the agent's `maxSpeed`
 * (the minimum-time course for a constant-velocity target, which plain chasing is not). When the
 * target is too fast to catch it falls back to {@link pursue}. O(1), no allocation.
 *
 * @param out - Receives the steering force, `desired − velocity` (world units per second); written
 *   in place and returned.
 * @param agent - The interceptor; its `position`, `velocity` and `maxSpeed` (the assumed constant
 *   speed) are read.
 * @param target - The quarry, assumed to keep its current `velocity` (world units per second);
 *   `position` (world units) and `velocity` are read.
 */
export function intercept(out: Vec2, agent: ReadonlySteeringAgent, target: MovingTarget): Vec2 {
  const t = computeInterceptPoint(tmp, agent.position, agent.maxSpeed, target.position, target.velocity);
  if (t === Infinity) return pursue(out, agent, target);
  return seek(out, agent, tmp);
}

/** A leader for {@link offsetPursuit}: a moving target with a heading (radians, 0 = world +x, counter-clockwise positive). */
export interface HeadedTarget extends MovingTarget {
  /** Facing angle in radians (heading 0 faces world +x, counter-clockwise positive). */
  readonly heading: number;
}

/**
 * Offset pursuit (Reynolds): keeps station at `offset`, given in the leader's local frame (core
 * convention: +x forward, +y port/left), by arriving at that point predicted `distance /
 * (maxSpeed + leaderSpeed)` seconds ahead. `slowingRadius` and `dt` as for {@link arrive}.
 * Used for formations and escorts. O(1), no allocation.
 *
 * @param out - Receives the steering force (mass · world units per second², as {@link arrive});
 *   written in place and returned.
 * @param agent - The follower; `position`, `velocity`, `mass`, `maxSpeed` and `maxForce` are read.
 * @param leader - The leader: `position` (world units), `velocity` (world units per second) and
 *   `heading` (radians, 0 = +x, counter-clockwise) are read.
 * @param offset - Station to keep, in the leader's local frame (world units; +x ahead of the
 *   leader, +y to its left/port), read.
 * @param slowingRadius - Distance (world units) inside which the follower slows down linearly, as
 *   in {@link arrive}; ≤ 0 disables the ramp.
 * @param dt - The step the force will be applied over, in seconds (> 0), as in {@link arrive}.
 */
export function offsetPursuit(out: Vec2, agent: ReadonlySteeringAgent, leader: HeadedTarget, offset: ReadonlyVec2, slowingRadius: number, dt: number): Vec2 {
  const c = Math.cos(leader.heading);
  const s = Math.sin(leader.heading);
  const wx = leader.position.x + offset.x * c - offset.y * s;
  const wy = leader.position.y + offset.x * s + offset.y * c;
  const dx = wx - agent.position.x;
  const dy = wy - agent.position.y;
  const lvx = leader.velocity.x;
  const lvy = leader.velocity.y;
  const denom = agent.maxSpeed + Math.sqrt(lvx * lvx + lvy * lvy);
  const lookAhead = denom > 0 ? Math.sqrt(dx * dx + dy * dy) / denom : 0;
  tmp.x = wx + lvx * lookAhead;
  tmp.y = wy + lvy * lookAhead;
  return arrive(out, agent, tmp, slowingRadius, dt);
}

/**
 * Interpose (Buckland): arrives at the midpoint between `a` and `b` as it will be when the agent
 * gets there (time estimated as distance to the current midpoint / `maxSpeed`), e.g. a bodyguard
 * stepping between a VIP and a threat. O(1), no allocation.
 *
 * @param out - Receives the steering force (mass · world units per second², as {@link arrive});
 *   written in place and returned.
 * @param agent - The interposing agent; `position`, `velocity`, `mass`, `maxSpeed` and `maxForce` are read.
 * @param a - First moving thing (e.g. the VIP): `position` (world units) and `velocity` (world
 *   units per second) are read.
 * @param b - Second moving thing (e.g. the threat), read like `a`.
 * @param slowingRadius - Distance (world units) inside which the agent slows down linearly, as in
 *   {@link arrive}; ≤ 0 disables the ramp.
 * @param dt - The step the force will be applied over, in seconds (> 0), as in {@link arrive}.
 */
export function interpose(out: Vec2, agent: ReadonlySteeringAgent, a: MovingTarget, b: MovingTarget, slowingRadius: number, dt: number): Vec2 {
  const mx = 0.5 * (a.position.x + b.position.x);
  const my = 0.5 * (a.position.y + b.position.y);
  const dx = mx - agent.position.x;
  const dy = my - agent.position.y;
  const t = agent.maxSpeed > 0 ? Math.sqrt(dx * dx + dy * dy) / agent.maxSpeed : 0;
  tmp.x = 0.5 * (a.position.x + a.velocity.x * t + b.position.x + b.velocity.x * t);
  tmp.y = 0.5 * (a.position.y + a.velocity.y * t + b.position.y + b.velocity.y * t);
  return arrive(out, agent, tmp, slowingRadius, dt);
}
