import { assertFiniteNumber, navMeshError, NavMeshErrorCodes, show } from "./errors";
import { BV_QUANT_MAX, bvCandidates, bvQuery, collectPolygonsInBox } from "./tiles/bv-tree";
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
    if (cross < -eps * Math.sqrt(dx * dx + dy * dy)) return false;
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
 * Tie-break of the point queries: flat polygon `p` comes before `q` in slot order, then polygon
 * order within the tile (the flat order of a mesh as built; a patched flat view stores tiles in
 * other places, and the answer must not depend on that). @internal
 */
export function polyBefore(mesh: NavMesh, p: number, q: number): boolean {
  const sp = mesh.polyTile[p]!,
    sq = mesh.polyTile[q]!;
  return sp < sq || (sp === sq && p < q);
}

/**
 * The ref of the polygon containing `(x, y)` (points on an edge count), or `-1` when the point is
 * off the mesh (the lowest ref when the point is on a shared edge). Walks the BV trees of the tiles
 * under the point: O(log polygons). On overlapping levels pass `options.height` to pick the
 * nearest surface.
 * @param mesh - the navmesh to search
 * @param x - point, x (world units; on the mesh plane)
 * @param y - point, y (world units; z of a y-up 3D level)
 * @param options - `height`: the point's height (y of a y-up level), to pick the right floor where levels overlap
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

/**
 * {@link findPolygonIndex} for the point and height in {@link at}. Walks the BV trees itself (no
 * candidate buffer); being larger than V8's inlining limit, it stays out of `findPolygon`, which
 * then stays small enough to be inlined into its callers (whose double arguments are then never
 * boxed). @internal
 */
export function findPolygonAt(mesh: NavMesh): number {
  if (mesh.polyCount === 0) return -1;
  const x = at[0]!,
    y = at[1]!,
    h = at[2]!;
  const b = mesh.bounds;
  const bw = b[2]! - b[0]!,
    bh = b[3]! - b[1]!;
  const eps = 1e-9 * (bw > bh ? (bw > 1 ? bw : 1) : bh > 1 ? bh : 1);
  const tb = mesh.tileBounds;
  const slots = mesh.tileKeys.length;
  let best = -1,
    bestDh = Infinity;
  for (let s = 0; s < slots; s++) {
    if (tb[4 * s]! > x + eps || tb[4 * s + 2]! < x - eps || tb[4 * s + 1]! > y + eps || tb[4 * s + 3]! < y - eps) continue; // free slots: +∞ / −∞ bounds
    const tile = mesh.tiles[mesh.tileKeys[s]!]!;
    const bb = tile.bvBounds;
    const f = bb[4]!;
    let x0 = Math.floor((x - eps - bb[0]!) * f),
      y0 = Math.floor((y - eps - bb[1]!) * f),
      x1 = Math.ceil((x + eps - bb[0]!) * f),
      y1 = Math.ceil((y + eps - bb[1]!) * f);
    x0 = x0 < 0 ? 0 : x0 > BV_QUANT_MAX ? BV_QUANT_MAX : x0;
    y0 = y0 < 0 ? 0 : y0 > BV_QUANT_MAX ? BV_QUANT_MAX : y0;
    x1 = x1 < 0 ? 0 : x1 > BV_QUANT_MAX ? BV_QUANT_MAX : x1;
    y1 = y1 < 0 ? 0 : y1 > BV_QUANT_MAX ? BV_QUANT_MAX : y1;
    const nodes = tile.bvNodes,
      data = tile.bvData;
    const base = mesh.tilePolyBase[s]!;
    const end = data.length;
    let i = 0;
    while (i < end) {
      const overlap = !(nodes[4 * i]! > x1 || nodes[4 * i + 2]! < x0 || nodes[4 * i + 1]! > y1 || nodes[4 * i + 3]! < y0);
      const d = data[i]!;
      if (d < 0) {
        i += overlap ? 1 : -d;
        continue;
      }
      i++;
      if (!overlap) continue;
      const p = base + d;
      if (!pointInPolygonAt(mesh, p, at, 0)) continue;
      if (h !== h) {
        if (best < 0 || polyBefore(mesh, p, best)) best = p;
        continue;
      }
      heightAt(mesh, p);
      const dh = Math.abs(at[3]! - h);
      if (dh < bestDh || (dh === bestDh && polyBefore(mesh, p, best))) {
        bestDh = dh;
        best = p;
      }
    }
  }
  return best;
}

