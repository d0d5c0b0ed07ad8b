import { assertFiniteNumber, navMeshError, NavMeshErrorCodes } from "./errors";
import { findPolygon, meshEpsilon } from "./locate";
import type { NavMesh } from "./navmesh";

/** Caller-owned result of {@link raycast}. Create with {@link createRaycastResult}. */
export interface RaycastResult {
  /**
   * Fraction of the segment walked before hitting the mesh boundary (`0 ≤ t < 1`), or `Infinity`
   * when the end point was reached along the mesh.
   */
  t: number;
  /** Unit normal of the boundary edge hit (x), 0 when nothing was hit. */
  hitNormalX: number;
  /** Unit normal of the boundary edge hit (y), 0 when nothing was hit. */
  hitNormalY: number;
  /** Polygon holding the hit point (or the end point). */
  lastPoly: number;
  /** Number of polygons visited (start included); the first `visited.length` are in `visited`. */
  visitedCount: number;
  /** Polygons visited, in order. */
  readonly visited: Int32Array;
}

/** Creates a {@link RaycastResult} recording up to `maxVisited` polygons (default 256). */
export function createRaycastResult(maxVisited = 256): RaycastResult {
  if (!Number.isInteger(maxVisited) || maxVisited < 0) throw navMeshError(NavMeshErrorCodes.BadInput, "createRaycastResult", `"maxVisited" must be a non-negative integer.`, { path: "maxVisited" });
  return { t: Infinity, hitNormalX: 0, hitNormalY: 0, lastPoly: -1, visitedCount: 0, visited: new Int32Array(maxVisited) };
}

/**
 * Walks the straight segment `(sx, sy) → (ex, ey)` across the mesh from polygon `startPoly`
 * (which must contain the start point) through shared edges, Detour style: stops at the first
 * boundary edge it crosses (`out.t` = fraction, hit normal set) or reaches the end (`out.t =
 * Infinity`). Returns `out`; never allocates. The walk is the mesh's line of sight: a segment is
 * walkable exactly when `t` is `Infinity`.
 */
export function raycast(out: RaycastResult, mesh: NavMesh, startPoly: number, sx: number, sy: number, ex: number, ey: number): RaycastResult {
  if (!Number.isInteger(startPoly) || startPoly < 0 || startPoly >= mesh.polyCount) {
    throw navMeshError(NavMeshErrorCodes.BadInput, "raycast", `"startPoly" ${startPoly} is not a polygon of this mesh (0..${mesh.polyCount - 1}).`, { path: "startPoly" });
  }
  out.t = Infinity;
  out.hitNormalX = 0;
  out.hitNormalY = 0;
  out.visitedCount = 0;
  const eps = meshEpsilon(mesh);
  const stride = mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  const dx = ex - sx, dy = ey - sy;
  const dlen = Math.hypot(dx, dy);
  let cur = startPoly;
  let prev = -1;
  let tEnter = 0;
  for (let guard = 0; guard <= mesh.polyCount; guard++) {
    if (out.visitedCount < out.visited.length) out.visited[out.visitedCount] = cur;
    out.visitedCount++;
    out.lastPoly = cur;
    // Cyrus–Beck clip of the segment against convex polygon `cur` (unit outward normals).
    const n = mesh.polyVertCount[cur]!;
    let tmin = 0, tmax = 1, segMax = -1, segMax2 = -1;
    let ok = true;
    for (let i = 0; i < n; i++) {
      const a = mesh.polyVerts[cur * stride + i]!, b = mesh.polyVerts[cur * stride + (i + 1 === n ? 0 : i + 1)]!;
      const ax = v[2 * a]!, ay = v[2 * a + 1]!;
      const exx = v[2 * b]! - ax, eyy = v[2 * b + 1]! - ay;
      const len = Math.hypot(exx, eyy);
      const nx = eyy / len, ny = -exx / len;
      const num = -(nx * (sx - ax) + ny * (sy - ay)); // ≥ 0 when the start is inside this edge
      const den = nx * dx + ny * dy;
      if (Math.abs(den) <= 1e-12 * dlen) {
        // Parallel to the edge: inside (or on it) or entirely outside.
        if (num < -eps) {
          ok = false;
          break;
        }
        continue;
      }
      const t = num / den;
      if (den > 0) {
        // Leaving through this edge at t.
        if (segMax >= 0 && Math.abs(t - tmax) * dlen <= eps) {
          segMax2 = i;
        } else if (t < tmax) {
          tmax = t;
          segMax = i;
          segMax2 = -1;
        }
      } else if (t > tmin) {
        tmin = t;
      }
    }
    if (ok && tmin * dlen > tmax * dlen + eps) ok = false;
    if (!ok) {
      // The segment does not pass through this polygon (start off the polygon, or numeric drift).
      out.t = tEnter;
      return out;
    }
    if (segMax < 0) return out; // the end point is inside: reached.
    let next = mesh.neighbors[cur * stride + segMax]!;
    let edge = segMax;
    if ((next < 0 || next === prev) && segMax2 >= 0) {
      const alt = mesh.neighbors[cur * stride + segMax2]!;
      if (alt >= 0 && alt !== prev) {
        next = alt;
        edge = segMax2;
      }
    }
    if (next < 0) {
      const a = mesh.polyVerts[cur * stride + edge]!, b = mesh.polyVerts[cur * stride + (edge + 1 === n ? 0 : edge + 1)]!;
      const exx = v[2 * b]! - v[2 * a]!, eyy = v[2 * b + 1]! - v[2 * a + 1]!;
      const len = Math.hypot(exx, eyy);
      out.t = tmax;
      out.hitNormalX = -eyy / len;
      out.hitNormalY = exx / len;
      return out;
    }
    prev = cur;
    cur = next;
    tEnter = tmax;
  }
  return out;
}

const losScratch = createRaycastResult(0);

/**
 * True when the straight segment between the two points stays on the mesh (both points must be
 * on the mesh; the start point is located with {@link findPolygon}). Level 2 over {@link raycast}.
 */
export function hasLineOfSight(mesh: NavMesh, sx: number, sy: number, ex: number, ey: number): boolean {
  for (const [k, val] of [["sx", sx], ["sy", sy], ["ex", ex], ["ey", ey]] as const) assertFiniteNumber("hasLineOfSight", k, val);
  const start = findPolygon(mesh, sx, sy);
  if (start < 0 || findPolygon(mesh, ex, ey) < 0) return false;
  return raycast(losScratch, mesh, start, sx, sy, ex, ey).t === Infinity;
}
