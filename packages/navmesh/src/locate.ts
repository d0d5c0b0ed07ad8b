import { hypot2 } from "./math";
import { assertFiniteNumber, navMeshError, NavMeshErrorCodes, show } from "./errors";
import { polyIndexOfRef, refOfPolyIndex } from "./tiles/poly-ref";
import type { NavMesh, NavMeshTile } from "./types";

/** Flat polygon index of `ref`, or a `NAVMESH_BAD_INPUT` naming `name` for a stale or invalid ref. @internal */
export function requirePolyIndex(fn: string, name: string, mesh: NavMesh, ref: number): number {
  const p = polyIndexOfRef(mesh, ref);
  if (p < 0)
    throw navMeshError(
      NavMeshErrorCodes.BadInput,
      fn,
      `"${name}" ${show(ref)} is not a valid polygon ref of this mesh (a stale ref after a tile change, or never one; see isValidPolyRef).`,
      { path: name },
    );
  return p;
}

/** Tolerance (in mesh units, scaled by the mesh extent) under which a point on an edge counts as inside. @internal */
export function meshEpsilon(mesh: NavMesh): number {
  const b = mesh.bounds;
  return 1e-9 * Math.max(1, b[2]! - b[0]!, b[3]! - b[1]!);
}

/** True when `(x, y)` is inside convex polygon `poly` or on its boundary (within `eps`). @internal */
export function pointInPolygon(mesh: NavMesh, poly: number, x: number, y: number, eps: number): boolean {
  const n = mesh.polyVertCount[poly]!;
  const base = poly * mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  for (let i = 0; i < n; i++) {
    const a = mesh.polyVerts[base + i]!,
      b = mesh.polyVerts[base + (i + 1 === n ? 0 : i + 1)]!;
    const ax = v[2 * a]!,
      ay = v[2 * a + 1]!;
    const dx = v[2 * b]! - ax,
      dy = v[2 * b + 1]! - ay;
    const cross = dx * (y - ay) - dy * (x - ax);
    if (cross < -eps * hypot2(dx, dy)) return false;
  }
  return true;
}

/**
 * {@link pointInPolygon} for the point `xy[i], xy[i + 1]` with the mesh's epsilon (no doubles
 * passed: they would be boxed when the call is not inlined). @internal
 */
export function pointInPolygonAt(mesh: NavMesh, poly: number, xy: Float64Array, i: number): boolean {
  const bb = mesh.bounds;
  const w = bb[2]! - bb[0]!,
    h = bb[3]! - bb[1]!;
  const eps = 1e-9 * (w > h ? (w > 1 ? w : 1) : h > 1 ? h : 1); // no Math.max: a builtin call boxes
  const x = xy[i]!,
    y = xy[i + 1]!;
  const n = mesh.polyVertCount[poly]!;
  const base = poly * mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  for (let k = 0; k < n; k++) {
    const a = mesh.polyVerts[base + k]!,
      b = mesh.polyVerts[base + (k + 1 === n ? 0 : k + 1)]!;
    const ax = v[2 * a]!,
      ay = v[2 * a + 1]!;
    const dx = v[2 * b]! - ax,
      dy = v[2 * b + 1]! - ay;
    if (dx * (y - ay) - dy * (x - ax) < -eps * Math.sqrt(dx * dx + dy * dy)) return false;
  }
  return true;
}

/** Options of {@link findPolygon}. */
export interface FindPolygonOptions {
  /** On multi-level meshes, prefer the polygon whose surface height is nearest to this (default: the first found). */
  readonly height?: number;
}

/**
 * The ref of the polygon containing `(x, y)` (points on an edge count), or `-1` when the point is
 * off the mesh. Uses the mesh's grid index: O(polygons per cell). On overlapping levels pass
 * `options.height` to pick the nearest surface.
 */