/**
 * Surface height at `(x, y)` on polygon `ref`: from the tile's detail triangles when it has a
 * detail mesh, else interpolated over the polygon's fan triangles (for points outside the
 * polygon: the height of its nearest fan triangle's plane).
 *
 * @param mesh - the navmesh `ref` belongs to
 * @param ref - polygon ref (from `findPolygon`, a search, …); a stale or invalid ref throws `NAVMESH_BAD_INPUT`
 * @param x - point, x (world units; on the mesh plane); outside the polygon the height of its nearest fan triangle's plane is extrapolated
 * @param y - point, y (world units; z of a y-up 3D level)
 */
export function getHeightOnPolygon(mesh: NavMesh, ref: number, x: number, y: number): number {
  at[0] = x;
  at[1] = y;
  heightAt(mesh, requirePolyIndex("getHeightOnPolygon", "ref", mesh, ref));
  return at[3]!;
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
 *
 * @param out - written with the nearest point of the polygon (world units, mesh plane); `(x, y)` itself when inside
 * @param mesh - the navmesh `ref` belongs to
 * @param ref - polygon ref; a stale or invalid ref throws `NAVMESH_BAD_INPUT`
 * @param x - query point, x (world units)
 * @param y - query point, y (world units; z of a y-up 3D level)
 */
export function closestPointOnPolygon(out: { x: number; y: number }, mesh: NavMesh, ref: number, x: number, y: number): number {
  // Doubles go through the scratch array (passed to or returned from a non-inlined call they would be boxed).
  at[0] = x;
  at[1] = y;
  closestPointWithDistance(out, mesh, requirePolyIndex("closestPointOnPolygon", "ref", mesh, ref));
  return at[3]!;
}

/** {@link closestPointOnPolygonIndex} for the point in `at[0], at[1]`; the squared distance goes to `at[3]`. */
function closestPointWithDistance(out: { x: number; y: number }, mesh: NavMesh, poly: number): void {
  const x = at[0]!,
    y = at[1]!;
  if (pointInPolygonExact(mesh, poly)) {
    out.x = x;
    out.y = y;
    at[3] = 0;
    return;
  }
  nearestOnPolygonEdges(out, mesh, poly, at, 0);
  at[3] = edgePoint[2]!;
}

/** Scratch: [0], [1] the point of {@link closestPointOnPolygonIndex} (its own: `at` may hold a caller's point); [2] the squared distance {@link nearestOnPolygonEdges} found. */
const edgePoint = new Float64Array(3);

/**
 * The point of polygon `poly`'s boundary nearest to the point `xy[off], xy[off + 1]`, written into
 * `out`, the squared distance into `edgePoint[2]`. Point and distance go through typed arrays: a
 * double passed to or returned from a call V8 does not inline is boxed, and this runs on the 0-byte
 * query path. The three closest-point functions differ only in how
 * they test "inside" (no tolerance, or the mesh epsilon) and share this loop. @internal
 */
function nearestOnPolygonEdges(out: { x: number; y: number }, mesh: NavMesh, poly: number, xy: Float64Array, off: number): void {
  const x = xy[off]!,
    y = xy[off + 1]!;
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
  edgePoint[2] = best;
}

/** {@link pointInPolygon} with no tolerance, for the point in `at[0], at[1]`. */
function pointInPolygonExact(mesh: NavMesh, poly: number): boolean {
  const x = at[0]!,
    y = at[1]!;
  const n = mesh.polyVertCount[poly]!;
  const base = poly * mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  for (let i = 0; i < n; i++) {
    const a = mesh.polyVerts[base + i]!,
      b = mesh.polyVerts[base + (i + 1 === n ? 0 : i + 1)]!;
    const ax = v[2 * a]!,
      ay = v[2 * a + 1]!;
    if ((v[2 * b]! - ax) * (y - ay) - (v[2 * b + 1]! - ay) * (x - ax) < 0) return false;
  }
  return true;
}

/** {@link closestPointOnPolygon} on a flat index. @internal */
export function closestPointOnPolygonIndex(out: { x: number; y: number }, mesh: NavMesh, poly: number, x: number, y: number): number {
  if (pointInPolygon(mesh, poly, x, y, 0)) {
    out.x = x;
    out.y = y;
    return 0;
  }
  edgePoint[0] = x;
  edgePoint[1] = y;
  nearestOnPolygonEdges(out, mesh, poly, edgePoint, 0);
  return edgePoint[2]!;
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
  nearestOnPolygonEdges(out, mesh, poly, xy, at0);
}

/** Options of {@link findNearestPoint}. */
export interface FindNearestPointOptions {
  /** Search no farther than this (default: unbounded). */
  readonly maxDistance?: number;
}

/**
 * The ref of the polygon nearest to `(x, y)`, with the nearest point on it written into `out`;
 * `-1` (and `out` untouched) when the mesh is empty or nothing is within `maxDistance`. Walks the
 * BV trees of the tiles in a box around the point that grows until it holds an answer.
 * @param out - written with the nearest point on the mesh (world units)
 * @param mesh - the navmesh to search
 * @param x - query point, x (world units)
 * @param y - query point, y (world units)
 * @param options - `maxDistance`: search radius in world units (default unlimited)
 */
export function findNearestPoint(out: { x: number; y: number }, mesh: NavMesh, x: number, y: number, options?: FindNearestPointOptions): number {
  assertFiniteNumber("findNearestPoint", "x", x);
  assertFiniteNumber("findNearestPoint", "y", y);
  const maxD = options?.maxDistance ?? Infinity;
  at[0] = x;
  at[1] = y;
  at[2] = maxD;
  const p = findNearestPolygonAt(out, mesh);
  return p < 0 ? -1 : refOfPolyIndex(mesh, p);
}

const nearestTmp = { x: 0, y: 0 };

/** {@link findNearestPoint} on flat indices (inputs already checked). @internal */
export function findNearestPolygonIndex(out: { x: number; y: number }, mesh: NavMesh, x: number, y: number, maxD: number): number {
  at[0] = x;
  at[1] = y;
  at[2] = maxD;
  return findNearestPolygonAt(out, mesh);
}

/**
 * {@link findNearestPolygonIndex} for the point `at[0], at[1]` and the largest distance `at[2]`
 * (doubles through the scratch array: passed to a non-inlined call they would be boxed). @internal
 */
export function findNearestPolygonAt(out: { x: number; y: number }, mesh: NavMesh): number {
  const x = at[0]!,
    y = at[1]!,
    maxD = at[2]!;
  at[2] = NaN;
  const inside = findPolygonAt(mesh);
  if (inside >= 0) {
    out.x = x;
    out.y = y;
    return inside;
  }
  if (mesh.polyCount === 0) return -1;
  const b = mesh.bounds;
  const bw = b[2]! - b[0]!,
    bh = b[3]! - b[1]!;
  // Start with a box about one polygon wide beyond the distance to the mesh bounds, then grow ×4.
  let r = Math.sqrt((bw * bh) / mesh.polyCount);
  if (!(r > 0)) r = bw > bh ? bw : bh;
  if (!(r > 0)) r = 1;
  const ox = x < b[0]! ? b[0]! - x : x > b[2]! ? x - b[2]! : 0,
    oy = y < b[1]! ? b[1]! - y : y > b[3]! ? y - b[3]! : 0;
  r += ox > oy ? ox : oy;
  const tmp = nearestTmp;
  const maxD2 = maxD * maxD;
  for (;;) {
    const rr = r < maxD ? r : maxD;
    bvQuery[0] = x - rr;
    bvQuery[1] = y - rr;
    bvQuery[2] = x + rr;
    bvQuery[3] = y + rr;
    const all = x - rr <= b[0]! && y - rr <= b[1]! && x + rr >= b[2]! && y + rr >= b[3]!;
    const count = collectPolygonsInBox(mesh);
    const list = bvCandidates.list;
    // A polygon within rr of the point overlaps the box, so the best one within rr is the answer.
    const limit = all ? maxD2 : rr * rr;
    let best = -1,
      bestD2 = Infinity;
    for (let k = 0; k < count; k++) {
      const p = list[k]!;
      closestPointOnPolygonAt(tmp, mesh, p, at, 0);
      const dx = tmp.x - x,
        dy = tmp.y - y;
      const d2 = dx * dx + dy * dy;
      if (d2 > limit) continue;
      if (d2 < bestD2 || (d2 === bestD2 && polyBefore(mesh, p, best))) {
        bestD2 = d2;
        best = p;
        out.x = tmp.x;
        out.y = tmp.y;
      }
    }
    if (best >= 0 || all || rr >= maxD) return best;
    r *= 4;
  }
}

/**
 * Writes into `out` (from index 0) the refs of the polygons whose area overlaps the circle at `(x, y)` with
 * radius `radius`, up to `out.length`, and returns how many overlap (which may exceed
 * `out.length`; the rest are not written).
 *
 * @param out - written in place from index 0 with the refs of the overlapping polygons, at most `out.length` of them (the rest are counted, not written)
 * @param mesh - the navmesh to search
 * @param x - circle centre, x (world units), finite
 * @param y - circle centre, y (world units; z of a y-up 3D level), finite
 * @param radius - circle radius (world units, finite); a polygon counts when its nearest point is within it
 */
export function findPolygonsInCircle(out: Float64Array, mesh: NavMesh, x: number, y: number, radius: number): number {
  assertFiniteNumber("findPolygonsInCircle", "x", x);
  assertFiniteNumber("findPolygonsInCircle", "y", y);
  assertFiniteNumber("findPolygonsInCircle", "radius", radius);
  bvQuery[0] = x - radius;
  bvQuery[1] = y - radius;
  bvQuery[2] = x + radius;
  bvQuery[3] = y + radius;
  const n = collectPolygonsInBox(mesh);
  const list = bvCandidates.list;
  const tmp = nearestTmp;
  const r2 = radius * radius;
  at[0] = x;
  at[1] = y;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const p = list[k]!;
    closestPointOnPolygonAt(tmp, mesh, p, at, 0);
    const dx = tmp.x - x,
      dy = tmp.y - y;
    if (dx * dx + dy * dy > r2) continue;
    if (count < out.length) out[count] = refOfPolyIndex(mesh, p);
    count++;
  }
  return count;
}

