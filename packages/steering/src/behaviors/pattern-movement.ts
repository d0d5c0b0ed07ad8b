import { assertFinite, assertNonNegative, invalidArgument, rngNextFloat, type Rng, type Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * One entry of a physics movement pattern (lecture notes): a control instruction plus the
 * condition that ends it. Forces are given along the agent's forward direction and to its starboard
 * (right) side; in core's frame (+x forward, +y port) `lateral` is local −y. An entry with `turn` ends when the heading has turned by `turn` radians
 * (counter-clockwise positive) since the entry began; otherwise it ends after `duration` seconds.
 */
export interface PatternStep {
  /** Forward force (along the heading, local +x) applied during the step. */
  readonly forward: number;
  /** Sideways force to starboard, the agent's right (local −y), for timed steps (default 0). */
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
 *
 * @param steps - The pattern's steps in order (at least one), read and copied: each has `forward`
 *   (force along the heading) and either `duration` (seconds, > 0) with optional `lateral` (force to
 *   the right, default 0) or `turn` (radians, non-zero, counter-clockwise positive) with optional
 *   `maxSteer` (sideways force, ≥ 0, default 1).
 * @returns The validated pattern (copies of the steps with defaults filled in).
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
        invalidArgument(
          where,
          `${p}.duration`,
          `must be a finite number > 0 but is ${String(s.duration)}`,
          "Give each timed step a positive duration, or a turn angle.",
        );
      }
      out.push({ forward: s.forward, lateral: assertFinite(where, `${p}.lateral`, s.lateral ?? 0), duration: s.duration });
    }
  }
  return { steps: out };
}

/**
 * A fresh {@link PatternState} at the first step.
 *
 * @returns A state at step 0 with nothing elapsed and the start heading unset (taken on the first
 *   {@link followMovementPattern} call).
 */
export function createPatternState(): PatternState {
  return { step: 0, elapsed: 0, startHeading: Number.NaN };
}

/**
 * Pattern movement: writes the running step's force (in world space) for this frame of `dt`
 * seconds and advances the pattern. A timed step ends exactly when its duration has elapsed; a
 * turning step steers at full `maxSteer` and reduces the force in proportion to the remaining
 * angle (the notes' way to turn without overshooting), ending when less than 1e-3 rad remains.
 * Returns the index of the step that produced the force. O(1), no allocation.
 *
 * @param out - Receives the step's force in world space (forward plus sideways, force units of the
 *   pattern); written in place.
 * @param agent - The agent; only its `heading` (radians, 0 = +x, counter-clockwise) is read.
 * @param state - Progress, read and written in place (`step`, `elapsed`, `startHeading`); an
 *   out-of-range step restarts at 0. Start from {@link createPatternState}.
 * @param pattern - The pattern from {@link createMovementPattern}, read.
 * @param dt - Frame length in seconds (> 0): advances a timed step's clock; turning steps ignore it.
 * @returns The index of the step whose force was written.
 */
export function followMovementPattern(out: Vec2, agent: ReadonlySteeringAgent, state: PatternState, pattern: MovementPattern, dt: number): number {
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
    // Turning counter-clockwise (positive) means pushing to port (negative starboard force).
    lx = -Math.sign(s.turn) * (s.maxSteer ?? 1) * frac;
  } else {
    lx = s.lateral ?? 0;
    state.elapsed += dt;
    if (state.elapsed >= (s.duration ?? 0) - 1e-12) advance(state, agent.heading, n);
  }
  // world = forward · (cos, sin) + starboard · right, right = (sin, −cos).
  const f = s.forward;
  const c = Math.cos(agent.heading);
  const sn = Math.sin(agent.heading);
  out.x = f * c + lx * sn;
  out.y = f * sn - lx * c;
  return index;
}

function advance(state: PatternState, heading: number, n: number): void {
  state.step = state.step + 1 >= n ? 0 : state.step + 1;
  state.elapsed = 0;
  state.startHeading = heading;
}

