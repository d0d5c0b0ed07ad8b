import type { ReadonlyVec2, Vec2 } from "./vec2";

// Local (agent) frames. The convention, pinned by test/math/frame.test.ts and shared by every
// Tactica package (docs/decisions/0002-api-contract.md, apps/docs/guide/conventions.md):
//
// - World: y-up, angles counter-clockwise-positive (as everywhere in core).
// - Heading: the angle of the agent's forward direction measured from world +x, counter-clockwise:
//   heading === Math.atan2(forward.y, forward.x) === vec2Angle(forward), and
//   vec2FromAngle(out, heading) writes the unit forward vector. Heading 0 faces world +x.
// - Local: +x is forward (the agent's nose), +y is port (the agent's left in a y-up world), so the
//   local frame is the world frame rotated counter-clockwise by `heading`.
// - global -> local, with (X, Y) = point - origin, is the rotation by -heading:
//     x =  X cos(heading) + Y sin(heading)   (how far ahead)
//     y = -X sin(heading) + Y cos(heading)   (how far to the left)
//   local -> global is the inverse rotation by +heading.
// - Steering rule: local y > 0 means the target is to port, so turn left (counter-clockwise,
//   heading increases); local y < 0 means starboard, turn right.
//
// On a y-down screen (a canvas) the same numbers appear mirrored: counter-clockwise-positive angles
// turn clockwise on screen, and local +y appears on the agent's right. The maths is identical.

/**
 * Transforms the world point `point` into the local frame of an agent at `origin` with heading
 * `heading` (radians), writing the result into `out` (which may alias `point` or `origin`).
 *
 * Convention (world y-up, counter-clockwise-positive, heading 0 faces world +x, so
 * `heading === vec2Angle(forward)`): local **+x is forward**, local **+y is port (left)**, and the
 * local frame is the world frame rotated counter-clockwise by `heading`. With
 * `(X, Y) = point - origin`: `x = X cos θ + Y sin θ`, `y = -X sin θ + Y cos θ`.
 * So `out.x > 0` means the point is ahead, `out.y > 0` that it is on the agent's left (steer left,
 * i.e. increase the heading). On a y-down screen the same numbers look mirrored: local +y appears
 * on the agent's right.
 *
 * Convert between a heading and a forward vector with {@link vec2FromAngle} and {@link vec2Angle}.
 * Inverse: {@link toWorld}.
 *
 * @param out - Receives the local point (world units).
 * @param point - The world point (world units).
 * @param origin - The agent's world position (world units).
 * @param heading - The agent's heading (radians, 0 = world +x, counter-clockwise positive).
 * @returns `out`.
 */
export function toLocal(out: Vec2, point: ReadonlyVec2, origin: ReadonlyVec2, heading: number): Vec2 {
  const c = Math.cos(heading);
  const s = Math.sin(heading);
  const dx = point.x - origin.x;
  const dy = point.y - origin.y;
  out.x = dx * c + dy * s;
  out.y = -dx * s + dy * c;
  return out;
}

/**
 * Transforms the local point `local` (frame of an agent at `origin` with heading `heading`,
 * radians) back into world coordinates: `out = origin + R(heading) · local`. Exact inverse of
 * {@link toLocal} (up to rounding); same convention: local +x forward, local +y port (left).
 * `out` may alias `local` or `origin`.
 *
 * @param out - Receives the world point (world units).
 * @param local - The point in the agent's frame (world units; +x ahead, +y to the left).
 * @param origin - The agent's world position (world units).
 * @param heading - The agent's heading (radians, 0 = world +x, counter-clockwise positive).
 * @returns `out`.
 */
export function toWorld(out: Vec2, local: ReadonlyVec2, origin: ReadonlyVec2, heading: number): Vec2 {
  const c = Math.cos(heading);
  const s = Math.sin(heading);
  const lx = local.x;
  const ly = local.y;
  const ox = origin.x;
  const oy = origin.y;
  out.x = ox + lx * c - ly * s;
  out.y = oy + lx * s + ly * c;
  return out;
}

/**
 * Rotates the world direction `direction` into the local frame of an agent with heading
 * `heading` (radians): like {@link toLocal} without the translation, so lengths are preserved.
 * Use it for velocities and offsets: local +x is forward, +y is port (left). `out` may alias
 * `direction`.
 *
 * @param out - Receives the local direction.
 * @param direction - The world direction (any units; lengths are preserved).
 * @param heading - The agent's heading (radians, 0 = world +x, counter-clockwise positive).
 * @returns `out`.
 */
export function toLocalDirection(out: Vec2, direction: ReadonlyVec2, heading: number): Vec2 {
  const c = Math.cos(heading);
  const s = Math.sin(heading);
  const dx = direction.x;
  const dy = direction.y;
  out.x = dx * c + dy * s;
  out.y = -dx * s + dy * c;
  return out;
}

/**
 * Rotates the local direction `direction` (+x forward, +y port) into world coordinates for an
 * agent with heading `heading` (radians): like {@link toWorld} without the translation. Inverse of
 * {@link toLocalDirection}. `out` may alias `direction`.
 *
 * @param out - Receives the world direction.
 * @param direction - The local direction (any units; lengths are preserved).
 * @param heading - The agent's heading (radians, 0 = world +x, counter-clockwise positive).
 * @returns `out`.
 */
export function toWorldDirection(out: Vec2, direction: ReadonlyVec2, heading: number): Vec2 {
  const c = Math.cos(heading);
  const s = Math.sin(heading);
  const lx = direction.x;
  const ly = direction.y;
  out.x = lx * c - ly * s;
  out.y = lx * s + ly * c;
  return out;
}

/**
 * Writes the world-space unit starboard vector (the agent's right in a y-up world, local −y) of an
 * agent with heading `heading`: `(sin θ, −cos θ)`, the forward vector `vec2FromAngle(out, θ)`
 * rotated clockwise by π/2. The forward vector itself is {@link vec2FromAngle}.
 *
 * @param out - Receives the unit right vector.
 * @param heading - The agent's heading (radians, 0 = world +x, counter-clockwise positive).
 * @returns `out`.
 */
export function frameRight(out: Vec2, heading: number): Vec2 {
  out.x = Math.sin(heading);
  out.y = -Math.cos(heading);
  return out;
}
