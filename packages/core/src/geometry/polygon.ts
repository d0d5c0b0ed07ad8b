import { segmentIntersectsSegment } from "./segment";
import type { ReadonlyVec2, Vec2 } from "../math/vec2";

// Polygons. Primary form: `ArrayLike<ReadonlyVec2>`, the vertices in order, implicitly closed
// (the last vertex connects back to the first; do not repeat the first vertex). The hot queries
// also have a `...Coords` twin over flat `[x0, y0, x1, y1, ...]` arrays (typed arrays welcome).
// Orientation: in Tactica's y-up world a positive signed area means counter-clockwise.

/**
 * Winding of a polygon in a y-up frame, as returned by {@link polygonWinding}: a const object, not
 * an enum. On a y-down screen the visual sense is mirrored (counter-clockwise looks clockwise).
 */
export const PolygonWinding = {
  /** Negative signed area: clockwise in a y-up frame. */
  Clockwise: -1,
  /** Zero signed area (fewer than 3 vertices, or all collinear). */
  Degenerate: 0,
  /** Positive signed area: counter-clockwise in a y-up frame. */
  CounterClockwise: 1,
} as const;

/** One of the values of {@link PolygonWinding}. */
export type PolygonWinding = (typeof PolygonWinding)[keyof typeof PolygonWinding];

/**
 * Signed area (world units²) of the closed polygon `points` by the shoelace formula: positive when
 * the vertices run counter-clockwise in a y-up frame, negative when clockwise. Fewer than 3
 * vertices give 0. For a self-intersecting polygon, lobes of opposite orientation cancel.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 */
export function polygonSignedArea(points: ArrayLike<ReadonlyVec2>): number {
  const n = points.length;
  if (n < 3) return 0;
  let sum = 0;
  let prev = points[n - 1] as ReadonlyVec2;
  for (let i = 0; i < n; i++) {
    const p = points[i] as ReadonlyVec2;
    sum += prev.x * p.y - p.x * prev.y;
    prev = p;
  }
  return sum * 0.5;
}

/**
 * Signed area of a polygon given as flat coordinates `[x0, y0, x1, y1, …]`; see
 * {@link polygonSignedArea}. A trailing odd number is ignored.
 * @param coords - The polygon as flat coordinates `[x0, y0, x1, y1, …]` (world units), implicitly closed; read only.
 */
export function polygonSignedAreaCoords(coords: ArrayLike<number>): number {
  const n = coords.length >> 1;
  if (n < 3) return 0;
  let sum = 0;
  let px = coords[2 * n - 2] as number;
  let py = coords[2 * n - 1] as number;
  for (let i = 0; i < n; i++) {
    const x = coords[2 * i] as number;
    const y = coords[2 * i + 1] as number;
    sum += px * y - x * py;
    px = x;
    py = y;
  }
  return sum * 0.5;
}

/**
 * Unsigned area (world units²) of `points`; see {@link polygonSignedArea}.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 */
export function polygonArea(points: ArrayLike<ReadonlyVec2>): number {
  return Math.abs(polygonSignedArea(points));
}

/**
 * Winding of `points` from the sign of its signed area; see {@link PolygonWinding}.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 */
export function polygonWinding(points: ArrayLike<ReadonlyVec2>): PolygonWinding {
  const a = polygonSignedArea(points);
  return a > 0 ? PolygonWinding.CounterClockwise : a < 0 ? PolygonWinding.Clockwise : PolygonWinding.Degenerate;
}

/**
 * Reverses the vertex order of `points` in place when it is clockwise (negative signed area), so it
 * runs counter-clockwise in a y-up frame; returns the same array. Degenerate polygons are left as
 * they are. The first vertex stays first.
 * @param points - The polygon's vertices (world units); reordered in place when clockwise and returned.
 */
export function polygonEnsureCounterClockwise<T extends ReadonlyVec2>(points: T[]): T[] {
  if (polygonSignedArea(points) >= 0) return points;
  // Reverse vertices 1..n-1, keeping vertex 0 in place.
  for (let i = 1, j = points.length - 1; i < j; i++, j--) {
    const tmp = points[i] as T;
    points[i] = points[j] as T;
    points[j] = tmp;
  }
  return points;
}

/**
 * Flat-coordinate version of {@link polygonEnsureCounterClockwise}: reverses the `(x, y)` pairs of
 * `coords` in place (keeping the first pair first) when the polygon is clockwise; returns `coords`.
 * @param coords - Flat coordinates `[x0, y0, …]` (world units); pairs reordered in place when clockwise and returned.
 */
