import type { ApproxEqualOptions } from "./scalar";

/**
 * A 2D vector as a plain object. Any object with numeric `x` and `y` works, so three.js,
 * Phaser and PixiJS vectors can be passed as they are.
 *
 * The functions in this module follow gl-matrix's convention: the first argument `out`
 * receives the result and is returned; nothing is allocated, and `out` may be the same object
 * as any input. The allocating conveniences ({@link vec2}, {@link vec2Clone}) say so in their name.
 */
export interface Vec2 {
  /** Horizontal component. */
  x: number;
  /** Vertical component. */
  y: number;
}

/** A read-only view of a {@link Vec2}; accepted wherever a function only reads a vector. */
export interface ReadonlyVec2 {
  /** Horizontal component. */
  readonly x: number;
  /** Vertical component. */
  readonly y: number;
}

/** Allocates the zero vector `{0, 0}` (a scratch `out` for the `vec2*` functions). */
export function vec2(): Vec2;
/**
 * Allocates a new vector `{x, y}`.
 *
 * @param x - Horizontal component.
 * @param y - Vertical component.
 */
export function vec2(x: number, y: number): Vec2;
export function vec2(x = 0, y = 0): Vec2 {
  return { x, y };
}

/**
 * Allocates a copy of `a`.
 * @param a - The vector to copy; read only.
 */
export function vec2Clone(a: ReadonlyVec2): Vec2 {
  return { x: a.x, y: a.y };
}

/**
 * Sets `out` to `(x, y)`.
 * @param out - The vector to overwrite in place and return.
 * @param x - New horizontal component.
 * @param y - New vertical component.
 */
export function vec2Set(out: Vec2, x: number, y: number): Vec2 {
  out.x = x;
  out.y = y;
  return out;
}

/**
 * Copies `a` into `out`.
 * @param out - Receives `a`'s components in place and is returned.
 * @param a - The vector to copy; read only.
 */
export function vec2Copy(out: Vec2, a: ReadonlyVec2): Vec2 {
  out.x = a.x;
  out.y = a.y;
  return out;
}

/**
 * `out = a + b`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - First term; read only.
 * @param b - Second term, same units as `a`; read only.
 */
export function vec2Add(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2): Vec2 {
  out.x = a.x + b.x;
  out.y = a.y + b.y;
  return out;
}

/**
 * `out = a - b`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector subtracted from (e.g. a target position); read only.
 * @param b - The vector subtracted (e.g. the agent's position); read only.
 */
export function vec2Sub(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2): Vec2 {
  out.x = a.x - b.x;
  out.y = a.y - b.y;
  return out;
}

/**
 * `out = a * s`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to scale; read only.
 * @param s - Scale factor (unitless, or a unit conversion such as seconds for velocity → displacement).
 */
export function vec2Scale(out: Vec2, a: ReadonlyVec2, s: number): Vec2 {
  out.x = a.x * s;
  out.y = a.y * s;
  return out;
}

/**
 * `out = a + b * s` (the fused form of an Euler step: `position + velocity * dt`).
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - Base vector (e.g. a position); read only.
 * @param b - Vector to scale and add (e.g. a velocity in units per second); read only.
 * @param s - Factor applied to `b` (e.g. the time step `dt` in seconds).
 */
export function vec2ScaleAndAdd(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2, s: number): Vec2 {
  out.x = a.x + b.x * s;
  out.y = a.y + b.y * s;
  return out;
}

/**
 * `out = -a`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to negate; read only.
 */
export function vec2Negate(out: Vec2, a: ReadonlyVec2): Vec2 {
  out.x = -a.x;
  out.y = -a.y;
  return out;
}

/**
 * Dot product `a · b`.
 * @param a - First vector; read only.
 * @param b - Second vector; read only.
 */
export function vec2Dot(a: ReadonlyVec2, b: ReadonlyVec2): number {
  return a.x * b.x + a.y * b.y;
}

/**
 * 2D cross product (the z of the 3D cross product): `a.x * b.y - a.y * b.x`.
 * Positive when `b` is counter-clockwise from `a` in a y-up frame (clockwise on a y-down screen).
 * @param a - First vector; read only.
 * @param b - Second vector; read only.
 */
export function vec2Cross(a: ReadonlyVec2, b: ReadonlyVec2): number {
  return a.x * b.y - a.y * b.x;
}

/**
 * Euclidean length `|a|`.
 * @param a - The vector; read only. The result is in its units.
 */
export function vec2Length(a: ReadonlyVec2): number {
  return Math.sqrt(a.x * a.x + a.y * a.y);
}

/**
 * Squared length `|a|²` (no square root; use it to compare lengths).
 * @param a - The vector; read only. The result is in its units squared.
 */
export function vec2LengthSq(a: ReadonlyVec2): number {
  return a.x * a.x + a.y * a.y;
}

/**
 * Distance `|a - b|`.
 * @param a - First point; read only.
 * @param b - Second point, same units; read only.
 */
export function vec2Distance(a: ReadonlyVec2, b: ReadonlyVec2): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Squared distance `|a - b|²`.
 * @param a - First point; read only.
 * @param b - Second point, same units; read only.
 */
export function vec2DistanceSq(a: ReadonlyVec2, b: ReadonlyVec2): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return dx * dx + dy * dy;
}

/**
 * `out = a / |a|`. A zero vector (length below 1e-12) normalises to `(0, 0)` rather than NaN,
 * so callers that steer towards their own position get no force instead of a poisoned state.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to normalise; read only.
 */
export function vec2Normalize(out: Vec2, a: ReadonlyVec2): Vec2 {
  const len = Math.sqrt(a.x * a.x + a.y * a.y);
  if (len < 1e-12) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  const inv = 1 / len;
  out.x = a.x * inv;
  out.y = a.y * inv;
  return out;
}