/**
 * Writes into `out` (from index 0) the refs of the polygons whose area overlaps the axis-aligned box
 * `[minX, maxX] × [minY, maxY]` (touching counts), up to `out.length`, and returns how many overlap
 * (which may exceed `out.length`). Exact convex-polygon-vs-box separating-axis test.
 *
 * @param out - written in place from index 0 with the refs of the overlapping polygons, at most `out.length` of them (the rest are counted, not written)
 * @param mesh - the navmesh to search
 * @param minX - box lower x bound (world units, finite)
 * @param minY - box lower y bound (world units, finite; z of a y-up 3D level)
 * @param maxX - box upper x bound (world units, finite, ≥ `minX` for a non-empty box)
 * @param maxY - box upper y bound (world units, finite, ≥ `minY` for a non-empty box)
 */
export function findPolygonsInBox(out: Float64Array, mesh: NavMesh, minX: number, minY: number, maxX: number, maxY: number): number {
  assertFiniteNumber("findPolygonsInBox", "minX", minX);
  assertFiniteNumber("findPolygonsInBox", "minY", minY);
  assertFiniteNumber("findPolygonsInBox", "maxX", maxX);
  assertFiniteNumber("findPolygonsInBox", "maxY", maxY);
  bvQuery[0] = minX;
  bvQuery[1] = minY;
  bvQuery[2] = maxX;
  bvQuery[3] = maxY;
  const n = collectPolygonsInBox(mesh);
  const list = bvCandidates.list;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const p = list[k]!;
    if (!polygonOverlapsBox(mesh, p)) continue;
    if (count < out.length) out[count] = refOfPolyIndex(mesh, p);
    count++;
  }
  return count;
}

