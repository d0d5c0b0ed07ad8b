import { assertPositive, invalidArgument, type ReadonlyVec2, type Rng, type Vec2 } from "@tactica/core";
import { applySteeringForce, type SteeringAgent } from "./agent";
import { arrive } from "./behaviors/arrive";
import { avoidObstacles, type CircleObstacle } from "./behaviors/obstacle-avoidance";
import { createSteeringPath, followPath, type PathFollowState, type SteeringPath } from "./behaviors/path-following";
import { evade, pursue, type MovingTarget } from "./behaviors/pursuit";
import { flee, seek } from "./behaviors/seek";
import { createWanderState, wander, type WanderState } from "./behaviors/wander";
import { combinePrioritized, combineWeightedTruncatedSum } from "./combine";

/** Fields every {@link SteeringBehavior} may carry. */
export interface SteeringBehaviorBase {
  /** Weight of this behavior's force in the combination (default 1). */
  readonly weight?: number;
}

/** Seek `target` at full speed ({@link seek}). */
export interface SeekBehavior extends SteeringBehaviorBase {
  readonly type: "seek";
  /** Point to steer to (world units). */
  readonly target: ReadonlyVec2;
}

/** Flee `threat`, only within `panicDistance` when given ({@link flee}). */
export interface FleeBehavior extends SteeringBehaviorBase {
  readonly type: "flee";
  /** Point to steer away from. */
  readonly threat: ReadonlyVec2;
  /** The force is zero beyond this distance (default ∞). */
  readonly panicDistance?: number;
}

/** Arrive at `target` and stop on it ({@link arrive}). */
export interface ArriveBehavior extends SteeringBehaviorBase {
  readonly type: "arrive";
  /** Point to stop on. */
  readonly target: ReadonlyVec2;
  /** Distance at which braking starts (world units, > 0). */
  readonly slowingRadius: number;
}

/** Pursue a moving target ({@link pursue}). */
export interface PursueBehavior extends SteeringBehaviorBase {
  readonly type: "pursue";
  /** The target's position and velocity. */
  readonly target: MovingTarget;
}

/** Evade a pursuer ({@link evade}). */
export interface EvadeBehavior extends SteeringBehaviorBase {
  readonly type: "evade";
  /** The pursuer's position and velocity. */
  readonly pursuer: MovingTarget;
  /** The force is zero beyond this distance (default ∞). */
  readonly panicDistance?: number;
}

/**
 * Wander ({@link wander}). The wander target persists between calls as long as the same behavior
 * object is passed (kept in a private `WeakMap` keyed on it).
 */
export interface WanderBehavior extends SteeringBehaviorBase {
  readonly type: "wander";
  /** The random stream (core's seeded `Rng`): the only source of randomness. */
  readonly rng: Rng;
  /** Wander circle radius (default 1). */
  readonly radius?: number;
  /** Distance of the circle ahead of the agent (default 2). */
  readonly distance?: number;
  /** Largest target displacement per second (default 4). */
  readonly jitter?: number;
}

/** Avoid circular obstacles with a detection box ({@link avoidObstacles}). */
export interface AvoidObstaclesBehavior extends SteeringBehaviorBase {
  readonly type: "avoidObstacles";
  /** The obstacles. */
  readonly obstacles: ArrayLike<CircleObstacle>;
  /** Detection-box length at zero speed (default 4 · agent radius + 1). */
  readonly minDetectionLength?: number;
}

/**
 * Follow a list of waypoints ({@link followPath}); the current waypoint persists between calls as
 * long as the same behavior object is passed.
 */
export interface FollowPathBehavior extends SteeringBehaviorBase {
  readonly type: "followPath";
  /** Waypoints (world units). */
  readonly path: readonly ReadonlyVec2[];
  /** True when the last waypoint leads back to the first (default false). */
  readonly loop?: boolean;
  /** A waypoint counts as reached within this distance (default 2 · agent radius + 0.5). */
  readonly waypointRadius?: number;
  /** Braking distance at the end of an open path (default 3 · waypointRadius). */
  readonly slowingRadius?: number;
}

/** One behavior for {@link steer}: plain data, discriminated by `type`. */
export type SteeringBehavior =
  SeekBehavior | FleeBehavior | ArriveBehavior | PursueBehavior | EvadeBehavior | WanderBehavior | AvoidObstaclesBehavior | FollowPathBehavior;

/** Options for {@link steer}. */
export interface SteerOptions {
  /**
   * How the forces combine: `"weighted"` (default: truncated weighted sum) or `"prioritized"`
   * (behaviors in list order, each taking what is left of `maxForce`: list avoidance first).
   */
  readonly combine?: "weighted" | "prioritized";
}

/** The outcome of one {@link steer} call: fresh plain objects. */
export interface SteerResult {
  /** The combined steering force that was applied (truncated to `maxForce`). */
  readonly force: Vec2;
  /** The agent's position after the step (a copy). */
  readonly position: Vec2;
  /** The agent's velocity after the step (a copy). */
  readonly velocity: Vec2;
  /** Heading after the step (radians, 0 = world +x, counter-clockwise positive). */
  readonly heading: number;
  /** True when a `followPath` behavior reached the end of its open path. */
  readonly pathDone: boolean;
}

interface PathCache {
  points: readonly ReadonlyVec2[];
  loop: boolean;
  path: SteeringPath;
  state: PathFollowState;
}

const wanderStates = new WeakMap<WanderBehavior, WanderState>();
const pathStates = new WeakMap<FollowPathBehavior, PathCache>();

