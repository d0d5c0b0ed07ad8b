import type { ReadonlyVec2, Vec2 } from "./vec2";

// Local (agent) frames. The convention, pinned by test/frame.test.ts:
//
// - World: y-up, angles counter-clockwise-positive (as everywhere in core).
// - Local: +y is forward (the agent's nose), +x is starboard (the agent's right), so the local
//   frame is the world frame rotated by `heading`. At heading 0 the agent faces world +y.
// - global -> local is the seed notes' formula, with (X, Y) = point - origin:
//     x =  X cos(heading) + Y sin(heading)
//     y = -X sin(heading) + Y cos(heading)
//   i.e. a rotation by -heading; local -> global is the inverse rotation by +heading.
// - Steering rule: local x > 0 means the target is to starboard, so turn right (clockwise,
//   heading decreases); local x < 0 means port, turn left.
//
// The seed notes say "negative local x = starboard": they draw on a y-down screen, where the same
// numbers appear mirrored. The maths is identical; only the words left/right swap.

/**
 * Transforms the world point `point` into the local frame of an agent at `origin` with heading
 * `heading` (radians), writing the result into `out` (which may alias `point` or `origin`).
 *
 * Convention (world y-up, counter-clockwise-positive): local **+y is forward**, local **+x is
 * starboard (right)**, and the local frame is the world frame rotated counter-clockwise by
 * `heading`; at `heading = 0` the agent faces world +y. With `(X, Y) = point - origin`:
 * `x = X cos θ + Y sin θ`, `y = -X sin θ + Y cos θ` (the seed notes' global→local transform).
 * So `out.x > 0` means the point is on the agent's right (steer right, i.e. decrease the heading),
 * `out.y > 0` means it is ahead. On a y-down screen the same numbers look mirrored: there local +x
 * appears on the agent's left, which is the notes' wording "negative x = starboard".
 *
 * The heading is **not** the {@link vec2Angle} of the forward direction: use
 * {@link frameHeadingFromForward} and {@link frameForward} to convert. Inverse: {@link toWorld}.
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
 * {@link toLocal} (up to rounding); same convention: local +y forward, local +x starboard (right).
 * `out` may alias `local` or `origin`.
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
 * Use it for velocities and offsets. `out` may alias `direction`.
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
 * Rotates the local direction `direction` into world coordinates for an agent with heading
 * `heading` (radians): like {@link toWorld} without the translation. Inverse of
 * {@link toLocalDirection}. `out` may alias `direction`.
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
 * Writes the world-space unit forward vector (local +y) of an agent with heading `heading`:
 * `(-sin θ, cos θ)`. Heading 0 faces world +y; heading π/2 faces world -x (counter-clockwise, y-up).
 */
export function frameForward(out: Vec2, heading: number): Vec2 {
  out.x = -Math.sin(heading);
  out.y = Math.cos(heading);
  return out;
}

/**
 * Writes the world-space unit starboard vector (local +x, the agent's right in a y-up world) of an
 * agent with heading `heading`: `(cos θ, sin θ)`.
 */
export function frameRight(out: Vec2, heading: number): Vec2 {
  out.x = Math.cos(heading);
  out.y = Math.sin(heading);
  return out;
}

/**
 * The heading (radians, in `(-π, π]`) of an agent whose world forward direction is `forward`
 * (any length): `atan2(-forward.x, forward.y)`, so that {@link frameForward} of the result points
 * along `forward`. Equals `vec2Angle(forward) - π/2`, wrapped. A zero vector gives heading 0
 * (facing world +y) rather than NaN.
 */
export function frameHeadingFromForward(forward: ReadonlyVec2): number {
  if (forward.x === 0 && forward.y === 0) return 0;
  const h = Math.atan2(-forward.x, forward.y);
  return h === -Math.PI ? Math.PI : h;
}
