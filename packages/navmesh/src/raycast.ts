import { assertFiniteNumber, navMeshError, NavMeshErrorCodes } from "./errors";
import { at, findPolygonAt, requirePolyIndex } from "./locate";
import { refOfPolyIndex } from "./tiles/poly-ref";
import type { NavMesh } from "./types";

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
  /** Ref of the polygon holding the hit point (or the end point). */
  lastPoly: number;
  /** Number of polygons visited (start included); the first `visited.length` are in `visited`. */
  visitedCount: number;
  /** Refs of the polygons visited, in order. */
  readonly visited: Float64Array;
}

/** Options of {@link createRaycastResult}. */
export interface RaycastResultOptions {
  /** Most visited polygons recorded (integer ≥ 0, default 256); further ones are counted in `visitedCount` only. */
  readonly maxVisited?: number;
}

/**
 * Creates a {@link RaycastResult} recording up to `maxVisited` polygons (default 256).
 * @param options - `maxVisited`: most visited polygons recorded (integer ≥ 0, default 256)
 */
export function createRaycastResult(options: RaycastResultOptions = {}): RaycastResult {
  const maxVisited = options.maxVisited ?? 256;
  if (!Number.isInteger(maxVisited) || maxVisited < 0)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createRaycastResult", `"options.maxVisited" must be a non-negative integer.`, {
      path: "options.maxVisited",
    });
  return { t: Infinity, hitNormalX: 0, hitNormalY: 0, lastPoly: -1, visitedCount: 0, visited: new Float64Array(maxVisited) };
}

/**
 * Walks the straight segment `(sx, sy) → (ex, ey)` across the mesh from polygon `startPoly`
 * (which must contain the start point) through shared edges, Detour style: stops at the first
 * boundary edge it crosses (`out.t` = fraction, hit normal set) or reaches the end (`out.t =
 * Infinity`). Returns `out`; never allocates. The walk is the mesh's line of sight: a segment is
 * walkable exactly when `t` is `Infinity`.
 *
 * @param out - written in place and returned: `t` (fraction of the segment at the first boundary hit, `Infinity` when the end is reached), `hitNormalX` / `hitNormalY`, `lastPoly`, `visited`, `visitedCount`
 * @param mesh - the navmesh to walk
 * @param startPoly - ref of the polygon containing the start point (e.g. from `findPolygon`); a stale ref throws `NAVMESH_BAD_INPUT`
 * @param sx - start point, x (world units, mesh plane), finite
 * @param sy - start point, y (world units; z of a y-up 3D level), finite
 * @param ex - end point, x (world units), finite
 * @param ey - end point, y (world units), finite
 */
export function raycast(out: RaycastResult, mesh: NavMesh, startPoly: number, sx: number, sy: number, ex: number, ey: number): RaycastResult {
  const start = requirePolyIndex("raycast", "startPoly", mesh, startPoly);
  if (!Number.isFinite(sx + sy + ex + ey)) throw navMeshError(NavMeshErrorCodes.BadInput, "raycast", "start and end coordinates must be finite.");
  seg[0] = sx;
  seg[1] = sy;
  seg[2] = ex;
  seg[3] = ey;
  raycastSegment(out, mesh, start);
  out.lastPoly = refOfPolyIndex(mesh, out.lastPoly);
  const n = Math.min(out.visitedCount, out.visited.length);
  for (let i = 0; i < n; i++) out.visited[i] = refOfPolyIndex(mesh, out.visited[i]!);
  return out;
}

/** {@link raycast} on flat indices (`lastPoly` and `visited` hold indices; inputs already checked). @internal */
export function raycastIndex(out: RaycastResult, mesh: NavMesh, startPoly: number, sx: number, sy: number, ex: number, ey: number): RaycastResult {
  seg[0] = sx;
  seg[1] = sy;
  seg[2] = ex;
  seg[3] = ey;
  return raycastSegment(out, mesh, startPoly);
}

/** The segment of {@link raycastSegment}: `sx, sy, ex, ey` (doubles through a typed array: passed to a non-inlined call they would be boxed). */
const seg = new Float64Array(4);

