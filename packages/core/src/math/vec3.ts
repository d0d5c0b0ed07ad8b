import type { ApproxEqualOptions } from "./scalar";

/**
 * A 3D vector as a plain object. Any object with numeric `x`, `y` and `z` works (three.js
 * `Vector3`, Babylon `Vector3`, …). Functions write into `out` (first argument), return it, never
 * allocate and are safe when `out` aliases an input — as for {@link Vec2}.
 */
export interface Vec3 {
  /** X component. */
  x: number;
  /** Y component (up in Tactica's navmesh and OBJ conventions). */
  y: number;
  /** Z component. */
  z: number;
}

/** A read-only view of a {@link Vec3}. */
export interface ReadonlyVec3 {
  /** X component. */
  readonly x: number;
  /** Y component. */
  readonly y: number;
  /** Z component. */
  readonly z: number;
}

/** Allocates the zero vector `{0, 0, 0}` (a scratch `out` for the `vec3*` functions). */
export function vec3(): Vec3;
/**
 * Allocates a new vector `{x, y, z}`.
 *
 * @param x - X component.
 * @param y - Y component.
 * @param z - Z component.
 */
export function vec3(x: number, y: number, z: number): Vec3;
export function vec3(x = 0, y = 0, z = 0): Vec3 {
  return { x, y, z };
}

/**
 * Allocates a copy of `a`.
 * @param a - The vector to copy; read only.
 */
export function vec3Clone(a: ReadonlyVec3): Vec3 {
  return { x: a.x, y: a.y, z: a.z };
}

/**
 * Sets `out` to `(x, y, z)`.
 * @param out - The vector to overwrite in place and return.
 * @param x - New x component.
 * @param y - New y component (up in navmesh space).
 * @param z - New z component.
 */