export function findPolygon(mesh: NavMesh, x: number, y: number, options?: FindPolygonOptions): number {
  if (!Number.isFinite(x + y)) throw nonFinite("findPolygon", x, y);
  // Doubles go through a typed array: passing them to a non-inlined call would box each one.
  const h = options?.height;
  at[0] = x;
  at[1] = y;
  at[2] = h === undefined ? NaN : h;
  const p = findPolygonAt(mesh);
  return p < 0 ? -1 : refOfPolyIndex(mesh, p);
}

/** A `NAVMESH_BAD_INPUT` for a non-finite coordinate pair. @internal */
export function nonFinite(fn: string, x: number, y: number): Error {
  return navMeshError(NavMeshErrorCodes.BadInput, fn, `coordinates must be finite numbers, got (${show(x)}, ${show(y)}).`, {
    path: Number.isFinite(x) ? "y" : "x",
  });
}

/** Scratch of the point queries: x, y, height (NaN: none), result height. @internal */
export const at = new Float64Array(4);

/** {@link findPolygon} on flat indices (inputs already checked). @internal */
export function findPolygonIndex(mesh: NavMesh, x: number, y: number, h?: number): number {
  at[0] = x;
  at[1] = y;
  at[2] = h === undefined ? NaN : h;
  return findPolygonAt(mesh);
}

/** {@link findPolygonIndex} for the point and height in {@link at}. @internal */
export function findPolygonAt(mesh: NavMesh): number {
  if (mesh.polyCount === 0) return -1;
  const x = at[0]!,
    y = at[1]!,
    h = at[2]!;
  // The index buckets polygons by the same clamped floor, so the point's cell holds every candidate.
  const cx = Math.min(mesh.gridWidth - 1, Math.max(0, Math.floor((x - mesh.bounds[0]!) / mesh.cellSize)));
  const cy = Math.min(mesh.gridHeight - 1, Math.max(0, Math.floor((y - mesh.bounds[1]!) / mesh.cellSize)));
  const b = mesh.bounds;
  const bw = b[2]! - b[0]!,
    bh = b[3]! - b[1]!;
  const eps = 1e-9 * (bw > bh ? (bw > 1 ? bw : 1) : bh > 1 ? bh : 1);
  let best = -1,
    bestDh = Infinity;
  const c = cy * mesh.gridWidth + cx;
  for (let k = mesh.cellStart[c]!; k < mesh.cellStart[c + 1]!; k++) {
    const p = mesh.cellPolys[k]!;
    if (!pointInPolygon(mesh, p, x, y, eps)) continue;
    if (h !== h) return p;
    heightAt(mesh, p);
    const dh = Math.abs(at[3]! - h);
    if (dh < bestDh) {
      bestDh = dh;
      best = p;
    }
  }
  return best;
}

/**
 * Surface height at `(x, y)` on polygon `ref`: from the tile's detail triangles when it has a
 * detail mesh, else interpolated over the polygon's fan triangles (for points outside the
 * polygon: the height of its nearest fan triangle's plane).
 */
export function getHeightOnPolygon(mesh: NavMesh, ref: number, x: number, y: number): number {
  return heightOnPolygonIndex(mesh, requirePolyIndex("getHeightOnPolygon", "ref", mesh, ref), x, y);
}

/** {@link getHeightOnPolygon} on a flat index. @internal */
export function heightOnPolygonIndex(mesh: NavMesh, poly: number, x: number, y: number): number {
  at[0] = x;
  at[1] = y;
  heightAt(mesh, poly);
  return at[3]!;
}

