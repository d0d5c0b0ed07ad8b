import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * Seek (Reynolds): the steering force `desired − velocity`, where `desired` points at `target` with
 * length `maxSpeed`. Zero when the agent is on the target. O(1), no allocation; writes and returns `out`.
 *
 * @param out - Receives the steering force, `desired − velocity` (in velocity units, world units
 *   per second); written in place and returned.
 * @param agent - The seeker; its `position`, `velocity` and `maxSpeed` are read.
 * @param target - Point to move towards (world units), read.
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
 *
 * @param out - Receives the steering force, `desired − velocity` (world units per second); written
 *   in place and returned. Zero outside the panic distance or when the agent is on the threat.
 * @param agent - The fleeing agent; its `position`, `velocity` and `maxSpeed` are read.
 * @param threat - Point to move away from (world units), read.
 * @param options - `panicDistance`: the force is zero while the threat is farther than this
 *   (world units; omitted means ∞, always flee).
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