export function vec3Set(out: Vec3, x: number, y: number, z: number): Vec3 {
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

/**
 * Copies `a` into `out`.
 * @param out - Receives `a`'s components in place and is returned.
 * @param a - The vector to copy; read only.
 */
export function vec3Copy(out: Vec3, a: ReadonlyVec3): Vec3 {
  out.x = a.x;
  out.y = a.y;
  out.z = a.z;
  return out;
}

/**
 * `out = a + b`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - First term; read only.
 * @param b - Second term, same units as `a`; read only.
 */
export function vec3Add(out: Vec3, a: ReadonlyVec3, b: ReadonlyVec3): Vec3 {
  out.x = a.x + b.x;
  out.y = a.y + b.y;
  out.z = a.z + b.z;
  return out;
}

/**
 * `out = a - b`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector subtracted from (e.g. a target position); read only.
 * @param b - The vector subtracted (e.g. the agent's position); read only.
 */
export function vec3Sub(out: Vec3, a: ReadonlyVec3, b: ReadonlyVec3): Vec3 {
  out.x = a.x - b.x;
  out.y = a.y - b.y;
  out.z = a.z - b.z;
  return out;
}

/**
 * `out = a * s`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to scale; read only.
 * @param s - Scale factor (unitless, or e.g. seconds to turn a velocity into a displacement).
 */
export function vec3Scale(out: Vec3, a: ReadonlyVec3, s: number): Vec3 {
  out.x = a.x * s;
  out.y = a.y * s;
  out.z = a.z * s;
  return out;
}

/**
 * `out = a + b * s`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - Base vector (e.g. a position); read only.
 * @param b - Vector to scale and add (e.g. a velocity in units per second); read only.
 * @param s - Factor applied to `b` (e.g. the time step `dt` in seconds).
 */
export function vec3ScaleAndAdd(out: Vec3, a: ReadonlyVec3, b: ReadonlyVec3, s: number): Vec3 {
  out.x = a.x + b.x * s;
  out.y = a.y + b.y * s;
  out.z = a.z + b.z * s;
  return out;
}

/**
 * `out = -a`.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to negate; read only.
 */
export function vec3Negate(out: Vec3, a: ReadonlyVec3): Vec3 {
  out.x = -a.x;
  out.y = -a.y;
  out.z = -a.z;
  return out;
}

/**
 * Dot product `a · b`.
 * @param a - First vector; read only.
 * @param b - Second vector; read only.
 */
export function vec3Dot(a: ReadonlyVec3, b: ReadonlyVec3): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

/**
 * Cross product `out = a × b` (right-handed).
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - Left operand; read only.
 * @param b - Right operand; read only.
 */
export function vec3Cross(out: Vec3, a: ReadonlyVec3, b: ReadonlyVec3): Vec3 {
  const ax = a.x;
  const ay = a.y;
  const az = a.z;
  const bx = b.x;
  const by = b.y;
  const bz = b.z;
  out.x = ay * bz - az * by;
  out.y = az * bx - ax * bz;
  out.z = ax * by - ay * bx;
  return out;
}

/**
 * Euclidean length `|a|`.
 * @param a - The vector; read only. The result is in its units.
 */
export function vec3Length(a: ReadonlyVec3): number {
  return Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

/**
 * Squared length `|a|²`.
 * @param a - The vector; read only. The result is in its units squared.
 */
export function vec3LengthSq(a: ReadonlyVec3): number {
  return a.x * a.x + a.y * a.y + a.z * a.z;
}

/**
 * Distance `|a - b|`.
 * @param a - First point; read only.
 * @param b - Second point, same units; read only.
 */
export function vec3Distance(a: ReadonlyVec3, b: ReadonlyVec3): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * Squared distance `|a - b|²`.
 * @param a - First point; read only.
 * @param b - Second point, same units; read only.
 */
export function vec3DistanceSq(a: ReadonlyVec3, b: ReadonlyVec3): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz;
}

/**
 * `out = a / |a|`; a zero vector (length below 1e-12) normalises to zero, never NaN.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to normalise; read only.
 */
export function vec3Normalize(out: Vec3, a: ReadonlyVec3): Vec3 {
  const len = Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
  if (len < 1e-12) return vec3Set(out, 0, 0, 0);
  const inv = 1 / len;
  out.x = a.x * inv;
  out.y = a.y * inv;
  out.z = a.z * inv;
  return out;
}

/**
 * Clamps the length of `a` to at most `max` (≥ 0), keeping its direction.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - The vector to clamp (e.g. a velocity); read only.
 * @param max - Largest length allowed, ≥ 0 (not checked), in `a`'s units.
 */
export function vec3Truncate(out: Vec3, a: ReadonlyVec3, max: number): Vec3 {
  const lenSq = a.x * a.x + a.y * a.y + a.z * a.z;
  if (lenSq > max * max && lenSq > 0) return vec3Scale(out, a, max / Math.sqrt(lenSq));
  return vec3Copy(out, a);
}

/**
 * Linear interpolation `out = a + (b - a) * t`; `t` is not clamped.
 * @param out - Receives the result in place and is returned; may be the same object as an input.
 * @param a - Value at `t = 0`; read only.
 * @param b - Value at `t = 1`; read only.
 * @param t - Interpolation parameter, usually in [0, 1]; values outside extrapolate.
 */
export function vec3Lerp(out: Vec3, a: ReadonlyVec3, b: ReadonlyVec3, t: number): Vec3 {
  out.x = a.x + (b.x - a.x) * t;
  out.y = a.y + (b.y - a.y) * t;
  out.z = a.z + (b.z - a.z) * t;
  return out;
}

/**
 * Exact component-wise equality.
 * @param a - First vector; read only.
 * @param b - Second vector; read only.
 */
export function vec3Equals(a: ReadonlyVec3, b: ReadonlyVec3): boolean {
  return a.x === b.x && a.y === b.y && a.z === b.z;
}

/**
 * Equality within `epsilon` on each component.
 *
 * @param a - First vector.
 * @param b - Second vector.
 * @param options - `epsilon`: the tolerance per component, default 1e-9.
 */
export function vec3ApproxEquals(a: ReadonlyVec3, b: ReadonlyVec3, options: ApproxEqualOptions = {}): boolean {
  const epsilon = options.epsilon ?? 1e-9;
  return Math.abs(a.x - b.x) <= epsilon && Math.abs(a.y - b.y) <= epsilon && Math.abs(a.z - b.z) <= epsilon;
}
