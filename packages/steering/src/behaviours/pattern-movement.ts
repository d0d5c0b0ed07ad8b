import { assertFinite, assertNonNegative, invalidArgument, type Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * One entry of a physics movement pattern (lecture notes): a control instruction plus the
 * condition that ends it. Forces are in the agent's local frame (core convention, +y forward, +x
 * starboard). An entry with `turn` ends when the heading has turned by `turn` radians
 * (counter-clockwise positive) since the entry began; otherwise it ends after `duration` seconds.
 */
export interface PatternStep {
  /** Forward force (local +y) applied during the step. */
  readonly forward: number;
  /** Sideways force to starboard (local +x) for timed steps (default 0). */
  readonly lateral?: number;
  /** Duration in seconds (> 0) for timed steps. */
  readonly duration?: number;
  /** Heading change in radians for turning steps (non-zero). */
  readonly turn?: number;
  /** Largest sideways force of a turning step (> 0), reduced as the heading nears its target. */
  readonly maxSteer?: number;
}

/** A validated movement pattern: steps run in order and loop. Plain data. */
export interface MovementPattern {
  /** The steps, at least one. */
  readonly steps: readonly PatternStep[];
}

/** Progress through a {@link MovementPattern}. Plain data. */
export interface PatternState {
  /** Index of the running step. */
  step: number;
  /** Seconds spent in the running step. */
  elapsed: number;
  /** Heading (radians) when the running step began; NaN until the step starts. */
  startHeading: number;
}

/**
 * Validates a pattern definition (plain JSON). Throws `INVALID_DEFINITION`-style
 * `INVALID_ARGUMENT` errors naming the path (`steps[2].duration`) for a missing duration/turn, a
 * non-positive duration, or non-finite numbers.
 */
export function createMovementPattern(steps: readonly PatternStep[]): MovementPattern {
  const where = "@tactica/steering: createMovementPattern";
  if (steps.length === 0) invalidArgument(where, "steps", "is empty", "Pass at least one step.");
  const out: PatternStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const s: PatternStep = steps[i]!;
    const p = `steps[${i}]`;
    assertFinite(where, `${p}.forward`, s.forward);
    if (s.turn !== undefined) {
      assertFinite(where, `${p}.turn`, s.turn);
      if (s.turn === 0) invalidArgument(where, `${p}.turn`, "is 0", "Use a timed step (duration) for straight motion.");
      const maxSteer = s.maxSteer ?? 1;
      assertNonNegative(where, `${p}.maxSteer`, maxSteer);
      out.push({ forward: s.forward, turn: s.turn, maxSteer });
    } else {
      if (s.duration === undefined || !(s.duration > 0) || !Number.isFinite(s.duration)) {
        invalidArgument(where, `${p}.duration`, `must be a finite number > 0 but is ${String(s.duration)}`, "Give each timed step a positive duration, or a turn angle.");
      }
      out.push({ forward: s.forward, lateral: assertFinite(where, `${p}.lateral`, s.lateral ?? 0), duration: s.duration });
    }
  }
  return { steps: out };
}

/** A fresh {@link PatternState} at the first step. */
export function createPatternState(): PatternState {
  return { step: 0, elapsed: 0, startHeading: Number.NaN };
}

/**
 * Pattern movement: writes the running step's force (in world space) for this frame of `dt`
 * seconds and advances the pattern. A timed step ends exactly when its duration has elapsed; a
 * turning step steers at full `maxSteer` and reduces the force in proportion to the remaining
 * angle (the notes' way to turn without overshooting), ending when less than 1e-3 rad remains.
 * Returns the index of the step that produced the force. O(1), no allocation.
 */
export function patternMovement(
  out: Vec2,
  agent: ReadonlySteeringAgent,
  pattern: MovementPattern,
  state: PatternState,
  dt: number,
): number {
  const n = pattern.steps.length;
  if (state.step < 0 || state.step >= n) state.step = 0;
  if (Number.isNaN(state.startHeading)) state.startHeading = agent.heading;
  let s = pattern.steps[state.step]!;
  if (s.turn !== undefined) {
    let turned = agent.heading - state.startHeading;
    turned = Math.atan2(Math.sin(turned), Math.cos(turned));
    const remaining = s.turn - turned;
    if (Math.abs(remaining) < 1e-3 || Math.sign(remaining) !== Math.sign(s.turn)) {
      advance(state, agent.heading, n);
      s = pattern.steps[state.step]!;
    }
  }
  const index = state.step;
  let lx: number;
  if (s.turn !== undefined) {
    let turned = agent.heading - state.startHeading;
    turned = Math.atan2(Math.sin(turned), Math.cos(turned));
    const remaining = s.turn - turned;
    const frac = Math.min(1, Math.abs(remaining) / Math.abs(s.turn));
    // Turning counter-clockwise (positive) means pushing to port (local −x).
    lx = -Math.sign(s.turn) * (s.maxSteer ?? 1) * frac;
  } else {
    lx = s.lateral ?? 0;
    state.elapsed += dt;
    if (state.elapsed >= (s.duration ?? 0) - 1e-12) advance(state, agent.heading, n);
  }
  const ly = s.forward;
  const c = Math.cos(agent.heading);
  const sn = Math.sin(agent.heading);
  out.x = lx * c - ly * sn;
  out.y = lx * sn + ly * c;
  return index;
}

function advance(state: PatternState, heading: number, n: number): void {
  state.step = state.step + 1 >= n ? 0 : state.step + 1;
  state.elapsed = 0;
  state.startHeading = heading;
}