function behaviorForce(out: Vec2, agent: SteeringAgent, b: SteeringBehavior, i: number, dt: number): boolean {
  switch (b.type) {
    case "seek":
      seek(out, agent, b.target);
      return false;
    case "flee":
      flee(out, agent, b.threat, b.panicDistance === undefined ? undefined : { panicDistance: b.panicDistance });
      return false;
    case "arrive":
      arrive(out, agent, b.target, b.slowingRadius, dt);
      return false;
    case "pursue":
      pursue(out, agent, b.target);
      return false;
    case "evade":
      evade(out, agent, b.pursuer, b.panicDistance === undefined ? undefined : { panicDistance: b.panicDistance });
      return false;
    case "wander": {
      const params = { radius: b.radius ?? 1, distance: b.distance ?? 2, jitter: b.jitter ?? 4 };
      let state = wanderStates.get(b);
      if (!state) {
        state = createWanderState(params.radius, b.rng);
        wanderStates.set(b, state);
      }
      wander(out, agent, state, params, dt, b.rng);
      return false;
    }
    case "avoidObstacles":
      avoidObstacles(out, agent, b.obstacles, { minDetectionLength: b.minDetectionLength ?? 4 * agent.radius + 1 });
      return false;
    case "followPath": {
      const loop = b.loop ?? false;
      let cache = pathStates.get(b);
      if (!cache || cache.points !== b.path || cache.loop !== loop) {
        cache = { points: b.path, loop, path: createSteeringPath(b.path, { loop }), state: { index: 0 } };
        pathStates.set(b, cache);
      }
      const wr = b.waypointRadius ?? 2 * agent.radius + 0.5;
      return followPath(out, agent, cache.state, cache.path, wr, b.slowingRadius ?? 3 * wr, dt);
    }
    default:
      return invalidArgument(
        "@tactica/steering: steer",
        `behaviors[${i}].type`,
        `is ${JSON.stringify((b as { type?: unknown }).type)}`,
        'Use one of "seek", "flee", "arrive", "pursue", "evade", "wander", "avoidObstacles", "followPath".',
      );
  }
}

/**
 * Level 2 (where a user starts): computes the listed behaviors for `agent`, combines them (weighted
 * truncated sum, or prioritized with `{ combine: "prioritized" }`), applies the force for one step
 * of `dt` seconds (the agent is updated in place, as {@link applySteeringForce} does) and returns a
 * fresh plain {@link SteerResult}. Per-behavior state (the wander target, the current waypoint)
 * lives in a private `WeakMap` keyed on the behavior object, so keep the same objects from frame
 * to frame. Allocates a little per call; in a hot loop call the level-1 behaviors ({@link seek},
 * {@link arrive}, {@link wander}, …) with a reused `out`, combine them with
 * {@link combineWeightedTruncatedSum} and integrate with {@link applySteeringForce} — or use a
 * {@link Crowd} for thousands of agents. Throws `INVALID_ARGUMENT` for a bad `dt` or an unknown
 * behavior type.
 *
 * @param agent - The agent to move: written in place (velocity, position, heading), as
 *   {@link applySteeringForce} does; its `maxForce` also caps the combined force.
 * @param behaviors - Plain behavior descriptions, read; their order is the priority order with
 *   `combine: "prioritized"`, and each one's `weight` (default 1) scales its force. Keep the same
 *   objects from frame to frame: wander and path-following state is keyed on them.
 * @param dt - Step length in seconds, > 0 (throws otherwise); also the step `arrive` and
 *   `followPath` brake for.
 * @param options - `combine`: `"weighted"` (default; weighted truncated sum) or `"prioritized"`
 *   (prioritized truncated running sum). Omitted means weighted.
 * @returns A fresh {@link SteerResult}: the applied force, copies of the new position and
 *   velocity, the heading, and `pathDone` (a `followPath` behavior reached the end of an open path).
 *
 * @example
 * ```ts
 * const agent = createSteeringAgent({ maxSpeed: 5, maxForce: 20 });
 * const behaviors = [{ type: "arrive", target: { x: 10, y: 0 }, slowingRadius: 4 }] as const;
 * for (let i = 0; i < 300; i++) steer(agent, behaviors, 1 / 30);
 * agent.position; // ≈ { x: 10, y: 0 }: it stopped on the target
 * ```
 */
export function steer(agent: SteeringAgent, behaviors: readonly SteeringBehavior[], dt: number, options?: SteerOptions): SteerResult {
  assertPositive("@tactica/steering: steer", "dt", dt);
  const forces: Vec2[] = [];
  const weights: number[] = [];
  let pathDone = false;
  for (let i = 0; i < behaviors.length; i++) {
    const b = behaviors[i]!;
    const f: Vec2 = { x: 0, y: 0 };
    if (behaviorForce(f, agent, b, i, dt)) pathDone = true;
    forces.push(f);
    weights.push(b.weight ?? 1);
  }
  const force: Vec2 = { x: 0, y: 0 };
  if (options?.combine === "prioritized") combinePrioritized(force, forces, weights, agent.maxForce);
  else combineWeightedTruncatedSum(force, forces, weights, agent.maxForce);
  applySteeringForce(agent, force, dt);
  return {
    force,
    position: { x: agent.position.x, y: agent.position.y },
    velocity: { x: agent.velocity.x, y: agent.velocity.y },
    heading: agent.heading,
    pathDone,
  };
}