/**
 * Clamps the length of `a` to at most `max` (≥ 0), keeping its direction: Reynolds' `truncate`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to clamp (e.g. a steering force or velocity); read only.
 * @param max - Largest length allowed, ≥ 0, in `a`'s units (e.g. max speed in units per second).
 */
export function vec2Truncate(out: Vec2, a: ReadonlyVec2, max: number): Vec2 {
  const lenSq = a.x * a.x + a.y * a.y;
  if (lenSq > max * max && lenSq > 0) {
    const s = max / Math.sqrt(lenSq);
    out.x = a.x * s;
    out.y = a.y * s;
  } else {
    out.x = a.x;
    out.y = a.y;
  }
  return out;
}

/**
 * Sets the length of `a` to `length` keeping its direction; a zero vector stays zero.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - Gives the direction; read only.
 * @param length - The new length, in the vector's units (negative flips the direction).
 */
export function vec2SetLength(out: Vec2, a: ReadonlyVec2, length: number): Vec2 {
  vec2Normalize(out, a);
  out.x *= length;
  out.y *= length;
  return out;
}

/**
 * Left perpendicular `(-a.y, a.x)`: `a` rotated by +90° (counter-clockwise in a y-up frame).
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to rotate a quarter turn; read only.
 */
export function vec2Perp(out: Vec2, a: ReadonlyVec2): Vec2 {
  const x = a.x;
  out.x = -a.y;
  out.y = x;
  return out;
}

/**
 * Rotates `a` by `radians` about the origin (counter-clockwise in a y-up frame).
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to rotate; read only.
 * @param radians - Rotation angle in radians, counter-clockwise positive (0 = +x towards +y).
 */
export function vec2Rotate(out: Vec2, a: ReadonlyVec2, radians: number): Vec2 {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  const x = a.x;
  const y = a.y;
  out.x = x * c - y * s;
  out.y = x * s + y * c;
  return out;
}

/**
 * Linear interpolation `out = a + (b - a) * t`; `t` is not clamped.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - Value at `t = 0`; read only.
 * @param b - Value at `t = 1`; read only.
 * @param t - Interpolation parameter, usually in [0, 1]; values outside extrapolate.
 */
export function vec2Lerp(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2, t: number): Vec2 {
  out.x = a.x + (b.x - a.x) * t;
  out.y = a.y + (b.y - a.y) * t;
  return out;
}

/**
 * Projection of `a` onto `onto`; projecting onto a zero vector gives `(0, 0)`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to project; read only.
 * @param onto - The direction to project on (any length); read only.
 */
export function vec2Project(out: Vec2, a: ReadonlyVec2, onto: ReadonlyVec2): Vec2 {
  const d = onto.x * onto.x + onto.y * onto.y;
  if (d < 1e-24) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  const s = (a.x * onto.x + a.y * onto.y) / d;
  out.x = onto.x * s;
  out.y = onto.y * s;
  return out;
}

/**
 * Reflects `a` about the unit normal `n`: `a - 2 (a·n) n`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The incoming vector (e.g. a velocity); read only.
 * @param n - The surface normal, unit length (not normalised here); read only.
 */
export function vec2Reflect(out: Vec2, a: ReadonlyVec2, n: ReadonlyVec2): Vec2 {
  const d = 2 * (a.x * n.x + a.y * n.y);
  out.x = a.x - d * n.x;
  out.y = a.y - d * n.y;
  return out;
}

/**
 * Direction angle of `a` in radians, in `(-π, π]`, measured from +x towards +y (`atan2(a.y, a.x)`;
 * a zero vector gives 0). This is also how every Tactica package defines a **heading**: the heading
 * of an agent whose forward direction is `a` is `vec2Angle(a)` (0 faces world +x,
 * counter-clockwise positive); {@link vec2FromAngle} goes back. See {@link toLocal} for the frame.
 * @param a - The direction vector (e.g. an agent's forward); read only.
 */
export function vec2Angle(a: ReadonlyVec2): number {
  return Math.atan2(a.y, a.x);
}

/** Options of {@link vec2FromAngle}. */
export interface Vec2FromAngleOptions {
  /** Length of the vector written (world units, any sign); default 1, a unit vector. */
  readonly length?: number;
}

/**
 * Unit vector at `radians` from +x towards +y, scaled by `length` (default 1): `(cos, sin) · length`.
 * With a heading (radians, 0 = world +x, counter-clockwise positive) it writes the agent's forward
 * vector; {@link vec2Angle} is the inverse. No allocation.
 *
 * @param out - Written in place and returned.
 * @param radians - The angle (radians, 0 = +x, counter-clockwise positive).
 * @param options - `length`: the vector's length, default 1.
 */
export function vec2FromAngle(out: Vec2, radians: number, options: Vec2FromAngleOptions = {}): Vec2 {
  const length = options.length ?? 1;
  out.x = Math.cos(radians) * length;
  out.y = Math.sin(radians) * length;
  return out;
}

/**
 * Exact component-wise equality.
 * @param a - First vector; read only.
 * @param b - Second vector; read only.
 */
export function vec2Equals(a: ReadonlyVec2, b: ReadonlyVec2): boolean {
  return a.x === b.x && a.y === b.y;
}

/**
 * Equality within `epsilon` on each component.
 *
 * @param a - First vector.
 * @param b - Second vector.
 * @param options - `epsilon`: the tolerance per component, default 1e-9.
 */
export function vec2ApproxEquals(a: ReadonlyVec2, b: ReadonlyVec2, options: ApproxEqualOptions = {}): boolean {
  const epsilon = options.epsilon ?? 1e-9;
  return Math.abs(a.x - b.x) <= epsilon && Math.abs(a.y - b.y) <= epsilon;
}
