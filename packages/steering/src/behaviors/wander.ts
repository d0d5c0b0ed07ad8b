import { assertNonNegative, rngNextFloat, type Rng, type Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * Per-agent state of {@link wander}: the wander target on the wander circle, in the agent's local
 * frame (core convention: +x forward, +y port/left), relative to the circle's center. Plain data.
 */
export interface WanderState {
  /** Target x on the circle (local, world units). */
  x: number;
  /** Target y on the circle (local, world units). */
  y: number;
}

/** Parameters of {@link wander} (Reynolds' wander circle, Buckland's jitter form). */
export interface WanderParams {
  /** Radius of the wander circle (world units, ≥ 0). Larger gives wider turns. */
  readonly radius: number;
  /** How far ahead of the agent the circle's center sits (world units, ≥ 0). */
  readonly distance: number;
  /** Largest random displacement of the target per second (world units / s, ≥ 0). */
  readonly jitter: number;
}

/**
 * Creates a {@link WanderState} at a random point of a circle of `radius` (≥ 0), drawn from `rng`.
 * Throws `INVALID_ARGUMENT` for a negative or non-finite radius.
 *
 * @param radius - Radius of the wander circle (world units, ≥ 0).
 * @param rng - Core `Rng` the start angle is drawn from (one draw).
 * @returns A fresh state in the agent's local frame (+x forward, +y left).
 */
export function createWanderState(radius: number, rng: Rng): WanderState {
  assertNonNegative("@tactica/steering: createWanderState", "radius", radius);
  const a = rngNextFloat(rng) * 2 * Math.PI;
  return { x: radius * Math.cos(a), y: radius * Math.sin(a) };
}

/**
 * Wander (Reynolds): jitters the target on the wander circle by up to `jitter · dt` per axis
 * (uniform, from `rng`), projects it back onto the circle, and seeks the point `distance` ahead of
 * the agent plus that target: the force is the world-space offset from the agent to it (as in
 * Buckland). Deterministic for a given `rng` state; two draws per call; no allocation.
 *
 * @param out - Receives the steering force (world space).
 * @param agent - The agent; its heading (radians, 0 = +x, counter-clockwise) orients the circle.
 * @param state - The wander target, updated in place (local frame: +x forward, +y left).
 * @param params - Radius, distance ahead and jitter of the wander circle.
 * @param dt - Time step in seconds (scales the jitter).
 * @param rng - Core `Rng` the jitter is drawn from (two draws).
 * @returns `out`.
 */
export function wander(out: Vec2, agent: ReadonlySteeringAgent, state: WanderState, params: WanderParams, dt: number, rng: Rng): Vec2 {
  const j = params.jitter * dt;
  let x = state.x + (rngNextFloat(rng) * 2 - 1) * j;
  let y = state.y + (rngNextFloat(rng) * 2 - 1) * j;
  const len = Math.sqrt(x * x + y * y);
  if (len > 1e-12) {
    const s = params.radius / len;
    x *= s;
    y *= s;
  } else {
    x = params.radius;
    y = 0;
  }
  state.x = x;
  state.y = y;
  // Local (x + distance, y) (+x forward, +y port) rotated by the heading into world space.
  const lx = x + params.distance;
  const c = Math.cos(agent.heading);
  const sn = Math.sin(agent.heading);
  out.x = lx * c - y * sn;
  out.y = lx * sn + y * c;
  return out;
}
