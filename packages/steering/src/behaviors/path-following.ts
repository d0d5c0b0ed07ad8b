import { assertFinite, invalidArgument, type ReadonlyVec2, type Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";
import { arrive } from "./arrive";
import { seek } from "./seek";

/** A polyline path for {@link followPath}: plain data. */
export interface SteeringPath {
  /** Waypoints (world units), at least one. */
  readonly points: readonly ReadonlyVec2[];
  /** When true the path loops from the last waypoint back to the first. */
  readonly loop: boolean;
}

/** Per-agent progress along a {@link SteeringPath}. Plain data. */
export interface PathFollowState {
  /** Index of the waypoint currently steered to. */
  index: number;
}

/** Options for {@link createSteeringPath}. */
export interface SteeringPathOptions {
  /** True when the last waypoint leads back to the first (default false). */
  readonly loop?: boolean;
}

/**
 * Validates and returns a {@link SteeringPath} (set-up time). Throws `INVALID_ARGUMENT` naming
 * the bad point (`points[3].x`) when a coordinate is not finite, or when there are no points.
 *
 * @param points - Waypoints in order (world units), at least one; read and copied, so later
 *   changes to the array do not affect the path.
 * @param options - `loop`: true when the last waypoint leads back to the first (omitted means
 *   false, an open path that ends on its last waypoint).
 * @returns A new plain {@link SteeringPath}.
 */
export function createSteeringPath(points: readonly ReadonlyVec2[], options?: SteeringPathOptions): SteeringPath {
  const loop = options?.loop ?? false;
  const where = "@tactica/steering: createSteeringPath";
  if (points.length === 0) invalidArgument(where, "points", "is empty", "Pass at least one waypoint.");
  for (let i = 0; i < points.length; i++) {
    assertFinite(where, `points[${i}].x`, points[i]!.x);
    assertFinite(where, `points[${i}].y`, points[i]!.y);
  }
  return { points: points.map((p) => ({ x: p.x, y: p.y })), loop };
}

/**
 * Path following (Buckland's waypoint form): seeks the current waypoint and advances
 * `state.index` once within `waypointRadius` (world units); the last waypoint of an open path is
 * approached with {@link arrive} (`slowingRadius`, `dt`), so the agent stops on it. Returns true
 * once the agent is within `waypointRadius` of the end of an open path. O(1), no allocation.
 *
 * @param out - Receives the steering force (a {@link seek} force, or an {@link arrive} force on the
 *   last waypoint of an open path); written in place.
 * @param agent - The follower; `position`, `velocity`, `mass`, `maxSpeed` and `maxForce` are read.
 * @param state - Per-agent progress, read and written: `index` advances by at most one waypoint
 *   per call (wrapping on a loop); an out-of-range index is reset to 0 on a loop or to the last
 *   waypoint on an open path. Start with `{ index: 0 }`.
 * @param path - The path from {@link createSteeringPath}, read.
 * @param waypointRadius - Distance (world units, ≥ 0) at which a waypoint counts as reached.
 * @param slowingRadius - Distance (world units) inside which the agent slows down towards the last
 *   waypoint of an open path, as in {@link arrive}; unused on a loop.
 * @param dt - The step the force will be applied over, in seconds (> 0), as in {@link arrive}.
 * @returns True once the agent is within `waypointRadius` of the end of an open path; always
 *   false on a loop.
 */
export function followPath(
  out: Vec2,
  agent: ReadonlySteeringAgent,
  state: PathFollowState,
  path: SteeringPath,
  waypointRadius: number,
  slowingRadius: number,
  dt: number,
): boolean {
  const n = path.points.length;
  if (state.index >= n || state.index < 0) state.index = path.loop ? 0 : n - 1;
  let p = path.points[state.index]!;
  const r2 = waypointRadius * waypointRadius;
  let dx = p.x - agent.position.x;
  let dy = p.y - agent.position.y;
  const last = !path.loop && state.index === n - 1;
  if (dx * dx + dy * dy <= r2 && !last) {
    state.index = state.index + 1 >= n ? 0 : state.index + 1;
    p = path.points[state.index]!;
    dx = p.x - agent.position.x;
    dy = p.y - agent.position.y;
  }
  if (!path.loop && state.index === n - 1) {
    arrive(out, agent, p, slowingRadius, dt);
    return dx * dx + dy * dy <= r2;
  }
  seek(out, agent, p);
  return false;
}
