import type { ReadonlyAabb } from "./aabb";
import type { ReadonlyCircle } from "./circle";
import type { ReadonlyVec2, Vec2 } from "../math/vec2";
import { clipLineToBox } from "./slab";

/**
 * A 2D ray as a plain object: the points `origin + direction · t` for `t >= 0`. `direction` need
 * not be unit length; every `t` returned by the ray functions is in units of `|direction|` (so it
 * is a distance in world units when `direction` is unit length).
 *
 * Ray casts return the smallest `t >= 0` at which the ray meets the shape, or **-1** when it never
 * does. Circles and boxes are solid: an origin inside gives `t = 0`. A zero `direction` makes the
 * ray the single point `origin`: `t = 0` when the origin lies in/on the shape, otherwise -1.
 */
export interface Ray {
  /** Start point (world units). */
  origin: Vec2;
  /** Direction; any length, not necessarily normalised. */
  direction: Vec2;
}

/** A read-only view of a {@link Ray}; accepted by every ray function. */
export interface ReadonlyRay {
  /** Start point (world units). */
  readonly origin: ReadonlyVec2;
  /** Direction; any length, not necessarily normalised. */
  readonly direction: ReadonlyVec2;
}

/** Allocates the ray from the origin along +x: origin `(0, 0)`, direction `(1, 0)`. */
export function ray(): Ray;
/**
 * Allocates a new {@link Ray} from origin `(ox, oy)` and direction `(dx, dy)`.
 *
 * @param ox - Origin x (world units).
 * @param oy - Origin y (world units).
 * @param dx - Direction x; any length, not necessarily normalised.
 * @param dy - Direction y.
 */
export function ray(ox: number, oy: number, dx: number, dy: number): Ray;
export function ray(ox = 0, oy = 0, dx = 1, dy = 0): Ray {
  return { origin: { x: ox, y: oy }, direction: { x: dx, y: dy } };
}

/**
 * Writes the point `origin + direction · t` into `out` (which may alias the ray's vectors).
 * @param out - Receives the point (world units) in place and is returned.
 * @param r - The ray (origin and direction, world units); read only.
 * @param t - Ray parameter, in multiples of the direction's length (a distance when it is unit length).
 */
export function rayPointAt(out: Vec2, r: ReadonlyRay, t: number): Vec2 {
  out.x = r.origin.x + r.direction.x * t;
  out.y = r.origin.y + r.direction.y * t;
  return out;
}

const REL_EPS = 1e-12;

/**
 * Casts ray `r` against segment `a→b`. Returns the smallest `t >= 0` with `origin + direction · t`
 * on the segment, or -1. A ray running along a collinear segment hits at its nearest point ahead
 * (0 when the origin lies on the segment). A zero-length segment is the point `a`. Parallel and
 * collinear are decided with a tolerance of about 1e-12 relative to the inputs' magnitude.
 * @param r - The ray (origin and direction, world units); read only.
 * @param a - Segment start, world units; read only.
 * @param b - Segment end, world units; read only.
 */
export function rayIntersectSegment(r: ReadonlyRay, a: ReadonlyVec2, b: ReadonlyVec2): number {
  const ox = r.origin.x;
  const oy = r.origin.y;
  const dx = r.direction.x;
  const dy = r.direction.y;
  const ax = a.x;
  const ay = a.y;
  const sx = b.x - ax;
  const sy = b.y - ay;
  const qx = ax - ox;
  const qy = ay - oy;
  const dd = dx * dx + dy * dy;
  const ss = sx * sx + sy * sy;
  const denom = dx * sy - dy * sx;
  const dLen = Math.sqrt(dd);
  const sLen = Math.sqrt(ss);

  if (dd > 0 && ss > 0 && Math.abs(denom) > REL_EPS * dLen * sLen) {
    const t = (qx * sy - qy * sx) / denom;
    const u = (qx * dy - qy * dx) / denom;
    return t >= 0 && u >= 0 && u <= 1 ? t : -1;
  }

  const scale = Math.max(1, Math.abs(ox), Math.abs(oy), Math.abs(ax), Math.abs(ay), Math.abs(b.x), Math.abs(b.y));
  const tol = REL_EPS * 1e3 * scale;
  if (dd === 0) {
    // The ray is the point origin: is it on the segment?
    let u = ss === 0 ? 0 : -(qx * sx + qy * sy) / ss;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    const ex = ax + sx * u - ox;
    const ey = ay + sy * u - oy;
    return ex * ex + ey * ey <= tol * tol ? 0 : -1;
  }
  // Parallel (or a point segment): the segment's points must lie on the ray's line.
  const cross = qx * dy - qy * dx;
  if (Math.abs(cross) > tol * dLen) return -1;
  const t0 = (qx * dx + qy * dy) / dd;
  const t1 = t0 + (sx * dx + sy * dy) / dd;
  const lo = Math.min(t0, t1);
  const hi = Math.max(t0, t1);
  if (hi < 0) return -1;
  return lo > 0 ? lo : 0;
}

/**
 * Casts ray `r` against the solid disc `c`. Returns the smallest `t >= 0` at which the ray enters
 * the disc: 0 when the origin is inside or on the boundary, -1 when the ray misses (or the radius
 * is negative). A tangent ray hits at the tangent point.
 * @param r - The ray (origin and direction, world units); read only.
 * @param c - The solid disc; read only.
 */
export function rayIntersectCircle(r: ReadonlyRay, c: ReadonlyCircle): number {
  if (c.radius < 0) return -1;
  const mx = r.origin.x - c.x;
  const my = r.origin.y - c.y;
  const cc = mx * mx + my * my - c.radius * c.radius;
  if (cc <= 0) return 0;
  // Work with the unit direction so very short or very long directions keep their precision.
  const dx = r.direction.x;
  const dy = r.direction.y;
  const lenSq = dx * dx + dy * dy;
  const len = lenSq > 1e-280 && lenSq < 1e280 ? Math.sqrt(lenSq) : Math.hypot(dx, dy);
  if (len === 0) return -1;
  const halfB = (mx * dx + my * dy) / len;
  if (halfB >= 0) return -1; // origin outside and moving away
  const disc = halfB * halfB - cc;
  if (disc < 0) return -1;
  // Numerically stable form of (-halfB - sqrt(disc)), the distance to the entry point.
  return cc / (-halfB + Math.sqrt(disc)) / len;
}

/**
 * Casts ray `r` against the solid box `box` with the slab method. Returns the smallest `t >= 0` at
 * which the ray enters the box: 0 when the origin is inside or on the boundary, -1 when it misses
 * or the box is empty. Axis-parallel rays are handled without division by zero.
 * @param r - The ray (origin and direction, world units); read only.
 * @param box - The solid box, world units; read only.
 */
export function rayIntersectAabb(r: ReadonlyRay, box: ReadonlyAabb): number {
  if (!(box.minX <= box.maxX && box.minY <= box.maxY)) return -1;
  return clipLineToBox(box.minX, box.minY, box.maxX, box.maxY, r.origin.x, r.origin.y, r.direction.x, r.direction.y, Infinity);
}
