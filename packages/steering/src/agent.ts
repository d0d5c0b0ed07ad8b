import { assertFinite, assertNonNegative, assertPositive, type ReadonlyVec2, type Vec2 } from "@tactica/core";

/**
 * One steering agent (a Reynolds "vehicle") as plain data: JSON/`structuredClone`-safe.
 *
 * Units are whatever the game uses (world units, seconds, mass units); every behavior is
 * scale-free. `heading` follows the Tactica convention (radians, world y-up,
 * counter-clockwise-positive; heading 0 faces world +x, so `heading === vec2Angle(forward)`;
 * in core's agent frame local +x is forward and local +y is port): convert with core's
 * `vec2FromAngle(out, heading)` / `vec2Angle(forward)`, or {@link getAgentForward}.
 *
 * For thousands of agents use the structure-of-arrays {@link Crowd} instead; the behaviors
 * in this package work on single agents and are the reference for the crowd's inner loops.
 */
export interface SteeringAgent {
  /** Position (world units). */
  position: Vec2;
  /** Velocity (world units per second); its length never exceeds `maxSpeed` after {@link applySteeringForce}. */
  velocity: Vec2;
  /**
   * Facing angle (radians): 0 faces world +x, counter-clockwise positive, i.e.
   * `atan2(forward.y, forward.x)`. Follows the velocity while the agent moves.
   */
  heading: number;
  /** Mass (> 0): acceleration = force / mass. */
  mass: number;
  /** Top speed (world units per second, ≥ 0). */
  maxSpeed: number;
  /** Largest steering force applied per step (≥ 0); larger requests are truncated. */
  maxForce: number;
  /** Bounding radius (world units, ≥ 0) used by avoidance behaviors. */
  radius: number;
}

/** Read-only view of a {@link SteeringAgent}: what behaviors accept (three.js/Phaser-style objects fit too). */
export interface ReadonlySteeringAgent {
  /** Position (world units). */
  readonly position: ReadonlyVec2;
  /** Velocity (world units per second). */
  readonly velocity: ReadonlyVec2;
  /** Facing angle (radians; 0 faces world +x, counter-clockwise positive). */
  readonly heading: number;
  /** Mass (> 0). */
  readonly mass: number;
  /** Top speed (≥ 0). */
  readonly maxSpeed: number;
  /** Largest steering force (≥ 0). */
  readonly maxForce: number;
  /** Bounding radius (≥ 0). */
  readonly radius: number;
}

/** Options for {@link createSteeringAgent}; omitted fields take the listed defaults. */
export interface SteeringAgentOptions {
  /** Start position (default (0, 0)). */
  readonly position?: ReadonlyVec2;
  /** Start velocity (default (0, 0)). */
  readonly velocity?: ReadonlyVec2;
  /**
   * Start heading in radians, 0 = world +x, counter-clockwise positive (default: the velocity's
   * angle `atan2(vy, vx)`, or 0 when the velocity is zero).
   */
  readonly heading?: number;
  /** Mass, > 0 (default 1). */
  readonly mass?: number;
  /** Top speed, ≥ 0 (default 1). */
  readonly maxSpeed?: number;
  /** Largest steering force, ≥ 0 (default 1). */
  readonly maxForce?: number;
  /** Bounding radius, ≥ 0 (default 0.5). */
  readonly radius?: number;
}

/**
 * Creates a {@link SteeringAgent}. Throws a `TacticaError` (`INVALID_ARGUMENT`) for a non-finite
 * position/velocity/heading, a mass ≤ 0, or a negative speed, force or radius.
 *
 * @param options - Start state and limits, read once: `position` (world units, default (0, 0)),
 *   `velocity` (world units per second, default (0, 0)), `heading` (radians, 0 = +x,
 *   counter-clockwise; default the velocity's angle, or 0 at rest), `mass` (> 0, default 1),
 *   `maxSpeed` (world units per second, ≥ 0, default 1), `maxForce` (≥ 0, default 1) and `radius`
 *   (world units, ≥ 0, default 0.5). Omitted (the default `{}`) gives an agent at rest at the origin.
 * @returns A new agent; the vectors are fresh copies, not the option objects.
 */
