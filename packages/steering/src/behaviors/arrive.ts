import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * The largest speed at which an agent `distance` away from its target can still stop exactly on
 * it when it brakes with acceleration `maxAccel` in steps of `dt` seconds (semi-implicit Euler, as
 * in {@link applySteeringForce}): the speeds `s, s − a·dt, s − 2a·dt, …` travelled for one step each
 * must add up to exactly `distance`. With `k = ⌊(√(1 + 8d/(a·dt²)) − 1)/2⌋` full braking steps that
 * gives `s = d / (dt·(k + 1)) + a·dt·k / 2`. An agent that never exceeds it never overshoots. O(1).
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
