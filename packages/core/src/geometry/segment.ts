import type { ReadonlyVec2, Vec2 } from "../math/vec2";

/**
 * Result of {@link segmentIntersectSegment}: the intersection point and its parameters on both
 * segments. A plain object; allocate one with {@link createSegmentIntersection} and reuse it.
 */
export interface SegmentIntersection {
  /** X of the intersection point (world units). */
  x: number;
  /** Y of the intersection point (world units). */
  y: number;
  /** Parameter on the first segment `a→b`, in `[0, 1]`: point = `a + (b - a) · t`. */
  t: number;
  /** Parameter on the second segment `c→d`, in `[0, 1]`: point = `c + (d - c) · u`. */
  u: number;
}

/** Allocates a zeroed {@link SegmentIntersection} to pass to {@link segmentIntersectSegment}. */
export function createSegmentIntersection(): SegmentIntersection {
  return { x: 0, y: 0, t: 0, u: 0 };
}

/**
 * Parameter `t` in `[0, 1]` of the point of segment `a→b` closest to `p` (the point is
 * `a + (b - a) · t`). A zero-length segment (`a` equals `b`) gives 0.
 * @param a - Segment start, world units; read only.
 * @param b - Segment end, world units; read only.
 * @param p - The query point, world units; read only.
 */