/**
 * Tile pattern (lecture notes): joins the vertices `(x0, y0), (x1, y1), …` (integer tiles, a flat
 * array of `vertexCount` pairs) with Bresenham segments, closes the loop back to the first vertex,
 * and writes the cells as offsets **relative to the first vertex** (the notes' normalization, so the
 * pattern runs from anywhere) into `out` as x,y pairs, without repeating a segment's shared end
 * cell or the closing cell. Returns the cell count (more than `out.length / 2` means truncated).
 * Replaying `origin + offsets[i]` visits the pattern and loops. O(pattern length), no allocation.
 *
 * @param out - Receives the cells as `[x0, y0, x1, y1, …]` offsets from the first vertex (tiles);
 *   written in place, at most `floor(out.length / 2)` cells.
 * @param vertices - The pattern's corner tiles as a flat `[x0, y0, x1, y1, …]` array (integer tile
 *   coordinates), read.
 * @param vertexCount - Number of vertices to read (≤ 0 gives 0; one vertex gives the single cell (0, 0)).
 * @returns The full cell count of the closed loop, even when `out` holds fewer.
 */
export function normalizeTilePattern(out: Int32Array, vertices: ArrayLike<number>, vertexCount: number): number {
  if (vertexCount <= 0) return 0;
  const ox = vertices[0] as number;
  const oy = vertices[1] as number;
  const cap = out.length >> 1;
  let n = 0;
  for (let v = 0; v < vertexCount; v++) {
    const w = v + 1 === vertexCount ? 0 : v + 1;
    let x = (vertices[2 * v] as number) - ox;
    let y = (vertices[2 * v + 1] as number) - oy;
    const x1 = (vertices[2 * w] as number) - ox;
    const y1 = (vertices[2 * w + 1] as number) - oy;
    const dx = Math.abs(x1 - x);
    const dy = Math.abs(y1 - y);
    const sx = x1 >= x ? 1 : -1;
    const sy = y1 >= y ? 1 : -1;
    // each segment contributes its cells except the last (the next segment's first)
    const steps = dx >= dy ? dx : dy;
    let err = dx >= dy ? 2 * dy - dx : 2 * dx - dy;
    for (let i = 0; i < steps || (steps === 0 && vertexCount === 1 && i === 0); i++) {
      if (n < cap) {
        out[2 * n] = x;
        out[2 * n + 1] = y;
      }
      n++;
      if (steps === 0) break;
      if (dx >= dy) {
        if (err > 0) {
          y += sy;
          err -= 2 * dx;
        }
        err += 2 * dy;
        x += sx;
      } else {
        if (err > 0) {
          x += sx;
          err -= 2 * dy;
        }
        err += 2 * dx;
        y += sy;
      }
    }
  }
  return n;
}

/** Tells whether a tile belongs to a track, for {@link trackFollowStep}. */
export type TrackPredicate = (x: number, y: number) => boolean;

/**
 * Track following on tiles (lecture notes): from `(x, y)` moves to a random 8-neighbor on the
 * track **other than the previous tile** `(prevX, prevY)`, so the agent does not flip back and
 * forth; it goes back only when that is the only option. Writes the new tile into `out` and returns
 * true, or returns false when no neighbor is on the track. One `rng` draw per move;
 * no allocation when `isTrack` allocates nothing.
 *
 * @param out - Receives the next tile (integer tile coordinates) when the result is true; written
 *   in place, untouched otherwise.
 * @param x - Current tile x.
 * @param y - Current tile y.
 * @param prevX - Previous tile x (the tile not to go back to unless it is the only way).
 * @param prevY - Previous tile y.
 * @param isTrack - Called with tile coordinates of the 8 neighbors (up to twice each); true when
 *   the tile is on the track.
 * @param rng - Core `Rng`; one draw when there is a choice, none when going back is the only option.
 * @returns True when a move was written, false when no neighbor is on the track.
 */
export function trackFollowStep(out: Vec2, x: number, y: number, prevX: number, prevY: number, isTrack: TrackPredicate, rng: Rng): boolean {
  let options = 0;
  let back = false;
  for (let d = 0; d < 8; d++) {
    const nx = x + (DX[d] as number);
    const ny = y + (DY[d] as number);
    if (!isTrack(nx, ny)) continue;
    if (nx === prevX && ny === prevY) back = true;
    else options++;
  }
  if (options === 0) {
    if (!back) return false;
    out.x = prevX;
    out.y = prevY;
    return true;
  }
  let pick = Math.floor(rngNextFloat(rng) * options);
  for (let d = 0; d < 8; d++) {
    const nx = x + (DX[d] as number);
    const ny = y + (DY[d] as number);
    if (!isTrack(nx, ny) || (nx === prevX && ny === prevY)) continue;
    if (pick-- === 0) {
      out.x = nx;
      out.y = ny;
      return true;
    }
  }
  return false;
}

const DX = [1, 1, 0, -1, -1, -1, 0, 1] as const;
const DY = [0, 1, 1, 1, 0, -1, -1, -1] as const;