/** Height on flat polygon `poly` at the point in {@link at}, written to `at[3]`. @internal */
export function heightAt(mesh: NavMesh, poly: number): void {
  const x = at[0]!,
    y = at[1]!;
  const slot = mesh.polyTile[poly]!;
  const tile = mesh.tiles[mesh.tileKeys[slot]!];
  if (tile !== undefined && tile.detailMeshes.length > 0) {
    if (detailHeightAt(tile, poly - mesh.tilePolyBase[slot]!)) return; // else outside every detail triangle
  }
  const n = mesh.polyVertCount[poly]!;
  const base = poly * mesh.maxVertsPerPoly;
  const v = mesh.vertices,
    hs = mesh.heights;
  const a = mesh.polyVerts[base]!;
  const ax = v[2 * a]!,
    ay = v[2 * a + 1]!;
  let fallback = hs[a]!;
  for (let i = 1; i + 1 < n; i++) {
    const b = mesh.polyVerts[base + i]!,
      c = mesh.polyVerts[base + i + 1]!;
    const bx = v[2 * b]! - ax,
      by = v[2 * b + 1]! - ay,
      cx = v[2 * c]! - ax,
      cy = v[2 * c + 1]! - ay;
    const px = x - ax,
      py = y - ay;
    const det = bx * cy - by * cx;
    if (det === 0) continue;
    const u = (px * cy - py * cx) / det,
      w = (bx * py - by * px) / det;
    const hgt = hs[a]! + u * (hs[b]! - hs[a]!) + w * (hs[c]! - hs[a]!);
    if (u >= -1e-9 && w >= -1e-9 && u + w <= 1 + 1e-9) {
      at[3] = hgt;
      return;
    }
    if (i === 1) fallback = hgt;
  }
  at[3] = fallback;
}

const detailTri = new Float64Array(9);

/** Height from the detail triangles of tile polygon `p` at the point in `at` into `at[3]`; false outside all of them. */
function detailHeightAt(tile: NavMeshTile, p: number): boolean {
  const x = at[0]!,
    y = at[1]!;
  const dm = tile.detailMeshes;
  const vb = dm[4 * p]!,
    tb = dm[4 * p + 1]!,
    tc = dm[4 * p + 3]!;
  const n = tile.polyVertCount[p]!;
  const base = p * tile.maxVertsPerPoly;
  const tri = detailTri;
  for (let t = tb; t < tb + tc; t++) {
    for (let k = 0; k < 3; k++) {
      const i = tile.detailTriangles[3 * t + k]!;
      if (i < n) {
        const v = tile.polyVerts[base + i]!;
        tri[3 * k] = tile.vertices[2 * v]!;
        tri[3 * k + 1] = tile.vertices[2 * v + 1]!;
        tri[3 * k + 2] = tile.heights[v]!;
      } else {
        const d = 3 * (vb + i - n);
        tri[3 * k] = tile.detailVertices[d]!;
        tri[3 * k + 1] = tile.detailVertices[d + 1]!;
        tri[3 * k + 2] = tile.detailVertices[d + 2]!;
      }
    }
    const ax = tri[0]!,
      ay = tri[1]!,
      ah = tri[2]!,
      bx = tri[3]!,
      by = tri[4]!,
      bh = tri[5]!,
      cx = tri[6]!,
      cy = tri[7]!,
      ch = tri[8]!;
    const ux = bx - ax,
      uy = by - ay,
      wx = cx - ax,
      wy = cy - ay;
    const det = ux * wy - uy * wx;
    if (det === 0) continue;
    const u = ((x - ax) * wy - (y - ay) * wx) / det,
      w = (ux * (y - ay) - uy * (x - ax)) / det;
    if (u >= -1e-9 && w >= -1e-9 && u + w <= 1 + 1e-9) {
      at[3] = ah + u * (bh - ah) + w * (ch - ah);
      return true;
    }
  }
  return false;
}

/**
 * Writes into `out` the point of polygon `ref` nearest to `(x, y)` (the point itself when inside)
 * and returns the squared distance.
 */
export function closestPointOnPolygon(out: { x: number; y: number }, mesh: NavMesh, ref: number, x: number, y: number): number {
  return closestPointOnPolygonIndex(out, mesh, requirePolyIndex("closestPointOnPolygon", "ref", mesh, ref), x, y);
}

