import type { Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * Anything that gives a travel direction at a world position: a grid flow field, a vector field
 * sampled from a navmesh, an analytic field. Steering depends on this interface only (no grid
 * dependency); `@tactica/grid`'s flow fields can be wrapped in three lines.
 */
export interface FlowFieldSampler {
  /**
   * Writes the direction to travel at `(x, y)` (world units) into `out` — any length, it is
   * normalized by the caller — and returns true; returns false where there is no direction (a wall,
   * an unreachable cell, the goal itself). Must not allocate if the caller is to stay allocation-free.
   */
  directionAt(out: Vec2, x: number, y: number): boolean;
}

const dir: Vec2 = { x: 0, y: 0 };

/**
 * Flow-field following (Reynolds): steers towards `maxSpeed` along the field's direction at the
 * agent's position (`desired − velocity`). Where the field has no direction it brakes
 * (`−velocity`). Returns whether the field gave a direction. O(1) plus one `directionAt` call.
 *
 * @param out - Receives the steering force, `desired − velocity` (world units per second), or
 *   `−velocity` where the field has no direction; written in place.
 * @param agent - The follower; `position` (where the field is sampled), `velocity` and `maxSpeed` are read.
 * @param field - The direction source, sampled once at the agent's position; a zero or non-finite
 *   direction counts as none.
 * @returns Whether the field gave a usable direction.
 */
export function followFlowField(out: Vec2, agent: ReadonlySteeringAgent, field: FlowFieldSampler): boolean {
  if (!field.directionAt(dir, agent.position.x, agent.position.y)) {
    out.x = -agent.velocity.x;
    out.y = -agent.velocity.y;
    return false;
  }
  const len = Math.sqrt(dir.x * dir.x + dir.y * dir.y);
  if (!(len > 1e-12) || !Number.isFinite(len)) {
    out.x = -agent.velocity.x;
    out.y = -agent.velocity.y;
    return false;
  }
  const s = agent.maxSpeed / len;
  out.x = dir.x * s - agent.velocity.x;
  out.y = dir.y * s - agent.velocity.y;
  return true;
}