export function segmentClosestT(a: ReadonlyVec2, b: ReadonlyVec2, p: ReadonlyVec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lenSq = dx * dx + dy * dy;
  if (lenSq === 0) return 0;
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / lenSq;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/**
 * Writes the point of segment `a→b` closest to `p` into `out` (which may alias any input). A
 * zero-length segment gives `a`.
 * @param out - Receives the closest point (world units) in place and is returned.
 * @param a - Segment start, world units; read only.
 * @param b - Segment end, world units; read only.
 * @param p - The query point, world units; read only.
 */
export function segmentClosestPoint(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2, p: ReadonlyVec2): Vec2 {
  const t = segmentClosestT(a, b, p);
  const ax = a.x;
  const ay = a.y;
  out.x = ax + (b.x - ax) * t;
  out.y = ay + (b.y - ay) * t;
  return out;
}

/**
 * Squared distance from point `p` to segment `a→b` (world units²). A zero-length segment is the point `a`.
 * @param a - Segment start, world units; read only.
 * @param b - Segment end, world units; read only.
 * @param p - The query point, world units; read only.
 */
export function segmentDistanceSqToPoint(a: ReadonlyVec2, b: ReadonlyVec2, p: ReadonlyVec2): number {
  const t = segmentClosestT(a, b, p);
  const dx = a.x + (b.x - a.x) * t - p.x;
  const dy = a.y + (b.y - a.y) * t - p.y;
  return dx * dx + dy * dy;
}

/**
 * Distance from point `p` to segment `a→b` (world units). A zero-length segment is the point `a`.
 * @param a - Segment start, world units; read only.
 * @param b - Segment end, world units; read only.
 * @param p - The query point, world units; read only.
 */
export function segmentDistanceToPoint(a: ReadonlyVec2, b: ReadonlyVec2, p: ReadonlyVec2): number {
  return Math.sqrt(segmentDistanceSqToPoint(a, b, p));
}

// Relative tolerance for "parallel" and "collinear" decisions, scaled by the coordinates' magnitude.
const REL_EPS = 1e-12;

function setResult(result: SegmentIntersection, x: number, y: number, t: number, u: number): void {
  result.x = x;
  result.y = y;
  result.t = t + 0; // + 0 turns -0 into 0
  result.u = u + 0;
}

function paramOn(px: number, py: number, ox: number, oy: number, dx: number, dy: number, lenSq: number): number {
  if (lenSq === 0) return 0;
  const t = ((px - ox) * dx + (py - oy) * dy) / lenSq;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/**
 * Intersects segment `a→b` with segment `c→d`. Returns true when they share at least one point
 * (touching endpoints count) and writes into `result` the shared point and its parameters `t` (on
 * `a→b`) and `u` (on `c→d`), both in `[0, 1]`; on false `result` is left unchanged.
 *
 * Degenerate cases, all defined:
 * - Crossing (non-parallel): the unique crossing point.
 * - Collinear and overlapping: the overlap point closest to `a` (smallest `t`), with its `u`.
 * - Parallel but not collinear, or collinear and disjoint: false.
 * - A zero-length segment is a point: it intersects when it lies on the other segment (then its
 *   own parameter is 0). Two zero-length segments intersect when the points coincide.
 *
 * "Parallel", "collinear" and "lies on" use a tolerance of about 1e-12 relative to the
 * coordinates' magnitude, so results near those cases are stable rather than exact. `result` may
 * be the same object as an input point.
 * @param result - Receives `x`, `y`, `t` and `u` in place when the segments meet ({@link createSegmentIntersection}); untouched
 *   otherwise.
 * @param a - First segment's start, world units; read only.
 * @param b - First segment's end, world units; read only.
 * @param c - Second segment's start, world units; read only.
 * @param d - Second segment's end, world units; read only.
 */
export function segmentIntersectSegment(result: SegmentIntersection, a: ReadonlyVec2, b: ReadonlyVec2, c: ReadonlyVec2, d: ReadonlyVec2): boolean {
  const ax = a.x;
  const ay = a.y;
  const rx = b.x - ax;
  const ry = b.y - ay;
  const cx = c.x;
  const cy = c.y;
  const sx = d.x - cx;
  const sy = d.y - cy;
  const qx = cx - ax;
  const qy = cy - ay;
  const rr = rx * rx + ry * ry;
  const ss = sx * sx + sy * sy;
  const denom = rx * sy - ry * sx;
  const rLen = Math.sqrt(rr);
  const sLen = Math.sqrt(ss);

  if (Math.abs(denom) > REL_EPS * rLen * sLen && rr > 0 && ss > 0) {
    const t = (qx * sy - qy * sx) / denom;
    const u = (qx * ry - qy * rx) / denom;
    if (t < 0 || t > 1 || u < 0 || u > 1) return false;
    setResult(result, ax + rx * t, ay + ry * t, t, u);
    return true;
  }

  // Parallel or degenerate. Absolute tolerance scaled by the coordinates' magnitude.
  const scale = Math.max(1, Math.abs(ax), Math.abs(ay), Math.abs(b.x), Math.abs(b.y), Math.abs(cx), Math.abs(cy), Math.abs(d.x), Math.abs(d.y));
  const tol = REL_EPS * 1e3 * scale;
  const tolSq = tol * tol;

  if (rr <= tolSq) {
    // a→b is a point: does it lie on c→d?
    const u = paramOn(ax, ay, cx, cy, sx, sy, ss);
    const ex = cx + sx * u - ax;
    const ey = cy + sy * u - ay;
    if (ex * ex + ey * ey > tolSq) return false;
    setResult(result, ax, ay, 0, u);
    return true;
  }
  if (ss <= tolSq) {
    // c→d is a point: does it lie on a→b?
    const t = paramOn(cx, cy, ax, ay, rx, ry, rr);
    const ex = ax + rx * t - cx;
    const ey = ay + ry * t - cy;
    if (ex * ex + ey * ey > tolSq) return false;
    setResult(result, cx, cy, t, 0);
    return true;
  }
  // Parallel: collinear when c is on the line through a, b.
  const cross = qx * ry - qy * rx; // |q| |r| sin, so distance of c from the line = |cross| / |r|
  if (Math.abs(cross) > tol * rLen) return false;
  const t0 = (qx * rx + qy * ry) / rr;
  const t1 = t0 + (sx * rx + sy * ry) / rr;
  const lo = Math.min(t0, t1);
  const hi = Math.max(t0, t1);
  if (hi < 0 || lo > 1) return false;
  const t = lo > 0 ? lo : 0;
  const px = ax + rx * t;
  const py = ay + ry * t;
  setResult(result, px, py, t, paramOn(px, py, cx, cy, sx, sy, ss));
  return true;
}

const scratch: SegmentIntersection = { x: 0, y: 0, t: 0, u: 0 };

/**
 * True when segments `a→b` and `c→d` share at least one point (touching counts). Same rules and
 * degenerate cases as {@link segmentIntersectSegment}, without the result.
 * @param a - First segment's start, world units; read only.
 * @param b - First segment's end, world units; read only.
 * @param c - Second segment's start, world units; read only.
 * @param d - Second segment's end, world units; read only.
 */
export function segmentIntersectsSegment(a: ReadonlyVec2, b: ReadonlyVec2, c: ReadonlyVec2, d: ReadonlyVec2): boolean {
  return segmentIntersectSegment(scratch, a, b, c, d);
}

/**
 * Closest points between segments `a→b` and `c→d`: writes the point on `a→b` into `outP` and the
 * point on `c→d` into `outQ`, and returns their squared distance (world units²). Intersecting
 * segments give distance 0 with both points at the intersection chosen by
 * {@link segmentIntersectSegment}. Parallel segments have many closest pairs; one of them is
 * returned (the one involving the first endpoint found, in the order `a`, `b`, `c`, `d`).
 * Zero-length segments are points. `outP` and `outQ` must be different objects; they may alias
 * the inputs.
 * @param outP - Receives the closest point on `a→b` (world units) in place.
 * @param outQ - Receives the closest point on `c→d` in place; a different object from `outP`.
 * @param a - First segment's start, world units; read only.
 * @param b - First segment's end, world units; read only.
 * @param c - Second segment's start, world units; read only.
 * @param d - Second segment's end, world units; read only.
 */
export function segmentClosestPoints(outP: Vec2, outQ: Vec2, a: ReadonlyVec2, b: ReadonlyVec2, c: ReadonlyVec2, d: ReadonlyVec2): number {
  if (segmentIntersectSegment(scratch, a, b, c, d)) {
    outP.x = scratch.x;
    outP.y = scratch.y;
    outQ.x = scratch.x;
    outQ.y = scratch.y;
    return 0;
  }
  // Disjoint segments in 2D: the closest pair always involves an endpoint.
  const ax = a.x;
  const ay = a.y;
  const bx = b.x;
  const by = b.y;
  const cx = c.x;
  const cy = c.y;
  const dx = d.x;
  const dy = d.y;
  const abx = bx - ax;
  const aby = by - ay;
  const abLen = abx * abx + aby * aby;
  const cdx = dx - cx;
  const cdy = dy - cy;
  const cdLen = cdx * cdx + cdy * cdy;

  let best = Infinity;
  let px = 0;
  let py = 0;
  let qx = 0;
  let qy = 0;
  // a, b against c→d
  for (let k = 0; k < 2; k++) {
    const ex = k === 0 ? ax : bx;
    const ey = k === 0 ? ay : by;
    const u = paramOn(ex, ey, cx, cy, cdx, cdy, cdLen);
    const fx = cx + cdx * u;
    const fy = cy + cdy * u;
    const dsq = (fx - ex) * (fx - ex) + (fy - ey) * (fy - ey);
    if (dsq < best) {
      best = dsq;
      px = ex;
      py = ey;
      qx = fx;
      qy = fy;
    }
  }
  // c, d against a→b
  for (let k = 0; k < 2; k++) {
    const ex = k === 0 ? cx : dx;
    const ey = k === 0 ? cy : dy;
    const t = paramOn(ex, ey, ax, ay, abx, aby, abLen);
    const fx = ax + abx * t;
    const fy = ay + aby * t;
    const dsq = (fx - ex) * (fx - ex) + (fy - ey) * (fy - ey);
    if (dsq < best) {
      best = dsq;
      px = fx;
      py = fy;
      qx = ex;
      qy = ey;
    }
  }
  outP.x = px;
  outP.y = py;
  outQ.x = qx;
  outQ.y = qy;
  return best;
}

const scratchP: Vec2 = { x: 0, y: 0 };
const scratchQ: Vec2 = { x: 0, y: 0 };

/**
 * Squared closest distance between segments `a→b` and `c→d` (world units²); 0 when they intersect.
 * See {@link segmentClosestPoints}.
 * @param a - First segment's start, world units; read only.
 * @param b - First segment's end, world units; read only.
 * @param c - Second segment's start, world units; read only.
 * @param d - Second segment's end, world units; read only.
 */
export function segmentDistanceSqToSegment(a: ReadonlyVec2, b: ReadonlyVec2, c: ReadonlyVec2, d: ReadonlyVec2): number {
  return segmentClosestPoints(scratchP, scratchQ, a, b, c, d);
}

/**
 * Closest distance between segments `a→b` and `c→d` (world units); 0 when they intersect.
 * See {@link segmentClosestPoints}.
 * @param a - First segment's start, world units; read only.
 * @param b - First segment's end, world units; read only.
 * @param c - Second segment's start, world units; read only.
 * @param d - Second segment's end, world units; read only.
 */
export function segmentDistanceToSegment(a: ReadonlyVec2, b: ReadonlyVec2, c: ReadonlyVec2, d: ReadonlyVec2): number {
  return Math.sqrt(segmentClosestPoints(scratchP, scratchQ, a, b, c, d));
}