/** {@link closestPointOnPolygon} on a flat index. @internal */
export function closestPointOnPolygonIndex(out: { x: number; y: number }, mesh: NavMesh, poly: number, x: number, y: number): number {
  if (pointInPolygon(mesh, poly, x, y, 0)) {
    out.x = x;
    out.y = y;
    return 0;
  }
  const n = mesh.polyVertCount[poly]!;
  const base = poly * mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const a = mesh.polyVerts[base + i]!,
      b = mesh.polyVerts[base + (i + 1 === n ? 0 : i + 1)]!;
    const ax = v[2 * a]!,
      ay = v[2 * a + 1]!,
      dx = v[2 * b]! - ax,
      dy = v[2 * b + 1]! - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = ax + t * dx,
      qy = ay + t * dy;
    const d = (qx - x) * (qx - x) + (qy - y) * (qy - y);
    if (d < best) {
      best = d;
      out.x = qx;
      out.y = qy;
    }
  }
  return best;
}

/** {@link closestPointOnPolygonIndex} for the point `xy[at0], xy[at0 + 1]` (no boxed doubles; inside counts with the mesh epsilon). @internal */
export function closestPointOnPolygonAt(out: { x: number; y: number }, mesh: NavMesh, poly: number, xy: Float64Array, at0: number): void {
  const x = xy[at0]!,
    y = xy[at0 + 1]!;
  if (pointInPolygonAt(mesh, poly, xy, at0)) {
    out.x = x;
    out.y = y;
    return;
  }
  const n = mesh.polyVertCount[poly]!;
  const base = poly * mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const a = mesh.polyVerts[base + i]!,
      b = mesh.polyVerts[base + (i + 1 === n ? 0 : i + 1)]!;
    const ax = v[2 * a]!,
      ay = v[2 * a + 1]!,
      dx = v[2 * b]! - ax,
      dy = v[2 * b + 1]! - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = ax + t * dx,
      qy = ay + t * dy;
    const d = (qx - x) * (qx - x) + (qy - y) * (qy - y);
    if (d < best) {
      best = d;
      out.x = qx;
      out.y = qy;
    }
  }
}

/** Options of {@link findNearestPoint}. */
export interface FindNearestPointOptions {
  /** Search no farther than this (default: unbounded). */
  readonly maxDistance?: number;
}

/**
 * The ref of the polygon nearest to `(x, y)`, with the nearest point on it written into `out`;
 * `-1` (and `out` untouched) when the mesh is empty or nothing is within `maxDistance`. Searches
 * the grid index ring by ring around the point.
 */
export function findNearestPoint(out: { x: number; y: number }, mesh: NavMesh, x: number, y: number, options?: FindNearestPointOptions): number {
  assertFiniteNumber("findNearestPoint", "x", x);
  assertFiniteNumber("findNearestPoint", "y", y);
  const maxD = options?.maxDistance ?? Infinity;
  const p = findNearestPolygonIndex(out, mesh, x, y, maxD);
  return p < 0 ? -1 : refOfPolyIndex(mesh, p);
}

const nearestTmp = { x: 0, y: 0 };

