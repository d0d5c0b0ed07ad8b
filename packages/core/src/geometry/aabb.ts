import type { ReadonlyVec2, Vec2 } from "../math/vec2";
import { clipLineToBox } from "./slab";

/**
 * A 2D axis-aligned bounding box as a plain object, in world units. A box is **empty** when
 * `minX > maxX` or `minY > maxY` (see {@link aabbSetEmpty}); an empty box contains and overlaps
 * nothing and is the identity of {@link aabbUnion}. A box with `min == max` is a point and is
 * not empty. All tests are inclusive of the boundary.
 */
export interface Aabb {
  /** Smallest x (world units). */
  minX: number;
  /** Smallest y (world units). */
  minY: number;
  /** Largest x (world units). */
  maxX: number;
  /** Largest y (world units). */
  maxY: number;
}

/** A read-only view of an {@link Aabb}; accepted wherever a function only reads a box. */
export interface ReadonlyAabb {
  /** Smallest x (world units). */
  readonly minX: number;
  /** Smallest y (world units). */
  readonly minY: number;
  /** Largest x (world units). */
  readonly maxX: number;
  /** Largest y (world units). */
  readonly maxY: number;
}

/** Allocates the point box at the origin, `{0, 0, 0, 0}` (a scratch `out` for the `aabb*` functions). */
export function aabb(): Aabb;
/**
 * Allocates a new {@link Aabb}. Bounds are taken as given (see {@link aabbSetEmpty} for the empty box).
 *
 * @param minX - Smallest x (world units).
 * @param minY - Smallest y (world units).
 * @param maxX - Largest x (world units).
 * @param maxY - Largest y (world units).
 */
export function aabb(minX: number, minY: number, maxX: number, maxY: number): Aabb;
export function aabb(minX = 0, minY = 0, maxX = 0, maxY = 0): Aabb {
  return { minX, minY, maxX, maxY };
}

/**
 * Sets `out` to the given bounds and returns it.
 * @param out - The box to overwrite in place and return.
 * @param minX - Smallest x, world units.
 * @param minY - Smallest y, world units.
 * @param maxX - Largest x, world units (below `minX`: empty).
 * @param maxY - Largest y, world units (below `minY`: empty).
 */
export function aabbSet(out: Aabb, minX: number, minY: number, maxX: number, maxY: number): Aabb {
  out.minX = minX;
  out.minY = minY;
  out.maxX = maxX;
  out.maxY = maxY;
  return out;
}

/**
 * Copies `a` into `out`.
 * @param out - Receives `a`'s bounds in place and is returned.
 * @param a - The box to copy; read only.
 */
export function aabbCopy(out: Aabb, a: ReadonlyAabb): Aabb {
  out.minX = a.minX;
  out.minY = a.minY;
  out.maxX = a.maxX;
  out.maxY = a.maxY;
  return out;
}

/**
 * Sets `out` to the canonical empty box `{minX: +∞, minY: +∞, maxX: -∞, maxY: -∞}`, the starting
 * value for growing a box point by point with {@link aabbExpandToPoint}. (Infinities do not survive
 * JSON: store boxes only once they are non-empty.)
 * @param out - The box to overwrite in place and return.
 */
export function aabbSetEmpty(out: Aabb): Aabb {
  out.minX = Infinity;
  out.minY = Infinity;
  out.maxX = -Infinity;
  out.maxY = -Infinity;
  return out;
}

/**
 * True when `a` is empty (`minX > maxX` or `minY > maxY`).
 * @param a - The box, world units; read only.
 */
export function aabbIsEmpty(a: ReadonlyAabb): boolean {
  return !(a.minX <= a.maxX && a.minY <= a.maxY);
}

/**
 * Bounding box of `points` written into `out`. No points gives the empty box ({@link aabbSetEmpty}).
 * @param out - Receives the bounds in place and is returned.
 * @param points - Points in world units; read only (NaN coordinates are skipped).
 */
export function aabbFromPoints(out: Aabb, points: ArrayLike<ReadonlyVec2>): Aabb {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as ReadonlyVec2;
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return aabbSet(out, minX, minY, maxX, maxY);
}

/**
 * Bounding box of flat coordinates `[x0, y0, x1, y1, …]` written into `out`. No pairs gives the
 * empty box; a trailing odd number is ignored.
 * @param out - Receives the bounds in place and is returned.
 * @param coords - Flat coordinates `[x0, y0, x1, y1, …]` in world units; read only.
 */
