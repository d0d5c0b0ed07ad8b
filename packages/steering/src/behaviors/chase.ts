import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * Basic chase on tiles (lecture notes): moves the predator one unit towards the prey on each axis
 * that differs (`x += sign(Δx)`, `y += sign(Δy)`), writing the new position into `out`. Looks
 * mechanical and is faster on diagonals, as the notes warn; use {@link lineOfSightChasePath} for
 * straight lines. O(1).
 *
 * @param out - Receives the predator's next tile position (tile units); written in place and
 *   returned. May be `predator` itself.
 * @param predator - The predator's current tile position, read.
 * @param prey - The prey's tile position, read; an axis already equal does not move.
 */
export function basicChaseStep(out: Vec2, predator: ReadonlyVec2, prey: ReadonlyVec2): Vec2 {
  out.x = predator.x + Math.sign(prey.x - predator.x);
  out.y = predator.y + Math.sign(prey.y - predator.y);
  return out;
}

/**
 * Basic evasion on tiles: the mirror image of {@link basicChaseStep} (one unit away per axis; equal coordinates stay). O(1).
 *
 * @param out - Receives the prey's next tile position (tile units); written in place and returned.
 *   May be `prey` itself.
 * @param prey - The prey's current tile position, read.
 * @param predator - The predator's tile position, read.
 */
export function basicEvadeStep(out: Vec2, prey: ReadonlyVec2, predator: ReadonlyVec2): Vec2 {
  out.x = prey.x - Math.sign(predator.x - prey.x);
  out.y = prey.y - Math.sign(predator.y - prey.y);
  return out;
}

/**
 * Line-of-sight chase on tiles: the canonical Bresenham line from `(x0, y0)` to `(x1, y1)`
 * (integers) — 8-connected, exactly `max(|Δx|, |Δy|) + 1` cells, the minor coordinate changing
 * monotonically — written as x,y pairs into `out` (the notes' snippet initializes its error term
 * with doubled deltas; this uses the textbook `2Δminor − Δmajor`). Writes at most
 * `floor(out.length / 2)` cells and returns the full cell count (larger means truncated).
 * Recompute it whenever the target moves. O(length), no allocation.
 *
 * @param out - Receives the cells as `[x0, y0, x1, y1, …]`, starting with `(x0, y0)` and ending
 *   with `(x1, y1)`; written in place. A typed array keeps its length (extra cells are dropped); a
 *   plain array is resized to exactly the cells written.
 * @param x0 - Start cell x (integer tile coordinate, e.g. the chaser).
 * @param y0 - Start cell y (integer).
 * @param x1 - End cell x (integer, e.g. the target).
 * @param y1 - End cell y (integer).
 * @returns The number of cells on the whole line (`max(|Δx|, |Δy|) + 1`), even when `out` holds fewer.
 */
export function lineOfSightChasePath(out: Int32Array | number[], x0: number, y0: number, x1: number, y1: number): number {
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const sx = x1 >= x0 ? 1 : -1;
  const sy = y1 >= y0 ? 1 : -1;
  const cap = Array.isArray(out) ? Infinity : out.length >> 1;
  let x = x0;
  let y = y0;
  let n = putCell(out, cap, 0, x, y);
  if (dx >= dy) {
    let err = 2 * dy - dx;
    for (let i = 0; i < dx; i++) {
      if (err > 0) {
        y += sy;
        err -= 2 * dx;
      }
      err += 2 * dy;
      x += sx;
      n = putCell(out, cap, n, x, y);
    }
  } else {
    let err = 2 * dx - dy;
    for (let i = 0; i < dy; i++) {
      if (err > 0) {
        x += sx;
        err -= 2 * dy;
      }
      err += 2 * dx;
      y += sy;
      n = putCell(out, cap, n, x, y);
    }
  }
  if (Array.isArray(out)) out.length = 2 * n;
  return n;
}

function putCell(out: Int32Array | number[], cap: number, n: number, x: number, y: number): number {
  if (n < cap) {
    out[2 * n] = x;
    out[2 * n + 1] = y;
  }
  return n + 1;
}

/**
 * Continuous line-of-sight chase (lecture notes): transforms the prey into the predator's local
 * frame (core convention, +x forward, +y port) and decides which thruster to fire:
 * returns `-1` to turn right (the prey is to starboard, local y < −`tolerance`), `+1` to turn left
 * (port, local y > `tolerance`) and `0` inside the dead zone. A prey directly behind (local
 * x < 0 and |y| ≤ tolerance) returns `+1` so the chaser turns around. `tolerance` is the sine of the
 * dead-zone half-angle (0..1). O(1).
 *
 * @param predator - The chaser; `position` and `heading` (radians, 0 = +x, counter-clockwise) are read.
 * @param prey - The prey's position (world units), read. On the predator's position the result is 0.
 * @param tolerance - Sine of the dead zone's half-angle, in [0, 1]: 0 always turns unless dead
 *   ahead, larger values tolerate a wider cone ahead.
 * @returns -1 to turn right (clockwise), +1 to turn left (counter-clockwise), 0 to keep going.
 */
export function lineOfSightChaseTurn(predator: ReadonlySteeringAgent, prey: ReadonlyVec2, tolerance: number): -1 | 0 | 1 {
  const dx = prey.x - predator.position.x;
  const dy = prey.y - predator.position.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < 1e-12) return 0;
  const c = Math.cos(predator.heading);
  const s = Math.sin(predator.heading);
  const x = (dx * c + dy * s) / len;
  const y = (-dx * s + dy * c) / len;
  if (y < -tolerance) return -1;
  if (y > tolerance) return 1;
  return x < 0 ? 1 : 0;
}

/**
 * Continuous line-of-sight chase as a force: `thrust` along the heading plus `steeringForce`
 * sideways towards the side {@link lineOfSightChaseTurn} picks. The notes warn that a plain LOS
 * chase ends up behind the prey or loops around; combine with {@link arrive} or use
 * {@link intercept} for the minimum-time course. O(1), no allocation.
 *
 * @param out - Receives the force in world space (thrust ahead plus a sideways push); written in
 *   place and returned.
 * @param predator - The chaser; `position` and `heading` (radians, 0 = +x, counter-clockwise) are read.
 * @param prey - The prey's position (world units), read.
 * @param thrust - Forward force along the heading (force units; negative pushes backwards).
 * @param steeringForce - Size of the sideways force when turning (force units, ≥ 0).
 * @param tolerance - Sine of the dead zone's half-angle, in [0, 1], as in {@link lineOfSightChaseTurn}.
 */
export function lineOfSightChase(
  out: Vec2,
  predator: ReadonlySteeringAgent,
  prey: ReadonlyVec2,
  thrust: number,
  steeringForce: number,
  tolerance: number,
): Vec2 {
  const turn = lineOfSightChaseTurn(predator, prey, tolerance);
  const c = Math.cos(predator.heading);
  const s = Math.sin(predator.heading);
  // local (x, y) = (thrust, turn · steeringForce): turn +1 (left) pushes to port (+y).
  const lx = thrust;
  const ly = turn * steeringForce;
  out.x = lx * c - ly * s;
  out.y = lx * s + ly * c;
  return out;
}
