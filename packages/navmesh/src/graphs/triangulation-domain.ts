import { orient2d } from "../build/predicates";
import type { CdtTriangulation } from "../build/triangulate-cdt";

/**
 * Visibility inside a triangulated domain: boundary edges and vertices, with exact orientation.
 * @internal
 */
export interface TriangulationDomain {
  readonly tri: CdtTriangulation;
  /** Boundary edges as vertex pairs. */
  readonly edges: number[];
  /** Vertices on the boundary. */
  readonly boundaryVertices: number[];
}

/** @internal */
export function createTriangulationDomain(tri: CdtTriangulation): TriangulationDomain {
  const edges: number[] = [];
  const onBoundary = new Set<number>();
  for (let t = 0; t < tri.triangles.length / 3; t++) {
    for (let i = 0; i < 3; i++) {
      if (!tri.boundary[3 * t + i]) continue;
      const a = tri.triangles[3 * t + i]!,
        b = tri.triangles[3 * t + ((i + 1) % 3)]!;
      edges.push(a, b);
      onBoundary.add(a);
      onBoundary.add(b);
    }
  }
  return { tri, edges, boundaryVertices: [...onBoundary] };
}

/** The point lies in a triangle, or within a rounding tolerance of one (closed). @internal */
export function pointInDomain(d: TriangulationDomain, x: number, y: number): boolean {
  const v = d.tri.vertices,
    T = d.tri.triangles;
  for (let t = 0; t < T.length; t += 3) {
    let ok = true;
    for (let i = 0; i < 3 && ok; i++) {
      const a = T[t + i]!,
        b = T[t + ((i + 1) % 3)]!;
      const ax = v[2 * a]!,
        ay = v[2 * a + 1]!,
        bx = v[2 * b]!,
        by = v[2 * b + 1]!;
      if (orient2d(ax, ay, bx, by, x, y) >= 0) continue;
      // Slightly outside this edge: accept rounding of points computed on it.
      const len = Math.hypot(bx - ax, by - ay);
      const scale = Math.max(Math.abs(ax), Math.abs(ay), Math.abs(bx), Math.abs(by), len);
      if (((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / len < -1e-12 * scale) ok = false;
    }
    if (ok) return true;
  }
  return false;
}

/**
 * The closed segment `a–b` lies inside the (closed) walkable domain: it crosses no boundary edge
 * properly, and between the boundary vertices it touches it stays inside. @internal
 */
export function segmentInDomain(d: TriangulationDomain, ax: number, ay: number, bx: number, by: number): boolean {
  const v = d.tri.vertices;
  const E = d.edges;
  for (let e = 0; e < E.length; e += 2) {
    const cx = v[2 * E[e]!]!,
      cy = v[2 * E[e]! + 1]!,
      dx = v[2 * E[e + 1]!]!,
      dy = v[2 * E[e + 1]! + 1]!;
    const o1 = orient2d(ax, ay, bx, by, cx, cy),
      o2 = orient2d(ax, ay, bx, by, dx, dy);
    if (!((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0))) continue;
    const o3 = orient2d(cx, cy, dx, dy, ax, ay),
      o4 = orient2d(cx, cy, dx, dy, bx, by);
    if ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)) return false;
  }
  const ts = [0, 1];
  const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
  if (len2 === 0) return pointInDomain(d, ax, ay);
  for (const w of d.boundaryVertices) {
    const wx = v[2 * w]!,
      wy = v[2 * w + 1]!;
    if (orient2d(ax, ay, bx, by, wx, wy) !== 0) continue;
    const t = ((wx - ax) * (bx - ax) + (wy - ay) * (by - ay)) / len2;
    if (t > 0 && t < 1) ts.push(t);
  }
  ts.sort((p, q) => p - q);
  for (let k = 0; k + 1 < ts.length; k++) {
    const t = (ts[k]! + ts[k + 1]!) / 2;
    if (!pointInDomain(d, ax + t * (bx - ax), ay + t * (by - ay))) return false;
  }
  return true;
}

/** Triangle `t` is entirely visible from the point `(x, y)`. @internal */
export function triangleVisibleFrom(d: TriangulationDomain, t: number, x: number, y: number): boolean {
  const v = d.tri.vertices,
    T = d.tri.triangles;
  const c = [T[3 * t]!, T[3 * t + 1]!, T[3 * t + 2]!];
  for (const k of c) if (!segmentInDomain(d, x, y, v[2 * k]!, v[2 * k + 1]!)) return false;
  // Sight lines to the corners are clear; an obstacle could still hide part of an edge only if a
  // boundary vertex lies strictly inside one of the fan triangles (viewer, corner, next corner).
  for (let i = 0; i < 3; i++) {
    const a = c[i]!,
      b = c[(i + 1) % 3]!;
    const ax = v[2 * a]!,
      ay = v[2 * a + 1]!,
      bx = v[2 * b]!,
      by = v[2 * b + 1]!;
    const s = Math.sign(orient2d(x, y, ax, ay, bx, by));
    if (s === 0) continue;
    for (const w of d.boundaryVertices) {
      const wx = v[2 * w]!,
        wy = v[2 * w + 1]!;
      if (
        Math.sign(orient2d(x, y, ax, ay, wx, wy)) === s &&
        Math.sign(orient2d(ax, ay, bx, by, wx, wy)) === s &&
        Math.sign(orient2d(bx, by, x, y, wx, wy)) === s
      )
        return false;
    }
  }
  return true;
}