/** True when flat polygon `p` overlaps the box in `bvQuery` (touching counts). */
function polygonOverlapsBox(mesh: NavMesh, p: number): boolean {
  const minX = bvQuery[0]!,
    minY = bvQuery[1]!,
    maxX = bvQuery[2]!,
    maxY = bvQuery[3]!;
  const n = mesh.polyVertCount[p]!;
  const base = p * mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  let px0 = Infinity,
    py0 = Infinity,
    px1 = -Infinity,
    py1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const k = mesh.polyVerts[base + i]!;
    const x = v[2 * k]!,
      y = v[2 * k + 1]!;
    if (x < px0) px0 = x;
    if (x > px1) px1 = x;
    if (y < py0) py0 = y;
    if (y > py1) py1 = y;
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
    if (
      dx * (minY - ay) - dy * (minX - ax) < 0 &&
      dx * (minY - ay) - dy * (maxX - ax) < 0 &&
      dx * (maxY - ay) - dy * (maxX - ax) < 0 &&
      dx * (maxY - ay) - dy * (minX - ax) < 0
    )
      return false;
  }
  return true;
}

/**
 * The tag of the polygon under `(x, y)`, or `-1` off the mesh (tags are 0 when unset).
 *
 * @param mesh - the navmesh to search
 * @param x - point, x (world units; on the mesh plane), finite
 * @param y - point, y (world units; z of a y-up 3D level), finite
 */
export function getTagAt(mesh: NavMesh, x: number, y: number): number {
  assertFiniteNumber("getTagAt", "x", x);
  assertFiniteNumber("getTagAt", "y", y);
  const p = findPolygonIndex(mesh, x, y);
  return p < 0 ? -1 : mesh.tags[p]!;
}