/** {@link findNearestPoint} on flat indices (inputs already checked). @internal */
export function findNearestPolygonIndex(out: { x: number; y: number }, mesh: NavMesh, x: number, y: number, maxD: number): number {
  const inside = findPolygonIndex(mesh, x, y);
  if (inside >= 0) {
    out.x = x;
    out.y = y;
    return inside;
  }
  if (mesh.polyCount === 0) return -1;
  const gw = mesh.gridWidth,
    gh = mesh.gridHeight,
    cs = mesh.cellSize;
  const cx = Math.min(gw - 1, Math.max(0, Math.floor((x - mesh.bounds[0]!) / cs)));
  const cy = Math.min(gh - 1, Math.max(0, Math.floor((y - mesh.bounds[1]!) / cs)));
  let best = -1,
    bestD2 = maxD * maxD;
  const tmp = nearestTmp;
  const maxRing = Math.max(gw, gh);
  for (let k = 0; k <= maxRing; k++) {
    for (let gy = cy - k; gy <= cy + k; gy++) {
      if (gy < 0 || gy >= gh) continue;
      const step = gy === cy - k || gy === cy + k ? 1 : 2 * k;
      for (let gx = cx - k; gx <= cx + k; gx += step || 1) {
        if (gx < 0 || gx >= gw) continue;
        const c = gy * gw + gx;
        for (let i = mesh.cellStart[c]!; i < mesh.cellStart[c + 1]!; i++) {
          const p = mesh.cellPolys[i]!;
          const d2 = closestPointOnPolygonIndex(tmp, mesh, p, x, y);
          if (d2 < bestD2 || (best < 0 && d2 <= bestD2)) {
            bestD2 = d2;
            best = p;
            out.x = tmp.x;
            out.y = tmp.y;
          }
        }
      }
    }
    // Cells outside ring k are at least k cell sizes away.
    if (best >= 0 && Math.sqrt(bestD2) <= k * cs) break;
    if (k * cs > maxD + cs * 2 && best < 0) break;
  }
  return best;
}

/**
 * Writes into `out` (from index 0) the refs of the polygons whose area overlaps the circle at `(x, y)` with
 * radius `radius`, up to `out.length`, and returns how many overlap (which may exceed
 * `out.length`; the rest are not written).
 */
export function findPolygonsInCircle(out: Float64Array, mesh: NavMesh, x: number, y: number, radius: number): number {
  assertFiniteNumber("findPolygonsInCircle", "x", x);
  assertFiniteNumber("findPolygonsInCircle", "y", y);
  assertFiniteNumber("findPolygonsInCircle", "radius", radius);
  const cs = mesh.cellSize;
  const x0 = Math.max(0, Math.floor((x - radius - mesh.bounds[0]!) / cs)),
    x1 = Math.min(mesh.gridWidth - 1, Math.floor((x + radius - mesh.bounds[0]!) / cs));
  const y0 = Math.max(0, Math.floor((y - radius - mesh.bounds[1]!) / cs)),
    y1 = Math.min(mesh.gridHeight - 1, Math.floor((y + radius - mesh.bounds[1]!) / cs));
  const tmp = nearestTmp;
  const r2 = radius * radius;
  let count = 0;
  for (let gy = y0; gy <= y1; gy++) {
    for (let gx = x0; gx <= x1; gx++) {
      const c = gy * mesh.gridWidth + gx;
      for (let i = mesh.cellStart[c]!; i < mesh.cellStart[c + 1]!; i++) {
        const p = mesh.cellPolys[i]!;
        if (closestPointOnPolygonIndex(tmp, mesh, p, x, y) > r2) continue;
        // A polygon spanning several cells is reported once: from the first cell it shares with the query box.
        if (!firstCellOf(mesh, p, gx, gy, x0, y0)) continue;
        if (count < out.length) out[count] = refOfPolyIndex(mesh, p);
        count++;
      }
    }
  }
  return count;
}

function firstCellOf(mesh: NavMesh, p: number, gx: number, gy: number, x0: number, y0: number): boolean {
  // The polygon's bbox cells: recompute its min cell and clamp to the query box.
  const n = mesh.polyVertCount[p]!;
  let minX = Infinity,
    minY = Infinity;
  for (let i = 0; i < n; i++) {
    const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!;
    minX = Math.min(minX, mesh.vertices[2 * v]!);
    minY = Math.min(minY, mesh.vertices[2 * v + 1]!);
  }
  const fx = Math.max(x0, Math.min(mesh.gridWidth - 1, Math.max(0, Math.floor((minX - mesh.bounds[0]!) / mesh.cellSize))));
  const fy = Math.max(y0, Math.min(mesh.gridHeight - 1, Math.max(0, Math.floor((minY - mesh.bounds[1]!) / mesh.cellSize))));
  return fx === gx && fy === gy;
}

