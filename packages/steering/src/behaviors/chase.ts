import type { ReadonlyVec2, Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";

/**
 * Basic chase on tiles (lecture notes): moves the predator one unit towards the prey on each axis
 * that differs (`x += sign(Δx)`, `y += sign(Δy)`), writing the new position into `out`. Looks
 * mechanical and is faster on diagonals, as the notes warn; use {@link lineOfSightChasePath} for
 * straight lines. O(1).
 */
export function basicChaseStep(out: Vec2, predator: ReadonlyVec2, prey: ReadonlyVec2): Vec2 {
  out.x = predator.x + Math.sign(prey.x - predator.x);
  out.y = predator.y + Math.sign(prey.y - predator.y);
  return out;
}

/** Basic evasion on tiles: the mirror image of {@link basicChaseStep} (one unit away per axis; equal coordinates stay). O(1). */
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