function raycastSegment(out: RaycastResult, mesh: NavMesh, startPoly: number): RaycastResult {
  const sx = seg[0]!,
    sy = seg[1]!,
    ex = seg[2]!,
    ey = seg[3]!;
  out.t = Infinity;
  out.hitNormalX = 0;
  out.hitNormalY = 0;
  out.visitedCount = 0;
  const bb = mesh.bounds;
  const bw = bb[2]! - bb[0]!,
    bh = bb[3]! - bb[1]!;
  const eps = 1e-9 * (bw > bh ? (bw > 1 ? bw : 1) : bh > 1 ? bh : 1); // meshEpsilon, inlined (a returned double is boxed)
  const stride = mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  const dx = ex - sx,
    dy = ey - sy;
  const dlen = Math.sqrt(dx * dx + dy * dy);
  let cur = startPoly;
  let prev = -1;
  let tEnter = 0;
  for (let guard = 0; guard <= mesh.polyCount; guard++) {
    if (out.visitedCount < out.visited.length) out.visited[out.visitedCount] = cur;
    out.visitedCount++;
    out.lastPoly = cur;
    // Cyrus–Beck clip of the segment against convex polygon `cur` (unit outward normals).
    const n = mesh.polyVertCount[cur]!;
    let tmin = 0,
      tmax = 1,
      segMax = -1;
    let ok = true;
    for (let i = 0; i < n; i++) {
      const a = mesh.polyVerts[cur * stride + i]!,
        b = mesh.polyVerts[cur * stride + (i + 1 === n ? 0 : i + 1)]!;
      const ax = v[2 * a]!,
        ay = v[2 * a + 1]!;
      const exx = v[2 * b]! - ax,
        eyy = v[2 * b + 1]! - ay;
      const len = Math.sqrt(exx * exx + eyy * eyy);
      const nx = eyy / len,
        ny = -exx / len;
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
        if (t < tmax) {
          tmax = t;
          segMax = i;
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
    // Several edge lines may be crossed at (numerically) the same t: collinear edges, or a vertex.
    // Take the edge whose segment holds the exit point most squarely.
    {
      const hx = sx + tmax * dx,
        hy = sy + tmax * dy;
      let bestScore = -Infinity;
      for (let i = 0; i < n; i++) {
        const a = mesh.polyVerts[cur * stride + i]!,
          b = mesh.polyVerts[cur * stride + (i + 1 === n ? 0 : i + 1)]!;
        const ax = v[2 * a]!,
          ay = v[2 * a + 1]!;
        const exx = v[2 * b]! - ax,
          eyy = v[2 * b + 1]! - ay;
        const len = Math.sqrt(exx * exx + eyy * eyy);
        if ((eyy * dx - exx * dy) / len <= 1e-12 * dlen) continue; // not an exiting edge
        if (Math.abs((eyy * (hx - ax) - exx * (hy - ay)) / len) > eps) continue; // the exit point is not on this edge's line
        const u = ((hx - ax) * exx + (hy - ay) * eyy) / (len * len);
        const score = Math.min(u, 1 - u) * len;
        if (score > bestScore) {
          bestScore = score;
          segMax = i;
        }
      }
    }
    const next = mesh.neighbors[cur * stride + segMax]!;
    const edge = segMax;
    // Leaving exactly through a vertex: continue in the polygon around it that the ray enters
    // (it may touch this one only at that vertex).
    {
      const a = mesh.polyVerts[cur * stride + segMax]!,
        b = mesh.polyVerts[cur * stride + (segMax + 1 === n ? 0 : segMax + 1)]!;
      const hx = sx + tmax * dx,
        hy = sy + tmax * dy;
      const z =
        Math.sqrt((v[2 * a]! - hx) * (v[2 * a]! - hx) + (v[2 * a + 1]! - hy) * (v[2 * a + 1]! - hy)) <= eps
          ? a
          : Math.sqrt((v[2 * b]! - hx) * (v[2 * b]! - hx) + (v[2 * b + 1]! - hy) * (v[2 * b + 1]! - hy)) <= eps
            ? b
            : -1;
      if (z >= 0 && tmax < 1) {
        const p = fanToward(mesh, cur, z, dx, dy);
        if (p >= 0 && p !== prev) {
          prev = cur;
          cur = p;
          tEnter = tmax;
          continue;
        }
      }
    }
    if (next < 0) {
      const a = mesh.polyVerts[cur * stride + edge]!,
        b = mesh.polyVerts[cur * stride + (edge + 1 === n ? 0 : edge + 1)]!;
      const exx = v[2 * b]! - v[2 * a]!,
        eyy = v[2 * b + 1]! - v[2 * a + 1]!;
      const len = Math.sqrt(exx * exx + eyy * eyy);
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

/** Index of vertex `u` in polygon `p` (it must be there). @internal */
export function vertexSlot(mesh: NavMesh, p: number, u: number): number {
  let i = 0;
  while (mesh.polyVerts[p * mesh.maxVertsPerPoly + i] !== u) i++;
  return i;
}

/** True when direction (dx, dy) from vertex `u` points into polygon `p` (its corner sector at `u`, boundaries included). @internal */
export function sectorContains(mesh: NavMesh, p: number, u: number, dx: number, dy: number): boolean {
  const stride = mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  const n = mesh.polyVertCount[p]!;
  const i = vertexSlot(mesh, p, u);
  const a = mesh.polyVerts[p * stride + ((i + n - 1) % n)]!,
    b = mesh.polyVerts[p * stride + ((i + 1) % n)]!;
  const ux = v[2 * u]!,
    uy = v[2 * u + 1]!;
  const bx = v[2 * b]! - ux,
    by = v[2 * b + 1]! - uy,
    ax = v[2 * a]! - ux,
    ay = v[2 * a + 1]! - uy;
  const tol = -1e-12 * Math.sqrt(dx * dx + dy * dy);
  return (bx * dy - by * dx) / Math.sqrt(bx * bx + by * by) >= tol && (dx * ay - dy * ax) / Math.sqrt(ax * ax + ay * ay) >= tol;
}

/**
 * Rotates around vertex `u` from polygon `start` through shared edges (both ways) and returns the
 * first polygon whose sector at `u` contains direction (dx, dy), or -1: polygons that touch
 * `start`'s fan only at the vertex are not reachable, exactly as for the polygon search.
 * @internal
 */
export function fanToward(mesh: NavMesh, start: number, u: number, dx: number, dy: number): number {
  const stride = mesh.maxVertsPerPoly;
  for (let dir = 0; dir < 2; dir++) {
    let p = start;
    for (let guard = 0; guard < 256; guard++) {
      const n = mesh.polyVertCount[p]!;
      const i = vertexSlot(mesh, p, u);
      const q = mesh.neighbors[p * stride + (dir === 0 ? i : (i + n - 1) % n)]!;
      if (q < 0 || q === start) break;
      if (sectorContains(mesh, q, u, dx, dy)) return q;
      p = q;
    }
  }
  return -1;
}

/** True when polygon `target` is in the fan of `start` around vertex `u` (joined by shared edges). @internal */
export function inFan(mesh: NavMesh, start: number, u: number, target: number): boolean {
  if (start === target) return true;
  const stride = mesh.maxVertsPerPoly;
  for (let dir = 0; dir < 2; dir++) {
    let p = start;
    for (let guard = 0; guard < 256; guard++) {
      const n = mesh.polyVertCount[p]!;
      const i = vertexSlot(mesh, p, u);
      const q = mesh.neighbors[p * stride + (dir === 0 ? i : (i + n - 1) % n)]!;
      if (q < 0 || q === start) break;
      if (q === target) return true;
      p = q;
    }
  }
  return false;
}

const losScratch = createRaycastResult({ maxVisited: 0 });

/**
 * True when the straight segment between the two points stays on the mesh (both points must be
 * on the mesh; the start point is located with {@link findPolygon}). Level 2 over {@link raycast}.
 *
 * @param mesh - the navmesh to walk
 * @param sx - start point, x (world units, mesh plane), finite; located with `findPolygon` (off the mesh: `false`)
 * @param sy - start point, y (world units; z of a y-up 3D level), finite
 * @param ex - end point, x (world units), finite; off the mesh: `false`
 * @param ey - end point, y (world units), finite
 */
export function hasNavMeshLineOfSight(mesh: NavMesh, sx: number, sy: number, ex: number, ey: number): boolean {
  // One check on the success path; the named error (and its allocation) only on failure. The
  // doubles go on through typed arrays (`at`, `seg`): passed as arguments to calls V8 does not
  // inline they would be boxed, 16 bytes each.
  if (!(Number.isFinite(sx) && Number.isFinite(sy) && Number.isFinite(ex) && Number.isFinite(ey))) {
    assertFiniteNumber("hasNavMeshLineOfSight", "sx", sx);
    assertFiniteNumber("hasNavMeshLineOfSight", "sy", sy);
    assertFiniteNumber("hasNavMeshLineOfSight", "ex", ex);
    assertFiniteNumber("hasNavMeshLineOfSight", "ey", ey);
  }
  seg[0] = sx;
  seg[1] = sy;
  seg[2] = ex;
  seg[3] = ey;
  return lineOfSightSegment(mesh);
}

/** {@link hasNavMeshLineOfSight} on the checked segment in `seg` (kept out of line so that the public wrapper stays small enough to be inlined into its callers). */
function lineOfSightSegment(mesh: NavMesh): boolean {
  at[0] = seg[0]!;
  at[1] = seg[1]!;
  at[2] = NaN;
  const start = findPolygonAt(mesh);
  if (start < 0) return false;
  at[0] = seg[2]!;
  at[1] = seg[3]!;
  at[2] = NaN;
  if (findPolygonAt(mesh) < 0) return false;
  return raycastSegment(losScratch, mesh, start).t === Infinity;
}