export function createSteeringAgent(options: SteeringAgentOptions = {}): SteeringAgent {
  const where = "@tactica/steering: createSteeringAgent";
  const px = assertFinite(where, "position.x", options.position?.x ?? 0);
  const py = assertFinite(where, "position.y", options.position?.y ?? 0);
  const vx = assertFinite(where, "velocity.x", options.velocity?.x ?? 0);
  const vy = assertFinite(where, "velocity.y", options.velocity?.y ?? 0);
  const heading = options.heading !== undefined ? assertFinite(where, "heading", options.heading) : vx === 0 && vy === 0 ? 0 : Math.atan2(vy, vx);
  return {
    position: { x: px, y: py },
    velocity: { x: vx, y: vy },
    heading,
    mass: assertPositive(where, "mass", options.mass ?? 1),
    maxSpeed: assertNonNegative(where, "maxSpeed", options.maxSpeed ?? 1),
    maxForce: assertNonNegative(where, "maxForce", options.maxForce ?? 1),
    radius: assertNonNegative(where, "radius", options.radius ?? 0.5),
  };
}

/**
 * Integrates one fixed step of `dt` seconds (semi-implicit Euler): the force is truncated to
 * `maxForce`, `velocity += force / mass · dt` is truncated to `maxSpeed`, `position += velocity ·
 * dt`, and the heading turns to the velocity when the speed is above 1e-9. A non-finite force
 * component is treated as 0 (never poisons the state). O(1), no allocation. Returns `agent`.
 *
 * @param agent - The agent to move; its `velocity`, `position` and `heading` are written in place
 *   and it is returned. `mass`, `maxSpeed` and `maxForce` are read.
 * @param force - Steering force to apply (read; mass · world units per second²), usually a
 *   behavior's or combiner's `out`; truncated to `agent.maxForce` first, non-finite components count as 0.
 * @param dt - Step length in seconds (> 0 for a meaningful step; 0 leaves the agent where it is,
 *   a negative value integrates backwards and is not checked).
 */
export function applySteeringForce(agent: SteeringAgent, force: ReadonlyVec2, dt: number): SteeringAgent {
  let fx = force.x;
  let fy = force.y;
  if (!Number.isFinite(fx)) fx = 0;
  if (!Number.isFinite(fy)) fy = 0;
  const fLenSq = fx * fx + fy * fy;
  const maxF = agent.maxForce;
  if (fLenSq > maxF * maxF) {
    const s = maxF / Math.sqrt(fLenSq);
    fx *= s;
    fy *= s;
  }
  const inv = dt / agent.mass;
  let vx = agent.velocity.x + fx * inv;
  let vy = agent.velocity.y + fy * inv;
  const sSq = vx * vx + vy * vy;
  const maxS = agent.maxSpeed;
  if (sSq > maxS * maxS) {
    const s = maxS / Math.sqrt(sSq);
    vx *= s;
    vy *= s;
  }
  agent.velocity.x = vx;
  agent.velocity.y = vy;
  agent.position.x += vx * dt;
  agent.position.y += vy * dt;
  if (vx * vx + vy * vy > 1e-18) agent.heading = Math.atan2(vy, vx);
  return agent;
}

/**
 * Writes the agent's unit forward vector `(cos heading, sin heading)` into `out` (the same as core's
 * `vec2FromAngle(out, agent.heading)`). O(1), no allocation.
 *
 * @param out - Receives the unit forward vector (world space).
 * @param agent - The agent whose heading (radians, 0 = world +x, counter-clockwise positive) is read.
 * @returns `out`.
 */
export function getAgentForward(out: Vec2, agent: ReadonlySteeringAgent): Vec2 {
  out.x = Math.cos(agent.heading);
  out.y = Math.sin(agent.heading);
  return out;
}
