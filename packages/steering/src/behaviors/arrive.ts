import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * The largest speed at which an agent `distance` away from its target can still stop exactly on
 * it when it brakes with acceleration `maxAccel` in steps of `dt` seconds (semi-implicit Euler, as
 * in {@link applySteeringForce}): the speeds `s, s − a·dt, s − 2a·dt, …` travelled for one step each
 * must add up to exactly `distance`. With `k = ⌊(√(1 + 8d/(a·dt²)) − 1)/2⌋` full braking steps that
 * gives `s = d / (dt·(k + 1)) + a·dt·k / 2`. An agent that never exceeds it never overshoots. O(1).
 *
 * @param distance - Distance left to the target (world units); ≤ 0 or NaN gives 0.
 * @param maxAccel - Braking acceleration (world units per second², i.e. `maxForce / mass`); ≤ 0
 *   means no braking is possible and gives `distance / dt` (reach it in one step).
 * @param dt - Integration step in seconds; ≤ 0 or NaN gives 0.
 * @returns The speed in world units per second.
 */
export function computeBrakingSpeed(distance: number, maxAccel: number, dt: number): number {
  if (!(distance > 0) || !(dt > 0)) return 0;
  if (!(maxAccel > 0)) return distance / dt;
  const adt = maxAccel * dt;
  const k = Math.floor((Math.sqrt(1 + (8 * distance) / (adt * dt)) - 1) / 2);
  return distance / (dt * (k + 1)) + (adt * k) / 2;
}

/**
 * Arrive (Reynolds) with deceleration and no overshoot. The desired speed is the smallest of
 * `maxSpeed`, the linear ramp `maxSpeed · distance / slowingRadius` inside `slowingRadius`
 * (world units, > 0), and {@link computeBrakingSpeed} for the agent's acceleration `maxForce / mass`; the
 * force is what reaches that desired velocity in one step of `dt` seconds
 * (`mass · (desired − velocity) / dt`), which {@link applySteeringForce} truncates to `maxForce`.
 *
 * Guarantee (tested): integrated with {@link applySteeringForce} at the same `dt`, an agent that
 * starts at rest or moving towards the target at most at `maxSpeed` stops on the target without
 * passing it. O(1), no allocation; writes and returns `out`.
 *
 * @param out - Receives the steering force `mass · (desired − velocity) / dt` (mass · world units
 *   per second²); written in place and returned. On the target (closer than 1e-12) it is the force
 *   that stops the agent in one step.
 * @param agent - The arriving agent; `position`, `velocity`, `mass`, `maxSpeed` and `maxForce` are read.
 * @param target - Point to stop on (world units), read.
 * @param slowingRadius - Distance from the target (world units) inside which the desired speed
 *   ramps down linearly to 0; ≤ 0 disables the ramp (braking alone still prevents overshoot).
 * @param dt - The step the force will be applied over, in seconds (> 0); use the same `dt` as
 *   {@link applySteeringForce}. With `dt ≤ 0` the force is zero.
 */
export function arrive(out: Vec2, agent: ReadonlySteeringAgent, target: ReadonlyVec2, slowingRadius: number, dt: number): Vec2 {
  const dx = target.x - agent.position.x;
  const dy = target.y - agent.position.y;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const k = dt > 0 ? agent.mass / dt : 0;
  if (dist < 1e-12) {
    out.x = -agent.velocity.x * k;
    out.y = -agent.velocity.y * k;
    return out;
  }
  let speed = agent.maxSpeed;
  if (slowingRadius > 0 && dist < slowingRadius) speed = (agent.maxSpeed * dist) / slowingRadius;
  if (dt > 0) {
    const b = computeBrakingSpeed(dist, agent.maxForce / agent.mass, dt);
    if (b < speed) speed = b;
  }
  const s = speed / dist;
  out.x = (dx * s - agent.velocity.x) * k;
  out.y = (dy * s - agent.velocity.y) * k;
  return out;
}