export function polygonEnsureCounterClockwiseCoords<T extends { [index: number]: number; readonly length: number }>(coords: T): T {
  if (polygonSignedAreaCoords(coords) >= 0) return coords;
  const n = coords.length >> 1;
  for (let i = 1, j = n - 1; i < j; i++, j--) {
    const x = coords[2 * i] as number;
    const y = coords[2 * i + 1] as number;
    coords[2 * i] = coords[2 * j] as number;
    coords[2 * i + 1] = coords[2 * j + 1] as number;
    coords[2 * j] = x;
    coords[2 * j + 1] = y;
  }
  return coords;
}

/**
 * Point-in-polygon by the crossing-number (even-odd) rule: true when `p` is inside `points`. Works
 * for concave polygons and either winding; for self-intersecting ones, regions covered an even
 * number of times are outside. Fewer than 3 vertices contain nothing.
 *
 * Points exactly on the boundary follow the half-open rule: they count as inside for some edges
 * and outside for others (for an axis-aligned rectangle, the left and bottom edges are in, the
 * right and top edges out), so of two polygons sharing an edge exactly one claims each point on
 * it. Use {@link polygonClosestPoint} with a tolerance when the boundary must count as inside.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 * @param p - The query point, world units; read only.
 */
export function polygonContainsPoint(points: ArrayLike<ReadonlyVec2>, p: ReadonlyVec2): boolean {
  const n = points.length;
  if (n < 3) return false;
  const px = p.x;
  const py = p.y;
  let inside = false;
  let prev = points[n - 1] as ReadonlyVec2;
  for (let i = 0; i < n; i++) {
    const cur = points[i] as ReadonlyVec2;
    if (cur.y > py !== prev.y > py) {
      const xCross = prev.x + ((py - prev.y) * (cur.x - prev.x)) / (cur.y - prev.y);
      if (px < xCross) inside = !inside;
    }
    prev = cur;
  }
  return inside;
}

/**
 * {@link polygonContainsPoint} for a polygon given as flat coordinates `[x0, y0, x1, y1, …]` and the point `(x, y)`.
 * @param coords - The polygon as flat coordinates `[x0, y0, x1, y1, …]` (world units), implicitly closed; read only.
 * @param x - Query point x, world units.
 * @param y - Query point y, world units.
 */
export function polygonContainsPointCoords(coords: ArrayLike<number>, x: number, y: number): boolean {
  const n = coords.length >> 1;
  if (n < 3) return false;
  let inside = false;
  let qx = coords[2 * n - 2] as number;
  let qy = coords[2 * n - 1] as number;
  for (let i = 0; i < n; i++) {
    const cx = coords[2 * i] as number;
    const cy = coords[2 * i + 1] as number;
    if (cy > y !== qy > y) {
      const xCross = qx + ((y - qy) * (cx - qx)) / (cy - qy);
      if (x < xCross) inside = !inside;
    }
    qx = cx;
    qy = cy;
  }
  return inside;
}

/**
 * Writes the point on the boundary (edges) of polygon `points` closest to `p` into `out` and
 * returns the squared distance (world units²), whether `p` is inside or outside. A single vertex
 * is its own boundary; an empty polygon has none, so `out` is set to `p` and the result is
 * `Infinity`. On ties the earliest edge wins. `out` may alias `p`.
 * @param out - Receives the closest boundary point (world units) in place.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 * @param p - The query point, world units; read only.
 */
export function polygonClosestPoint(out: Vec2, points: ArrayLike<ReadonlyVec2>, p: ReadonlyVec2): number {
  const n = points.length;
  const px = p.x;
  const py = p.y;
  if (n === 0) {
    out.x = px;
    out.y = py;
    return Infinity;
  }
  let best = Infinity;
  let bx = px;
  let by = py;
  let prev = points[n - 1] as ReadonlyVec2;
  for (let i = 0; i < n; i++) {
    const cur = points[i] as ReadonlyVec2;
    const ex = cur.x - prev.x;
    const ey = cur.y - prev.y;
    const lenSq = ex * ex + ey * ey;
    let t = lenSq === 0 ? 0 : ((px - prev.x) * ex + (py - prev.y) * ey) / lenSq;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const cx = prev.x + ex * t;
    const cy = prev.y + ey * t;
    const dSq = (cx - px) * (cx - px) + (cy - py) * (cy - py);
    if (dSq < best) {
      best = dSq;
      bx = cx;
      by = cy;
    }
    prev = cur;
  }
  out.x = bx;
  out.y = by;
  return best;
}