/**
 * Writes into `out` (from index 0) the refs of the polygons whose area overlaps the axis-aligned box
 * `[minX, maxX] × [minY, maxY]` (touching counts), up to `out.length`, and returns how many overlap
 * (which may exceed `out.length`). Exact convex-polygon-vs-box separating-axis test.
 */
export function findPolygonsInBox(out: Float64Array, mesh: NavMesh, minX: number, minY: number, maxX: number, maxY: number): number {
  for (const [k, val] of [
    ["minX", minX],
    ["minY", minY],
    ["maxX", maxX],
    ["maxY", maxY],
  ] as const)
    assertFiniteNumber("findPolygonsInBox", k, val);
  const cs = mesh.cellSize;
  const x0 = Math.max(0, Math.floor((minX - mesh.bounds[0]!) / cs)),
    x1 = Math.min(mesh.gridWidth - 1, Math.floor((maxX - mesh.bounds[0]!) / cs));
  const y0 = Math.max(0, Math.floor((minY - mesh.bounds[1]!) / cs)),
    y1 = Math.min(mesh.gridHeight - 1, Math.floor((maxY - mesh.bounds[1]!) / cs));
  let count = 0;
  for (let gy = y0; gy <= y1; gy++) {
    for (let gx = x0; gx <= x1; gx++) {
      const c = gy * mesh.gridWidth + gx;
      for (let i = mesh.cellStart[c]!; i < mesh.cellStart[c + 1]!; i++) {
        const p = mesh.cellPolys[i]!;
        if (!firstCellOf(mesh, p, gx, gy, x0, y0) || !polygonOverlapsBox(mesh, p, minX, minY, maxX, maxY)) continue;
        if (count < out.length) out[count] = refOfPolyIndex(mesh, p);
        count++;
      }
    }
  }
  return count;
}

function polygonOverlapsBox(mesh: NavMesh, p: number, minX: number, minY: number, maxX: number, maxY: number): boolean {
  const n = mesh.polyVertCount[p]!;
  const base = p * mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  let px0 = Infinity,
    py0 = Infinity,
    px1 = -Infinity,
    py1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const k = mesh.polyVerts[base + i]!;
    px0 = Math.min(px0, v[2 * k]!);
    px1 = Math.max(px1, v[2 * k]!);
    py0 = Math.min(py0, v[2 * k + 1]!);
    py1 = Math.max(py1, v[2 * k + 1]!);
  }
  if (px1 < minX || px0 > maxX || py1 < minY || py0 > maxY) return false;
  // Polygon edges as separating axes: the box is outside when all four corners are right of an edge.
  for (let i = 0; i < n; i++) {
    const a = mesh.polyVerts[base + i]!,
      b = mesh.polyVerts[base + (i + 1 === n ? 0 : i + 1)]!;
    const ax = v[2 * a]!,
      ay = v[2 * a + 1]!,
      dx = v[2 * b]! - ax,
      dy = v[2 * b + 1]! - ay;
    const side = (x: number, y: number): number => dx * (y - ay) - dy * (x - ax);
    if (side(minX, minY) < 0 && side(maxX, minY) < 0 && side(maxX, maxY) < 0 && side(minX, maxY) < 0) return false;
  }
  return true;
}

/** The tag of the polygon under `(x, y)`, or `-1` off the mesh (tags are 0 when unset). */
export function getTagAt(mesh: NavMesh, x: number, y: number): number {
  assertFiniteNumber("getTagAt", "x", x);
  assertFiniteNumber("getTagAt", "y", y);
  const p = findPolygonIndex(mesh, x, y);
  return p < 0 ? -1 : mesh.tags[p]!;
}
