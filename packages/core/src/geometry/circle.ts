import type { ReadonlyVec2, Vec2 } from "../math/vec2";

// Length of (dx, dy) without underflow for tiny vectors or overflow for huge ones.
function length(dx: number, dy: number, dSq: number): number {
  return dSq > 1e-280 && dSq < 1e280 ? Math.sqrt(dSq) : Math.hypot(dx, dy);
}

/**
 * A circle (a solid disc for the containment and overlap tests) as a plain object: center
 * `(x, y)` and `radius` in world units. `radius` should be `>= 0`; a zero radius is a point, which
 * every function handles. (Negative radii are not validated at this level: they contain nothing.)
 */
export interface Circle {
  /** Center x (world units). */
  x: number;
  /** Center y (world units). */
  y: number;
  /** Radius (world units, `>= 0`). */
  radius: number;
}

/** A read-only view of a {@link Circle}; accepted wherever a function only reads a circle. */
export interface ReadonlyCircle {
  /** Center x (world units). */
  readonly x: number;
  /** Center y (world units). */
  readonly y: number;
  /** Radius (world units, `>= 0`). */
  readonly radius: number;
}

/** Allocates the unit circle at the origin, `{ x: 0, y: 0, radius: 1 }`. */
export function circle(): Circle;
/**
 * Allocates a new {@link Circle}.
 *
 * @param x - Center x (world units).
 * @param y - Center y (world units).
 * @param radius - Radius (world units, `>= 0`).
 */
export function circle(x: number, y: number, radius: number): Circle;
export function circle(x = 0, y = 0, radius = 1): Circle {
  return { x, y, radius };
}

/**
 * True when `p` is inside the disc or on its boundary (`|p - center| <= radius`).
 * @param c - The circle (centre and radius in world units); read only.
 * @param p - The query point, world units; read only.
 */
export function circleContainsPoint(c: ReadonlyCircle, p: ReadonlyVec2): boolean {
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return c.radius >= 0 && dx * dx + dy * dy <= c.radius * c.radius;
}

/**
 * True when the discs `a` and `b` overlap or touch (`|ca - cb| <= ra + rb`). Zero radii are points.
 * @param a - First circle; read only.
 * @param b - Second circle; read only.
 */
export function circleOverlapsCircle(a: ReadonlyCircle, b: ReadonlyCircle): boolean {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const r = a.radius + b.radius;
  return a.radius >= 0 && b.radius >= 0 && dx * dx + dy * dy <= r * r;
}

/**
 * True when segment `a→b` touches the disc `c` (its distance to the center is `<= radius`),
 * including a segment entirely inside. A zero-length segment is the point `a`.
 * @param c - The circle (centre and radius in world units); read only.
 * @param a - Segment start, world units; read only.
 * @param b - Segment end, world units; read only.
 */
export function circleIntersectsSegment(c: ReadonlyCircle, a: ReadonlyVec2, b: ReadonlyVec2): boolean {
  if (c.radius < 0) return false;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lenSq = dx * dx + dy * dy;
  let t = lenSq === 0 ? 0 : ((c.x - a.x) * dx + (c.y - a.y) * dy) / lenSq;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = a.x + dx * t - c.x;
  const ey = a.y + dy * t - c.y;
  return ex * ex + ey * ey <= c.radius * c.radius;
}

/**
 * Writes the point of the solid disc `c` closest to `p` into `out` (which may alias `p`): `p`
 * itself when it is inside, otherwise the boundary point towards `p`.
 * @param out - Receives the closest point (world units) in place and is returned.
 * @param c - The circle (centre and radius in world units); read only.
 * @param p - The query point, world units; read only.
 */
export function circleClosestPoint(out: Vec2, c: ReadonlyCircle, p: ReadonlyVec2): Vec2 {
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  const dSq = dx * dx + dy * dy;
  const r = c.radius > 0 ? c.radius : 0;
  if (dSq <= r * r) {
    out.x = p.x;
    out.y = p.y;
    return out;
  }
  const len = length(dx, dy, dSq);
  out.x = c.x + (dx / len) * r;
  out.y = c.y + (dy / len) * r;
  return out;
}

/**
 * Writes the point of the circle's boundary closest to `p` into `out` (which may alias `p`), whether
 * `p` is inside or outside. When `p` is exactly the center every boundary point is closest; the
 * result is then `(x + radius, y)`. A zero radius gives the center.
 * @param out - Receives the boundary point (world units) in place and is returned.
 * @param c - The circle (centre and radius in world units); read only.
 * @param p - The query point, world units; read only.
 */
export function circleClosestBoundaryPoint(out: Vec2, c: ReadonlyCircle, p: ReadonlyVec2): Vec2 {
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  const dSq = dx * dx + dy * dy;
  const r = c.radius > 0 ? c.radius : 0;
  if (dx === 0 && dy === 0) {
    out.x = c.x + r;
    out.y = c.y;
    return out;
  }
  const len = length(dx, dy, dSq);
  out.x = c.x + (dx / len) * r;
  out.y = c.y + (dy / len) * r;
  return out;
}

/**
 * Signed distance from `p` to the circle's boundary (world units): negative inside, 0 on the
 * boundary, positive outside (`|p - center| - radius`).
 * @param c - The circle (centre and radius in world units); read only.
 * @param p - The query point, world units; read only.
 */
export function circleSignedDistance(c: ReadonlyCircle, p: ReadonlyVec2): number {
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return Math.sqrt(dx * dx + dy * dy) - c.radius;
}
