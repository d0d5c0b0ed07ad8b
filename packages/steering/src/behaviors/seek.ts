import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * Seek (Reynolds): the steering force `desired − velocity`, where `desired` points at `target` with
 * length `maxSpeed`. Zero when the agent is on the target. O(1), no allocation; writes and returns `out`.
 */
export function seek(out: Vec2, agent: ReadonlySteeringAgent, target: ReadonlyVec2): Vec2 {
  const dx = target.x - agent.position.x;
  const dy = target.y - agent.position.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < 1e-12) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  const s = agent.maxSpeed / len;
  out.x = dx * s - agent.velocity.x;
  out.y = dy * s - agent.velocity.y;
  return out;
}

/** Options for {@link flee} and {@link evade}. */
export interface FleeOptions {
  /** The force is zero while the threat is farther than this (world units, default ∞). */
  readonly panicDistance?: number;
}

/**
 * Flee (Reynolds): the opposite of {@link seek}, `desired` pointing away from `threat` at
 * `maxSpeed`. With `options.panicDistance` (world units, default ∞) the force is zero while the
 * threat is farther than that. O(1), no allocation.
 */
export function flee(out: Vec2, agent: ReadonlySteeringAgent, threat: ReadonlyVec2, options?: FleeOptions): Vec2 {
  const panicDistance = options?.panicDistance ?? Infinity;
  const dx = agent.position.x - threat.x;
  const dy = agent.position.y - threat.y;
  const lenSq = dx * dx + dy * dy;
  if (lenSq > panicDistance * panicDistance || lenSq < 1e-24) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  const s = agent.maxSpeed / Math.sqrt(lenSq);
  out.x = dx * s - agent.velocity.x;
  out.y = dy * s - agent.velocity.y;
  return out;
}