export function aabbFromCoords(out: Aabb, coords: ArrayLike<number>): Aabb {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const n = coords.length - (coords.length % 2);
  for (let i = 0; i < n; i += 2) {
    const x = coords[i] as number;
    const y = coords[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return aabbSet(out, minX, minY, maxX, maxY);
}

/**
 * Writes the center of `a` into `out`. An empty box has no center: `out` is then set to `(0, 0)`
 * (check {@link aabbIsEmpty} when that matters).
 * @param out - Receives the centre (world units) in place and is returned.
 * @param a - The box, world units; read only.
 */
export function aabbCenter(out: Vec2, a: ReadonlyAabb): Vec2 {
  if (aabbIsEmpty(a)) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  out.x = (a.minX + a.maxX) * 0.5;
  out.y = (a.minY + a.maxY) * 0.5;
  return out;
}

/**
 * True when `p` is inside `a` or on its boundary. False for an empty box.
 * @param a - The box, world units; read only.
 * @param p - The point, world units; read only.
 */
export function aabbContainsPoint(a: ReadonlyAabb, p: ReadonlyVec2): boolean {
  return p.x >= a.minX && p.x <= a.maxX && p.y >= a.minY && p.y <= a.maxY;
}

/**
 * True when `inner` lies entirely inside `outer` (shared boundaries allowed). An empty `inner` is inside everything.
 * @param outer - The containing box; read only.
 * @param inner - The box tested for containment; read only.
 */
export function aabbContainsAabb(outer: ReadonlyAabb, inner: ReadonlyAabb): boolean {
  if (aabbIsEmpty(inner)) return true;
  return inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY;
}

/**
 * True when `a` and `b` overlap or touch. False when either is empty.
 * @param a - First box; read only.
 * @param b - Second box; read only.
 */
export function aabbOverlaps(a: ReadonlyAabb, b: ReadonlyAabb): boolean {
  return (
    a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY && a.minX <= a.maxX && a.minY <= a.maxY && b.minX <= b.maxX && b.minY <= b.maxY
  );
}

/**
 * `out` = the smallest box containing `a` and `b`; `out` may alias either. An empty box contributes nothing.
 * @param out - Receives the union in place and is returned.
 * @param a - First box; read only.
 * @param b - Second box; read only.
 */
export function aabbUnion(out: Aabb, a: ReadonlyAabb, b: ReadonlyAabb): Aabb {
  if (aabbIsEmpty(a)) return aabbCopy(out, b);
  if (aabbIsEmpty(b)) return aabbCopy(out, a);
  return aabbSet(out, Math.min(a.minX, b.minX), Math.min(a.minY, b.minY), Math.max(a.maxX, b.maxX), Math.max(a.maxY, b.maxY));
}

/**
 * `out` = `a` grown by `margin` world units on every side (a negative margin shrinks it; shrinking
 * past the center leaves an empty box). `out` may alias `a`.
 * @param out - Receives the grown box in place and is returned.
 * @param a - The box to grow; read only.
 * @param margin - Distance added on every side, world units (negative shrinks).
 */
export function aabbExpand(out: Aabb, a: ReadonlyAabb, margin: number): Aabb {
  return aabbSet(out, a.minX - margin, a.minY - margin, a.maxX + margin, a.maxY + margin);
}

/**
 * `out` = the smallest box containing `a` and point `p`; `out` may alias `a`. Growing the canonical
 * empty box ({@link aabbSetEmpty}) gives the point box at `p`.
 * @param out - Receives the grown box in place and is returned.
 * @param a - The box to grow; read only.
 * @param p - The point to include, world units; read only.
 */
export function aabbExpandToPoint(out: Aabb, a: ReadonlyAabb, p: ReadonlyVec2): Aabb {
  return aabbSet(out, Math.min(a.minX, p.x), Math.min(a.minY, p.y), Math.max(a.maxX, p.x), Math.max(a.maxY, p.y));
}

/**
 * Writes the point of `a` closest to `p` into `out` (`p` clamped to the box; `p` itself when
 * inside). `out` may alias `p`. For an empty box, which has no points, `out` is set to `p`.
 * @param out - Receives the closest point (world units) in place and is returned.
 * @param a - The box, world units; read only.
 * @param p - The query point, world units; read only.
 */
export function aabbClosestPoint(out: Vec2, a: ReadonlyAabb, p: ReadonlyVec2): Vec2 {
  const x = p.x;
  const y = p.y;
  if (aabbIsEmpty(a)) {
    out.x = x;
    out.y = y;
    return out;
  }
  out.x = x < a.minX ? a.minX : x > a.maxX ? a.maxX : x;
  out.y = y < a.minY ? a.minY : y > a.maxY ? a.maxY : y;
  return out;
}

/**
 * Squared distance from `p` to box `a` (0 inside or on the boundary; `Infinity` for an empty box).
 * @param a - The box, world units; read only.
 * @param p - The query point, world units; read only.
 * @returns Squared distance in world units².
 */
export function aabbDistanceSqToPoint(a: ReadonlyAabb, p: ReadonlyVec2): number {
  if (aabbIsEmpty(a)) return Infinity;
  const dx = p.x < a.minX ? a.minX - p.x : p.x > a.maxX ? p.x - a.maxX : 0;
  const dy = p.y < a.minY ? a.minY - p.y : p.y > a.maxY ? p.y - a.maxY : 0;
  return dx * dx + dy * dy;
}

/**
 * Intersects segment `p→q` with the solid box `a` (slab method). Returns the parameter `t` in
 * `[0, 1]` of the first point of the segment inside the box (`p + (q - p) · t`): 0 when `p` is
 * inside or on the boundary, and -1 when the segment misses the box or the box is empty. A
 * zero-length segment is the point `p`; segments parallel to an axis are handled without
 * division by zero.
 * @param a - The solid box; read only.
 * @param p - Segment start, world units; read only.
 * @param q - Segment end, world units; read only.
 */
export function aabbIntersectSegment(a: ReadonlyAabb, p: ReadonlyVec2, q: ReadonlyVec2): number {
  if (aabbIsEmpty(a)) return -1;
  return clipLineToBox(a.minX, a.minY, a.maxX, a.maxY, p.x, p.y, q.x - p.x, q.y - p.y, 1);
}

/**
 * True when segment `p→q` touches the box `a` (see {@link aabbIntersectSegment}).
 * @param a - The solid box; read only.
 * @param p - Segment start, world units; read only.
 * @param q - Segment end, world units; read only.
 */
export function aabbIntersectsSegment(a: ReadonlyAabb, p: ReadonlyVec2, q: ReadonlyVec2): boolean {
  return aabbIntersectSegment(a, p, q) >= 0;
}