/**
 * Writes the area centroid (center of mass of the filled polygon) of `points` into `out`. Works for
 * either winding and for concave polygons. Degenerate input has no area: a polygon with zero signed
 * area (collinear vertices, fewer than 3) gives the mean of its vertices, and an empty one gives
 * `(0, 0)`.
 * @param out - Receives the centroid (world units) in place and is returned.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 */
export function polygonCentroid(out: Vec2, points: ArrayLike<ReadonlyVec2>): Vec2 {
  const n = points.length;
  if (n === 0) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  // Translate to the first vertex for precision far from the origin.
  const ox = (points[0] as ReadonlyVec2).x;
  const oy = (points[0] as ReadonlyVec2).y;
  let a2 = 0;
  let cx = 0;
  let cy = 0;
  let mx = 0;
  let my = 0;
  let prevX = (points[n - 1] as ReadonlyVec2).x - ox;
  let prevY = (points[n - 1] as ReadonlyVec2).y - oy;
  for (let i = 0; i < n; i++) {
    const p = points[i] as ReadonlyVec2;
    const x = p.x - ox;
    const y = p.y - oy;
    const cross = prevX * y - x * prevY;
    a2 += cross;
    cx += (prevX + x) * cross;
    cy += (prevY + y) * cross;
    mx += x;
    my += y;
    prevX = x;
    prevY = y;
  }
  if (n < 3 || a2 === 0) {
    out.x = ox + mx / n;
    out.y = oy + my / n;
    return out;
  }
  out.x = ox + cx / (3 * a2);
  out.y = oy + cy / (3 * a2);
  return out;
}

/**
 * True when `points` is a convex polygon, in either winding. Collinear consecutive vertices and
 * repeated vertices are allowed (the test is non-strict); polygons with fewer than 3 distinct
 * turning vertices, zero area, or that wind around more than once (a pentagram) are not convex.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 */
export function polygonIsConvex(points: ArrayLike<ReadonlyVec2>): boolean {
  const n = points.length;
  if (n < 3) return false;
  // Walk the non-zero edges; edge i runs from vertex i to vertex i + 1 (mod n).
  let first = -1;
  for (let i = 0; i < n; i++) {
    const p = points[i] as ReadonlyVec2;
    const q = points[(i + 1) % n] as ReadonlyVec2;
    if (p.x !== q.x || p.y !== q.y) {
      first = i;
      break;
    }
  }
  if (first < 0) return false;
  const f0 = points[first] as ReadonlyVec2;
  const f1 = points[(first + 1) % n] as ReadonlyVec2;
  let ex = f1.x - f0.x;
  let ey = f1.y - f0.y;
  let sign = 0;
  let turns = 0;
  let turning = 0;
  for (let k = 1; k <= n; k++) {
    const i = (first + k) % n;
    const p = points[i] as ReadonlyVec2;
    const q = points[(i + 1) % n] as ReadonlyVec2;
    const fx = q.x - p.x;
    const fy = q.y - p.y;
    if (fx === 0 && fy === 0) continue;
    const cross = ex * fy - ey * fx;
    const dot = ex * fx + ey * fy;
    if (cross !== 0) {
      const s = cross > 0 ? 1 : -1;
      if (sign === 0) sign = s;
      else if (s !== sign) return false;
      turns++;
    } else if (dot < 0) {
      return false; // a 180° reversal
    }
    turning += Math.atan2(cross, dot);
    ex = fx;
    ey = fy;
  }
  if (turns < 3) return false;
  // A simple convex polygon turns by exactly ±2π in total; a star polygon by a multiple of that.
  return Math.abs(Math.abs(turning) - 2 * Math.PI) < 1e-6;
}

/**
 * True when segment `a→b` touches polygon `points`: it crosses or touches an edge, or lies entirely
 * inside. Fewer than 2 vertices never intersect; 2 vertices are treated as a single edge. A
 * zero-length segment is the point `a`.
 * @param points - The polygon's vertices in order (world units), implicitly closed (do not repeat the first); read only.
 * @param a - Segment start, world units; read only.
 * @param b - Segment end, world units; read only.
 */
export function polygonIntersectsSegment(points: ArrayLike<ReadonlyVec2>, a: ReadonlyVec2, b: ReadonlyVec2): boolean {
  const n = points.length;
  if (n < 2) return false;
  if (n === 2) return segmentIntersectsSegment(points[0] as ReadonlyVec2, points[1] as ReadonlyVec2, a, b);
  let prev = points[n - 1] as ReadonlyVec2;
  for (let i = 0; i < n; i++) {
    const cur = points[i] as ReadonlyVec2;
    if (segmentIntersectsSegment(prev, cur, a, b)) return true;
    prev = cur;
  }
  return polygonContainsPoint(points, a);
}
